import type { Page } from 'playwright-core';

/**
 * What the first-sync benchmarks read off the page from outside: the long main-thread tasks, the device's meta and
 * row counters (read beside Dexie, as the app stores them), and the Dashboard's final content.
 */

/** Keeps every long main-thread task (≥ 50 ms) as [start, ms], start in epoch ms, across page loads of the tab. */
export const LONG_TASKS = `new PerformanceObserver((list) => {
  const tasks = JSON.parse(sessionStorage.getItem('longTasks') ?? '[]');
  for (const e of list.getEntries()) tasks.push([performance.timeOrigin + e.startTime, e.duration]);
  sessionStorage.setItem('longTasks', JSON.stringify(tasks));
}).observe({ type: 'longtask', buffered: true });`;

/** The longest task that started at or after `since` (epoch ms), and the longest before it. */
export async function longestTasks(page: Page, since: number) {
  const tasks = JSON.parse(await page.evaluate(() => sessionStorage.getItem('longTasks') ?? '[]')) as [
    number,
    number,
  ][];
  const max = (xs: [number, number][]) => Math.max(0, ...xs.map(([, ms]) => ms));
  const during = tasks.filter(([at]) => at >= since);
  // the five longest, each at its second after the click: a freeze at the start (the app's first screen after the
  // login) is not the pull's, one every page is
  const top = [...during]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([at, ms]) => `${ms.toFixed(0)} ms at ${((at - since) / 1000).toFixed(1)} s`);
  return { during: max(during), before: max(tasks.filter(([at]) => at < since)), top, count: during.length };
}

/**
 * The value of `key` in the device's store `store` (`meta` rows keep it in `value`, `counters` rows in `n`), read
 * beside Dexie; undefined until the app has made its database.
 */
export const readLocal = (page: Page, store: 'meta' | 'counters', key: string) =>
  page.evaluate(
    ({ store, key }) =>
      new Promise<unknown>((done) => {
        void indexedDB.databases().then((dbs) => {
          if (!dbs.some((d) => d.name === 'baybook')) return done(undefined);
          const open = indexedDB.open('baybook');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains(store)) return (db.close(), done(undefined));
            const get = db.transaction(store).objectStore(store).get(key);
            get.onsuccess = () => {
              db.close();
              const row = get.result as { value?: unknown; n?: unknown } | undefined;
              done(store === 'meta' ? row?.value : row?.n);
            };
          };
          open.onerror = () => done(undefined);
        });
      }),
    { store, key },
  );

/** The rows each of `stores` holds on the device (IDBObjectStore.count), read beside Dexie. */
export const countRows = (page: Page, stores: string[]) =>
  page.evaluate(
    (stores) =>
      new Promise<number[]>((done, fail) => {
        const open = indexedDB.open('baybook');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(stores);
          const counts = stores.map(() => 0);
          stores.forEach((name, k) => {
            const count = tx.objectStore(name).count();
            count.onsuccess = () => (counts[k] = count.result);
          });
          tx.oncomplete = () => (db.close(), done(counts));
          tx.onerror = () => (db.close(), fail(tx.error));
        };
      }),
    stores,
  );

/** The device's meta row `key` (undefined until the app has made its database). */
export const readMeta = (page: Page, key: string) => readLocal(page, 'meta', key);

/** `done` for `timed`: the Dashboard's four job tiles counted, its finance figures summed and its job table shown. */
export const TILES_SHOWN = `const text = (id) => document.querySelector('[data-testid="' + id + '"]')?.textContent ?? '…';
  const tiles = ['active', 'received', 'complete', 'booked'].every((s) => text('tile-' + s + '-count') !== '…');
  const money = ['finance-sales-value', 'finance-labour-value', 'today-cash-value'].every((id) => text(id) !== '…');
  const table = document.querySelector('[data-testid="table-Active Customers"]');
  const rows = table?.querySelectorAll('tbody tr[data-row-id]').length ?? 0;
  return tiles && money && rows > 0;`;
