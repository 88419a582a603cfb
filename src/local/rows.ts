import type { SyncEntityName } from '../domain/sync';
import { CONFIG_NAMES } from '../domain/configSheet';
import { shopDay, shopTimeZone as zoneOf } from '../domain/dates';
import { invoiceDashShares, type DashFigure } from '../domain/reports';
import { MODEL, deviceKeys } from '../domain/model';
import { putInSlices, rowsBefore } from './bulk';
import { rowCountKey, type BayBookDB, type InvoiceRow, type JobRow, type Row } from './db';

/**
 * The one place local rows change (repositories, the pull, rebases all come through here), so the derived search
 * keys and the dashboard counters can never drift from the rows. Call inside a 'rw' transaction that includes the
 * entity's table, `counters` and `config`.
 */

/** Adds the normalised keys screens search by (plain prefix ranges instead of case-insensitive scans). */
export function derive(entity: SyncEntityName, row: Row): Row {
  return { ...row, ...deviceKeys(entity, row) };
}

// ---- counters -----------------------------------------------------------------------------------------------------

export { shopDay };

/**
 * The counter keys a job adds to: `status:<status>` (the all-time tiles: Active, Received), `complete:<day>`
 * (Complete today) and `booked:<day>` (Bookings today).
 */
export function jobCounterKeys(
  job: Pick<JobRow, 'status' | 'complete_at' | 'book_start'> | undefined,
  timeZone: string,
): string[] {
  if (!job) return [];
  const keys = [`status:${job.status}`];
  if (job.status === 'complete' && job.complete_at && !String(job.complete_at).startsWith('0000')) {
    keys.push(`complete:${shopDay(job.complete_at, timeZone)}`);
  }
  if (job.status === 'booked' && job.book_start) keys.push(`booked:${shopDay(job.book_start, timeZone)}`);
  return keys;
}

/** The shop's time zone as the device holds it, by the domain's rule (the server's too): unknown or unset → default. */
export async function shopTimeZone(db: BayBookDB): Promise<string> {
  const row = await db.config.where('name').equals(CONFIG_NAMES.timeZone).first();
  return zoneOf(row?.description);
}

/** The day keys of the finance tiles' counters (`dash:<figure>:<shop day>`, cents). */
export const dashCounterKey = (figure: DashFigure, day: string) => `dash:${figure}:${day}`;

/** What a row adds to the counters: its job tiles, its finance figures, its table's row count. */
function counterShares(entity: SyncEntityName, row: Row | undefined, tz: string): [string, number][] {
  if (!row) return [];
  const out: [string, number][] = [];
  if (entity === 'jobs') for (const k of jobCounterKeys(row as JobRow, tz)) out.push([k, 1]);
  if (entity === 'invoices') {
    const dayOf = (t: string | Date) => (t && !String(t).startsWith('0000') ? shopDay(t, tz) : '');
    for (const s of invoiceDashShares(row as InvoiceRow, dayOf)) out.push([dashCounterKey(s.figure, s.day), s.cents]);
  }
  const counted = countedAs(entity);
  if (counted && !(counted === 'live' && row.deleted)) out.push([rowCountKey(entity), 1]);
  return out;
}

/** Adds `delta` to the counters: one bulk read and one bulk write, whatever the number of rows behind it. */
async function addToCounters(db: BayBookDB, delta: Map<string, number>) {
  const keys = [...delta].filter(([, d]) => d !== 0).map(([k]) => k);
  if (!keys.length) return;
  const current = await db.counters.bulkGet(keys);
  await db.counters.bulkPut(keys.map((key, i) => ({ key, n: (current[i]?.n ?? 0) + delta.get(key)! })));
}

/**
 * The screens' read of counters (0 where none is kept): one get after another. Not a bulkGet nor gets in parallel:
 * in Chromium a live query that read them so did not hand on its answer after the pull worker's write while the
 * page's timers were stopped (the live browser test pauses its clock: the desk's Active tile stayed 0 after the
 * bay's move, though the query had read 1); read one by one it does.
 */
export async function readCounters(db: BayBookDB, keys: readonly string[]): Promise<number[]> {
  const found: number[] = [];
  for (const key of keys) found.push((await db.counters.get(key))?.n ?? 0);
  return found;
}

/** Rebuilds an entity's row counter from its table (one count: after a repair, never on a screen's path). */
export async function recountRows(db: BayBookDB, entity: SyncEntityName): Promise<void> {
  await db.transaction('rw', [db.entity(entity), db.counters], async () => {
    const table = db.entity(entity);
    const n = countedAs(entity) === 'live' ? await table.filter((r) => !r.deleted).count() : await table.count();
    await db.counters.put({ key: rowCountKey(entity), n });
  });
}

