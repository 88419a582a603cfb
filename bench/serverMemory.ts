import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';
import { nth } from '../tests/helpers/present';

/**
 * The server's memory over a long mixed load (issue 16: "memory flat over a 10-minute run"), for
 * `BENCH_MEMORY=600 npx tsx bench/api-throughput.ts`. The server process samples its own memory every 10 s into a
 * file (a module node loads before the product: `sampler(file)` gives its flags), while autocannon drives reads and
 * writes the way a shop's devices do: feed pages from anywhere in the log, job pages and searches, the config, and
 * idempotent device registrations.
 */

const SAMPLE_MS = 10_000;

/** node flags that make the server write {t, rss, heap, external} to `file` every 10 s */
export function sampler(file: string): string[] {
  const code =
    `import{appendFileSync}from'node:fs';setInterval(()=>{const m=process.memoryUsage();` +
    `appendFileSync(${JSON.stringify(file)},JSON.stringify({t:Date.now(),rss:m.rss,heap:m.heapUsed,external:m.external})+'\\n')},${SAMPLE_MS}).unref();`;
  return ['--import', `data:text/javascript,${encodeURIComponent(code)}`];
}

interface Sample {
  t: number;
  rss: number;
  heap: number;
  external: number;
}

const mb = (b: number) => Math.round(b / 1024 / 1024);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** Drives the mixed load for `seconds`, printing each sample with the load average, then whether memory stayed flat. */
export async function memoryRun(opts: {
  url: string;
  token: string;
  changes: number;
  connections: number;
  seconds: number;
  file: string;
}): Promise<void> {
  const auth = { authorization: `Bearer ${opts.token}`, 'accept-encoding': 'gzip, br' };
  const feedAnywhere = (req: { path: string }) => {
    req.path = `/api/v3/sync/changes?since=${Math.floor(Math.random() * opts.changes)}&limit=500`;
    return req;
  };
  const loads: string[] = [];
  const watch = setInterval(() => loads.push(nth(loadavg(), 0).toFixed(1)), SAMPLE_MS);
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 30,
    requests: [
      { method: 'GET', path: '/api/v3/sync/changes', headers: auth, setupRequest: feedAnywhere },
      { method: 'GET', path: '/api/bookings_?per_page=10&page=1', headers: auth },
      { method: 'GET', path: '/api/bookings_?per_page=10&page=1&search=KM%204', headers: auth },
      { method: 'GET', path: '/api/configsheet', headers: auth },
      {
        method: 'POST',
        path: '/api/v3/devices',
        setupRequest: (req: { headers: Record<string, string>; body?: string }) => {
          req.headers = { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
          req.body = JSON.stringify({ data: { device_id: uuidv7() } });
          return req;
        },
      },
    ],
  });
  clearInterval(watch);
  const samples = readFileSync(opts.file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Sample);
  const start = samples[0]?.t ?? 0;
  for (const [k, s] of samples.entries())
    console.log(
      `  ${Math.round((s.t - start) / 1000)} s: RSS ${mb(s.rss)} MB, heap ${mb(s.heap)} MB, external ${mb(s.external)} MB, load ${loads[k] ?? '-'}`,
    );
  // the first minute is the warm-up (JIT, pools, caches filling); then the first and the last third compared
  const settled = samples.filter((s) => s.t - start >= 60_000);
  const third = Math.max(1, Math.floor(settled.length / 3));
  const early = settled.slice(0, third);
  const late = settled.slice(-third);
  const growth = (key: 'rss' | 'heap') => mean(late.map((s) => s[key])) / mean(early.map((s) => s[key])) - 1;
  const flat = growth('rss') < 0.1 && growth('heap') < 0.1;
  console.log(
    `mixed load, ${opts.connections} connections, ${opts.seconds} s: ${Math.round(result.requests.average)} req/s, ` +
      `p99 ${result.latency.p99} ms, errors ${result.errors + result.timeouts}, non-2xx ${result.non2xx}; ` +
      `RSS ${(growth('rss') * 100).toFixed(1)} %, heap ${(growth('heap') * 100).toFixed(1)} % from the first third after ` +
      `the first minute to the last: ${flat ? 'flat' : 'GROWING'}`,
  );
}
