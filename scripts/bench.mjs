#!/usr/bin/env node
// `npm run bench`: every benchmark in turn; each prints its own figures (budgets in docs/PERFORMANCE.md).
// Not tests: nothing here passes or fails on time, the figures are read and recorded.
import { spawnSync } from 'node:child_process';

const runs = [
  ['local lookups among 50,000 customers', ['npx', 'tsx', 'bench/local-lookup.ts']],
  ['outbox replay of 1,000 entries', ['npx', 'tsx', 'bench/outbox-replay.ts']],
  ['server under load: 200 clients, 60 s', ['npx', 'tsx', 'bench/load.ts']],
  [
    'chaos sync at full size: 500 mutations per device',
    ['npx', 'vitest', 'run', '--project', 'sync', 'tests/sync/chaos.test.ts'],
    { BAYBOOK_CHAOS_OPS: '500' },
  ],
  [
    'live changes: write → event at 50 open streams (two processes when DATABASE_URL is set)',
    ['npx', 'tsx', 'bench/live.ts'],
  ],
  ['bundle size', ['npx', 'tsx', 'bench/bundle-size.ts']],
  ['Customers screen in Chromium at 5,000, 20,000 and 50,000 customers', ['npx', 'tsx', 'bench/customers-screen.ts']],
  [
    'first sync and Dashboard in Chromium at 5,000 customers (BAYBOOK_BENCH_SIZES=5000,50000 for the whole shop)',
    ['npx', 'tsx', 'bench/first-sync.ts'],
  ],
];
let failed = 0;
for (const [name, cmd, env] of runs) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...(env ?? {}) } });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
