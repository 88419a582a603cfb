import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { SyncEntityName } from '../../src/domain/sync';
import { freshPostgres } from '../../tests/helpers/server';
import { spawnProduct, type Product } from '../../tests/helpers/product';
import { ADMIN, startProduct } from './device';
import { seedServer, type ShopSize } from './server';
import { LONG_TASKS, countRows, longestTasks, readLocal } from './watch';

/** The outside bench's server and first sync (bench/shop-outside.ts): a seeded shop, then sign-in → all rows local. */

/** the machine's load average over the last minute: the machine is shared, every figure carries it */
export const load = () => loadavg()[0]!;

/** The seeded server: PGlite on a fresh data dir, or a fresh database in DATABASE_URL's PostgreSQL (dropped after). */
export async function seededServer(
  dist: string,
  shop: ShopSize,
): Promise<{ product: Product; changes: number; end(): Promise<void> }> {
  const t = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'baybook-bench-shop-'));
  const pg = process.env.DATABASE_URL ? await freshPostgres('baybook_outside') : undefined;
  const changes = await seedServer(pg ? { databaseUrl: pg.url } : dataDir, shop);
  if (pg) {
    // as autovacuum long since has in a running shop (a GIN index filled after its creation keeps a pending list)
    const { default: pgc } = await import('pg');
    const client = new pgc.Client({ connectionString: pg.url });
    await client.connect();
    await client.query('vacuum analyze');
    await client.end();
  }
  console.log(
    `${shop.customers} customers, ${shop.jobs} jobs, ${shop.invoices} invoices, ${shop.payments} payments: ${changes} changes on ${pg ? 'PostgreSQL' : 'PGlite'} (seeded in ${((Date.now() - t) / 1000).toFixed(0)} s)`,
  );
  const product = pg
    ? await spawnProduct({ dist, admin: ADMIN, dataDir, env: { DATABASE_URL: pg.url } })
    : await startProduct(dist, dataDir);
  return { product, changes, end: async () => (await product.stop(), await pg?.drop()) };
}

/** Chromium's throttling of the page's main thread (not its workers, not the browser's other processes). */
export const throttlePage = async (page: Page, rate: number) =>
  (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });

/** The server's rows of each entity, as the device's counters should hold them once everything is local. */
const expected = (shop: ShopSize): [SyncEntityName, number][] => [
  ['customers', shop.customers],
  ['jobs', shop.jobs],
  ['invoices', shop.invoices],
  ['transactions', shop.payments],
];

/**
 * A first sync that has not begun this long after the click (no row on the device, no pull finished) never will: on
 * a whole browser slowed 4×, the sign-in's session (meta.session) sometimes never reached the device, and without it
 * no cycle pulls, while the screen said "All changes on the server".
 */
const STALLED_MS = 120_000;

/** Waits until the pull has finished (`lastPull`) and the device's tables hold every row the server has. */
async function allLocal(page: Page, shop: ShopSize, t0: number): Promise<'done' | 'stalled'> {
  const want = expected(shop);
  const stores = want.map(([e]) => e);
  for (let counts: number[] = [], looked = false; ; await page.waitForTimeout(250)) {
    if (Date.now() - t0 > 3_600_000) throw new Error(`the first sync did not finish within an hour: ${counts.join()}`);
    if (!(await readLocal(page, 'meta', 'lastPull').catch(() => undefined))) {
      if (looked || Date.now() - t0 < STALLED_MS) continue;
      looked = true;
      if ((await countRows(page, stores)).every((n) => n === 0)) return 'stalled';
      continue;
    }
    counts = await countRows(page, stores);
    if (want.every(([, n], k) => counts[k]! >= n)) return 'done';
  }
}

/**
 * Sign-in → all rows local on `page` (a fresh profile's), at `rate`× CPU for the page; returns the figures' line, or
 * why there are none.
 */
export async function firstSync(
  page: Page,
  url: string,
  shop: ShopSize,
  changes: number,
  rate: number,
): Promise<string> {
  await page.context().addInitScript(LONG_TASKS);
  await throttlePage(page, rate);
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  const load0 = load();
  const clicked = await page.evaluate(() => Date.now());
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  if ((await allLocal(page, shop, t0)) === 'stalled') {
    const session = await readLocal(page, 'meta', 'session');
    return `stalled: no row on the device ${((Date.now() - t0) / 1000).toFixed(0)} s after the click, no pull begun; meta.session ${session ? 'set' : 'missing'} (load ${load0.toFixed(1)}–${load().toFixed(1)})`;
  }
  const s = (Date.now() - t0) / 1000;
  const longest = await longestTasks(page, clicked);
  return `${s.toFixed(1)} s (${Math.round(changes / s)} rows/s); longest main-thread task ${longest.during.toFixed(0)} ms, ${longest.count} tasks ≥ 50 ms (load ${load0.toFixed(1)}–${load().toFixed(1)})`;
}