/** Rebuilds the counters of `entity` whose keys match `pattern` from its rows. One scan; call rarely. */
async function recount(db: BayBookDB, entity: 'jobs' | 'invoices', pattern: RegExp): Promise<void> {
  await db.transaction('rw', [db.entity(entity), db.counters, db.config], async () => {
    const tz = await shopTimeZone(db);
    const counts = new Map<string, number>();
    await db.entity(entity).each((row) => {
      for (const [k, n] of counterShares(entity, row, tz)) if (pattern.test(k)) counts.set(k, (counts.get(k) ?? 0) + n);
    });
    const old = await db.counters.toCollection().primaryKeys();
    await db.counters.bulkDelete(old.filter((k) => pattern.test(k)));
    await db.counters.bulkPut([...counts].map(([key, n]) => ({ key, n })));
  });
}

/** Rebuilds every job counter from the rows (to repair). One scan; call rarely. */
export const recountJobs = (db: BayBookDB) => recount(db, 'jobs', /^(status|complete|booked):/);

/** Rebuilds the counters kept per shop day (a new time zone). One scan of jobs and invoices. */
async function recountDays(db: BayBookDB) {
  await recountJobs(db);
  if (await db.counters.get(DASH_KEPT)) await recount(db, 'invoices', /^dash:/);
}

/**
 * The finance tiles' counters were not kept before this version: a device that holds invoices from before builds
 * them once from its rows (one scan), and marks them kept; from then on every write keeps them. A new device's
 * first pull marks them at once (no invoices yet: nothing to scan). Until marked, the Dashboard sums the rows.
 */
export const DASH_KEPT = 'kept:dash';
export async function keepDashCounters(db: BayBookDB): Promise<void> {
  if (await db.counters.get(DASH_KEPT)) return;
  await db.transaction('rw', [db.invoices, db.counters, db.config], async () => {
    if (await db.counters.get(DASH_KEPT)) return;
    await recount(db, 'invoices', /^dash:/);
    await db.counters.put({ key: DASH_KEPT, n: 1 });
  });
}

/**
 * A first sync under way (issue 35): until it has caught up, the counters hold only the rows pulled so far, not the
 * shop's figures, so the Dashboard says "Counting…" instead of showing them as the shop's (0 Active beside a table
 * already listing active jobs). Set when a pull starts from an empty cursor, cleared once a pull has caught up; kept
 * in `meta`, so a reload in the middle of the first sync still says so.
 */
const FIRST_SYNC = 'firstSync';

export async function markFirstSync(db: BayBookDB, underWay: boolean): Promise<void> {
  if (underWay) await db.meta.put({ key: FIRST_SYNC, value: true });
  // read first: a routine pull deletes nothing and so wakes no screen's query
  else if (await db.meta.get(FIRST_SYNC)) await db.meta.delete(FIRST_SYNC);
}

/** Are the counters still being filled by a first sync (see markFirstSync)? */
export async function stillCounting(db: BayBookDB): Promise<boolean> {
  return !!(await db.meta.get(FIRST_SYNC));
}

// ---- row writes -------------------------------------------------------------------------------------------------

/**
 * How the model says a table's rows are counted (`rows:<entity>`, so a table shows its total without a count()
 * scan): every row, or only the live ones of a table deleted by a flag, whose lists skip a deleted row.
 */
const countedAs = (entity: SyncEntityName) => MODEL[entity].device.counted;

/** Entities whose writes change counters (the job tiles, the finance figures, a row count): rows read first. */
const keepsCounters = (entity: SyncEntityName) =>
  entity === 'jobs' || entity === 'invoices' || countedAs(entity) !== undefined;

/**
 * Writes rows of one entity in bulk: `puts` upserted (derived keys added), `deletes` removed, the counters moved by
 * the difference — one bulkGet of the rows before, one bulkPut, one bulkDelete and one counters read and write,
 * however many rows. An id in both lists is deleted. Returns the stored rows.
 */
