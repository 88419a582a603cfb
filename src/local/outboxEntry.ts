import { newId } from '../domain/ids';
import type { SyncEntityName } from '../domain/sync';
import type { BayBookDB, OutboxEntry } from './db';

/**
 * The outbox entry of a local write (src/local/write.ts), made inside its transaction: which rows it refers to, and
 * which of the rows it needs wait for entries still in the outbox to create them.
 */

/** A row a write touched: its entity and id. */
export type Touched = [SyncEntityName, string];

/** What a write queues: the call, its body, and the rows it creates or needs. */
export interface EnqueueInput {
  method: OutboxEntry['method'];
  path: string;
  body?: unknown;
  label: string;
  /** ids of rows this entry creates (its dependents wait for it, and are refused with it) */
  creates?: string[];
  /** extra ids this entry needs to exist on the server (besides the rows it touched) */
  needs?: string[];
  form?: Record<string, string>;
  blobId?: string;
}

/** Who made the entry, and when: the signed-in member on this device at the write's time. */
export interface EntryAuthor {
  actor: string;
  deviceId: string;
  now: string;
}

/** The entry for `input`, pending; `touched` are the rows changed since the write's previous entry. */
export async function newOutboxEntry(
  db: BayBookDB,
  input: EnqueueInput,
  touched: Touched[],
  by: EntryAuthor,
): Promise<OutboxEntry> {
  const refs = [...new Set([...touched.map(([, id]) => id), ...(input.creates ?? [])])];
  const needs = new Set([...refs, ...(input.needs ?? [])]);
  for (const id of input.creates ?? []) needs.delete(id);
  return {
    id: newId(),
    method: input.method,
    path: input.path,
    body: input.body ?? {},
    form: input.form,
    blobId: input.blobId,
    actor: by.actor,
    deviceId: by.deviceId,
    createdAt: by.now,
    attempts: 0,
    lastError: '',
    state: 'pending',
    refs,
    touches: touched,
    creates: input.creates ?? [],
    dependsOn: await createdInOutbox(db, needs),
    label: input.label,
  };
}

/** Which of these rows were created by entries still in the outbox (not refused): the entry waits for those. */
async function createdInOutbox(db: BayBookDB, ids: Iterable<string>): Promise<string[]> {
  const waiting: string[] = [];
  for (const id of ids) {
    const creator = await db.outbox
      .where('creates')
      .equals(id)
      .filter((e) => e.state !== 'rejected')
      .first();
    if (creator) waiting.push(id);
  }
  return waiting;
}

/**
 * Rows changed after the last entry was appended (a payment's invoice figures, the customer's points) belong to that
 * entry: while it waits, the pull must shadow those rows too, not overwrite them.
 */
export async function addLateTouches(db: BayBookDB, last: OutboxEntry, touched: Touched[]): Promise<void> {
  if (!touched.length) return;
  const refs = [...new Set([...last.refs, ...touched.map(([, id]) => id)])];
  const touches = [
    ...last.touches,
    ...touched.filter(([e, i]) => !last.touches.some(([te, ti]) => te === e && ti === i)),
  ];
  await db.outbox.update(last.seq!, { refs, touches });
}
