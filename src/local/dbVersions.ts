import type { Dexie, Transaction } from 'dexie';
import {
  customerKeys,
  invoiceKeys,
  memberKeys,
  nameKey,
  numberKey,
  productKeys,
  supplierKeys,
  wordKeys,
} from '../domain/model/keys';
import { rowCountKey } from './keys';
import type { Row, StoredRow } from './rowTypes';

type CustomerRow = StoredRow<'customers'>;

/**
 * The history of the device's database: each version's stores as it shipped, and its upgrade. Devices in the field
 * upgrade through every step, so a shipped version never changes: a change is a new version, which lists only the
 * tables it changes. Upgrades only add: never delete a table or a row in an upgrade function (the outbox must survive
 * every upgrade). Where the synced tables' indexes end up is declared in src/domain/model (device.indexes), and
 * tests/unit/model.test.ts fails, saying what version to add, when this history does not reach it.
 */

/** Index definitions per version. A later version lists only the tables it changes. */
export const SCHEMA_V1 = {
  customers: 'id, vin_key, registration_key, [last_name+first_name], contact, created_at',
  jobs: 'id, number, [status+created_at], created_at, vin_key, registration_key, customer_id, book_start, technician',
  services: 'id, title',
  service_photos: 'id, job_id',
  service_log: 'id, [job_id+created_at]',
  suppliers: 'id, bizname',
  products: 'id, barcode, title_key, updated_at',
  product_photos: 'id, product_id',
  inventory_log: 'id, [product_id+created_at]',
  invoices: 'id, number, request_id, customer_id, created_at, vin',
  estimates: 'id, number, created_at',
  transactions: 'id, number, invoice_id, created_at',
  config: 'id, name',
  users: 'id, username, permission',
  sys_log: 'id, [category+created_at], created_at',
  outbox: '++seq, &id, state, actor, *refs, *creates, *dependsOn',
  conflicts: 'id, at',
  shadow: '[entity+id], id',
  blobs: 'id',
  meta: 'key',
  counters: 'key',
} as const;

/**
 * Version 2 (the upgrade path example): customers gain `name_key` ("LAST FIRST", upper-cased) so the customer search
 * finds names with a prefix range as well. The upgrade computes it for the rows already there; nothing is dropped.
 */
export const SCHEMA_V2 = {
  customers: 'id, vin_key, registration_key, [last_name+first_name], name_key, contact, created_at',
} as const;

/**
 * Version 3: jobs gain `[status+complete_at]`, so the "Complete Customers" tile reads the jobs completed on the shop's
 * today by one index range instead of walking every complete job ever stored. An index only: no upgrade function,
 * IndexedDB builds it from the rows already there (a job without complete_at is simply not in it).
 */
export const SCHEMA_V3 = {
  jobs: 'id, number, [status+created_at], [status+complete_at], created_at, vin_key, registration_key, customer_id, book_start, technician',
} as const;

/**
 * Version 4 (issue 13, shop scale): the Customers table reads one page through an index instead of every row.
 * - `[<sort key>+id]` for each column it sorts by: keyset paging ("after this row's key and id, the next N") in
 *   either direction, the id breaking ties so no row is skipped or shown twice;
 * - the search's normalised prefix keys: `first_key` ("FIRST LAST"), `phone_key` (the contact's digits),
 *   `email_key` (lower case) and `vin_end_key` (the VIN reversed: "the last six of the VIN" is a prefix of it); the
 *   compound indexes above serve the prefix ranges of the keys they start with.
 * The upgrade fills the new keys of the rows already there and starts the customers' row counter
 * (`rows:customers`, kept by src/local/rows.ts with every write): a table's total without a count() scan.
 */
export const SCHEMA_V4 = {
  customers:
    'id, vin_key, registration_key, [last_name+first_name], name_key, contact, created_at, [vin_end_key+id], ' +
    '[registration_key+id], [first_key+id], [name_key+id], [vin_key+id], [phone_key+id], [email_key+id], ' +
    '[discount+id], [current_points+id], [created_at+id], [active+id]',
} as const;

/**
 * Version 5 (issue 13): the Invoices, Estimates and Transactions tables and both logs read one page through an index,
 * as the Customers table does since version 4.
 * - `[<sort key>+id]` for each column they sort by; invoices and estimates store the customer's name keys and
 *   `number_key` (the number without its dash) for the search, invoices also `charged` (the Total column) and
 *   `is_due` (1 while an amount is due): `[is_due+updated_at]` serves the Due and Paid filters and the summary cards;
 * - the logs store `word_keys` (src/domain/model/keys.ts wordKeys), a multi-entry index the search reads by prefix.
 * The upgrade fills the new keys of the rows already there and starts each table's row counter (`rows:<table>`).
 */
