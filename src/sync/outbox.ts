import { factsOf, type RefusalFacts } from '../domain/refusals';
import type { BayBookDB, ConflictRow, OutboxEntry } from '../local/db';
import { rebaseRows } from '../local/rows';
import { answerConflicts, keepFieldConflicts } from './decisions';
import type { KeptConflict } from './discard';
import { keepSentPhoto } from './photos';
import { noteRepull } from './pull';
import { tokenExpired, getTokens, dropUserToken } from './tokens';
import { ApiError, isRetryable, type Transport } from './transport';

/**
 * The push side of the outbox (DESIGN.md "Identity and the outbox"):
 * - entries go in `seq` order, one at a time, each with `Idempotency-Key: <entry.id>` and the token of the staff
 *   member who made it; the server answers a repeated key with its first answer, so a lost response is harmless;
 * - no answer, a timeout, 5xx, 408 or 429: the entry stays, the pass stops, and the caller retries after a backoff
 *   (exponential with jitter, capped at 5 min). It is NEVER moved to conflicts for that, however often it happens:
 *   a server fault or flaky Wi-Fi must not turn offline work into "refused" and restore the rows under it
 *   (docs/DECISIONS.md "Sync"). The entry's `lastError` says what went wrong, and consecutive 5xx answers are counted
 *   (`serverErrors`) so the shell can say the server keeps failing and the changes are kept;
 * - another 4xx (a business rule said no): the entry moves to `conflicts` with the server's message, the rows it
 *   touched take the server's version back, and entries that need a row it created are refused with it — the
 *   queue goes on (a jammed queue is the commonest failure of sync engines);
 * - 401, or a token that has run out: that user's entries are held ("3 changes wait for jdoe to sign in") while
 *   other users' entries go on.
 */

export interface PushOptions {
  db: BayBookDB;
  transport: Transport;
  /** ignore backoff times (the user pressed "sync now", or the link just came back) */
  force?: boolean;
  now?: () => number;
  random?: () => number;
  timeoutMs?: number;
  /** called when an entry has gone (sent or refused) */
  onProgress?: (p: { sent: number; refused: number }) => void;
  signal?: AbortSignal;
}

export interface PushResult {
  sent: number;
  refused: number;
  /** users whose entries wait for them to sign in, with how many */
  heldFor: Record<string, number>;
  /** the pass stopped on a network failure; retry at this time (ms) */
  retryAt?: number;
  /** the last network or server error */
  error?: string;
  /** set when the pass stopped on a 5xx answer: how many 5xx answers in a row the entry at the head has had */
  serverErrors?: number;
}

/** An outbox entry as the push keeps it: plus the count of consecutive 5xx answers it got (0 or absent: none). */
export type TrackedEntry = OutboxEntry & { serverErrors?: number };

/** The `lastError` kept on an entry that could not be sent: the status for a server's answer, the message else. */
export function failureText(err: unknown): string {
  const msg = messageOf(err);
  if (err instanceof ApiError && err.kind === 'http' && err.status) return `Server error ${err.status}: ${msg}`;
  return msg;
}

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … up to 5 min, each between 50% and 100% of that. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.5 + random() * 0.5));
}

/** An entry still on its way (not refused). */
export const ACTIVE = (e: OutboxEntry) => e.state !== 'rejected';

export function messageOf(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown } | undefined;
    if (body && typeof body === 'object' && typeof body.message === 'string') return body.message;
    return err.message;
  }
  return (err as Error)?.message ?? String(err);
}

/** Puts entries that were being sent when the page died back in line (their keys make a resend harmless). */
async function recoverSending(db: BayBookDB) {
  await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
}

/** Marks the entries of users without a usable token 'held', and releases those of users who signed in again. */
async function refreshHolds(db: BayBookDB, now: number): Promise<Record<string, number>> {
  const tokens = await getTokens(db);
  const heldFor: Record<string, number> = {};
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox
      .where('state')
      .anyOf('pending', 'held')
      .modify((e) => {
        const ok = !tokenExpired(tokens[e.actor], now);
        e.state = ok ? 'pending' : 'held';
        if (!ok) heldFor[e.actor] = (heldFor[e.actor] ?? 0) + 1;
      });
  });
  return heldFor;
}

