import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { startInstance, stopInstance } from '../tests/helpers/instances';
import { ADMIN, freshPostgres } from '../tests/helpers/server';
import { memoryRun, sampler } from './serverMemory';
import { cpuOf, cpuSeconds, cpuSince } from './shop/cpu';
import { seedServer, shopOf } from './shop/server';
import { nth } from '../tests/helpers/present';

/**
 * `DATABASE_URL=… npx tsx bench/api-throughput.ts` (issue 16): a busy shop's server reads on PostgreSQL.
 * Seeds a fresh database with a shop of BENCH_CUSTOMERS customers (default 50,000: 100,000 jobs), starts the product
 * as its own process (as an operator runs it), and drives each read with BENCH_CONNECTIONS clients that never pause
 * (default 50) for BENCH_SECONDS (default 20) from this process: autocannon and the server share the machine's
 * cores, as the issue asks. Prints req/s, p50/p99, errors, the bytes of a response, the load average and the
 * server's memory before and after, each read after BENCH_WARMUP seconds (default 2) of the same load unmeasured.
 * BENCH_ONLY=a,b runs the reads whose names hold those words. BENCH_MEMORY=600
 * instead runs a mixed load for that many seconds and samples the server's RSS and heap every 10 s
 * (bench/serverMemory.ts). Budgets in docs/PERFORMANCE.md.
 */
const customers = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const only = process.env.BENCH_ONLY?.split(',');
// each read is driven this long before it is measured: a server that has run a while has its code compiled and its
// connections' statements prepared (the first read measured was slower for it)
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (a PostgreSQL server to make a database in)');

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
};

/**
 * A fresh database seeded with the shop, vacuumed as autovacuum would have long since done in a shop (a GIN index
 * filled after its creation keeps a pending list that every search reads until then); or, to measure again without
 * seeding, BENCH_DATABASE_URL names one seeded before, which is kept.
 */
interface ShopDatabase {
  url: string;
  changes: number;
  /** the pids of the server's connections to it (its PostgreSQL backends, local: their CPU is read from /proc) */
  backends(): Promise<number[]>;
  drop(): Promise<void>;
}

async function shopDatabase(): Promise<ShopDatabase> {
  const { default: pg } = await import('pg');
  const given = process.env.BENCH_DATABASE_URL;
  const db = given ? { url: given, drop: async () => undefined } : await freshPostgres('baybook_bench');
  const started = Date.now();
  if (!given) await seedServer({ databaseUrl: db.url }, shopOf(customers));
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  if (!given) await client.query('vacuum analyze');
  const changes = Number((await client.query('select count(*) as n from change_log')).rows[0].n);
  console.log(
    `${given ? 'reused' : 'seeded'} a shop of ${changes} changes in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const backends = async () =>
    (
      await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((r) => r.pid);
  return { ...db, changes, backends, drop: () => client.end().then(db.drop) };
}

const db = await shopDatabase();
const { changes } = db;
// BENCH_PROFILE=DIR: the server writes a CPU profile there when it stops (open it in Chrome's DevTools)
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const memorySeconds = Number(process.env.BENCH_MEMORY ?? 0);
const samples = join(mkdtempSync(join(tmpdir(), 'baybook-memory-')), 'samples.jsonl');
const server = await startInstance(db.url, randomBytes(24).toString('hex'), { LOG_LEVEL: 'warn' }, [
  ...profile,
  ...(memorySeconds ? sampler(samples) : []),
]);
const pid = server.proc.pid!;
try {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' };
  const reads: Record<string, string> = {
    'job list, page 1': '/api/bookings_?per_page=10&page=1',
    'job list, page 50 by surname': '/api/bookings_?per_page=10&page=50&orderBy=last_name&orderDirection=asc',
    'job list, plate prefix': '/api/bookings_?per_page=10&page=1&search=KM%204',
    'job list, a search matching nothing': '/api/bookings_?per_page=10&page=1&search=zzqqxx',
    'job list, a two-character search': '/api/bookings_?per_page=10&page=1&search=km',
    'job list, a one-character search': '/api/bookings_?per_page=10&page=1&search=k',
    'sync feed, 500 rows': '/api/v3/sync/changes?since=0&limit=500',
    'sync feed, 500 rows mid-way': `/api/v3/sync/changes?since=${Math.floor(changes / 2)}&limit=500`,
  };
  if (memorySeconds)
    await memoryRun({ url: server.url, token, changes, connections, seconds: memorySeconds, file: samples });
  const memory = [rssMb(pid)];
  for (const [name, path] of Object.entries(reads)) {
    if (memorySeconds || (only && !only.some((o) => name.includes(o)))) continue;
    const sample = await fetch(`${server.url}${path}`, { headers });
    const bytes = (await sample.arrayBuffer()).byteLength;
    if (warmup > 0) await autocannon({ url: `${server.url}${path}`, connections, duration: warmup, headers });
    const load = nth(loadavg(), 0).toFixed(1);
    const cpuBefore = cpuSeconds(pid); // CPU per request stays meaningful on a shared machine
    const dbBefore = cpuOf(await db.backends());
    const r = await autocannon({ url: `${server.url}${path}`, connections, duration: seconds, headers, timeout: 30 });
    memory.push(rssMb(pid));
    const perRequest = (s: number) => ((s * 1000) / Math.max(1, r.requests.total)).toFixed(2);
    const cpuEach = perRequest(cpuSeconds(pid) - cpuBefore);
    const dbEach = perRequest(cpuSince(dbBefore, cpuOf(await db.backends())));
    console.log(
      `${name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
        `errors ${r.errors + r.timeouts}, non-2xx ${r.non2xx}, ${bytes} B/response (${sample.headers.get('content-encoding') ?? 'plain'}), ` +
        `server CPU ${cpuEach} ms/request, database CPU ${dbEach} ms/request, load ${load} → ${nth(loadavg(), 0).toFixed(1)}, server RSS ${memory.at(-1)} MB`,
    );
  }
  if (!memorySeconds)
    console.log(`server RSS over the runs: ${memory.join(' → ')} MB (${connections} connections, ${seconds} s each)`);
} finally {
  await stopInstance(server);
  await db.drop();
}
