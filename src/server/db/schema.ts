import { sql } from 'drizzle-orm';
import { bigserial, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, index } from 'drizzle-orm/pg-core';
import { MODEL } from '../../domain/model';
import { syncedTables } from './model';

/**
 * The one schema of BayBook, for PGlite and PostgreSQL alike (migrations are generated from it by drizzle-kit).
 * The 17 synced tables are the entity model's (src/domain/model, built by ./model.ts): a field is added there, once.
 * The tables below them are the server's own (devices, number series, the change log, idempotency, sign-in limits,
 * photo bytes), plain drizzle. Money is integer cents in bigint columns read as JS numbers (safe to 2^53 cents).
 * Times are timestamptz.
 */

/** The synced tables by entity name: the sync feed reads any of them by the name a change_log entry gives. */
export const SYNCED_TABLES = syncedTables(MODEL);
// Not a second list: drizzle-kit generates migrations only from this file's top-level table exports (it does not look
// inside SYNCED_TABLES), and the routes import the tables by these names. tests/api/sync-columns.test.ts fails when a
// model table is missing here.
export const {
  users,
  customers,
  services,
  jobs,
  service_photos: servicePhotos,
  service_log: serviceLog,
  clock_entries: clockEntries,
  suppliers,
  products,
  product_photos: productPhotos,
  inventory_log: inventoryLog,
  invoices,
  estimates,
  transactions,
  cashups,
  sys_log: sysLog,
  config,
} = SYNCED_TABLES;

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull(),
    username: text('username').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    last_seen_at: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_code_uq').on(t.code)],
);

/** Server-side number series (for rows created through the API without a device number). */
export const numberSeries = pgTable('number_series', {
  name: text('name').primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * The pull feed. `seq` is handed out under a transaction-level advisory lock taken at the end of each writing
 * transaction, so seq order is commit order and a cursor never skips a row that commits late (DESIGN.md).
 */
export const changeLog = pgTable(
  'change_log',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    entity: text('entity').notNull(),
    row_id: uuid('row_id').notNull(),
    op: text('op').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    /**
     * The row as the feed sends it (its device JSON, or 'null' for a delete), written with the entry in the same
     * transaction, so a feed page is read, not built (src/server/db/feedJson.ts). Null until built: entries logged
     * before it existed, or whose table's device columns changed since.
     */
    row_json: text('row_json'),
  },
  (t) => [
    // a device catching up on the tables a higher level may see reads one table's changes in seq order
    index('change_log_entity_seq_idx').on(t.entity, t.seq),
    // the entries whose JSON is still to build: empty once built, so finding none costs nothing
    index('change_log_unbuilt_idx')
      .on(t.seq)
      .where(sql`${t.row_json} is null`),
  ],
);

/** Each synced table's device columns when its change_log JSON was built (src/server/db/feedJson.ts). */
export const feedShapes = pgTable('feed_shapes', {
  entity: text('entity').primaryKey(),
  columns: text('columns').notNull(),
});

/** Idempotency-Key → the first response, written in the same transaction as the mutation it answers. */
export const idempotency = pgTable('idempotency', {
  key: text('key').primaryKey(),
  username: text('username').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  request_hash: text('request_hash').notNull(),
  status: integer('status').notNull(),
  response: jsonb('response').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Failed sign-ins, per username and per address, for the login rate limit (kept in the database so several
 * stateless server instances share it). */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_start: ts('window_start').notNull().defaultNow(),
  /** no sign-in is tried for this key before this time (the backoff after too many failures) */
  blocked_until: ts('blocked_until'),
});

export const blobs = pgTable('blobs', {
  id: text('id').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
