import type { CDPSession, Page } from 'playwright-core';

/**
 * The device's memory and storage as the outside bench reads them (issue 35: JS heap ≤ 150 MB after the first sync
 * and after an hour of use, the IndexedDB footprint measured):
 *   - the page's JS heap: V8's used heap of the page's main thread, CDP Performance.getMetrics JSHeapUsedSize, before
 *     and after a forced collection (CDP HeapProfiler.collectGarbage), the second being what the page really keeps.
 *     performance.measureUserAgentSpecificMemory would count the workers too but needs a cross-origin isolated page,
 *     which BayBook is not (no COOP/COEP headers).
 *   - the pull worker's heap: the page's dedicated worker, reached as a CDP child target of the page (Target.
 *     setAutoAttach in non-flat mode: its commands go through Target.sendMessageToTarget), Runtime.getHeapUsage after
 *     a forced collection;
 *   - storage: navigator.storage.estimate() in the page, its usage and Chromium's usageDetails.indexedDB.
 */

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** The page's used JS heap in bytes. */
async function pageHeap(cdp: CDPSession): Promise<number> {
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
}

type Ask = (method: string) => Promise<{ usedSize?: number }>;

/** A way to send commands to the page's pull worker through `cdp`, or undefined if it has none within 3 s. */
async function workerOf(cdp: CDPSession): Promise<Ask | undefined> {
  const attached = new Promise<string | undefined>((resolve) => {
    const none = setTimeout(() => resolve(undefined), 3000);
    cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
      if (targetInfo.type === 'worker' && /pull/i.test(`${targetInfo.url} ${targetInfo.title}`))
        resolve((clearTimeout(none), sessionId));
    });
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const sessionId = await attached;
  if (!sessionId) return undefined;
  const waiting = new Map<number, (reply: { result?: { usedSize?: number }; error?: { message: string } }) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    if (e.sessionId !== sessionId) return;
    const reply = JSON.parse(e.message) as { id?: number; result?: { usedSize?: number }; error?: { message: string } };
    if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
  });
  let next = 1;
  return (method) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, (reply) => (reply.error ? reject(new Error(reply.error.message)) : resolve(reply.result ?? {})));
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(reject);
    });
}

/** The pull worker's used heap after a forced collection, in bytes; undefined where it cannot be reached. */
async function workerHeap(cdp: CDPSession): Promise<number | undefined> {
  try {
    const ask = await workerOf(cdp);
    if (!ask) return undefined;
    await ask('HeapProfiler.collectGarbage');
    return (await ask('Runtime.getHeapUsage')).usedSize;
  } catch {
    return undefined;
  }
}

/** The origin's storage as the page's navigator.storage.estimate() gives it (Chromium adds usageDetails). */
const storageOf = (page: Page) =>
  page.evaluate(async () => {
    const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
    return { usage: e.usage ?? 0, quota: e.quota ?? 0, indexedDB: e.usageDetails?.indexedDB };
  });

/** The page's heap (before and after a forced GC), the pull worker's heap and the origin's storage, as one line. */
export async function memoryLine(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const before = await pageHeap(cdp);
    await cdp.send('HeapProfiler.collectGarbage');
    const after = await pageHeap(cdp);
    const worker = await workerHeap(cdp);
    const disk = await storageOf(page);
    return [
      `page JS heap ${mb(before)}, ${mb(after)} after a forced GC (CDP Performance.getMetrics JSHeapUsedSize)`,
      `pull worker heap ${worker === undefined ? 'not reached' : mb(worker)} after GC (CDP Runtime.getHeapUsage)`,
      `storage ${mb(disk.usage)} used, IndexedDB ${disk.indexedDB === undefined ? '?' : mb(disk.indexedDB)} (navigator.storage.estimate; quota ${mb(disk.quota)})`,
    ].join('; ');
  } finally {
    await cdp.detach();
  }
}
