/**
 * Build-number cache busting (SPEC §4): the app reads the live build number from /build-meta.json (served
 * no-cache) on start and every 5 minutes. When it differs from the one stored on this device, Cache Storage is
 * cleared and the new version takes over with a reload. IndexedDB (the outbox, the local rows) and the session are
 * never cleared, and the reload waits while the outbox is sending.
 */
export const BUILD_KEY = 'baybook.build';
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

async function waitForIdleOutbox(maxMs = 60_000) {
  const until = Date.now() + maxMs;
  while (outboxBusy() && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
}

/** Returns true when a new build was found and the page is being reloaded into it. */
export async function checkBuild(reload: () => void = () => window.location.reload()): Promise<boolean> {
  const live = await liveBuild();
  const stored = localStorage.getItem(BUILD_KEY) ?? CURRENT_BUILD;
  if (!live || live === stored) {
    if (live) localStorage.setItem(BUILD_KEY, live);
    return false;
  }
  await waitForIdleOutbox();
  await clearCaches();
  const reg = await navigator.serviceWorker?.getRegistration();
  reg?.waiting?.postMessage('SKIP_WAITING');
  await reg?.update().catch(() => undefined);
  // stored before reloading, so a reload that still runs the old code does not bust again
  localStorage.setItem(BUILD_KEY, live);
  reload();
  return true;
}

export function startBuildChecks(intervalMs = 5 * 60_000): () => void {
  void checkBuild();
  const t = setInterval(() => void checkBuild(), intervalMs);
  return () => clearInterval(t);
}
