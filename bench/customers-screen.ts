import { parseArgs } from 'node:util';
import { customerAt } from './shop/data';
import { buildApp, openBrowser, seedShop, signIn, startProduct } from './shop/device';
import { menuToCustomers, plateSearch } from './shop/customersScreen';
import { fmt } from './shop/timing';

/**
 * `npx tsx bench/customers-screen.ts [--dist DIR] [--sizes 5000,20000,50000] [--runs 7]`: the Customers screen in
 * Chromium on a device holding a shop's rows (two jobs per customer), timed inside the page:
 *   - menu click → customer rows shown: from the click on "Customers" in the main menu (coming from Add Customer)
 *     to the first table rows in the DOM; beside it, the click on "Add Customer" → its form, a screen that reads
 *     nothing: what any screen change costs on this machine, the floor under the first figure;
 *   - plate-prefix search → only matches shown: from the search box's change (e.g. "KM 4") to a table whose every
 *     row's registration (or VIN: the shop search matches a VIN's start too) starts with it.
 * Medians of `--runs` after one warm-up each. Without --dist it builds the working tree. Prints figures only
 * (docs/PERFORMANCE.md records them); budget ≤ 50 ms for both at any size.
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
    have = size;
    const seeded = ((Date.now() - t) / 1000).toFixed(0);
    await page.reload();
    await page
      .getByText(/^Synced /)
      .first()
      .waitFor({ timeout: 60_000 });
    const menu: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const [form, rows] = await menuToCustomers(page);
      if (i === 0) continue; // the warm-up
      menu.push(rows);
      floor.push(form);
    }
    const search: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      // a prefix of a customer's plate as staff type it: two letters, the space, a digit
      const prefix = customerAt(Math.floor(((i + 1) * size) / (RUNS + 2))).registration.slice(0, 4);
      const ms = await plateSearch(page, prefix);
      if (i > 0) search.push(ms);
    }
    console.log(`${size} customers, ${size * 2} jobs (seeded in ${seeded} s):`);
    console.log(`  menu click → rows shown: ${fmt(menu)}`);
    console.log(`  (reference: menu click → Add Customer form, a screen that reads nothing: ${fmt(floor)})`);
    console.log(`  plate prefix search → only matches: ${fmt(search)}`);
  }
} finally {
  await ctx.close();
  await server.stop();
}
