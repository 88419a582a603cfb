/**
 * Build-number cache busting (SPEC §4): the app reads the live build number from /build-meta.json (served
 * no-cache) on start and every 5 minutes. When it differs from the one stored on this device, Cache Storage is
 * cleared and the new version takes over with a reload. IndexedDB (the outbox, the local rows) and the session are
 * never cleared, and nothing is reloaded while an outbox is sending (this tab's, another tab's or the service
 * worker's Background Sync): the bust waits for the next check instead, 20 s later.
 *
 * The device must never be left without a whole copy of the app it can open offline (the bay's Wi-Fi may drop the
 * moment after the check). So the new build's worker is installed first — its install precaches the new build
 * beside the old — and only then is every cache cleared but that precache, and the new worker takes over (its
 * activation deletes the old build's entries from the precache) with a reload. If the new worker cannot be
 * installed now (the link dropped), nothing is cleared and the next check tries again: the old build keeps working.
 */
export const BUILD_KEY = 'baybook.build';
/** Per tab: the live build this tab already reloaded for, so a tab that still gets the old code reloads once, not forever. */
const RELOADED_KEY = 'baybook.reloadedFor';
export const CURRENT_BUILD: string = typeof __BUILD__ === 'string' ? __BUILD__ : 'dev';

let outboxBusy: () => boolean = () => false;
export function setOutboxBusyProvider(fn: () => boolean) {
  outboxBusy = fn;
}

export async function liveBuild(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchImpl('/build-meta.json', { cache: 'no-store' });
    if (!res.ok) return null;
    const meta = (await res.json()) as { build?: string };
    return typeof meta.build === 'string' ? meta.build : null;
  } catch {
    return null; // offline: keep running the build we have
  }
}

/** True while any context of this origin (this tab, another tab, the service worker) holds an outbox lock. */
async function anyOutboxSending(): Promise<boolean> {
  if (outboxBusy()) return true;
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks?.query) return false;
  try {
    const { held = [] } = await locks.query();
    return held.some((l) => l.name?.startsWith('baybook-outbox'));
  } catch {
    return false;
  }
}

async function waitForIdleOutbox(maxMs: number): Promise<boolean> {
  const until = Date.now() + maxMs;
  for (;;) {
    if (!(await anyOutboxSending())) return true;
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The service worker's precache (Workbox's `workbox-precache-v2-<scope>`): replaced whole by a new worker, never cleared here. */
export const PRECACHE_PREFIX = 'workbox-precache-';

/** Every cache but the precache; returns how many were deleted. */
export async function clearCaches(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const names = (await caches.keys()).filter((n) => !n.startsWith(PRECACHE_PREFIX));
  await Promise.all(names.map((n) => caches.delete(n)));
  return names.length;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Asks the browser for the live `sw.js` and waits until a new worker (if there is one) has installed — precached
 * the new build — and waits to take over. 'none': the live worker is the one running; 'failed': a new worker could
 * not be installed (no link, a failed download), or not within `waitMs`.
 */
async function installLiveWorker(waitMs: number): Promise<{ worker: ServiceWorker } | 'none' | 'failed'> {
  const sw = globalThis.navigator?.serviceWorker;
  const reg = await sw?.getRegistration?.().catch(() => undefined);
  if (!reg) return 'none';
  try {
    await reg.update();
  } catch {
    return 'failed';
  }
  const until = Date.now() + waitMs;
  for (;;) {
    if (reg.waiting) return { worker: reg.waiting };
    if (!reg.installing) return 'none';
    if (Date.now() >= until) return 'failed';
    await sleep(250);
  }
}

/** Lets the waiting worker take over and resolves once it controls this page (or after `maxMs`). */
function activate(worker: ServiceWorker, maxMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const sw = globalThis.navigator?.serviceWorker;
    const done = () => {
      sw?.removeEventListener?.('controllerchange', done);
      resolve();
    };
    sw?.addEventListener?.('controllerchange', done);
    setTimeout(done, maxMs);
    worker.postMessage({ type: 'SKIP_WAITING' });
  });
}

export type BuildCheckResult = 'same' | 'offline' | 'busted' | 'cleared' | 'reloaded' | 'deferred';

export interface BuildCheckDeps {
  reload?: () => void;
  fetchImpl?: typeof fetch;
  /** How long to wait for a sending outbox before leaving the bust to the next check. */
  waitMs?: number;
  /** How long the new worker may take to install (download the new build) before the next check tries again. */
  installMs?: number;
}

/**
 * One check. 'busted': a new build was found and installed, the other caches cleared, the new worker took over and
 * the page is reloading.
 * 'cleared': this page already runs the live build (the update prompt's Reload): the other caches were cleared, no reload.
 * 'reloaded': another tab already busted for this build but this tab still runs the old code: it reloads (once).
 * 'deferred': an outbox is sending, or the new build could not be installed yet; the next check tries again.
 */
export async function checkBuild(deps: BuildCheckDeps = {}): Promise<BuildCheckResult> {
  const { reload = () => window.location.reload(), fetchImpl = fetch, waitMs = 60_000, installMs = 120_000 } = deps;
  const live = await liveBuild(fetchImpl);
  if (!live) return 'offline';
  const stored = localStorage.getItem(BUILD_KEY) ?? CURRENT_BUILD;
  if (live === stored) {
    localStorage.setItem(BUILD_KEY, live);
    if (live === CURRENT_BUILD || sessionStorage.getItem(RELOADED_KEY) === live) return 'same';
    // another tab stored the live build (and cleared the caches): this tab's code is older than what is served
    if (!(await waitForIdleOutbox(waitMs))) return 'deferred';
    sessionStorage.setItem(RELOADED_KEY, live);
    reload();
    return 'reloaded';
  }
  if (!(await waitForIdleOutbox(waitMs))) return 'deferred';
  const next = await installLiveWorker(installMs);
  if (next === 'failed') return 'deferred'; // keep the whole old build rather than half of the new one
  if (!(await waitForIdleOutbox(waitMs))) return 'deferred'; // something started sending while it installed
  await clearCaches();
  // stored before reloading, so a reload that still runs the old code does not bust again
  localStorage.setItem(BUILD_KEY, live);
  sessionStorage.setItem(RELOADED_KEY, live);
  if (next !== 'none') await activate(next.worker);
  // already running the live build (the prompt's Reload brought it): its worker's precache is current, no reload
  if (next === 'none' && live === CURRENT_BUILD) return 'cleared';
  reload();
  return 'busted';
}

/**
 * A check on start and every `intervalMs`; a check that was deferred (an outbox sending, the new build not yet
 * installed) tries again after `retryMs` instead of leaving the tablet on the old build for the whole interval.
 * One check at a time.
 */
export function startBuildChecks({
  intervalMs = 5 * 60_000,
  retryMs = 20_000,
  ...deps
}: BuildCheckDeps & { intervalMs?: number; retryMs?: number } = {}): () => void {
  let running = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    if (running) return;
    running = true;
    clearTimeout(retry);
    try {
      if ((await checkBuild(deps)) === 'deferred') retry = setTimeout(() => void run(), retryMs);
    } finally {
      running = false;
    }
  };
  void run();
  const t = setInterval(() => void run(), intervalMs);
  return () => {
    clearInterval(t);
    clearTimeout(retry);
  };
}
