import { defineConfig } from 'vitest/config';

// One project per suite of DESIGN.md "Tests"; scripts/test.mjs runs them in order and sums the counts.
export default defineConfig({
  test: {
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
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          // screens render lazily over a real (fake-indexeddb) database: on two shared cores one test can take seconds
          testTimeout: 20_000,
          // A screen follows live queries, so a test that asserts a second figure right after waiting for the first
          // can read it one render early on loaded cores. Such tests are fixed as found (wait for every figure at
          // once); one retry keeps a late render from failing a CI run meanwhile. A real fault fails both tries.
          retry: 1,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // one file at a time (vitest's default here anyway: cores - 1 = one worker on two cores); each file starts
          // its own server on its own database, so two workers would share nothing, but that is not yet measured in CI
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'sync',
          include: ['tests/sync/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/sync/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // one file at a time (vitest's default here anyway: cores - 1 = one worker on two cores); each file starts
          // its own server on its own database, so two workers would share nothing, but that is not yet measured in CI
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // a poll waits for the page to reach a state; on a busy machine a cold screen chunk takes more than 1 s
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
