import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/**
 * PostgreSQL may end a connection the pool is holding idle (a restart, a failover, an operator's
 * pg_terminate_backend). The server must carry on with new connections, not stop on an uncaught pool error.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL ends the pool’s idle connections', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('postgres');
  });
  afterAll(() => s?.close());

  it('keeps serving on new connections', async () => {
    // a burst fills the pool with several idle connections
    const first = await Promise.all(Array.from({ length: 8 }, () => s.api('GET', '/configsheet')));
    expect(first.map((r) => r.status)).toEqual(Array(8).fill(200));
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = new URL(s.config.databaseUrl!).pathname.slice(1);
    const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
      name,
    ]);
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200)); // the pool hears of the ended connections
    const after = await Promise.all(Array.from({ length: 4 }, () => s.api('GET', '/configsheet')));
    expect(after.map((r) => r.status)).toEqual(Array(4).fill(200));
  });
});
