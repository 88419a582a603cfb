import { getMeta, setMeta, type BayBookDB } from '../local/db';
import { getDeviceId, onQueued, type Session } from '../local/write';
import { outboxLockName, withLock } from './lock';
import { decideFieldConflict, fieldConflicts, isFieldConflict, type FieldConflictRow } from './decisions';
import { discardConflict, discardedConflicts, isOpenRefusal, openConflicts, type ExplainedConflict } from './discard';
import type { Choice } from '../domain/decisions';
import { backoffMs, failureText, pushPass, retryConflict, type PushResult } from './outbox';
import { clearRepull, getRepull, pull as runPull, repullRows, type PullResult } from './pull';
import { createStatusStore, type StatusStore, type SyncStatus } from './status';
import { dropUserToken, getTokens, setUserToken, tokenUsableUntil, validToken } from './tokens';
import { ApiError, fetchTransport, isServerError, type Transport } from './transport';
import { syncNews, type ChannelClass } from './syncNews';
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
 * worker) pushes the queue and pulls what other devices did.
 */

export const SYNC_TAG = 'baybook-outbox';

export interface SyncEngineOptions {
  db: BayBookDB;
  /** the API root: '/api' in the browser, `${url}/api` in tests */
  baseUrl?: string;
  transport?: Transport;
  fetch?: typeof fetch;
  /** automatic cycle interval; 0 turns it off (tests) */
  intervalMs?: number;
  pageSize?: number;
  lockName?: string;
  random?: () => number;
  timeoutMs?: number;
  healthTimeoutMs?: number;
  onStatus?: (s: SyncStatus) => void;
  /** where 'online'/'offline' events come from (window); none in Node */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /** register Background Sync when an entry is queued (browser only) */
  backgroundSync?: boolean;
  /** the BroadcastChannel class other contexts hear this one's syncs on (default the global one; null: none) */
  broadcastChannel?: ChannelClass | null;
  /** hear the server's live changes (src/sync/live.ts) and sync on each; the app turns it on, tests mostly not */
  live?: boolean;
}

export interface SyncReport {
  online: boolean;
  push?: PushResult;
  pull?: PullResult;
  error?: string;
  /** skipped: another tab or the service worker holds the outbox lock */
  skipped?: boolean;
}

export interface SyncEngine {
  readonly db: BayBookDB;
  readonly status: StatusStore;
  readonly transport: Transport;
  start(): void;
  stop(): void;
  /** a full cycle now, ignoring backoff */
  syncNow(): Promise<SyncReport>;
  /** a cycle that respects backoff (what timers and events run) */
  kick(): Promise<SyncReport>;
  /** after POST /login: keep the token for this user's entries, register the device, sync */
  signIn(s: Session & { token: string }): Promise<{ deviceCode: string | null }>;
  /** the session ends on this device; `forgetToken` also holds the user's unsent changes until they sign in again */
  signOut(opts?: { forgetToken?: boolean }): Promise<void>;
  checkOnline(): Promise<boolean>;
  isSending(): boolean;
  refreshStatus(): Promise<SyncStatus>;
  conflicts: {
    /** the refused changes waiting for a decision, in words (a discarded one is no longer in it) */
    list(): Promise<ExplainedConflict[]>;
    /** the refused changes discarded on this device: kept, with whether their activity-log line has gone */
    discarded(): Promise<ExplainedConflict[]>;
    retry(id: string): Promise<void>;
    discard(id: string): Promise<void>;
    /** the field conflicts waiting for a person (issue 14), oldest first */
    decisions(): Promise<FieldConflictRow[]>;
    /** keep theirs, use mine, or send an edited value; the decision goes to the activity log */
    decide(id: string, choice: Choice, value?: unknown): Promise<void>;
  };
}

let sendingEngines = 0;
/** For `setOutboxBusyProvider`: true while any engine in this context is pushing the outbox. */
export function isSending(): boolean {
  return sendingEngines > 0;
}

export interface OutboxSummary extends Pick<SyncStatus, 'waiting' | 'conflicts' | 'heldFor'> {
  /** when the next token of a user with changes waiting runs out (ms): the summary changes then; null: never */
  recheckAt: number | null;
  /** field conflicts waiting for a person (issue 14); `conflicts` counts the refused changes */
  decisions: number;
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
  };
}

/** POST /v3/devices once per device: the short code that prefixes this device's numbers ('B2-17'). */
export async function registerDevice(db: BayBookDB, transport: Transport, token: string): Promise<string> {
  const known = await getMeta<string | null>(db, 'deviceCode', null);
  if (known) return known;
  const deviceId = await getDeviceId(db);
  const res = await transport<{ code: string }>('POST', '/v3/devices', {
    body: { data: { device_id: deviceId } },
    token,
  });
  await setMeta(db, 'deviceCode', res.data.code);
  return res.data.code;
}

