import { newId } from '../domain/ids';
import { SYNC_ENTITIES } from '../domain/sync';
import type { BayBookDB, ConflictRow, OutboxEntry } from '../local/db';
import { isFieldConflict } from './decisions';
import { isDiscarded } from './discard';
import { ACTIVE, type TrackedEntry } from './outbox';

/**
 * Sending a refused change again (issue 14's refused list, "Send again"): the change with the ones it needs and the
 * ones refused because of it, in their first order, each under a new idempotency key (src/sync/outbox.ts pushes
 * them).
 */

/** Why a refused change cannot be sent again on its own (`retryConflict`). */
export class RetryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryError';
  }
}

const bySeq = (a: ConflictRow, b: ConflictRow) => (a.entry.seq ?? 0) - (b.entry.seq ?? 0) || a.at.localeCompare(b.at);

/**
 * Sends a refused change again, after the user has read why it was refused: a NEW idempotency key (the old one
 * would replay the refusal), at the end of the queue, with its dependencies worked out again.
 *
 * A change is retried together with the changes that were refused because of it (and theirs), in their original
 * order, so a job goes after the customer it needs instead of meeting a 404. A change that was refused because of an
 * earlier one brings that one (and its own parents) along first; when that earlier change was discarded and the row
 * it would have made is nowhere, the retry is refused with a `RetryError` saying why. Returns the new entries.
 */
export async function retryConflict(db: BayBookDB, id: string): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.tables, async () => {
    const c = await db.conflicts.get(id);
    if (!c || isDiscarded(c) || isFieldConflict(c)) return [];
    const picked = await retriedWith(db, c);
    const queued: OutboxEntry[] = [];
    for (const row of [...picked.values()].sort(bySeq)) queued.push(await queueAgain(db, row.entry));
    await db.conflicts.bulkDelete([...picked.keys()]);
    return queued;
  });
}

/**
 * The refused changes that go again with `c`: the earlier ones it needs (up the chain) and the ones refused because
 * of it or of them (down the chain), by id. A need whose change was discarded and whose row is nowhere: RetryError.
 */
async function retriedWith(db: BayBookDB, c: ConflictRow): Promise<Map<string, ConflictRow>> {
  // a discarded change is kept only as a trace: it counts as gone
  const all = (await db.conflicts.toArray()).filter((x) => !isDiscarded(x) && !isFieldConflict(x));
  const creatorOf = (rowId: string, except: string) =>
    all.find((x) => x.id !== except && x.entry.creates?.includes(rowId));
  const picked = new Map<string, ConflictRow>([[c.id, c]]);

  // the earlier refused changes it needs (the rows they create), up the chain
  const up = [c];
  while (up.length) {
    const child = up.shift()!;
    const needs = new Set([
      ...(child.entry.dependsOn ?? []),
      ...child.entry.refs.filter((r) => !child.entry.creates.includes(r)),
    ]);
    for (const rowId of needs) {
      const parent = creatorOf(rowId, child.id);
      if (parent && !picked.has(parent.id)) {
        picked.set(parent.id, parent);
        up.push(parent);
        continue;
      }
      if (parent || !child.dependsOnEntry || !(child.entry.dependsOn ?? []).includes(rowId)) continue;
      // refused because of a change that is no longer in the list: fine if that row is queued or on the device
      const queued = await db.outbox.where('creates').equals(rowId).filter(ACTIVE).first();
      if (queued || (await rowOnDevice(db, rowId))) continue;
      throw new RetryError(
        `"${child.entry.label}" cannot be sent: it needs a record that an earlier refused change would have made, and that change was discarded. Discard this one too, or make the record again.`,
      );
    }
  }
  // the changes refused because of it (and of what it brings along), down the chain
  const down = [...picked.values()];
  while (down.length) {
    const parent = down.shift()!;
    for (const x of all) {
      if (picked.has(x.id)) continue;
      const needsIt =
        x.dependsOnEntry === parent.id || (x.entry.dependsOn ?? []).some((r) => parent.entry.creates.includes(r));
      if (!needsIt) continue;
      picked.set(x.id, x);
      down.push(x);
    }
  }
  return picked;
}

/** A refused entry queued again at the end: a new idempotency key, its dependencies worked out again. */
async function queueAgain(db: BayBookDB, refused: OutboxEntry): Promise<OutboxEntry> {
  const { seq: _old, ...rest } = refused;
  const dependsOn: string[] = [];
  const needs = new Set([...(rest.dependsOn ?? []), ...rest.refs]);
  for (const need of needs) {
    if (rest.creates.includes(need)) continue;
    const creator = await db.outbox.where('creates').equals(need).filter(ACTIVE).first();
    if (creator) dependsOn.push(need);
  }
  const entry: OutboxEntry = {
    ...rest,
    id: newId(),
    state: 'pending',
    attempts: 0,
    lastError: '',
    notBefore: undefined,
    dependsOn,
  };
  delete (entry as TrackedEntry).serverErrors;
  entry.seq = await db.outbox.add(entry);
  return entry;
}

/** Is there a row with this id in any of the device's tables? */
async function rowOnDevice(db: BayBookDB, id: string): Promise<boolean> {
  for (const entity of SYNC_ENTITIES) if (await db.entity(entity).get(id)) return true;
  return false;
}
