import type { SyncEntityName } from '../domain/sync';
import { shopDay } from '../domain/dates';
import { customerKeys, plateKey, rowCountKey, type BayBookDB, type JobRow, type Row } from './db';

/**
 * The one place local rows change (repositories, the pull, rebases all come through here), so the derived search
 * keys and the dashboard counters can never drift from the rows. Call inside a 'rw' transaction that includes the
 * entity's table, `counters` and `config`.
 */

/** Adds the normalised keys screens search by (plain prefix ranges instead of case-insensitive scans). */
export function derive(entity: SyncEntityName, row: Row): Row {
  switch (entity) {
    case 'customers':
      return { ...row, ...customerKeys(row) };
    case 'jobs':
      return { ...row, registration_key: plateKey(row.registration), vin_key: plateKey(row.vin) };
    case 'products':
      return { ...row, title_key: String(row.title ?? '').trim().toUpperCase() };
    default:
      return row;
  }
}

// ---- counters -----------------------------------------------------------------------------------------------------

export { shopDay };

/**
 * The counter keys a job adds to: `status:<status>` (the all-time tiles: Active, Received), `complete:<day>`
 * (Complete today) and `booked:<day>` (Bookings today).
 */
export function jobCounterKeys(job: Pick<JobRow, 'status' | 'complete_at' | 'book_start'> | undefined, timeZone: string): string[] {
  if (!job) return [];
  const keys = [`status:${job.status}`];
  if (job.status === 'complete' && job.complete_at && !String(job.complete_at).startsWith('0000')) {
    keys.push(`complete:${shopDay(job.complete_at, timeZone)}`);
  }
  if (job.status === 'booked' && job.book_start) keys.push(`booked:${shopDay(job.book_start, timeZone)}`);
  return keys;
}

export async function shopTimeZone(db: BayBookDB): Promise<string> {
  const row = await db.config.where('name').equals('time_zone').first();
  const tz = row && typeof row.description === 'string' && row.description ? row.description : 'America/Jamaica';
  return tz;
}

async function bumpCounters(db: BayBookDB, before: Row | undefined, after: Row | undefined) {
  const tz = await shopTimeZone(db);
  const minus = jobCounterKeys(before as JobRow | undefined, tz);
  const plus = jobCounterKeys(after as JobRow | undefined, tz);
  const delta = new Map<string, number>();
  for (const k of minus) delta.set(k, (delta.get(k) ?? 0) - 1);
  for (const k of plus) delta.set(k, (delta.get(k) ?? 0) + 1);
  for (const [key, d] of delta) {
    if (d === 0) continue;
    const cur = await db.counters.get(key);
    await db.counters.put({ key, n: (cur?.n ?? 0) + d });
  }
}

/** Rebuilds an entity's row counter from its table (one count: after a repair, never on a screen's path). */
export async function recountRows(db: BayBookDB, entity: SyncEntityName): Promise<void> {
  await db.transaction('rw', [db.entity(entity), db.counters], async () => {
    await db.counters.put({ key: rowCountKey(entity), n: await db.entity(entity).count() });
  });
}

/** Rebuilds every job counter from the rows (after a first sync, or to repair). One scan; call rarely. */
export async function recountJobs(db: BayBookDB): Promise<void> {
  await db.transaction('rw', [db.jobs, db.counters, db.config], async () => {
    const tz = await shopTimeZone(db);
    const counts = new Map<string, number>();
    await db.jobs.each((job) => {
      for (const k of jobCounterKeys(job, tz)) counts.set(k, (counts.get(k) ?? 0) + 1);
    });
    const old = await db.counters.toCollection().primaryKeys();
    await db.counters.bulkDelete(old.filter((k) => /^(status|complete|booked):/.test(k)));
    await db.counters.bulkPut([...counts].map(([key, n]) => ({ key, n })));
  });
}

// ---- row writes -------------------------------------------------------------------------------------------------

/** The entities whose rows are counted (`rows:<entity>`), so a table shows its total without a count() scan. */
const COUNTED = new Set<SyncEntityName>(['customers']);

async function bumpRowCount(db: BayBookDB, entity: SyncEntityName, d: number) {
  const key = rowCountKey(entity);
  const cur = await db.counters.get(key);
  await db.counters.put({ key, n: (cur?.n ?? 0) + d });
}

/** Upserts a row (derived keys added, counters kept). Returns the stored row. */
export async function putRow(db: BayBookDB, entity: SyncEntityName, row: Row): Promise<Row> {
  const table = db.entity(entity);
  const stored = derive(entity, row);
  if (entity === 'jobs' || COUNTED.has(entity)) {
    const before = await table.get(row.id);
    await table.put(stored);
    if (entity === 'jobs') await bumpCounters(db, before, stored);
    if (COUNTED.has(entity) && !before) await bumpRowCount(db, entity, 1);
  } else {
    await table.put(stored);
  }
  return stored;
}

export async function deleteRow(db: BayBookDB, entity: SyncEntityName, id: string): Promise<void> {
  const table = db.entity(entity);
  if (entity === 'jobs' || COUNTED.has(entity)) {
    const before = await table.get(id);
    await table.delete(id);
    if (entity === 'jobs') await bumpCounters(db, before, undefined);
    if (COUNTED.has(entity) && before) await bumpRowCount(db, entity, -1);
  } else {
    await table.delete(id);
  }
}

// ---- pending rows and shadows (the rebase of DESIGN.md) ---------------------------------------------------------

/** Does any outbox entry still on its way (pending, held or sending) touch this row? */
export async function hasPendingEntries(db: BayBookDB, id: string): Promise<boolean> {
  const n = await db.outbox
    .where('refs')
    .equals(id)
    .filter((e) => e.state !== 'rejected')
    .count();
  return n > 0;
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
