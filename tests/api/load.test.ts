import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from '../../bench/loadRun';
import type { Data, Row } from '../helpers/answers';
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
    // a fixed number of requests (three a client), not a fixed time: how many fit in a few seconds is the machine's
    // business, that every one of them is answered is the promise
    const amount = Number(process.env.BAYBOOK_LOAD_REQUESTS ?? 600);
    const r = await runLoad({ url: s.url, token: s.adminToken, connections: 200, seconds: 0, amount });
    console.log(`load ${kind}: ${r.requests} requests, ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    expect(r.requests).toBeGreaterThanOrEqual(amount);
    expect({ errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  });

  // PGlite keeps signed-in users between requests (src/server/http/route.ts): a change to a user still counts at once
  it('applies a demotion and a removal to the very next request of a user seen before', async () => {
    const token = await s.userToken(5, 'loadboss');
    expect((await s.api('GET', '/v2/auth/users', { token })).status).toBe(200);
    const row = (await s.api<Data<Row<'users'>[]>>('GET', '/v2/auth/users')).body.data.find(
      (u) => u.username === 'loadboss',
    );
    if (!row) throw new Error('loadboss is not in the team list');
    expect((await s.api('PUT', '/v2/auth/user', { body: { data: { ...row, permission: 3 } } })).status).toBe(200);
    expect((await s.api('GET', '/v2/auth/users', { token })).status).toBe(403);
    expect((await s.api('GET', '/configsheet', { token })).status).toBe(200);
    expect((await s.api('DELETE', '/v2/auth/user', { body: { data: { id: row.id } } })).status).toBe(200);
    expect((await s.api('GET', '/configsheet', { token })).status).toBe(401);
  });
});
