import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { buildApp, openBrowser } from './shop/device';
import { memoryLine } from './shop/memory';
import { interactions, show, type Figure } from './shop/outsideRounds';
import { firstSync, load, seededServer, throttlePage } from './shop/outsideSync';
import { shopOf, type ShopSize } from './shop/server';
import { throttleWholeBrowser } from './shop/wholeBrowserThrottle';

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
 *   - memory and storage after the first sync and after the rounds (bench/shop/memory.ts: the page's and the pull
 *     worker's JS heap, navigator.storage.estimate).
 * Env: BENCH_CUSTOMERS (default 5,000; BAYBOOK_BENCH_FULL=1: the issue's 50,000 customers, 100,000 jobs),
 * BENCH_RUNS (default 5; 28 at full size), BENCH_CPU (1,4), BENCH_SYNC_CPU=4 (a second first sync in another fresh
 * profile with the page throttled so), BENCH_SYNC_WHOLE=4,6 (a first sync in another fresh profile for each factor,
 * every process of the browser slowed so: bench/shop/wholeBrowserThrottle.ts), BENCH_SESSION_MIN=N (after the
 * rounds, N more minutes of rounds at 1×, the heap after a forced GC printed every minute), BAYBOOK_BENCH_DIST (a
 * built app; default: build the working tree).
 * Prints figures only, never passes or fails on time (budgets and recorded runs: docs/PERFORMANCE.md).
 */
const full = process.env.BAYBOOK_BENCH_FULL === '1';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? (full ? 50_000 : 5000));
const RUNS = Number(process.env.BENCH_RUNS ?? (full ? 28 : 5));
const RATES = (process.env.BENCH_CPU ?? '1,4').split(',').map(Number);
const SYNC_RATE = Number(process.env.BENCH_SYNC_CPU ?? 0);
const SYNC_WHOLE = (process.env.BENCH_SYNC_WHOLE ?? '').split(',').filter(Boolean).map(Number);
const SESSION_MIN = Number(process.env.BENCH_SESSION_MIN ?? 0);

interface Server {
  url: string;
  shop: ShopSize;
  changes: number;
}

/** A fresh Chromium profile's page (its browser closed by `ctx.close()`), and the profile's folder. */
async function freshPage(): Promise<{ ctx: BrowserContext; page: Page; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'baybook-bench-chromium-'));
  const ctx = await openBrowser(profile);
  return { ctx, page: await ctx.newPage(), profile };
}

/**
 * A first sync in another fresh profile at `factor`× CPU: the page's main thread only (CDP), or `whole`, every
 * process of its browser slowed; the figures' line.
 */
async function slowSync({ url, shop, changes }: Server, factor: number, whole: boolean): Promise<string> {
  const { ctx, page, profile } = await freshPage();
  const throttle = whole ? throttleWholeBrowser(profile, factor) : undefined;
  try {
    const line = await firstSync(page, url, shop, changes, whole ? 1 : factor);
    return `first sync at ${factor}× (${throttle ? `whole browser: ${throttle.how}` : 'page only'}) | ${line}`;
  } finally {
    throttle?.stop();
    await ctx.close();
  }
}

/** BENCH_SESSION_MIN minutes of interaction rounds at 1×, the memory line after each minute's round. */
async function longSession(page: Page) {
  await throttlePage(page, 1);
  const t0 = Date.now();
  console.log(`long session, ${SESSION_MIN} min of rounds at 1×: 0 min: ${await memoryLine(page)}`);
  for (let minute = 1, rounds = 0; Date.now() - t0 < SESSION_MIN * 60_000;) {
    await interactions(page, CUSTOMERS, RUNS);
    rounds++;
    const at = (Date.now() - t0) / 60_000;
    if (at < minute && at < SESSION_MIN) continue;
    minute = Math.floor(at) + 1;
    console.log(`  ${at.toFixed(1)} min, ${rounds} rounds (load ${load().toFixed(1)}): ${await memoryLine(page)}`);
  }
}

function printTable(sync: string[], byRate: Map<number, Record<string, Figure>>, memory: string[]) {
  const rates = [...byRate.keys()];
  console.log(`\nmedians of ${RUNS} after one warm-up, load average (1 min) beside each, ${CUSTOMERS} customers:`);
  console.log(`| interaction | ${rates.map((r) => `${r}× CPU (page)`).join(' | ')} |`);
  console.log(`|---|${rates.map(() => '---|').join('')}`);
  for (const name of Object.keys(byRate.get(rates[0]!) ?? {}))
    console.log(`| ${name} | ${rates.map((r) => show(byRate.get(r)![name]!)).join(' | ')} |`);
  for (const line of sync) console.log(`| ${line} |`);
  for (const line of memory) console.log(line);
}

/** The first sync at 1× on a fresh profile and the rounds at each rate on it; the first sync's and memory lines. */
async function run(server: Server, byRate: Map<number, Record<string, Figure>>) {
  const { ctx, page } = await freshPage();
  try {
    const { url, shop, changes } = server;
    const sync = `first sync, sign-in → all rows local, 1× | ${await firstSync(page, url, shop, changes, 1)}`;
    console.log(sync);
    await page
      .getByText(/^Synced /)
      .first()
      .waitFor({ timeout: 60_000 });
    const memory = [`after the first sync: ${await memoryLine(page)}`];
    console.log(memory[0]);
    // the interactions on the device that has just synced
    for (const rate of RATES) {
      await throttlePage(page, rate);
      byRate.set(rate, await interactions(page, CUSTOMERS, RUNS));
      for (const [name, f] of Object.entries(byRate.get(rate)!))
        console.log(`  ${rate}×: ${name}: ${show(f)} (${f.ms.map((x) => x.toFixed(0)).join(', ')})`);
    }
    memory.push(`after the rounds (${RATES.join('×, ')}×): ${await memoryLine(page)}`);
    console.log(memory[1]);
    if (SESSION_MIN > 0) await longSession(page);
    return { sync, memory };
  } finally {
    await ctx.close();
  }
}

async function main() {
  const dist = process.env.BAYBOOK_BENCH_DIST ?? buildApp();
  const shop = shopOf(CUSTOMERS);
  const server = await seededServer(dist, shop);
  const at = { url: server.product.url, shop, changes: server.changes };
  try {
    const byRate = new Map<number, Record<string, Figure>>();
    const { sync, memory } = await run(at, byRate);
    const lines = [sync];
    // each in its own fresh profile, the synced device's browser closed
    const slow = [
      ...(SYNC_RATE > 1 ? [{ factor: SYNC_RATE, whole: false }] : []),
      ...SYNC_WHOLE.map((factor) => ({ factor, whole: true })),
    ];
    for (const { factor, whole } of slow) {
      lines.push(await slowSync(at, factor, whole));
      console.log(lines.at(-1));
    }
    printTable(lines, byRate, memory);
  } finally {
    await server.end();
  }
}

await main();