export const SCHEMA_V5 = {
  invoices:
    'id, number, request_id, customer_id, created_at, vin, [created_at+id], [number+id], [number_key+id], ' +
    '[name_key+id], [first_key+id], [registration_key+id], [vin_key+id], [vin_end_key+id], [charged+id], ' +
    '[discount+id], [payment+id], [total+id], [is_due+updated_at]',
  estimates:
    'id, number, created_at, [created_at+id], [number+id], [number_key+id], [name_key+id], [first_key+id], [total+id]',
  transactions:
    'id, number, invoice_id, created_at, [created_at+id], [number+id], [number_key+id], [amount+id], [method+id], ' +
    '[point+id]',
  inventory_log: 'id, [product_id+created_at], [created_at+id], [amount+id], *word_keys',
  sys_log: 'id, [category+created_at], created_at, [created_at+id], [subject+id], *word_keys',
} as const;

/** The keys version 5 fills in, per table (as the model derived them when it shipped). */
const V5_KEYS: Record<keyof typeof SCHEMA_V5, (r: Row) => object> = {
  invoices: invoiceKeys,
  estimates: (e) => ({
    number_key: numberKey(e.number),
    name_key: nameKey(e.last_name, e.first_name),
    first_key: nameKey(e.first_name, e.last_name),
  }),
  transactions: (t) => ({ number_key: numberKey(t.number) }),
  inventory_log: (l) => ({ word_keys: wordKeys(l.reason, l.ref) }),
  sys_log: (l) => ({ word_keys: wordKeys(l.subject, l.predicate) }),
};

/**
 * Version 6 (issue 13): the products tables (Products, Product List), Suppliers and Members read one page through an
 * index, as the tables of versions 4 and 5 do.
 * - `[list_<column>+id]` for each column they sort by, and `word_keys` (a multi-entry index) for the search: a
 *   product's title, description words, barcode and id, a supplier's name, a member's username;
 * - these rows are deleted by a flag IndexedDB cannot index: a deleted row's list keys are undefined, which leaves it
 *   out of those indexes (src/domain/model/keys.ts whileLive).
 * The upgrade fills the keys of the rows already there and starts each table's counter of live rows (`rows:<table>`).
 */
export const SCHEMA_V6 = {
  products:
    'id, barcode, title_key, updated_at, [list_title+id], [list_description+id], [list_price+id], ' +
    '[list_stock+id], [list_low_stock+id], [list_cost+id], *word_keys',
  suppliers: 'id, bizname, [list_bizname+id], [list_email+id], [list_address+id], [list_contact+id], *word_keys',
  users: 'id, username, permission, [list_id+id], [list_username+id], [list_permission+id], *word_keys',
} as const;

/** The keys version 6 fills in, per table (as the model derived them when it shipped). */
const V6_KEYS: Record<keyof typeof SCHEMA_V6, (r: Row) => object> = {
  products: productKeys,
  suppliers: supplierKeys,
  users: memberKeys,
};

/**
 * Version 7 (issue 18): the cash-ups at closing — one a day per till, found by `[day+till]`, listed by day. Helper F's
 * device-only store for the shared tablet joins this same version (not yet shipped).
 */
export const SCHEMA_V7 = {
  cashups: 'id, [day+till], day, closed_at',
} as const;

/**
 * Version 8 (issue 13, the first sync within the minute): fewer indexes per row. IndexedDB writes an entry in every
 * index for every row it stores, and a new tablet's first sync spends most of its time there (docs/PERFORMANCE.md
 * "First sync: which process the time is in"). Dropped: the indexes no read uses (customers' `[last_name+first_name]`,
 * invoices' `customer_id`, jobs' `technician`, products' `updated_at`, the Activity Log's `[category+created_at]`),
 * and each plain index a compound `[<key>+id]` starts with: Dexie reads `where(key)` and `orderBy(key)` through
 * the compound (its "virtual index"), so the compound serves both. Customers' `contact` search reads `phone_key`
 * (its digits), invoices' VIN history reads `vin_key`. Customers 17 → 11 indexes, invoices 18 → 14. Indexes only:
 * no upgrade function, every row and the outbox stay as they are.
 */
export const SCHEMA_V8 = {
  customers:
    'id, [vin_end_key+id], [registration_key+id], [first_key+id], [name_key+id], [vin_key+id], [phone_key+id], ' +
    '[email_key+id], [discount+id], [current_points+id], [created_at+id], [active+id]',
  jobs: 'id, number, [status+created_at], [status+complete_at], created_at, vin_key, registration_key, customer_id, book_start',
  products:
    'id, barcode, title_key, [list_title+id], [list_description+id], [list_price+id], [list_stock+id], ' +
    '[list_low_stock+id], [list_cost+id], *word_keys',
  invoices:
    'id, request_id, [created_at+id], [number+id], [number_key+id], [name_key+id], [first_key+id], ' +
    '[registration_key+id], [vin_key+id], [vin_end_key+id], [charged+id], [discount+id], [payment+id], [total+id], ' +
    '[is_due+updated_at]',
  estimates: 'id, [created_at+id], [number+id], [number_key+id], [name_key+id], [first_key+id], [total+id]',
  transactions: 'id, invoice_id, [created_at+id], [number+id], [number_key+id], [amount+id], [method+id], [point+id]',
  sys_log: 'id, [created_at+id], [subject+id], *word_keys',
} as const;

