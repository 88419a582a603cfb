import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from '../../bench/loadRun';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * 200 concurrent clients against the live server, a short run here (the 60-second run is `npm run bench`).
 * The promise is "no errors under load"; latency figures are printed, never asserted (shared, noisy machines).
 */
describe.each(DATABASES)('load on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  it('serves 200 concurrent clients without an error', async () => {
    const r = await runLoad({ url: s.url, token: s.adminToken, connections: 200, seconds: Number(process.env.BAYBOOK_LOAD_SECONDS ?? 5) });
    console.log(`load ${kind}: ${r.requests} requests, ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    expect(r.requests).toBeGreaterThan(200);
    expect({ errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  });
});
