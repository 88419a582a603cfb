import { getMeta } from '../local/db';
import { pinStore } from '../local/pins';
import { onQueued, type Session } from '../local/write';
import { outboxLockName } from './lock';
import { decideFieldConflict, fieldConflicts } from './decisions';
import { discardConflict, discardedConflicts, openConflicts } from './discard';
import { retryConflict } from './retry';
import { probe, refreshStatus, registerDevice, runOnce, type EngineCore } from './cycle';
import type { SyncEngine, SyncEngineOptions, SyncReport } from './engineTypes';
import { createStatusStore } from './status';
import { fetchShopLogo } from './photos';
import { dropUserToken, setUserToken } from './tokens';
import { fetchTransport } from './transport';
import { syncNews, type SyncNews } from './syncNews';
import { listenLive } from './live';

/**
 * The sync engine: push (outbox.ts) + pull (pull.ts) + connectivity + status, React-free.
 *
 *   const engine = createSyncEngine({ db, baseUrl: '/api', onStatus: (s) => shellStore.set(s) });
 *   engine.start();
 *   await engine.signIn({ username, permission, token });   // after POST /login
 *   setOutboxBusyProvider(isSending);                      // the cache-busting code never reloads while sending
 *
 * A cycle runs on start, on an interval, on the 'online' event, when a write queues an entry, on demand
 * (`syncNow()`), and from the service worker's Background Sync (sw/outbox-hook.ts). It checks reachability
 * (GET /api/health, not only navigator.onLine), then under the outbox lock (one worker across tabs and the service
 * worker) pushes the queue and pulls what other devices did (cycle.ts).
 */

export const SYNC_TAG = 'baybook-outbox';

export type { SyncEngine, SyncEngineOptions } from './engineTypes';
export { isSending } from './cycle';
export { outboxSummary } from './summary';

type Cycle = (force: boolean) => Promise<SyncReport>;

function registerBackgroundSync() {
  const sw = (globalThis as { navigator?: Navigator }).navigator?.serviceWorker;
  if (!sw) return;
  sw.ready
    .then((reg) =>
      (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG),
    )
    .catch(() => undefined);
}

/** One cycle at a time: a call during a cycle runs one more right after it (forced when any such call asked). */
function coalesced(once: Cycle): Cycle {
  let running: Promise<SyncReport> | null = null;
  let again: boolean | 'force' = false;
  return (force) => {
    if (running) {
      // a write or an event during a cycle: run once more right after it
      again = force ? 'force' : again || true;
      return running;
    }
    running = (async () => {
      let report = await once(force);
      while (again) {
        const f = again === 'force';
        again = false;
        report = await once(f);
      }
      return report;
    })().finally(() => {
      running = null;
    });
    return running;
  };
}

/** start() and stop(): the triggers of a cycle (queued writes, online events, other contexts, live changes, a timer). */
function lifecycle(core: EngineCore, news: SyncNews, cycle: Cycle): Pick<SyncEngine, 'start' | 'stop'> {
  const { db, opts } = core;
  const events = opts.events === undefined ? ((globalThis as { window?: EventTarget }).window ?? null) : opts.events;
  const onOnline = () => void cycle(true);
  const onOffline = () => core.status.set({ online: false });
  let interval: ReturnType<typeof setInterval> | null = null;
  const stops: (() => void)[] = [];
  return {
    start() {
      if (core.started) return;
      core.started = true;
      stops.push(
        onQueued((d) => {
          if (d !== db) return;
          if (opts.backgroundSync !== false) registerBackgroundSync();
          void refreshStatus(core);
          void core.kick();
        }),
      );
      events?.addEventListener('online', onOnline);
      events?.addEventListener('offline', onOffline);
      stops.push(news.listen(() => void refreshStatus(core)));
      const kick = () => void core.kick();
      if (opts.live)
        stops.push(listenLive({ db, baseUrl: opts.baseUrl ?? '/api', fetch: opts.fetch, kick, random: core.random }));
      const every = opts.intervalMs ?? 30_000;
      if (every > 0) interval = setInterval(kick, every);
      // changes already waiting (queued before a reload, or before an update dropped the old worker and its sync
      // registration) keep Background Sync armed, not only changes queued from now on
      if (opts.backgroundSync !== false) {
        void db.outbox
          .count()
          .then((n) => n > 0 && registerBackgroundSync())
          .catch(() => undefined);
      }
      kick();
    },
    stop() {
      core.started = false;
      for (const stop of stops.splice(0)) stop();
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('offline', onOffline);
      if (core.timer) clearTimeout(core.timer);
      if (interval) clearInterval(interval);
      core.timer = null;
      interval = null;
    },
  };
}

