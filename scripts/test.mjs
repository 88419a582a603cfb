#!/usr/bin/env node
// `npm test`: every suite in order (unit, component, api, sync, e2e), each a vitest project. Prints one line per
// suite and a total, and writes test-output/summary.json for .ci/run to add up.
// A suite with no test files yet is reported as such, never as a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const suites = (process.env.BAYBOOK_SUITES ?? 'unit,component,api,sync,e2e').split(',');
const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
mkdirSync('test-output', { recursive: true });

/**
 * The browser suite drives Debian's Chromium (never a downloaded browser), and trusts the shop's authority in it with
 * certutil (Debian's libnss3-tools) for the LAN tablet's tests. On a fresh machine `npm test` installs both when it
 * can (root with apt-get, as CI and these machines are); otherwise it says what to run and counts the suite as
 * failed rather than skipping it.
 */
function ensureChromium() {
  const present = () => existsSync('/usr/bin/chromium') && existsSync('/usr/bin/certutil');
  if (present()) return true;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log('installing Debian chromium and libnss3-tools for the browser suite (apt-get install -y)…');
    const r = spawnSync(
      'bash',
      [
        '-c',
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium libnss3-tools >/dev/null',
      ],
      { stdio: 'inherit' },
    );
    if (r.status === 0 && present()) return true;
  }
  console.log(
    'The browser suite needs Debian chromium at /usr/bin/chromium and certutil: run `sudo apt-get install -y chromium libnss3-tools`, then `npm test` again.',
  );
  return false;
}

/**
 * Each failed test (or file that failed to run) as "file > test: first line of its message". CI keeps only the end
 * of what a run printed, so the summary repeats them there.
 */
function failuresOf(json) {
  const firstLine = (text) =>
    stripVTControlCharacters(String(text ?? ''))
      .trim()
      .split('\n')[0]
      .slice(0, 300);
  const found = [];
  for (const file of json.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) found.push(`${name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (failedTests.length === 0 && file.status === 'failed') found.push(`${name}: ${firstLine(file.message)}`);
  }
  return found;
}

/** BAYBOOK_DB_FILES_ONLY=1 (.ci/run's PostgreSQL pass): the api and sync suites run only their files that choose a database. */
const DB_FILES_ONLY = process.env.BAYBOOK_DB_FILES_ONLY === '1';
const CHOOSES_DB = /\b(DATABASES|DATABASE_URL)\b/;

/**
 * The files of a suite whose result can depend on the database: each that names DATABASES or DATABASE_URL, itself or
 * in a module of tests/ it imports ('./diskServer', '../helpers/instances'). The rest (a device on fake-indexeddb
 * with a fake transport, a PGlite-only upgrade) run the same on PostgreSQL as on PGlite, and PGlite's pass runs them.
 */
function filesChoosingDb(suite) {
  const dir = join('tests', suite);
  const chooses = (file) => {
    const text = readFileSync(file, 'utf8');
    if (CHOOSES_DB.test(text)) return true;
    return [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].some(([, spec]) => {
      const imported = join(dirname(file), `${spec}.ts`);
      return imported.startsWith('tests/') && existsSync(imported) && CHOOSES_DB.test(readFileSync(imported, 'utf8'));
    });
  };
  return readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(dir, f))
    .filter(chooses)
    .sort();
}

const results = [];
// 'e2e:tests/e2e/live.test.ts' runs only those files of a suite (.ci/run's PostgreSQL pass: the browser tests that
// have a PostgreSQL variant)
for (const [suite, ...named] of suites.map((s) => s.split(':'))) {
  const only = named.length === 0 && DB_FILES_ONLY && ['api', 'sync'].includes(suite) ? filesChoosingDb(suite) : named;
  if (suite === 'e2e' && !ensureChromium()) {
    results.push({ suite, db, passed: 0, failed: 1, files: 0 });
    continue;
  }
  // the whole sync suite notes the calls its *-writes files send (tests/sync/writeCalls.ts): none left from a run before
  const checkWrites = suite === 'sync' && only.length === 0;
  if (checkWrites) rmSync('test-output/write-calls', { recursive: true, force: true });
  const out = `test-output/vitest-${suite}-${db}.json`;
  console.log(`\n=== ${suite} (${db}) ===`);
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...only,
      '--project',
      `${suite}*`, // the component suite is two projects: 'component' and 'component-mocking'
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    { stdio: 'inherit', env: process.env },
  );
  let passed = 0;
  let failed = 0;
  let files = 0;
  let failures = [];
  if (existsSync(out)) {
    const json = JSON.parse(readFileSync(out, 'utf8'));
    passed = json.numPassedTests ?? 0;
    failed = (json.numFailedTests ?? 0) + (json.numFailedTestSuites ?? 0) * (json.numFailedTests ? 0 : 1);
    files = json.testResults?.length ?? 0;
    failures = failuresOf(json);
  }
  if (run.status !== 0 && failed === 0) failed = 1; // the run itself broke (a crash, a type error at import)
  results.push({ suite, db, passed, failed, files, failures });
  if (checkWrites) {
    // every catalogue call keeps a device-vs-server test (scripts/write-tests.ts names any that lost it)
    const check = spawnSync('npx', ['tsx', 'scripts/write-tests.ts'], { stdio: 'inherit', env: process.env });
    const ok = check.status === 0;
    results.push({ suite: 'write-tests', db, passed: ok ? 1 : 0, failed: ok ? 0 : 1, files: 0 });
  }
}

console.log('\n=== summary ===');
for (const r of results)
  console.log(`${r.suite.padEnd(10)} ${r.db.padEnd(9)} ${r.files} files  ${r.passed} passed, ${r.failed} failed`);
// one line per failed test, kept in the summary for .ci/run to print again at the very end
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `FAILED ${r.suite} (${r.db}): ${f}`));
for (const line of failures) console.log(line);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
writeFileSync(`test-output/summary-${db}.json`, JSON.stringify({ db, passed, failed, failures, results }, null, 2));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
