import { defineConfig } from 'vitest/config';

// Test files that replace a module (vi.mock) for the whole file: they run in a fresh module graph of their own; the
// other component files share one (see 'component' below).
const MOCKING = [
  'tests/component/quick-switch.test.tsx',
  'tests/component/reports.test.tsx',
  'tests/component/shell.test.tsx',
];

/** What both component projects share. */
const COMPONENT = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/component/setup.ts'],
  // screens render lazily over a real (fake-indexeddb) database: on two shared cores one test can take seconds
  testTimeout: 20_000,
  // A screen follows live queries, so a test that asserts a second figure right after waiting for the first can read
  // it one render early on loaded cores. Such tests are fixed as found (wait for every figure at once); one retry keeps
  // a late render from failing a CI run meanwhile. A real fault fails both tries.
  retry: 1,
};

// One project per suite of DESIGN.md "Tests" (the component suite is two: files that mock a module run isolated);
// scripts/test.mjs runs them in order and sums the counts.
//
// Two files at a time on these two cores: vitest 4's default is cores - 1, one worker here. The API, sync and
// component files spend much of their time waiting (a server's answer, a timer, IndexedDB), and each starts its own
// server on its own database, so two files share nothing. Measured on a quiet machine, one suite at a time:
// api 246 s -> 105 s, sync -> 100 s, component 143 s (two workers) -> 95 s (shared modules).
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // pure functions, no module mocks, no globals: the files share a worker's loaded modules instead of
          // importing src afresh each (import was three quarters of the suite's time)
          isolate: false,
        },
      },
      {
        test: {
          ...COMPONENT,
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          exclude: MOCKING,
          // The screens' modules are imported once per worker, not once per file (import was most of a file's time).
          // Each test renders into a fresh DOM and names its own IndexedDB database.
          isolate: false,
        },
      },
      { test: { ...COMPONENT, name: 'component-mocking', include: MOCKING } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // on PostgreSQL each test database is a copy of one migrated before the suite
          globalSetup: ['tests/helpers/pgTemplate.ts'],
          // the server's and the device's modules are imported once per worker (each test starts its own server and
          // names its own IndexedDB database); a file that stubs a global undoes it after each test
          isolate: false,
        },
      },
      {
        test: {
          name: 'sync',
          include: ['tests/sync/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/sync/setup.ts'],
          globalSetup: ['tests/helpers/pgTemplate.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // the server's and the device's modules are imported once per worker (each test starts its own server and
          // names its own IndexedDB database); a file that stubs a global undoes it after each test
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // dist/ is built once, before any file: the files run two at a time, each on its own product and Chromium
          // (a file that deploys builds of its own serves a copy of dist/: harness.ts ownDist)
          globalSetup: ['tests/e2e/globalSetup.ts', 'tests/helpers/pgTemplate.ts'],
          // a poll waits for the page to reach a state; on a busy machine a cold screen chunk takes more than 1 s
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
