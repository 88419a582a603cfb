import type { Table } from 'dexie';
import { newId } from '../domain/ids';
import type { DeviceRow } from '../domain/model';
import { MSG } from '../domain/messages';
import { photoFits, type StorageEstimateLike } from '../domain/storage';
import type { SyncEntityName } from '../domain/sync';
import {
  getMeta,
  type BayBookDB,
  type BlobRow,
  type EntityTables,
  type OutboxEntry,
  type Row,
  type StoredRow,
} from './db';
import { addLateTouches, newOutboxEntry, type EnqueueInput, type Touched } from './outboxEntry';
import { deleteRow, putRow, rememberServerVersion } from './rows';

// made and kept with the outbox entry (outboxEntry.ts); the repositories name it here, by the write path
export type { EnqueueInput } from './outboxEntry';

/**
 * The one write path of the device (DESIGN.md "Identity and the outbox"): a repository write changes the local rows
 * AND appends its outbox entry in ONE Dexie transaction, so a crash never leaves a row without its entry or an entry
 * without its row. This transaction is crucial: never await anything but Dexie inside `fn` (a fetch would commit it).
 */

export type NumberKind = 'job' | 'invoice' | 'estimate' | 'receipt';

export class LocalWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalWriteError';
  }
}

export interface Session {
  username: string;
  permission: number;
}

export interface WriteContext {
  db: BayBookDB;
  session: Session;
  deviceId: string;
  /** the device's short code ('B2'), '' before its first sign-in: field changes name it for the activity log */
  deviceCode: string;
  /** ISO time of this write */
  now: string;
  /** a local row of `entity`, as the model types that table's rows */
  get<E extends SyncEntityName>(entity: E, id: string): Promise<StoredRow<E> | undefined>;
  /** insert or replace a local row (the server's version is remembered first); answers it with its derived keys */
  put<E extends SyncEntityName>(entity: E, row: NoInfer<DeviceRow<E>>): Promise<StoredRow<E>>;
  /** change fields of a local row; throws when it does not exist */
  patch<E extends SyncEntityName>(
    entity: E,
    id: string,
    changes: NoInfer<Partial<DeviceRow<E>>>,
  ): Promise<StoredRow<E>>;
  remove(entity: SyncEntityName, id: string): Promise<void>;
  /** the next number of this device's gapless series, e.g. 'B2-17' (taken in this transaction) */
  nextNumber(kind: NumberKind): Promise<string>;
  /** appends the outbox entry; its refs are the rows touched since the last enqueue */
  enqueue(input: EnqueueInput): Promise<OutboxEntry>;
  storeBlob(blob: Blob, name: string): Promise<BlobRow>;
}

/**
 * What the write path knows of the device's storage (src/local/storage.ts keeps it fresh): a photo that the last
 * estimate says will not fit is refused before anything is queued, and bytes written are counted at once.
 */
export interface StorageGuard {
  get(): StorageEstimateLike | null;
  noteWritten(bytes: number): void;
  /** the browser refused a write for want of space: ask it again */
  noteFull(): void;
}
const storageGuards = new WeakMap<BayBookDB, StorageGuard>();
export function setStorageGuard(db: BayBookDB, guard: StorageGuard | null) {
  if (guard) storageGuards.set(db, guard);
  else storageGuards.delete(db);
}

function isQuotaError(err: unknown): boolean {
  const e = err as { name?: string; inner?: { name?: string } } | null;
  return e?.name === 'QuotaExceededError' || e?.inner?.name === 'QuotaExceededError';
}

/** Listeners told after a write commits (the engine registers Background Sync and kicks the worker). */
const queuedListeners = new Set<(db: BayBookDB) => void>();
export function onQueued(fn: (db: BayBookDB) => void): () => void {
  queuedListeners.add(fn);
  return () => queuedListeners.delete(fn);
}

export async function getSession(db: BayBookDB): Promise<Session | null> {
  return getMeta<Session | null>(db, 'session', null);
}

export async function getDeviceId(db: BayBookDB): Promise<string> {
  const known = await getMeta<string | null>(db, 'deviceId', null);
  if (known) return known;
  const id = newId();
  // two tabs may race on first start: add() refuses the second, which then reads the first one's id
  try {
    await db.meta.add({ key: 'deviceId', value: id });
    return id;
  } catch {
    return (await getMeta<string>(db, 'deviceId', id))!;
  }
}

export function formatNumber(code: string, n: number): string {
  return `${code}-${n}`;
}

/** What one attempt of a write has done: `db.run` runs the transaction again after a lost connection. */
interface Attempt {
  /** rows changed since the last entry was appended */
  touched: Touched[];
  lastEntry: OutboxEntry | null;
  queued: number;
  blobBytes: number;
}
const freshAttempt = (): Attempt => ({ touched: [], lastEntry: null, queued: 0, blobBytes: 0 });

/**
 * Runs one local write. `fn` gets a context whose every change is recorded in the same transaction as the outbox
 * entries it appends. Refuses when nobody is signed in on the device.
 */