/**
 * Version 9 (issue 18): the technician time clock — a job's stretches by `job_id`, a technician's by
 * `[username+started_at]`, the hours report's date range by `started_at`. A new table: no upgrade function.
 */
export const SCHEMA_V9 = {
  clock_entries: 'id, job_id, [username+started_at], started_at',
} as const;

/**
 * Version 10 (issue 17): an estimate's discount percent is a field of its own (`discount_percent`, the server's
 * migration 0012), no longer only a member of its totals JSON. No index: the upgrade fills the field for the
 * estimates already stored from their totals as the migration does (a number, rounded, 0 to 100; else 0).
 */
export const SCHEMA_V10 = {} as const;

/** The percent an estimate stored before version 10 kept in its totals. */
function legacyEstimateDiscount(totals: unknown): number {
  const p = (totals as { discount_percent?: unknown } | null | undefined)?.discount_percent;
  const n = typeof p === 'number' || (typeof p === 'string' && p.trim() !== '') ? Number(p) : Number.NaN;
  return Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0;
}

/**
 * Version 11 (issue 30): an activity-log line carries when it was done on the device (`done_at`, the server's
 * migration 0013) beside when the server recorded it, and the Activity Log is ordered by it: `done_key` (done_at,
 * else created_at) replaces `[created_at+id]`, which nothing reads any more. The upgrade fills the key of the lines
 * already stored (none has a done_at yet: created_at), so they keep their places.
 */
export const SCHEMA_V11 = {
  sys_log: 'id, [done_key+id], [subject+id], *word_keys',
} as const;

export const DB_VERSION = 11;

/** Every version in order (the last one listing a table holds its current indexes). */
export const SCHEMA_HISTORY: readonly Readonly<Record<string, string>>[] = [
  SCHEMA_V1,
  SCHEMA_V2,
  SCHEMA_V3,
  SCHEMA_V4,
  SCHEMA_V5,
  SCHEMA_V6,
  SCHEMA_V7,
  SCHEMA_V8,
  SCHEMA_V9,
  SCHEMA_V10,
  SCHEMA_V11,
];

/** An upgrade that sets a field on every row a table already holds. */
const fillEach =
  <R>(table: string, fill: (row: R) => unknown) =>
  (tx: Transaction) =>
    tx
      .table(table)
      .toCollection()
      .modify((r: R) => {
        fill(r);
      });

/** Declares the versions up to `upTo` (tests open older ones to upgrade from them) with their upgrades. */
export function declareVersions(db: Dexie, upTo: number): void {
  db.version(1).stores(SCHEMA_V1);
  if (upTo >= 2) {
    db.version(2)
      .stores(SCHEMA_V2)
      .upgrade(fillEach('customers', (c: CustomerRow) => (c.name_key = nameKey(c.last_name, c.first_name))));
  }
  if (upTo >= 3) db.version(3).stores(SCHEMA_V3);
  if (upTo >= 4) {
    db.version(4)
      .stores(SCHEMA_V4)
      .upgrade(async (tx) => {
        const customers = tx.table('customers');
        await customers.toCollection().modify((c: CustomerRow) => {
          Object.assign(c, customerKeys(c));
        });
        await tx.table('counters').put({ key: rowCountKey('customers'), n: await customers.count() });
      });
  }
  if (upTo >= 5) {
    db.version(5)
      .stores(SCHEMA_V5)
      .upgrade(async (tx) => {
        for (const [name, keys] of Object.entries(V5_KEYS)) {
          const table = tx.table(name);
          await table.toCollection().modify((r: Row) => {
            Object.assign(r, keys(r));
          });
          await tx.table('counters').put({ key: rowCountKey(name as keyof typeof SCHEMA_V5), n: await table.count() });
        }
      });
  }
  if (upTo >= 6) {
    db.version(6)
      .stores(SCHEMA_V6)
      .upgrade(async (tx) => {
        for (const [name, keys] of Object.entries(V6_KEYS)) {
          const table = tx.table(name);
          let live = 0;
          await table.toCollection().modify((r: Row) => {
            Object.assign(r, keys(r));
            if (!r.deleted) live++;
          });
          await tx.table('counters').put({ key: rowCountKey(name as keyof typeof SCHEMA_V6), n: live });
        }
      });
  }
  declareSince7(db, upTo);
}

/** The versions from 7 on (declareVersions' second half). */
function declareSince7(db: Dexie, upTo: number): void {
  if (upTo >= 7) db.version(7).stores(SCHEMA_V7);
  if (upTo >= 8) db.version(8).stores(SCHEMA_V8);
  if (upTo >= 9) db.version(9).stores(SCHEMA_V9);
  if (upTo >= 10) {
    db.version(10)
      .stores(SCHEMA_V10)
      .upgrade(fillEach('estimates', (e: Row) => (e.discount_percent = legacyEstimateDiscount(e.totals))));
  }
  if (upTo >= 11) {
    db.version(11)
      .stores(SCHEMA_V11)
      .upgrade(fillEach('sys_log', (l: Row) => (l.done_key = l.done_at ?? l.created_at)));
  }
}
