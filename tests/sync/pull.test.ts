import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDb } from '../../src/local/db';
import { getCursor, pull, type PullProgress } from '../../src/sync/pull';
import type { ChangesPage } from '../../src/sync/pullTypes';
import { ApiError, fetchTransport, type Transport } from '../../src/sync/transport';
import type { Setting } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { dbName } from './helpers';
import { nth } from '../helpers/present';

describe('pull', () => {
  let s: TestServer;
  let head = 0;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
    const cfg = (await s.api<Setting[]>('GET', '/configsheet')).body;
    const numeric = cfg.filter((c) => c.amount !== null);
    for (let i = 0; i < 150; i++) {
      const c = nth(numeric, i % numeric.length);
      await s.api('PUT', `/configsheet/${c.id}`, {
        body: { data: { title: c.title, description: `d${i}`, amount: i + 1 } },
      });
    }
    const all = await s.api<ChangesPage>('GET', '/v3/sync/changes?since=0&limit=1000');
    head = all.body.cursor;
  });
  afterAll(() => s?.close());

  it('pages a first sync with a progress figure, one transaction per page with its cursor', async () => {
    const db = openLocalDb(dbName('first'));
    const transport = fetchTransport(`${s.url}/api`);
    const seen: PullProgress[] = [];
    const r = await pull({ db, transport, token: s.adminToken, pageSize: 40, onProgress: (p) => seen.push(p) });
    expect(r.cursor).toBe(head);
    expect(await getCursor(db)).toBe(head);
    expect(r.pages).toBeGreaterThanOrEqual(Math.floor(head / 40));
    expect(nth(seen, 0).first).toBe(true);
    expect(nth(seen, 0).estimated).toBe(head);
    const fractions = seen.map((p) => p.fraction!);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(fractions.at(-1)).toBe(1);
    expect(await db.config.count()).toBeGreaterThanOrEqual(8);
    expect(await db.services.count()).toBeGreaterThan(5);
    expect(await db.users.where('username').equals('admin').count()).toBe(1);
    // users never carry a password hash
    expect(JSON.stringify(await db.users.toArray())).not.toContain('scrypt');
  });

  it('resumes after a failure in the middle from the last page it applied, without doubling anything', async () => {
    const db = openLocalDb(dbName('resume'));
    const real = fetchTransport(`${s.url}/api`);
    let pages = 0;
    const flaky: Transport = async (method, path, opts) => {
      if (
        path.startsWith('/v3/sync/changes') &&
        !path.includes('limit=1&') &&
        !path.endsWith('limit=1') &&
        ++pages === 4
      )
        throw new ApiError('network', 'Network Error');
      return real(method, path, opts);
    };
    await expect(pull({ db, transport: flaky, token: s.adminToken, pageSize: 30 })).rejects.toThrow('Network Error');
    const mid = await getCursor(db);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(head);
    const logsMid = await db.sys_log.count();
    await pull({ db, transport: real, token: s.adminToken, pageSize: 30 });
    expect(await getCursor(db)).toBe(head);
    const ids = (await db.sys_log.toArray()).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(logsMid);
  });

  it('removes rows the server deleted', async () => {
    const db = openLocalDb(dbName('deletes'));
    const transport = fetchTransport(`${s.url}/api`);
    const add = await s.api<{ id: string }>('POST', '/v2/auth/user', {
      body: { data: { username: 'gone1', password: 'bay-pass-1234', permission: 3 } },
    });
    await pull({ db, transport, token: s.adminToken });
    expect(await db.users.get(add.body.id)).toBeDefined();
    await s.api('DELETE', '/v2/auth/user', { body: { data: { id: add.body.id } } });
    const r = await pull({ db, transport, token: s.adminToken });
    expect(r.applied).toBeGreaterThan(0);
    expect(await db.users.get(add.body.id)).toBeUndefined();
  });
});
