import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { newId } from '../src/domain/ids';
import { openLocalDb, type CustomerRow } from '../src/local/db';
import { derive } from '../src/local/rows';
import { customersRepository } from '../src/local/repositories/customers';
import { nth } from '../tests/helpers/present';

/**
 * `npx tsx bench/local-lookup.ts`: lookup latency by plate and VIN prefix among 50,000 customers (BENCH_CUSTOMERS).
 * Runs on fake-indexeddb in Node, which is several times slower than IndexedDB in a browser (DESIGN.md measured
 * ~1 ms for a prefix range on Chromium with the same data): read these figures as an upper bound and a regression guard.
 */
const N = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const db = openLocalDb(`bench-lookup-${randomBytes(3).toString('hex')}`);
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
let seed = 42;
// mulberry32: seeded, so every run builds the same data
const rnd = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (s: string) => s[Math.floor(rnd() * s.length)];
const plate = () => `${pick(LETTERS)}${pick(LETTERS)} ${Math.floor(rnd() * 9000 + 1000)}`;
const vin = () => Array.from({ length: 17 }, () => pick('0123456789ABCDEFGHJKLMNPRSTUVWXYZ')).join('');

const t0 = performance.now();
const now = new Date().toISOString();
const rows: CustomerRow[] = [];
for (let i = 0; i < N; i++) {
  rows.push(
    derive('customers', {
      id: newId(),
      first_name: `First${i}`,
      last_name: `Last${i % 5000}`,
      vin: vin(),
      registration: plate(),
      email: '',
      contact: String(8760000000 + i),
      current_points: 0,
      discount: 0,
      note: '',
      active: 1,
      created_at: now,
      updated_at: now,
      version: 1,
    }) as CustomerRow,
  );
}
for (let i = 0; i < rows.length; i += 5000) await db.customers.bulkPut(rows.slice(i, i + 5000));
const loadMs = performance.now() - t0;
console.log(
  `loaded ${N} customers in ${(loadMs / 1000).toFixed(1)} s (${Math.round(N / (loadMs / 1000))} rows/s, fake-indexeddb)`,
);

const repo = customersRepository(db);
function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const q = (p: number) => nth(s, Math.min(s.length - 1, Math.floor(p * s.length))).toFixed(2);
  return `p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${nth(s, s.length - 1).toFixed(2)} ms`;
}
async function measure(label: string, make: () => string, run: (q: string) => Promise<unknown[]>, runs = 200) {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < runs; i++) {
    const q = make();
    const t = performance.now();
    const r = await run(q);
    times.push(performance.now() - t);
    found += r.length;
  }
  console.log(`${label}: ${stats(times)} (avg ${Math.round(found / runs)} rows)`);
}
const sample = () => nth(rows, Math.floor(rnd() * rows.length));
await measure(
  'plate prefix (3 chars, index range)',
  () => sample().registration.slice(0, 4).toLowerCase(),
  (q) => repo.search(q, 20),
);
await measure(
  'plate exact',
  () => sample().registration,
  (q) => repo.byRegistration(q),
);
await measure(
  'VIN prefix (6 chars)',
  () => sample().vin.slice(0, 6),
  (q) => repo.search(q, 20),
);
await measure(
  'VIN exact',
  () => sample().vin,
  (q) => repo.byVin(q),
);
await measure(
  'by id',
  () => sample().id,
  async (q) => [await db.customers.get(q)],
);
// what the index saves: a case-insensitive scan over every row
await measure(
  'for comparison: full scan with a filter (10 runs)',
  () => sample().registration.slice(0, 4),
  async (q) => {
    const key = q.replace(/\s/g, '').toUpperCase();
    return db.customers
      .filter((c) => (c.registration_key ?? '').startsWith(key))
      .limit(20)
      .toArray();
  },
  10,
);
db.close();