/** Is any row this entry needs still to be created by an entry that has not gone yet? */
async function waitsForEarlier(db: BayBookDB, entry: OutboxEntry): Promise<boolean> {
  for (const id of entry.dependsOn ?? []) {
    const creator = await db.outbox
      .where('creates')
      .equals(id)
      .filter((e) => ACTIVE(e) && (e.seq ?? 0) < (entry.seq ?? 0))
      .first();
    if (creator) return true;
  }
  return false;
}

/**
 * Moves a refused entry to the conflicts list, and with it every later entry that needs a row it (or they) created.
 * The rows they touched take the server's version back. One transaction.
 */
export async function refuseEntry(
  db: BayBookDB,
  entry: OutboxEntry,
  status: number,
  message: string,
  facts?: RefusalFacts,
): Promise<number> {
  return db.transaction('rw', db.tables, async () => {
    const at = new Date().toISOString();
    // the server's facts (a money refusal's invoice: who settled it, when, where) are kept for the words
    const first: KeptConflict = { id: entry.id, entry: { ...entry, state: 'rejected' }, status, message, at, facts };
    const refused: ConflictRow[] = [first];
    const touched = new Set(entry.refs);
    const queue = [entry];
    while (queue.length) {
      const parent = queue.shift()!;
      if (!parent.creates?.length) continue;
      const dependents = await db.outbox.where('dependsOn').anyOf(parent.creates).filter(ACTIVE).toArray();
      for (const d of dependents) {
        if (d.id === entry.id || refused.some((r) => r.id === d.id)) continue;
        refused.push({
          id: d.id,
          entry: { ...d, state: 'rejected' },
          status: 0,
          message: `Not sent: it depended on an earlier change that was refused ("${parent.label}": ${message})`,
          at,
          dependsOnEntry: parent.id,
        });
        for (const r of d.refs) touched.add(r);
        queue.push(d);
      }
    }
    await db.conflicts.bulkPut(refused);
    await db.outbox.bulkDelete(refused.map((r) => r.entry.seq!).filter((s) => s !== undefined));
    await rebaseRows(db, touched, true);
    // the shadow they were put back to may be older than the server (an earlier entry on the same row was applied
    // since): have them re-pulled, whether or not a signed-in user can pull right now
    const rows = refused.flatMap((r) => r.entry.touches ?? []);
    await noteRepull(db, rows, [...new Set(refused.map((r) => r.entry.actor))]);
    return refused.length;
  });
}

async function blobFor(db: BayBookDB, entry: OutboxEntry): Promise<FormData | undefined> {
  if (!entry.blobId) return undefined;
  const b = await db.blobs.get(entry.blobId);
  const form = new FormData();
  for (const [k, v] of Object.entries(entry.form ?? {})) form.append(k, v);
  if (b) form.append('myfile', b.blob, b.name);
  return form;
}

/**
 * One push pass. Call under the outbox lock (`withLock` in lock.ts, as engine.ts does). Re-reads the queue after
 * every entry, so entries queued while it runs go out in the same pass.
 */