export async function writeRows(
  db: BayBookDB,
  entity: SyncEntityName,
  puts: Row[],
  deletes: string[] = [],
): Promise<Row[]> {
  const table = db.entity(entity);
  const stored = puts.map((r) => derive(entity, r));
  if (!keepsCounters(entity)) {
    const zoneBefore =
      entity === 'config' && stored.some((r) => r.name === CONFIG_NAMES.timeZone) ? await shopTimeZone(db) : null;
    await putInSlices(table, stored);
    if (deletes.length) await table.bulkDelete(deletes);
    // the day counters are keyed by the shop's day: a new time zone moves jobs and invoices from one day to another
    if (zoneBefore !== null && (await shopTimeZone(db)) !== zoneBefore) await recountDays(db);
    return stored;
  }
  const ids = [...stored.map((r) => r.id), ...deletes];
  if (!ids.length) return stored;
  const [before, tz] = await Promise.all([
    rowsBefore(table, ids),
    entity === 'jobs' || entity === 'invoices' ? shopTimeZone(db) : '',
  ]);
  const delta = new Map<string, number>();
  const add = (row: Row | undefined, sign: number) => {
    for (const [k, n] of counterShares(entity, row, tz)) delta.set(k, (delta.get(k) ?? 0) + sign * n);
  };
  // the same id twice in one call (a put then a delete): only its last state counts, against the row before
  const last = new Map<string, Row | undefined>();
  ids.forEach((id, i) => {
    if (!last.has(id)) add(before[i], -1);
    last.set(id, i < stored.length ? stored[i] : undefined);
  });
  for (const row of last.values()) add(row, +1);
  await putInSlices(table, stored);
  if (deletes.length) await table.bulkDelete(deletes);
  await addToCounters(db, delta);
  return stored;
}

/** Upserts a row (derived keys added, counters kept). Returns the stored row. */
export async function putRow(db: BayBookDB, entity: SyncEntityName, row: Row): Promise<Row> {
  return (await writeRows(db, entity, [row]))[0]!;
}

export async function deleteRow(db: BayBookDB, entity: SyncEntityName, id: string): Promise<void> {
  await writeRows(db, entity, [], [id]);
}

// ---- pending rows and shadows (the rebase of DESIGN.md) ---------------------------------------------------------

/** Which of `ids` have entries still on their way: one outbox read for a whole page (none when the outbox is empty). */
export async function pendingAmong(db: BayBookDB, ids: readonly string[]): Promise<Set<string>> {
  const pending = new Set<string>();
  if (!ids.length || !(await db.outbox.count())) return pending;
  const wanted = new Set(ids);
  const entries = await db.outbox
    .where('refs')
    .anyOf([...wanted])
    .toArray();
  for (const e of entries) if (e.state !== 'rejected') for (const r of e.refs) if (wanted.has(r)) pending.add(r);
  return pending;
}

/** Does any outbox entry still on its way (pending, held or sending) touch this row? */
export async function hasPendingEntries(db: BayBookDB, id: string): Promise<boolean> {
  return (await pendingAmong(db, [id])).has(id);
}

/**
 * Before the first local change to a row, remember the server's version of it (the row as it is now, or null when
 * it does not exist yet). While the row has entries in the outbox the pull updates this shadow instead of the row.
 */
export async function rememberServerVersion(db: BayBookDB, entity: SyncEntityName, id: string): Promise<void> {
  if (await db.shadow.get([entity, id])) return;
  const current = await db.entity(entity).get(id);
  await db.shadow.put({
    entity,
    id,
    row: current ?? null,
    seq: current?._seq ?? 0,
    op: current ? 'upsert' : 'delete',
  });
}

/**
 * Rows whose outbox entries have all gone take the server's version back:
 * - when the last entry was refused (`restore`), the shadow is the server's truth: put it back (or delete a row the
 *   server never had);
 * - otherwise the entries were applied and the pull brings the new server row (with a higher seq): a shadow newer
 *   than the local row is applied, an older one dropped.
 * Call inside a 'rw' transaction over all entity tables, shadow, outbox, counters and config.
 */
export async function rebaseRows(db: BayBookDB, ids: Iterable<string>, restore: boolean): Promise<number> {
  let changed = 0;
  for (const id of new Set(ids)) {
    if (await hasPendingEntries(db, id)) continue;
    const shadows = await db.shadow.where('id').equals(id).toArray();
    for (const s of shadows) {
      const local = await db.entity(s.entity).get(id);
      const localSeq = local?._seq ?? 0;
      if (restore || s.seq > localSeq) {
        if (s.row && s.op === 'upsert') await putRow(db, s.entity, s.row);
        else if (restore || s.op === 'delete') await deleteRow(db, s.entity, id);
        changed++;
      }
      await db.shadow.delete([s.entity, id]);
    }
  }
  return changed;
}