function registerBackgroundSync() {
  const sw = (globalThis as { navigator?: Navigator }).navigator?.serviceWorker;
  if (!sw) return;
  sw.ready
    .then((reg) =>
      (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG),
    )
    .catch(() => undefined);
}

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { db } = opts;
  const transport = opts.transport ?? fetchTransport(opts.baseUrl ?? '/api', opts.fetch);
  const status = createStatusStore();
  if (opts.onStatus) status.subscribe(opts.onStatus);
  const lockName = opts.lockName ?? outboxLockName(db.name);
  const random = opts.random ?? Math.random;
  const events = opts.events === undefined ? ((globalThis as { window?: EventTarget }).window ?? null) : opts.events;

  let sending = false;
  let running: Promise<SyncReport> | null = null;
  let again: boolean | 'force' = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let interval: ReturnType<typeof setInterval> | null = null;
  let failures = 0;
  let started = false;
  let unsubscribeQueued: (() => void) | null = null;
  const news = syncNews(db.name, opts.broadcastChannel);
  let stopNews: (() => void) | null = null;
  let stopLive: (() => void) | null = null;

  async function refreshStatus() {
    const { recheckAt: _, ...s } = await outboxSummary(db);
    const lastSync = await getMeta<string | null>(db, 'lastSync', null);
    status.set({ ...s, lastSync });
    return status.get();
  }

  /** The reachability check: online, or why not (no link, or a server that answers 5xx). */
  async function probe(): Promise<{ online: boolean; error?: string; serverError?: boolean }> {
    const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
    if (nav && nav.onLine === false) return { online: false, error: 'Network Error' };
    try {
      await transport('GET', '/health', { timeoutMs: opts.healthTimeoutMs ?? 5000 });
      return { online: true };
    } catch (err) {
      // an answer that is not 2xx still means the server is reachable
      if (err instanceof ApiError && err.kind === 'http' && (err.status ?? 0) < 500) return { online: true };
      if (isServerError(err)) return { online: false, error: failureText(err), serverError: true };
      return { online: false, error: 'Network Error' };
    }
  }

  async function checkOnline(): Promise<boolean> {
    return (await probe()).online;
  }

  /** a usable token to re-pull refused rows with: theirs who made the changes first, then anyone's on the device */
  async function repullToken(actors: string[]): Promise<string | null> {
    const tokens = await getTokens(db);
    for (const user of [...actors, ...Object.keys(tokens)]) {
      const t = await validToken(db, user);
      if (t) return t;
    }
    return null;
  }

  function schedule(at: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        void kick();
      },
      Math.max(0, at - Date.now()),
    );
  }

  async function once(force: boolean): Promise<SyncReport> {
    const probed = await probe();
    const online = probed.online;
    status.set({ online });
    if (!online) {
      failures++;
      const retryAt = Date.now() + backoffMs(failures, random);
      // a server answering 5xx keeps failing; no link at all is not the server's fault
      const serverErrors = probed.serverError ? status.get().serverErrors + 1 : 0;
      status.set({ retryAt, lastError: probed.error!, serverErrors });
      schedule(retryAt);
      await refreshStatus();
      return { online: false, error: probed.error };
    }
    let pullServerError = false;
    const locked = await withLock(lockName, async (): Promise<SyncReport> => {
      const report: SyncReport = { online: true };
      const session = await getMeta<Session | null>(db, 'session', null);
      const pullToken = session ? await validToken(db, session.username) : null;
      if (pullToken && !(await getMeta<string | null>(db, 'deviceCode', null))) {
        await registerDevice(db, transport, pullToken).catch(() => undefined);
      }
      sending = true;
      sendingEngines++;
      status.set({ sending: true });
      try {
        report.push = await pushPass({
          db,
          transport,
          force,
          random,
          timeoutMs: opts.timeoutMs,
          onProgress: () => void refreshStatus(),
        });
      } finally {
        sending = false;
        sendingEngines--;
        status.set({ sending: false });
      }
      if (report.push.error) report.error = report.push.error;
      const repull = await getRepull(db);
      if (pullToken) {
        try {
          report.pull = await runPull({
            db,
            transport,
            token: pullToken,
            pageSize: opts.pageSize,
            timeoutMs: opts.timeoutMs,
            onProgress: (p) => status.set({ pulling: p }),
          });
          // the pull brought every row changed since the cursor: the refused rows are the server's again
          if (repull) await clearRepull(db, repull);
        } catch (err) {
          report.error = isServerError(err) ? failureText(err) : (err as Error).message;
          if (isServerError(err)) pullServerError = true;
          if (err instanceof ApiError && err.kind === 'http' && err.status === 401) {
            await dropUserToken(db, session!.username, pullToken);
          }
        } finally {
          status.set({ pulling: null });
        }
      } else if (repull) {
        // nobody signed in can pull: re-pull just the refused rows with the token of who made the change
        const token = await repullToken(repull.actors);
        if (token) {
          try {
            await repullRows({ db, transport, token, pageSize: opts.pageSize, timeoutMs: opts.timeoutMs });
          } catch (err) {
            report.error = isServerError(err) ? failureText(err) : (err as Error).message;
          }
        }
      }
      return report;
    });
    if (!locked.ran) {
      // another tab or the service worker is syncing the same database
      await refreshStatus();
      return { online: true, skipped: true };
    }
    const report = locked.value!;
    const pushFailed = report.push?.retryAt !== undefined;
    const failedOutright = !!report.error;
    if (!failedOutright) {
      failures = 0;
      const now = new Date().toISOString();
      await setMeta(db, 'lastSync', now);
      status.set({ lastError: '', retryAt: null, serverErrors: 0 });
    } else {
      failures++;
      const retryAt = pushFailed ? report.push!.retryAt! : Date.now() + backoffMs(failures, random);
      // 5xx in a row: the head entry's own count (it survives a restart), or one more than the cycles before
      const pushServer = report.push?.serverErrors;
      const serverErrors =
        pushServer !== undefined
          ? Math.max(pushServer, status.get().serverErrors + 1)
          : pullServerError && !pushFailed
            ? status.get().serverErrors + 1
            : 0;
      status.set({ lastError: report.error!, retryAt, serverErrors });
      schedule(retryAt);
    }
    await refreshStatus();
    news.announce();
    return report;
  }

  function cycle(force: boolean): Promise<SyncReport> {
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
  }

  const kick = () => cycle(false);
  const onOnline = () => void cycle(true);
  const onOffline = () => status.set({ online: false });

  const engine: SyncEngine = {
    db,
    status,
    transport,
    start() {
      if (started) return;
      started = true;
      unsubscribeQueued = onQueued((d) => {
        if (d !== db) return;
        if (opts.backgroundSync !== false) registerBackgroundSync();
        void refreshStatus();
        void kick();
      });
      events?.addEventListener('online', onOnline);
      events?.addEventListener('offline', onOffline);
      stopNews = news.listen(() => void refreshStatus());
      if (opts.live)
        stopLive = listenLive({
          db,
          baseUrl: opts.baseUrl ?? '/api',
          fetch: opts.fetch,
          kick: () => void kick(),
          random,
        });
      const every = opts.intervalMs ?? 30_000;
      if (every > 0) interval = setInterval(() => void kick(), every);
      // changes already waiting (queued before a reload, or before an update dropped the old worker and its sync
      // registration) keep Background Sync armed, not only changes queued from now on
      if (opts.backgroundSync !== false) {
        void db.outbox
          .count()
          .then((n) => n > 0 && registerBackgroundSync())
          .catch(() => undefined);
      }
      void kick();
    },
    stop() {
      started = false;
      unsubscribeQueued?.();
      unsubscribeQueued = null;
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('offline', onOffline);
      stopNews?.();
      stopNews = null;
      stopLive?.();
      if (timer) clearTimeout(timer);
      if (interval) clearInterval(interval);
      timer = null;
      interval = null;
    },
    syncNow: () => cycle(true),
    kick,
    async signIn({ username, permission, token }) {
      await setUserToken(db, username, token);
      await setMeta(db, 'session', { username, permission });
      let deviceCode = await getMeta<string | null>(db, 'deviceCode', null);
      if (!deviceCode) deviceCode = await registerDevice(db, transport, token).catch(() => null);
      await refreshStatus();
      void cycle(true);
      return { deviceCode };
    },
    async signOut({ forgetToken = false } = {}) {
      const session = await getMeta<Session | null>(db, 'session', null);
      await db.meta.delete('session');
      if (forgetToken && session) await dropUserToken(db, session.username);
      await refreshStatus();
    },
    checkOnline,
    isSending: () => sending,
    refreshStatus,
    conflicts: {
      list: () => openConflicts(db),
      decisions: () => fieldConflicts(db),
      async decide(id, choice, value) {
        await decideFieldConflict(db, id, choice, value);
        void cycle(true);
      },
      discarded: () => discardedConflicts(db),
      async retry(id) {
        await retryConflict(db, id);
        await refreshStatus();
        void cycle(true);
      },
      async discard(id) {
        await discardConflict(db, id);
        await refreshStatus();
        // its activity-log line goes at once when the server can be reached
        void cycle(true);
      },
    },
  };
  return engine;
}
