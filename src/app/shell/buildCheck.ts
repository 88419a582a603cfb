/**
 * Build-number cache busting (SPEC §4): the app reads the live build number from /build-meta.json (served
 * no-cache) on start and every 5 minutes. When it differs from the one stored on this device, Cache Storage is
 * cleared and the new version takes over with a reload. IndexedDB (the outbox, the local rows) and the session are
 * never cleared, and nothing is reloaded while an outbox is sending (this tab's, another tab's or the service
 * worker's Background Sync): the bust waits for the next check instead.
 *
 * Clearing Cache Storage empties the service worker's precache too, and Workbox does not refill it on a miss, so
 * the worker that cached the old build is unregistered with it: the reload then runs without a worker, registers
 * the live `sw.js` afresh, and its install precaches the new build — after one online start the app opens offline
 * again (tests/e2e/shell.test.ts).
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

export async function clearCaches(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const names = await caches.keys();
  await Promise.all(names.map((n) => caches.delete(n)));
  return names.length;
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

async function unregisterWorkers() {
  const regs = (await navigator.serviceWorker?.getRegistrations?.().catch(() => [])) ?? [];
  await Promise.all(regs.map((r) => r.unregister().catch(() => false)));
}

export type BuildCheckResult = 'same' | 'offline' | 'busted' | 'reloaded' | 'deferred';

export interface BuildCheckDeps {
  reload?: () => void;
  fetchImpl?: typeof fetch;
  /** How long to wait for a sending outbox before leaving the bust to the next check. */
  waitMs?: number;
}

/**
 * One check. 'busted': a new build was found, caches cleared, the worker unregistered and the page is reloading.
 * 'reloaded': another tab already busted for this build but this tab still runs the old code: it reloads (once).
 * 'deferred': an outbox is sending; the next check tries again.
 */
export async function checkBuild(deps: BuildCheckDeps = {}): Promise<BuildCheckResult> {
  const { reload = () => window.location.reload(), fetchImpl = fetch, waitMs = 60_000 } = deps;
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
  await clearCaches();
  await unregisterWorkers();
  // stored before reloading, so a reload that still runs the old code does not bust again
  localStorage.setItem(BUILD_KEY, live);
  sessionStorage.setItem(RELOADED_KEY, live);
  reload();
  return 'busted';
}

export function startBuildChecks(intervalMs = 5 * 60_000): () => void {
  void checkBuild();
  const t = setInterval(() => void checkBuild(), intervalMs);
  return () => clearInterval(t);
}
