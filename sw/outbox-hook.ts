/// <reference lib="webworker" />
import { openLocalDb } from '../src/local/db';
import { createSyncEngine, SYNC_TAG } from '../src/sync/engine';
import { outboxLockName, withLock } from '../src/sync/lock';

/**
 * Background Sync for the outbox (DESIGN.md `sw/`): when a page queues an entry it registers the sync tag
 * 'baybook-outbox'; the browser fires `sync` in the service worker when the link is back — even with every tab
 * closed — and this runs one push + pull cycle of the same engine the pages run, under the same Web Lock, so a tab
 * and the worker never send at once.
 *
 * A cycle that leaves entries unsent because the network failed rejects the waitUntil promise: the browser then
 * retries the sync later with its own backoff. Held entries (a user must sign in) and conflicts do not count.
 */

interface SyncEventLike extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance?: boolean;
}

/** One push + pull cycle of the outbox of `dbName`, as Background Sync runs it; rejects while entries stay unsent. */
export async function runOutboxOnce(origin: string, dbName = 'baybook'): Promise<void> {
  const db = openLocalDb(dbName);
  const engine = createSyncEngine({
    db,
    baseUrl: new URL('/api', origin).toString(),
    intervalMs: 0,
    events: null,
    backgroundSync: false,
  });
  try {
    let report = await engine.kick();
    if (report.skipped) {
      // a tab holds the outbox lock: wait for its cycle to end, then run one ourselves. Counting the sync as done here
      // would leave entries unsent if that tab closes mid-cycle (nothing would wake the outbox until the app opens).
      await withLock(outboxLockName(db.name), async () => undefined, { ifAvailable: false });
      report = await engine.kick();
    }
    if (!report.online || report.skipped || report.push?.retryAt !== undefined) {
      throw new Error(report.error || 'The outbox could not be sent yet.');
    }
  } finally {
    engine.stop();
    db.close();
  }
}

/** Called once from sw/sw.ts: `installOutboxHook(self)`. */
export function installOutboxHook(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener(
    'sync' as keyof ServiceWorkerGlobalScopeEventMap,
    ((event: SyncEventLike) => {
      if (event.tag !== SYNC_TAG) return;
      event.waitUntil(runOutboxOnce(sw.location.origin));
    }) as EventListener,
  );
}
