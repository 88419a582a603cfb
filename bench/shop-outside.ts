import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { SyncEntityName } from '../src/domain/sync';
import { freshPostgres } from '../tests/helpers/server';
import { spawnProduct, type Product } from '../tests/helpers/product';
import { customerAt } from './shop/data';
import { menuToCustomers, plateSearch } from './shop/customersScreen';
import { buildApp, openBrowser, startProduct } from './shop/device';
import { hasRows, jobSearches, openJob, search, shownIds } from './shop/jobsScreen';
import { seedServer, shopOf, type ShopSize } from './shop/server';
import { CLICK_MENU, median, timed } from './shop/timing';
import { LONG_TASKS, TILES_SHOWN, countRows, longestTasks, readLocal } from './shop/watch';

/**
 * `npx tsx bench/shop-outside.ts` (issue 35): BayBook as a shop meets it, measured from outside.
 *   - a server seeded with a shop (bench/shop/server.ts: two jobs per customer, an invoice per five, 0.17 payments
 *     per customer) on PostgreSQL when DATABASE_URL is set (a fresh database made in it), else on PGlite;
 *   - a fresh Chromium profile signs in through the login screen; first sync is from the click on Login until the
 *     device's pull has finished (its `lastPull`) and its tables hold every row the server has (IndexedDB
 *     counts), with the longest main-thread task in that time (PerformanceObserver 'longtask' in the page);
 *   - then each interaction from the click (or the search box's change) until the final content is on screen:
 *     Customers (menu click → rows), a plate search (→ only matches), the job table's search (→ only matches, plate
 *     prefixes and surnames in turn), open a job (→ its panel with the clock), the Dashboard (menu click → the four
 *     tiles counted, the finance figures and the tile's table). Medians of BENCH_RUNS after one warm-up, each with
 *     the machine's load average (os.loadavg, 1 minute) before and after its runs: the machine is shared.
 *   - at each CPU rate of BENCH_CPU (default 1,4): Chromium's throttling of the page (CDP
 *     Emulation.setCPUThrottlingRate), which slows neither the pull's worker nor the storage process.
 * Env: BENCH_CUSTOMERS (default 5,000; BAYBOOK_BENCH_FULL=1: the issue's 50,000 customers, 100,000 jobs),
 * BENCH_RUNS (default 5; 28 at full size), BENCH_CPU (1,4), BENCH_SYNC_CPU=4 (a second first sync in another fresh
 * profile with the page throttled so), BAYBOOK_BENCH_DIST (a built app; default: build the working tree).
 * Prints figures only, never passes or fails on time (budgets and recorded runs: docs/PERFORMANCE.md).
 */
const full = process.env.BAYBOOK_BENCH_FULL === '1';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? (full ? 50_000 : 5000));
const RUNS = Number(process.env.BENCH_RUNS ?? (full ? 28 : 5));
const RATES = (process.env.BENCH_CPU ?? '1,4').split(',').map(Number);
const SYNC_RATE = Number(process.env.BENCH_SYNC_CPU ?? 0);
const ADMIN = { username: 'admin', password: 'bench-admin-pw' };

const load = () => loadavg()[0]!;
/** a figure: its runs in ms and the load average before and after them */
interface Figure {
  ms: number[];
  load: [number, number];
}
const show = ({ ms, load: [a, b] }: Figure) =>
  `${median(ms).toFixed(0)} ms (load ${Math.min(a, b).toFixed(1)}–${Math.max(a, b).toFixed(1)})`;

/** The seeded server: PGlite on a fresh data dir, or a fresh database in DATABASE_URL's PostgreSQL (dropped after). */
async function seededServer(
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

const throttle = async (page: Page, rate: number) =>
  (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });

/** The server's rows of each entity, as the device's counters should hold them once everything is local. */
const expected = (shop: ShopSize): [SyncEntityName, number][] => [
  ['customers', shop.customers],
  ['jobs', shop.jobs],
  ['invoices', shop.invoices],
  ['transactions', shop.payments],
];

/** Sign-in → all rows local on `page` (a fresh profile's), at `rate`× CPU; returns the figures' line. */
async function firstSync(page: Page, url: string, shop: ShopSize, changes: number, rate: number): Promise<string> {
  await page.context().addInitScript(LONG_TASKS);
  await throttle(page, rate);
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  const load0 = load();
  const clicked = await page.evaluate(() => Date.now());
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  // done once the pull has finished (`lastPull`) and the device's tables hold every row the server has
  const want = expected(shop);
  for (let counts: number[] = []; ; await page.waitForTimeout(250)) {
    if (Date.now() - t0 > 3_600_000) throw new Error(`the first sync did not finish within an hour: ${counts.join()}`);
    if (!(await readLocal(page, 'meta', 'lastPull').catch(() => undefined))) continue;
    counts = await countRows(
      page,
      want.map(([e]) => e),
    );
    if (want.every(([, n], k) => counts[k]! >= n)) break;
  }
  const s = (Date.now() - t0) / 1000;
  const longest = await longestTasks(page, clicked);
  return `${s.toFixed(1)} s (${Math.round(changes / s)} rows/s); longest main-thread task ${longest.during.toFixed(0)} ms, ${longest.count} tasks ≥ 50 ms (load ${load0.toFixed(1)}–${load().toFixed(1)})`;
}

