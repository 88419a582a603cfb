import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import type { Change, ChangesPage } from '../../src/sync/pullTypes';
import type { Data, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

describe.each(DATABASES)('idempotency and the pull feed on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  const addMember = (username: string, key?: string) =>
    s.api('POST', '/v2/auth/user', { key, body: { data: { username, password: 'bay-pass-2345', permission: 3 } } });

  /** Every change after `since`, page by page until the feed says there is no more; fails if a page does not advance. */
  async function drain(since: number, limit = 1000): Promise<{ changes: Change[]; cursor: number }> {
    const changes: Change[] = [];
    let cursor = since;
    for (;;) {
      const res = await s.api<ChangesPage>('GET', `/v3/sync/changes?since=${cursor}&limit=${limit}`);
      expect(res.status).toBe(200);
      changes.push(...res.body.changes);
      if (!res.body.more) return { changes, cursor: res.body.cursor };
      expect(res.body.cursor, 'a page with more to come moves the cursor on').toBeGreaterThan(cursor);
      cursor = res.body.cursor;
    }
  }

  it('answers a repeated Idempotency-Key with the first response and changes nothing', async () => {
    const key = newId();
    const first = await addMember('idem1', key);
    const again = await addMember('idem1', key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    const list = await s.api<Data<Row<'users'>[]>>('GET', '/v2/auth/users');
    expect(list.body.data.filter((u) => u.username === 'idem1')).toHaveLength(1);
  });

  it('applies concurrent deliveries of one key once', async () => {
    const key = newId();
    const results = await Promise.all([0, 1, 2, 3].map(() => addMember('idem2', key)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const r of results) expect(r.body).toEqual(nth(results, 0).body);
    const list = await s.api<Data<Row<'users'>[]>>('GET', '/v2/auth/users');
    expect(list.body.data.filter((u) => u.username === 'idem2')).toHaveLength(1);
  });

  it('gives a refusal the same answer on replay', async () => {
    const key = newId();
    const first = await s.api('POST', '/v2/auth/user', {
      key,
      body: { data: { username: 'admin', password: 'bay-pass-1234', permission: 3 } },
    });
    expect(first.status).toBe(409);
    const again = await s.api('POST', '/v2/auth/user', {
      key,
      body: { data: { username: 'admin', password: 'bay-pass-1234', permission: 3 } },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(first.body);
  });

  it('refuses a key reused for a different request', async () => {
    const key = newId();
    await addMember('idem3', key);
    const other = await addMember('idem4', key);
    expect(other.status).toBe(422);
  });

  it('pages the change feed in order with a cursor, without password hashes', async () => {
    await addMember('feed1');
    const paged = await drain(0, 7);
    expect(JSON.stringify(paged.changes)).not.toContain('scrypt');
    const seen = paged.changes.map((c) => c.seq);
    expect(seen.length).toBeGreaterThan(40); // config + catalogue + users + logs
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const all = await drain(0);
    expect(all.changes.map((c) => c.seq)).toEqual(seen);
    expect(new Set(all.changes.map((c) => c.entity))).toEqual(new Set(['config', 'services', 'users', 'sys_log']));
    const feed1 = all.changes.find((c) => c.entity === 'users' && c.row?.username === 'feed1');
    expect(feed1?.row).toMatchObject({ username: 'feed1' });
    expect(feed1?.row?.password_hash).toBeUndefined();
  });

  it('never lets a cursor skip a row committed late by a concurrent writer', async () => {
    // many writers at once; a reader pulling all the while must end with every row, each exactly once
    const names = Array.from({ length: 24 }, (_, i) => `cc${i}_${kind[0]}`);
    let { cursor } = await drain(0);
    const got = new Map<unknown, number>();
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const res = await s.api<ChangesPage>('GET', `/v3/sync/changes?since=${cursor}&limit=5`);
        for (const c of res.body.changes)
          if (c.entity === 'users') got.set(c.row?.username, (got.get(c.row?.username) ?? 0) + 1);
        cursor = res.body.cursor;
      }
    })();
    await Promise.all(names.map((n) => addMember(n)));
    writing = false;
    await reader;
    for (const c of (await drain(cursor, 5)).changes)
      if (c.entity === 'users') got.set(c.row?.username, (got.get(c.row?.username) ?? 0) + 1);
    for (const n of names) expect(got.get(n), n).toBe(1);
  });
});