export async function pushPass(opts: PushOptions): Promise<PushResult> {
  const { db, transport } = opts;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const result: PushResult = { sent: 0, refused: 0, heldFor: {} };

  await recoverSending(db);
  result.heldFor = await refreshHolds(db, now());
  const skipped = new Set<number>();

  for (;;) {
    if (opts.signal?.aborted) break;
    const entry = await db.outbox
      .where('state')
      .equals('pending')
      .filter((e) => !skipped.has(e.seq!))
      .first(); // within one 'state' value the index is in primary key order: seq order
    if (!entry) break;
    if (await waitsForEarlier(db, entry)) {
      // its parent is held (another user) or backing off: it waits too, the rest go on
      skipped.add(entry.seq!);
      continue;
    }
    if (!opts.force && entry.notBefore && entry.notBefore > now()) {
      result.retryAt = entry.notBefore;
      break;
    }
    const tokens = await getTokens(db);
    const token = tokens[entry.actor];
    if (tokenExpired(token, now())) {
      await db.outbox.update(entry.seq!, { state: 'held' });
      result.heldFor[entry.actor] = (result.heldFor[entry.actor] ?? 0) + 1;
      skipped.add(entry.seq!);
      continue;
    }

    await db.outbox.update(entry.seq!, { state: 'sending', attempts: entry.attempts + 1 });
    try {
      const form = await blobFor(db, entry);
      const answer = await transport(entry.method, entry.path, {
        body: form ? undefined : entry.body,
        form,
        token,
        idempotencyKey: entry.id,
        // when it was made, and this clock now, so the server can tell when the change was done (issue 30)
        done: entry.createdAt ? { at: entry.createdAt, sentAt: new Date(now()).toISOString() } : undefined,
        timeoutMs: opts.timeoutMs,
        signal: opts.signal,
      });
      await keepSentPhoto(answer.data, form);
      // fields someone else changed since are not written: they wait in the conflicts for a person (issue 14)
      const conflicts = answerConflicts(answer.data);
      await db.transaction('rw', conflicts.length ? db.tables : [db.outbox, db.blobs], async () => {
        await db.outbox.delete(entry.seq!);
        if (entry.blobId) await db.blobs.delete(entry.blobId);
        if (conflicts.length) await keepFieldConflicts(db, entry, conflicts, new Date(now()).toISOString());
      });
      result.sent++;
      opts.onProgress?.({ sent: result.sent, refused: result.refused });
    } catch (err) {
      if ((await afterFailure(opts, { entry, token, err, now: now(), random }, result)) === 'stop') break;
    }
  }
  for (const [user, n] of Object.entries(result.heldFor)) if (!n) delete result.heldFor[user];
  return result;
}

/**
 * What a failed send leaves: 401 holds the user's entries (the pass goes on with the others); no answer, a timeout
 * or a retryable status keeps the entry and backs off (the pass stops); any other refusal moves it to the conflicts
 * with what needs it (the pass goes on).
 */
async function afterFailure(
  opts: PushOptions,
  sent: { entry: OutboxEntry; token: string | undefined; err: unknown; now: number; random: () => number },
  result: PushResult,
): Promise<'next' | 'stop'> {
  const { db } = opts;
  const { entry, token, err } = sent;
  const status = err instanceof ApiError ? err.status : undefined;
  const msg = messageOf(err);
  if (err instanceof ApiError && err.kind === 'http' && status === 401) {
    // the token ran out or the user was removed: hold this user's entries until they sign in again
    await dropUserToken(db, entry.actor, token);
    await db.outbox.update(entry.seq!, { state: 'held', lastError: msg });
    await db.outbox
      .where('actor')
      .equals(entry.actor)
      .filter((e) => e.state === 'pending')
      .modify({ state: 'held' });
    result.heldFor[entry.actor] = await db.outbox
      .where('actor')
      .equals(entry.actor)
      .filter((e) => e.state === 'held')
      .count();
    return 'next';
  }
  const attempts = entry.attempts + 1;
  if (isRetryable(err)) {
    // keep it, back off, retry: whatever the count (every attempt made the backoff longer, up to 5 min).
    // Consecutive 5xx answers are counted for the shell; a network failure or a timeout is no answer from the
    // server and leaves that count as it was.
    const previous = (entry as TrackedEntry).serverErrors ?? 0;
    const serverErrors = status !== undefined && status >= 500 ? previous + 1 : status !== undefined ? 0 : previous;
    const retryAt = sent.now + backoffMs(attempts, sent.random);
    const lastError = failureText(err);
    await db.outbox.update(entry.seq!, {
      state: 'pending',
      lastError,
      notBefore: retryAt,
      serverErrors,
    } as Partial<TrackedEntry>);
    result.retryAt = retryAt;
    result.error = lastError;
    if (status !== undefined && status >= 500) result.serverErrors = serverErrors;
    return 'stop';
  }
  const body = err instanceof ApiError ? err.body : undefined;
  result.refused += await refuseEntry(db, { ...entry, attempts, lastError: msg }, status ?? 0, msg, factsOf(body));
  opts.onProgress?.({ sent: result.sent, refused: result.refused });
  return 'next';
}
