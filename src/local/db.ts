import Dexie, { type DexieConstructor, type DexieOptions, type Table } from 'dexie';
import type { SyncEntityName } from '../domain/sync';
import { DB_VERSION, declareVersions } from './dbVersions';
import type { Row, StoredRow } from './rowTypes';

// kept in keys.ts and rowTypes.ts so the version history can use them without importing this file
export { rowCountKey } from './keys';
export type { Row, StoredRow } from './rowTypes';

/**
 * The device's own database (DESIGN.md "What IndexedDB costs", "Identity and the outbox").
 *
 * One table per entity the server syncs (src/domain/sync.ts), holding the server's rows as the pull sends them
 * (JSON: timestamps as ISO strings, money as integer cents) plus a few derived, normalised keys that screens search
 * with plain prefix ranges (`registration_key`, `vin_key`, `name_key`, `title_key`). `_seq` on a row is the
 * change_log seq it was last brought by (absent for rows made on this device and not yet pulled back).
 *
 * Then the sync engine's own tables: `outbox` (what this device did, in order), `conflicts` (what the server refused),
 * `shadow` (the server's version of rows that have local changes still in the outbox), `blobs` (offline photos),
 * `meta` (cursor, device id and code, number series, tokens, last sync) and `counters` (dashboard tile counts, kept in
 * the same transaction as every job write, because a count() scans).
 *
 * Upgrades only add: never delete a table or a row in an upgrade function (the outbox must survive every upgrade).
 */

// the names the repositories and screens use
export type CustomerRow = StoredRow<'customers'>;
export type JobRow = StoredRow<'jobs'>;
export type ProductRow = StoredRow<'products'>;
export type InvoiceRow = StoredRow<'invoices'>;
export type TransactionRow = StoredRow<'transactions'>;
export type CashupRow = StoredRow<'cashups'>;
export type ClockRow = StoredRow<'clock_entries'>;

export type OutboxState = 'pending' | 'held' | 'sending' | 'rejected';

export interface OutboxEntry {
  seq?: number;
  /** UUIDv7: the Idempotency-Key */
  id: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** API path under /api, e.g. '/customer' */
  path: string;
  body: unknown;
  /** multipart uploads: the form fields; the file is `blobs[blobId]` */
  form?: Record<string, string>;
  blobId?: string;
  /** username of the staff member who made the change: it replays with their token */
  actor: string;
  deviceId: string;
  createdAt: string;
  attempts: number;
  lastError: string;
  state: OutboxState;
  /** earliest time (ms) of the next attempt after a network failure */
  notBefore?: number;
  /** ids of the rows this entry touches (its shadow rows are kept until it has gone) */
  refs: string[];
  /** [entity, id] of those rows, for restoring them when the entry is refused */
  touches: [SyncEntityName, string][];
  /** ids of rows this entry creates */
  creates: string[];
  /** ids of rows created by earlier entries that were still in the outbox when this one was queued */
  dependsOn: string[];
  /** a few words for the conflicts list ("Payment of $20.00 on INV B2-4") */
  label: string;
}

export interface ConflictRow {
  /** the refused entry's id */
  id: string;
  entry: OutboxEntry;
  status: number;
  /** the server's message (or which earlier change this one depended on) */
  message: string;
  at: string;
  /** set when refused because an earlier refused entry created a row this one needs */
  dependsOnEntry?: string;
}

export interface ShadowRow {
  entity: SyncEntityName;
  id: string;
  /** the server's version of the row; null when the server has none yet (created on this device) */
  row: Row | null;
  seq: number;
  op: 'upsert' | 'delete';
}

export interface BlobRow {
  id: string;
  blob: Blob;
  name: string;
  mime: string;
  size: number;
  createdAt: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export interface CounterRow {
  key: string;
  n: number;
}

export type EntityTables = { [E in SyncEntityName]: Table<StoredRow<E>, string> };

/** The errors after which a fresh connection is worth one more try (Dexie closed, or WebKit dropped the connection). */
export function isConnectionLost(err: unknown): boolean {
  const e = err as { name?: string; message?: string; inner?: { message?: string } } | undefined;
  if (!e) return false;
  if (e.name === 'DatabaseClosedError') return true;
  const text = `${e.message ?? ''} ${e.inner?.message ?? ''}`;
  return /Connection to Indexed Database server lost|database connection is closing|The database connection is closed/i.test(
    text,
  );
}

/**
 * Dexie with a property per synced table, typed from the entity model: Dexie sets each table's property when the
 * versions declare its store, so a table added to src/domain/model (and its Dexie version) needs no line here.
 */
type EntityDexieConstructor = Pick<DexieConstructor, keyof DexieConstructor> &
  (new (name: string, options?: DexieOptions) => Dexie & EntityTables);
const EntityDexie = Dexie as EntityDexieConstructor;

export class BayBookDB extends EntityDexie {
  outbox!: Table<OutboxEntry, number>;
  conflicts!: Table<ConflictRow, string>;
  shadow!: Table<ShadowRow, [string, string]>;
  blobs!: Table<BlobRow, string>;
  meta!: Table<MetaRow, string>;
  counters!: Table<CounterRow, string>;

  /** true after close() was called on purpose: a forced close (storage lost) reopens, a deliberate one does not */
  private closedOnPurpose = false;

  constructor(
    name = 'baybook',
    options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange; upTo?: number } = {},
  ) {
    const { upTo = DB_VERSION, ...dexieOptions } = options;
    super(name, dexieOptions);
    declareVersions(this, upTo);
    // the browser closed the connection under us (storage pressure, WebKit's "connection lost"): open it again
    this.on('close', () => {
      if (this.closedOnPurpose) return;
      setTimeout(() => {
        if (!this.isOpen() && !this.closedOnPurpose) this.open().catch(() => undefined);
      }, 0);
    });
  }

  override close(opts?: { disableAutoOpen: boolean }): void {
    this.closedOnPurpose = opts?.disableAutoOpen !== false;
    super.close(opts);
  }

  override open() {
    this.closedOnPurpose = false;
    return super.open();
  }

  /** The table of a synced entity. */
  entity(name: SyncEntityName): Table<Row, string> {
    return this.table(name) as Table<Row, string>;
  }

  /**
   * Runs `fn`, and when the connection was lost under it (DatabaseClosedError, WebKit's "Connection to Indexed
   * Database server lost") reopens the database and runs it once more. A write is one transaction, so a retried
   * write never half-applies.
   */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (!isConnectionLost(err) || this.closedOnPurpose) throw err;
      if (this.isOpen()) super.close({ disableAutoOpen: false });
      await this.open();
      return fn();
    }
  }
}

export function openLocalDb(name = 'baybook', options?: ConstructorParameters<typeof BayBookDB>[1]): BayBookDB {
  return new BayBookDB(name, options);
}

// ---- meta -------------------------------------------------------------------------------------------------------

export async function getMeta<T>(db: BayBookDB, key: string, fallback: T): Promise<T> {
  const row = await db.meta.get(key);
  return row === undefined ? fallback : (row.value as T);
}

export function setMeta(db: BayBookDB, key: string, value: unknown) {
  return db.meta.put({ key, value });
}
