import { startServer } from '../tests/helpers/server';
import { runLoad } from './loadRun';

/** `npx tsx bench/load.ts`: 200 clients for 60 s (BENCH_CONNECTIONS, BENCH_SECONDS); budget in docs/PERFORMANCE.md. */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const s = await startServer(process.env.DATABASE_URL ? 'postgres' : 'pglite');
const r = await runLoad({ url: s.url, token: s.adminToken, connections, seconds });
console.log(
  `load (${s.kind}): ${r.connections} clients × ${r.seconds}s: ${r.requests} requests, ${r.rps} req/s, errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms`,
);
await s.close();
process.exit(r.errors + r.timeouts + r.non2xx === 0 ? 0 : 1);
