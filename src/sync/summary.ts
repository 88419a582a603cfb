import type { BayBookDB } from '../local/db';
import { isFieldConflict } from './decisions';
import { isOpenRefusal } from './discard';
import type { SyncStatus } from './status';
import { tokenUsableUntil } from './tokens';

export interface OutboxSummary extends Pick<SyncStatus, 'waiting' | 'conflicts' | 'heldFor'> {
  /** when the next token of a user with changes waiting runs out (ms): the summary changes then; null: never */
  recheckAt: number | null;
  /** field conflicts waiting for a person (issue 14); `conflicts` counts the refused changes */
  decisions: number;
  /** this device has finished a pull (its last sync): before, nothing is known to be on the server (issue 35) */
  synced: boolean;
}

/**
 * Counts for the shell (also usable with useLiveQuery: it re-runs on outbox, conflicts and token changes). Whose
 * changes wait for a sign-in is worked out from the tokens kept per user and their exp, without the network: offline
 * with an expired token the shell already says "3 changes wait for jdoe to sign in". An entry being sent is not held.
 */
export async function outboxSummary(db: BayBookDB, now = Date.now()): Promise<OutboxSummary> {
  // read straight from the table: a querier that first awaits a nested async helper stopped being re-run by
  // liveQuery (Dexie 4), and the shell would go stale
  const tokens = ((await db.meta.get('tokens'))?.value ?? {}) as Record<string, string>;
  let waiting = 0;
  let recheckAt: number | null = null;
  const held = new Map<string, number>();
  await db.outbox.each((e) => {
    if (e.state === 'rejected') return;
    waiting++;
    if (e.state === 'sending') return;
    const until = tokenUsableUntil(tokens[e.actor]);
    if (until <= now) held.set(e.actor, (held.get(e.actor) ?? 0) + 1);
    else if (until !== Infinity && (recheckAt === null || until < recheckAt)) recheckAt = until;
  });
  const kept = await db.conflicts.toArray();
  const conflicts = kept.filter(isOpenRefusal).length;
  const decisions = kept.filter(isFieldConflict).length;
  return {
    waiting,
    conflicts,
    decisions,
    heldFor: [...held].map(([username, count]) => ({ username, count })),
    recheckAt,
    synced: (await db.meta.get('lastSync'))?.value != null,
  };
}
