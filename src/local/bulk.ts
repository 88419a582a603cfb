import type { Table } from 'dexie';
import type { Row } from './db';

/**
 * Rows a bulk request takes at a time (rows.ts writes a pulled page through these, inside its transaction). Cloning
 * rows into IndexedDB runs on the calling thread, all of a request's rows in one go (~30 ms for 500 jobs on a shared
 * core); slices of 100 are a few ms each, and the page's input and paint run between them while the transaction stays
 * open.
 */
const SLICE = 100;

// Each slice is awaited directly in these loops: a slice sent from the completion of another (two in flight), or
// through a wrapping async callback, found the transaction committed (PrematureCommitError in Chromium and in
// fake-indexeddb's export test)
export async function putInSlices(table: Table<Row, string>, rows: Row[]) {
  for (let i = 0; i < rows.length; i += SLICE) await table.bulkPut(rows.slice(i, i + SLICE));
}

async function getInSlices(table: Table<Row, string>, ids: string[]): Promise<(Row | undefined)[]> {
  const out: (Row | undefined)[] = [];
  for (let i = 0; i < ids.length; i += SLICE) out.push(...(await table.bulkGet(ids.slice(i, i + SLICE))));
  return out;
}

/**
 * The rows stored under `ids` before a write (undefined where none), for the counters. A page of the pull asks for a
 * thousand ids, mostly of rows the device does not hold yet (a first sync: none): a get per id is a request and an
 * event each. So the keys held in the page's id range are read first (one request, no values) and only the rows that
 * exist are got. Ids are time-ordered (UUIDv7) and a page mostly holds rows made about the same time, but not only: a
 * customer made two years ago and edited today widens the range to everything held since. A range holding many other
 * rows is split at its widest gap in time and each part read the same way, down to a plain get for a hundred ids.
 */
export async function rowsBefore(table: Table<Row, string>, ids: string[]): Promise<(Row | undefined)[]> {
  if (ids.length <= SLICE) return table.bulkGet(ids);
  const held = new Map<string, Row>();
  await readHeld(table, [...ids].sort(), held);
  return ids.map((id) => held.get(id));
}

/** A UUIDv7's time (its first 48 bits, ms); NaN for an id of another form. */
const idTime = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

/**
 * Where to split sorted ids: at the widest gap in time between neighbours (the old row's edit and today's new rows
 * come apart at once), or in the middle when the ids carry no time.
 */
function widestGap(sorted: string[]): number {
  let at = sorted.length >> 1;
  let widest = 0;
  for (let i = 1; i < sorted.length; i++) {
    const gap = idTime(sorted[i]) - idTime(sorted[i - 1]);
    if (gap > widest) [at, widest] = [i, gap];
  }
  return at;
}

/** Fills `held` with the rows stored under `sorted` (ascending ids): see rowsBefore. */
async function readHeld(table: Table<Row, string>, sorted: string[], held: Map<string, Row>): Promise<void> {
  const keep = (present: string[], rows: (Row | undefined)[]) =>
    rows.forEach((row, i) => row && held.set(present[i], row));
  if (sorted.length <= SLICE) return keep(sorted, await table.bulkGet(sorted));
  const most = sorted.length * 4;
  const keys = await table
    .where(':id')
    .between(sorted[0], sorted[sorted.length - 1], true, true)
    .limit(most + 1)
    .primaryKeys();
  if (keys.length > most) {
    const at = widestGap(sorted);
    await readHeld(table, sorted.slice(0, at), held);
    return readHeld(table, sorted.slice(at), held);
  }
  const wanted = new Set(sorted);
  const present = keys.filter((id) => wanted.has(id));
  keep(present, await getInSlices(table, present));
}
