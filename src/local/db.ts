import Dexie, { type Table } from 'dexie';
import { storageLow } from '../domain/storage';
import type { SyncEntityName } from '../domain/sync';
// The row shapes below these tables live beside the repositories that write them (types only: no runtime cycle).
import type { EstimateRow } from './repositories/estimates';
import type { LogEntry } from './repositories/jobs';
import type { SupplierRow } from './repositories/products';
import type { ConfigRow, MemberRow } from './repositories/team';

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

export interface Row {
  id: string;
  /** the change_log seq this row was last brought by; absent when made here and not yet pulled back */
  _seq?: number;
  [key: string]: unknown;
}

export interface CustomerRow extends Row {
  first_name: string;
  last_name: string;
  vin: string;
  vin_key: string;
  registration: string;
  registration_key: string;
  name_key?: string;
  /** version 4: "FIRST LAST" upper-cased, the VIN reversed, the contact's digits, the email lower-cased */
  first_key?: string;
  vin_end_key?: string;
  phone_key?: string;
  email_key?: string;
  email: string;
  contact: string;
  current_points: number;
  discount: number;
  note: string;
  active: number;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface JobRow extends Row {
  number: string;
  customer_id: string | null;
  vin: string;
  vin_key: string;
  registration: string;
  registration_key: string;
  first_name: string;
  last_name: string;
  contact: string;
  email: string;
  mileage: number;
  service: string[];
  status: string;
  book_start: string | null;
  book_end: string | null;
  start: string | null;
  active_at: string | null;
  complete_at: string | null;
  technician: string;
  customer_note: string;
  service_note: string;
  comment: string;
  invoice: string[];
  type: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface ProductRow extends Row {
  title: string;
  title_key: string;
  description: string;
  price: number;
  cost: number;
  stock: number;
  low_stock: number;
  barcode: string;
  supplier: string | null;
  updated_at: string;
  version: number;
}

export interface InvoiceRow extends Row {
  number: string;
  request_id: string | null;
  customer_id: string | null;
  first_name: string;
  last_name: string;
  registration: string;
  vin: string;
  total: number;
  payment: number;
  discount: number;
  discount_percent: number;
  points_value: number;
  work_hour: number;
  rate_hour: number;
  products: unknown[];
  profile: Record<string, unknown>;
  totals: Record<string, unknown>;
  storage: string;
  storage_days: number;
  invoice_status: string;
  type: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/** the services catalogue (SPEC §3): what a request's checklist offers */
export interface ServiceRow extends Row {
  title: string;
  description: string;
}

export interface TransactionRow extends Row {
  number: string;
  amount: number;
  method: string;
  invoice_id: string;
  point: number;
  username: string;
  created_at: string;
}

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

export const DB_VERSION = 4;

export type EntityTables = {
  customers: Table<CustomerRow, string>;
  jobs: Table<JobRow, string>;
  services: Table<ServiceRow, string>;
  service_photos: Table<Row, string>;
  service_log: Table<LogEntry, string>;
  suppliers: Table<SupplierRow, string>;
  products: Table<ProductRow, string>;
  product_photos: Table<Row, string>;
  inventory_log: Table<Row, string>;
  invoices: Table<InvoiceRow, string>;
  estimates: Table<EstimateRow, string>;
  transactions: Table<TransactionRow, string>;
  config: Table<ConfigRow, string>;
  users: Table<MemberRow, string>;
  sys_log: Table<Row, string>;
};

/** upper-cased, no spaces or dashes: what plate and VIN lookups compare */
export function plateKey(s: unknown): string {
  return String(s ?? '').toUpperCase().replace(/[\s-]+/g, '');
}

export function nameKey(last: unknown, first: unknown): string {
  return `${String(last ?? '').trim()} ${String(first ?? '').trim()}`.toUpperCase();
}

/** The counter of an entity's rows on the device (a table's total: Dexie's count() walks the whole table). */
export function rowCountKey(entity: SyncEntityName): string {
  return `rows:${entity}`;
}

/** The normalised keys a customer is sorted and searched by (src/local/rows.ts derive, and the version 4 upgrade). */
export function customerKeys(c: Partial<CustomerRow>) {
  const vin = plateKey(c.vin);
  return {
    registration_key: plateKey(c.registration),
    vin_key: vin,
    vin_end_key: [...vin].reverse().join(''),
    name_key: nameKey(c.last_name, c.first_name),
    first_key: nameKey(c.first_name, c.last_name),
    phone_key: String(c.contact ?? '').replace(/\D+/g, ''),
    email_key: String(c.email ?? '').trim().toLowerCase(),
  };
}

/** The errors after which a fresh connection is worth one more try (Dexie closed, or WebKit dropped the connection). */
export function isConnectionLost(err: unknown): boolean {
  const e = err as { name?: string; message?: string; inner?: { message?: string } } | undefined;
  if (!e) return false;
  if (e.name === 'DatabaseClosedError') return true;
  const text = `${e.message ?? ''} ${e.inner?.message ?? ''}`;
  return /Connection to Indexed Database server lost|database connection is closing|The database connection is closed/i.test(text);
}

export class BayBookDB extends Dexie {
  customers!: EntityTables['customers'];
  jobs!: EntityTables['jobs'];
  services!: EntityTables['services'];
  service_photos!: EntityTables['service_photos'];
  service_log!: EntityTables['service_log'];
  suppliers!: EntityTables['suppliers'];
  products!: EntityTables['products'];
  product_photos!: EntityTables['product_photos'];
  inventory_log!: EntityTables['inventory_log'];
  invoices!: EntityTables['invoices'];
  estimates!: EntityTables['estimates'];
  transactions!: EntityTables['transactions'];
  config!: EntityTables['config'];
  users!: EntityTables['users'];
  sys_log!: EntityTables['sys_log'];
  outbox!: Table<OutboxEntry, number>;
  conflicts!: Table<ConflictRow, string>;
  shadow!: Table<ShadowRow, [string, string]>;
  blobs!: Table<BlobRow, string>;
  meta!: Table<MetaRow, string>;
  counters!: Table<CounterRow, string>;

  /** true after close() was called on purpose: a forced close (storage lost) reopens, a deliberate one does not */
  private closedOnPurpose = false;

  constructor(name = 'baybook', options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange; upTo?: number } = {}) {
    const { upTo = DB_VERSION, ...dexieOptions } = options;
    super(name, dexieOptions);
    this.version(1).stores(SCHEMA_V1);
    if (upTo >= 2) {
      this.version(2)
        .stores(SCHEMA_V2)
        .upgrade((tx) =>
          tx
            .table('customers')
            .toCollection()
            .modify((c: CustomerRow) => {
              c.name_key = nameKey(c.last_name, c.first_name);
            }),
        );
    }
    if (upTo >= 3) this.version(3).stores(SCHEMA_V3);
    if (upTo >= 4) {
      this.version(4)
        .stores(SCHEMA_V4)
        .upgrade(async (tx) => {
          const customers = tx.table('customers');
          await customers.toCollection().modify((c: CustomerRow) => {
            Object.assign(c, customerKeys(c));
          });
          await tx.table('counters').put({ key: rowCountKey('customers'), n: await customers.count() });
        });
    }
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

// ---- storage ----------------------------------------------------------------------------------------------------

export interface StorageState {
  persisted: boolean;
  usage: number;
  quota: number;
  /** less than 10% (or 100 MB) of the quota left: show a warning, the outbox may not fit much more */
  low: boolean;
}

/**
 * Asks the browser to keep this origin's data (so IndexedDB is not evicted under storage pressure) and reports how
 * much is used. Works without the Storage API (Node, old browsers): reports not persisted, zero usage.
 */
export async function ensurePersistentStorage(nav: Partial<Navigator> | undefined = globalThis.navigator): Promise<StorageState> {
  return readStorage(nav, { ask: true });
}

/**
 * How full the device is, and whether its data is protected. `ask` also asks for protection (once, at start: in
 * Firefox `persist()` shows the user a prompt, so later checks only read `persisted()`).
 */
export async function readStorage(nav: Partial<Navigator> | undefined = globalThis.navigator, { ask = false } = {}): Promise<StorageState> {
  const storage = nav?.storage;
  if (!storage) return { persisted: false, usage: 0, quota: 0, low: false };
  let persisted: boolean;
  try {
    persisted = (await storage.persisted?.()) ?? false;
    if (!persisted && ask && storage.persist) persisted = await storage.persist();
  } catch {
    persisted = false; // a browser that throws here (private mode) keeps nothing
  }
  let usage = 0;
  let quota = 0;
  try {
    const est = await storage.estimate?.();
    usage = est?.usage ?? 0;
    quota = est?.quota ?? 0;
  } catch {
    /* estimate unavailable */
  }
  return { persisted, usage, quota, low: storageLow(usage, quota) };
}
