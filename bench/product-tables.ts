import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { newId } from '../src/domain/ids';
import { openLocalDb, type Row } from '../src/local/db';
import { writeRows } from '../src/local/rows';
import { productPages } from '../src/local/repositories/productPages';
import { nth } from '../tests/helpers/present';

/**
 * `npx tsx bench/product-tables.ts`: the Products table opening and searching at shop size (issue 13), the way the
 * screen read before version 6 (every live product in title order, and every supplier to name them; the table then
 * paged, sorted and searched them in memory) and now (one page through `[list_title+id]`, the total from
 * `rows:products`, the search from the `word_keys` prefix range). BENCH_PRODUCTS (5,000) products, one in twenty
 * deleted, 200 suppliers. fake-indexeddb in Node is several times slower than IndexedDB in a browser: compare the two
 * columns, not the figures with the browser's budgets.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const SUPPLIERS = 200;
const RUNS = 7;
const db = openLocalDb(`bench-products-${randomBytes(3).toString('hex')}`);
const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
const PARTS = ['Oil Filter', 'Brake Pad', 'Air Filter', 'Wiper Blade', 'Spark Plug', 'Fan Belt', 'Headlamp', 'Battery'];
const supplierIds = Array.from({ length: SUPPLIERS }, () => newId());

const product = (i: number): Row => ({
  id: newId(),
  title: `${PARTS[i % PARTS.length]} ${i}`,
  description: `Fits model ${i % 300}, pack of ${1 + (i % 4)}`,
  price: 500 + (i % 90) * 125,
  cost: 300 + (i % 90) * 75,
  stock: i % 40,
  low_stock: 5,
  barcode: `978${String(i).padStart(9, '0')}`,
  supplier: supplierIds[i % SUPPLIERS],
  deleted: i % 20 === 19,
  created_at: at(i),
  updated_at: at(i),
  version: 1,
});

const supplier = (id: string, i: number): Row => ({
  id,
  bizname: `Parts House ${i}`,
  email: `sales${i}@parts.test`,
  address: `${i} Spanish Town Rd`,
  contact: '876-555-0100',
  deleted: false,
  created_at: at(i),
  updated_at: at(i),
  version: 1,
});

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return nth(
    times.sort((a, b) => a - b),
    RUNS >> 1,
  );
}

const t0 = performance.now();
await db.transaction('rw', db.tables, () => writeRows(db, 'suppliers', supplierIds.map(supplier)));
const rows = Array.from({ length: PRODUCTS }, (_, i) => product(i));
for (let i = 0; i < rows.length; i += 2000)
  await db.transaction('rw', db.tables, () => writeRows(db, 'products', rows.slice(i, i + 2000)));
console.log(`loaded ${PRODUCTS} products and ${SUPPLIERS} suppliers in ${Math.round(performance.now() - t0)} ms`);

const pages = productPages(db);
const figures = {
  'Products, before (every live product by title, every supplier)': await median(async () => {
    await db.products
      .orderBy('title_key')
      .filter((p) => !p.deleted)
      .toArray();
    await db.suppliers
      .orderBy('bizname')
      .filter((s) => !s.deleted)
      .toArray();
  }),
  'Products, now (a page of 10 with its suppliers, the total)': await median(() =>
    pages.productPage({ sort: 'title', desc: false, limit: 10 }),
  ),
  'Products, now: sort by Price, descending': await median(() =>
    pages.productPage({ sort: 'price', desc: true, limit: 10 }),
  ),
  'Products, now: search "brake"': await median(() =>
    pages.productPage({ sort: 'title', desc: false, search: 'brake', limit: 10 }),
  ),
  'Products, now: search a barcode start "97800000123"': await median(() =>
    pages.productPage({ sort: 'title', desc: false, search: '97800000123', limit: 10 }),
  ),
  'Suppliers, now (a page of 10, the total)': await median(() =>
    pages.supplierPage({ sort: 'bizname', desc: false, limit: 10 }),
  ),
};
for (const [what, ms] of Object.entries(figures)) console.log(`${what}: median of ${RUNS} ${ms.toFixed(1)} ms`);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
db.close();