/** Signing in (keep the token, register the device, sync) and out. */
function sessionActions(core: EngineCore, cycle: Cycle): Pick<SyncEngine, 'signIn' | 'signOut'> {
  const { db } = core;
  return {
    async signIn({ username, permission, token }) {
      // the token and the session in one transaction: a sign-in that kept only the token pulled nothing (issue 35)
      await setUserToken(db, username, token, { session: { username, permission } });
      let deviceCode = await getMeta<string | null>(db, 'deviceCode', null);
      if (!deviceCode) deviceCode = await registerDevice(db, core.transport, token).catch(() => null);
      await refreshStatus(core);
      void cycle(true);
      // the device's copy of the shop's logo, for documents printed offline later (src/sync/photos.ts)
      void fetchShopLogo(token);
      return { deviceCode };
    },
    async signOut({ forgetToken = false, forgetPin = false } = {}) {
      const session = await getMeta<Session | null>(db, 'session', null);
      await db.meta.delete('session');
      if (forgetToken && session) await dropUserToken(db, session.username);
      // here, not in the quick-switch screen's code: a Logout forgets the PIN whether or not that screen ever loaded
      if (forgetPin && session) await pinStore(db).forget(session.username);
      await refreshStatus(core);
    },
  };
}

/** The refused changes and the field conflicts, and what a person decides about them; each decision syncs at once. */
function conflictActions(core: EngineCore, cycle: Cycle): SyncEngine['conflicts'] {
  const { db } = core;
  return {
    list: () => openConflicts(db),
    decisions: () => fieldConflicts(db),
    async decide(id, choice, value) {
      await decideFieldConflict(db, id, choice, value);
      void cycle(true);
    },
    discarded: () => discardedConflicts(db),
    async retry(id) {
      await retryConflict(db, id);
      await refreshStatus(core);
      void cycle(true);
    },
    async discard(id, reason) {
      await discardConflict(db, id, reason);
      await refreshStatus(core);
      // its activity-log line goes at once when the server can be reached
      void cycle(true);
    },
  };
}

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { db } = opts;
  const status = createStatusStore();
  if (opts.onStatus) status.subscribe(opts.onStatus);
  const news = syncNews(db.name, opts.broadcastChannel);
  const cycle = coalesced((force) => runOnce(core, force));
  const core: EngineCore = {
    db,
    opts,
    status,
    transport: opts.transport ?? fetchTransport(opts.baseUrl ?? '/api', opts.fetch),
    lockName: opts.lockName ?? outboxLockName(db.name),
    random: opts.random ?? Math.random,
    failures: 0,
    sending: false,
    started: false,
    timer: null,
    kick: () => cycle(false),
    announce: () => news.announce(),
  };
  return {
    db,
    status,
    transport: core.transport,
    ...lifecycle(core, news, cycle),
    syncNow: () => cycle(true),
    kick: core.kick,
    ...sessionActions(core, cycle),
    checkOnline: async () => (await probe(core)).online,
    isSending: () => core.sending,
    refreshStatus: () => refreshStatus(core),
    conflicts: conflictActions(core, cycle),
  };
}