export async function localWrite<T>(
  db: BayBookDB,
  fn: (w: WriteContext) => Promise<T>,
  opts: { session?: Session } = {},
): Promise<T> {
  const deviceId = await getDeviceId(db);
  const guard = storageGuards.get(db);
  let attempt = freshAttempt();
  const write = () =>
    // an async scope: Dexie keeps the transaction across native awaits only in one
    db.transaction('rw', db.tables, async () => {
      attempt = freshAttempt();
      return await runAttempt(db, fn, attempt, { deviceId, guard, session: opts.session });
    });
  let result: T;
  try {
    result = await db.run(write);
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    guard?.noteFull();
    throw new LocalWriteError(MSG.storageFull);
  }
  if (attempt.blobBytes > 0) guard?.noteWritten(attempt.blobBytes);
  if (attempt.queued > 0) for (const l of queuedListeners) l(db);
  return result;
}

/** The body of the write's transaction: the context for `fn`, then the rows it changed after its last entry. */
async function runAttempt<T>(
  db: BayBookDB,
  fn: (w: WriteContext) => Promise<T>,
  attempt: Attempt,
  opts: { deviceId: string; guard?: StorageGuard; session?: Session },
): Promise<T> {
  const session = opts.session ?? (await getSession(db));
  if (!session) throw new LocalWriteError(MSG.unauthorized);
  const deviceCode = await getMeta<string>(db, 'deviceCode', '');
  const base = { db, session, deviceId: opts.deviceId, deviceCode, now: new Date().toISOString() };
  const out = await fn(writeContext(base, attempt, opts.guard));
  if (attempt.lastEntry) await addLateTouches(db, attempt.lastEntry, attempt.touched);
  return out;
}

/** Every model row has a string id (its primary key): so the write path's generic rows are Dexie's Rows too. */
function isRow(row: object): row is Row {
  return 'id' in row && typeof row.id === 'string';
}

/** The Dexie table of a synced entity, typed by the model's row for it. */
function tableOf<E extends SyncEntityName>(db: BayBookDB, entity: E): Table<StoredRow<E>, string> {
  const tables: EntityTables = db;
  return tables[entity];
}

/** The context a write's `fn` changes rows through: each change is noted in `attempt` for the next entry. */
function writeContext(
  base: Pick<WriteContext, 'db' | 'session' | 'deviceId' | 'deviceCode' | 'now'>,
  attempt: Attempt,
  guard: StorageGuard | undefined,
): WriteContext {
  const { db, now } = base;
  const touch = async (entity: SyncEntityName, id: string) => {
    await rememberServerVersion(db, entity, id);
    if (!attempt.touched.some(([e, i]) => e === entity && i === id)) attempt.touched.push([entity, id]);
  };
  return {
    ...base,
    async get(entity, id) {
      return tableOf(db, entity).get(id);
    },
    async put(entity, row) {
      if (!isRow(row)) throw new LocalWriteError(`A ${entity} row without an id`);
      await touch(entity, row.id);
      // the stored row is the given one and the keys derived from it (rows.ts derive)
      return { ...row, ...(await putRow(db, entity, row)) };
    },
    async patch(entity, id, changes) {
      const cur = await tableOf(db, entity).get(id);
      if (!cur) throw new LocalWriteError(`No record found ${id}`);
      await touch(entity, id);
      const row = { ...cur, ...changes, id };
      return { ...row, ...(await putRow(db, entity, row)) };
    },
    async remove(entity, id) {
      await touch(entity, id);
      await deleteRow(db, entity, id);
    },
    nextNumber: (kind) => nextNumber(db, kind),
    async enqueue(input) {
      const by = { actor: base.session.username, deviceId: base.deviceId, now };
      const entry = await newOutboxEntry(db, input, attempt.touched, by);
      entry.seq = await db.outbox.add(entry);
      attempt.lastEntry = entry;
      attempt.touched = [];
      attempt.queued++;
      return entry;
    },
    async storeBlob(blob, name) {
      const row = await storeBlob(db, guard, now, blob, name);
      attempt.blobBytes += blob.size;
      return row;
    },
  };
}

/** The next number of this device's gapless series of `kind`, taken in the write's transaction. */
async function nextNumber(db: BayBookDB, kind: NumberKind): Promise<string> {
  const code = await getMeta<string | null>(db, 'deviceCode', null);
  if (!code) throw new LocalWriteError('This device has no number series yet: sign in once while online.');
  const key = `series:${kind}`;
  const last = await getMeta<number>(db, key, 0);
  await db.meta.put({ key, value: last + 1 });
  return formatNumber(code, last + 1);
}

/** Stores a photo's bytes for its queued upload, unless the last storage estimate says they will not fit. */
async function storeBlob(db: BayBookDB, guard: StorageGuard | undefined, now: string, blob: Blob, name: string) {
  // the last estimate, read synchronously: nothing but Dexie may be awaited inside this transaction
  const fits = photoFits(blob.size, guard?.get());
  if (!fits.ok) throw new LocalWriteError(fits.message);
  const row: BlobRow = {
    id: newId(),
    blob,
    name,
    mime: blob.type || 'application/octet-stream',
    size: blob.size,
    createdAt: now,
  };
  await db.blobs.put(row);
  return row;
}