/** A fresh Chromium profile's page (its browser closed by `ctx.close()`). */
async function freshPage(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await openBrowser();
  return { ctx, page: await ctx.newPage() };
}

/** `runs` times `one(i)` after one warm-up (i = 0), with the load before and after. */
async function measure(one: (i: number) => Promise<number>): Promise<Figure> {
  const before = load();
  const ms: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const t = await one(i);
    if (i > 0) ms.push(t);
  }
  return { ms, load: [before, load()] };
}

/** Menu click → Add Customer's form (untimed), then the timed menu click → `done`. */
async function fromAddCustomer(page: Page, to: string, done: string): Promise<number> {
  await timed(page, CLICK_MENU, `return !!document.querySelector('form input')`, 'Add Customer');
  await page.waitForTimeout(300);
  const ms = await timed(page, CLICK_MENU, done, to);
  await page.waitForTimeout(300);
  return ms;
}

/** Every interaction of the table at the page's current CPU rate. */
async function interactions(page: Page, customers: number): Promise<Record<string, Figure>> {
  const out: Record<string, Figure> = {};
  const floor: number[] = [];
  out['Customers, menu click → rows'] = await measure(async () => {
    const [form, rows] = await menuToCustomers(page);
    floor.push(form);
    return rows;
  });
  out['reference: menu click → Add Customer form (reads nothing)'] = {
    ...out['Customers, menu click → rows']!,
    ms: floor.slice(1),
  };
  out['plate search → only matches'] = await measure((i) =>
    plateSearch(page, customerAt(Math.floor(((i + 1) * customers) / (RUNS + 2))).registration.slice(0, 4)),
  );
  await timed(
    page,
    CLICK_MENU,
    `return !!document.querySelector('[data-testid="table-Service Requests"] tbody tr[data-row-id]')`,
    'Jobs',
  );
  await hasRows(page);
  await page.waitForTimeout(500);
  const unfiltered = await shownIds(page);
  out['job table search (plate prefix, surname)'] = await measure((i) => {
    const q = jobSearches({ from: 0, size: customers }, i, RUNS);
    return search(page, i % 2 ? q.surname! : q['plate prefix']!, unfiltered);
  });
  const shown = unfiltered.split(',').length;
  out['open a job'] = await measure((i) => openJob(page, i % shown));
  out['Dashboard, menu click → tiles, table, money'] = await measure(() =>
    fromAddCustomer(page, 'Dashboard', TILES_SHOWN),
  );
  return out;
}

function printTable(sync: string[], byRate: Map<number, Record<string, Figure>>) {
  const rates = [...byRate.keys()];
  console.log(`\nmedians of ${RUNS} after one warm-up, load average (1 min) beside each, ${CUSTOMERS} customers:`);
  console.log(`| interaction | ${rates.map((r) => `${r}× CPU (page)`).join(' | ')} |`);
  console.log(`|---|${rates.map(() => '---|').join('')}`);
  for (const name of Object.keys(byRate.get(rates[0]!) ?? {}))
    console.log(`| ${name} | ${rates.map((r) => show(byRate.get(r)![name]!)).join(' | ')} |`);
  for (const line of sync) console.log(`| ${line} |`);
}

async function main() {
  const dist = process.env.BAYBOOK_BENCH_DIST ?? buildApp();
  const shop = shopOf(CUSTOMERS);
  const server = await seededServer(dist, shop);
  const { url } = server.product;
  const opened: BrowserContext[] = [];
  try {
    const { ctx, page } = await freshPage();
    opened.push(ctx);
    const sync = [`first sync, sign-in → all rows local, 1× | ${await firstSync(page, url, shop, server.changes, 1)}`];
    console.log(sync[0]);
    await page
      .getByText(/^Synced /)
      .first()
      .waitFor({ timeout: 60_000 });
    // the interactions on the device that has just synced
    const byRate = new Map<number, Record<string, Figure>>();
    for (const rate of RATES) {
      await throttle(page, rate);
      byRate.set(rate, await interactions(page, CUSTOMERS));
      for (const [name, f] of Object.entries(byRate.get(rate)!))
        console.log(`  ${rate}×: ${name}: ${show(f)} (${f.ms.map((x) => x.toFixed(0)).join(', ')})`);
    }
    if (SYNC_RATE > 1) {
      const slow = await freshPage();
      opened.push(slow.ctx);
      sync.push(
        `first sync at ${SYNC_RATE}× (page only) | ${await firstSync(slow.page, url, shop, server.changes, SYNC_RATE)}`,
      );
      console.log(sync[1]);
    }
    printTable(sync, byRate);
  } finally {
    for (const ctx of opened) await ctx.close();
    await server.end();
  }
}

await main();
