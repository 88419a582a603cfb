#!/usr/bin/env node
// `npm run bench`: every benchmark in turn; each prints its own figures (budgets in docs/PERFORMANCE.md).
// Not tests: nothing here passes or fails on time, the figures are read and recorded.
// Sized for a quick run by default (a few minutes on a quiet machine); BAYBOOK_BENCH_FULL=1 runs each at the size
// its docs/PERFORMANCE.md row records (the shop: 50,000 customers — over an hour on a shared machine).
import { spawnSync } from 'node:child_process';

const full = process.env.BAYBOOK_BENCH_FULL === '1';
/** the quick size, or the full one */
const size = (quick, whole) => String(full ? whole : quick);
const tsx = (file, ...args) => ['npx', 'tsx', `bench/${file}`, ...args];

const runs = [
  [
    `local lookups among ${size('5,000', '50,000')} customers`,
    tsx('local-lookup.ts'),
    { BENCH_CUSTOMERS: size(5000, 50000) },
  ],
  [`outbox replay of ${size(200, '1,000')} entries`, tsx('outbox-replay.ts'), { BENCH_ENTRIES: size(200, 1000) }],
  [`server under load: 200 clients, ${size(10, 60)} s`, tsx('load.ts'), { BENCH_SECONDS: size(10, 60) }],
  [
    `chaos sync: ${size(100, 500)} mutations per device`,
    ['npx', 'vitest', 'run', '--project', 'sync', 'tests/sync/chaos.test.ts'],
    { BAYBOOK_CHAOS_OPS: size(100, 500) },
  ],
  ['live changes: write → event at 50 open streams (two processes when DATABASE_URL is set)', tsx('live.ts')],
  ['bundle size', tsx('bundle-size.ts')],
  [
    `job search among ${size('10,000', '50,000')} jobs`,
    tsx('job-search.ts'),
    { BENCH_JOBS: size(10000, 50000), BENCH_CUSTOMERS: size(4000, 20000) },
  ],
  [
    `Invoices table and Activity Log: ${size('2,000', '10,000')} invoices, ${size('10,000', '50,000')} log lines`,
    tsx('money-tables.ts'),
    { BENCH_INVOICES: size(2000, 10000), BENCH_LOG: size(10000, 50000) },
  ],
  [
    `Products table: ${size('1,000', '5,000')} products`,
    tsx('product-tables.ts'),
    { BENCH_PRODUCTS: size(1000, 5000) },
  ],
  [
    `Customers screen in Chromium at ${size('5,000', '5,000, 20,000 and 50,000')} customers`,
    tsx('customers-screen.ts', '--sizes', size('5000', '5000,20000,50000'), '--runs', size(3, 7)),
  ],
  [
    `Jobs screen in Chromium at ${size('5,000', '5,000, 20,000 and 50,000')} customers (search, open a job)`,
    tsx('jobs-screen.ts', '--sizes', size('5000', '5000,20000,50000'), '--runs', size(3, 7)),
  ],
  [
    `first sync and Dashboard in Chromium at ${size('5,000', '5,000 and 50,000')} customers`,
    tsx('first-sync.ts'),
    { BAYBOOK_BENCH_SIZES: size('5000', '5000,50000'), BAYBOOK_BENCH_RUNS: size(3, 7) },
  ],
  [
    `a shop as it sees it, from outside: first sync in a fresh profile, click → final content at 1× and 4× CPU, ${size('5,000', '50,000')} customers`,
    tsx('shop-outside.ts'),
    { BENCH_CUSTOMERS: size(5000, 50000), BENCH_RUNS: size(5, 28) },
  ],
];
// the server's reads at shop size need a PostgreSQL server to make a database in
if (process.env.DATABASE_URL)
  runs.push([
    `server reads on PostgreSQL at ${size('5,000', '50,000')} customers`,
    tsx('api-throughput.ts'),
    { BENCH_CUSTOMERS: size(5000, 50000), BENCH_SECONDS: size(5, 20) },
  ]);

let failed = 0;
for (const [name, cmd, env] of runs) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...(env ?? {}) } });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
