import { parseArgs } from 'node:util';
import { buildApp, openBrowser, seedShop, signIn, startProduct } from './shop/device';
import { jobsFigures } from './shop/jobsScreen';
import { fmt } from './shop/timing';

/**
 * `npx tsx bench/jobs-screen.ts [--dist DIR] [--sizes 5000,20000,50000] [--runs 7]`: the Jobs screen (the paged job
 * table, /view-request) in Chromium on a device holding a shop's rows (two jobs per customer: 100,000 jobs at 50,000
 * customers), timed inside the page (bench/shop/jobsScreen.ts says from what to what): menu click → job rows, the
 * table's search (a plate prefix, a surname, one character, a search matching nothing) → only matches, and open a job
 * (a row's expand button → its panel), beside the floor (menu click → Add Customer's form, a screen that reads
 * nothing). Medians of `--runs` after one warm-up each. Without --dist it builds the working tree. Prints figures only
 * (docs/PERFORMANCE.md records them); budgets: search ≤ 50 ms, open a job ≤ 30 ms, at any size.
 */
const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    sizes: { type: 'string', default: '5000,20000,50000' },
    runs: { type: 'string', default: '7' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const RUNS = Number(values.runs);

const dist = values.dist ?? buildApp();
const server = await startProduct(dist);
const ctx = await openBrowser();
try {
  const page = await ctx.newPage();
  await signIn(page, server.url);
  let have = 0;
  for (const size of SIZES) {
    const t = Date.now();
    await seedShop(page, { from: have, to: size, jobsPer: 2 });
    const shop = { from: have, size };
    have = size;
    const seeded = ((Date.now() - t) / 1000).toFixed(0);
    await page.reload();
    await page
      .getByText(/^Synced /)
      .first()
      .waitFor({ timeout: 60_000 });
    const f = await jobsFigures(page, shop, RUNS);
    console.log(`${size} customers, ${size * 2} jobs (seeded in ${seeded} s):`);
    console.log(`  (floor: menu click → Add Customer form, a screen that reads nothing: ${fmt(f.floor)})`);
    console.log(`  menu click → job rows: ${fmt(f.menu)}`);
    for (const [name, times] of Object.entries(f.search))
      console.log(`  search, ${name} → only matches: ${fmt(times)}`);
    console.log(`  open a job (expand → its panel): ${fmt(f.open)}`);
  }
} finally {
  await ctx.close();
  await server.stop();
}
