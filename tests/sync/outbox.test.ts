import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDb } from '../../src/local/db';
import { teamRepository } from '../../src/local/repositories/team';
import { heldMessage } from '../../src/sync/status';
import { signHs256 } from '../helpers/jwt';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { dbName, drain, makeDevice, user } from './helpers';
import { nth } from '../helpers/present';

/** Outbox mechanics against the team routes (POST/PUT/DELETE /v2/auth/user), on a live server. */
describe('outbox: idempotent replay, holds, conflicts', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
  });
  afterAll(() => s?.close());

  const members = async () =>
    (await s.api('GET', '/v2/auth/users')).body.data as { id: string; username: string; permission: number }[];
  const admin = () => ({ username: 'admin', permission: 5, token: s.adminToken });

  it('queues offline and delivers each change exactly once when the link returns', async () => {
    const d = makeDevice(s, 'off');
    await d.engine.signIn(admin());
    d.net.up = false;
    const team = teamRepository(d.db);
    const id = await team.add({ username: 'off1', permission: 3, password: 'bay-pass-1234' });
    await team.edit({ id, username: 'off1', permission: 4 });
    const report = await d.engine.syncNow();
    expect(report.online).toBe(false);
    expect(await d.db.outbox.count()).toBe(2);
    expect(d.engine.status.get().waiting).toBe(2);
    // the local row is there at once
    expect((await team.byUsername('off1'))?.permission).toBe(4);

    d.net.up = true;
    await d.engine.syncNow();
    expect(await d.db.outbox.count()).toBe(0);
    const rows = (await members()).filter((m) => m.username === 'off1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, permission: 4 });
    expect(d.engine.status.get()).toMatchObject({ waiting: 0, conflicts: 0, online: true });
    expect(d.engine.status.get().lastSync).toBeTruthy();
    // the pull brought the server's row back (with its seq)
    const local = await d.db.users.get(id);
    expect(local?._seq).toBeGreaterThan(0);
  });

  it('says "Synced" only once a signed-in cycle has pulled, not after a cycle on the sign-in screen', async () => {
    const d = makeDevice(s, 'synced');
    const before = await d.engine.syncNow();
    expect(before).toMatchObject({ online: true });
    expect(before.pull).toBeUndefined();
    expect(d.engine.status.get().lastSync).toBeNull();
    await d.engine.signIn(admin());
    await d.engine.syncNow();
    expect(d.engine.status.get().lastSync).toBeTruthy();
    expect(await d.db.users.where('username').equals('admin').count()).toBe(1);
  });

  it('applies a change once when its response was lost after the server applied it', async () => {
    const d = makeDevice(s, 'dup');
    await d.engine.signIn(admin());
    await d.engine.syncNow();
    d.net.dropResponses = 1;
    const id = await teamRepository(d.db).add({ username: 'dup1', permission: 3, password: 'bay-pass-1234' });
    const first = await d.engine.syncNow();
    expect(first.push?.error).toMatch(/connection dropped/);
    expect(await d.db.outbox.count()).toBe(1);
    await d.engine.syncNow();
    expect(await d.db.outbox.count()).toBe(0);
    const posts = d.net.calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/auth/user');
    expect(posts).toHaveLength(2);
    expect(nth(posts, 0).key).toBe(nth(posts, 1).key);
    expect((await members()).filter((m) => m.username === 'dup1')).toEqual([expect.objectContaining({ id })]);
    expect(await d.db.conflicts.count()).toBe(0);
  });

  it('moves a refused entry to conflicts with the server message, refuses its dependents, and goes on', async () => {
    const d = makeDevice(s, 'ref');
    await d.engine.signIn(admin());
    await d.engine.syncNow();
    d.net.up = false;
    // a name taken on the server while the device is offline: the device cannot know, the server refuses it
    await s.api('POST', '/v2/auth/user', {
      body: { data: { username: 'taken1', permission: 2, password: 'bay-pass-1234' } },
    });
    const team = teamRepository(d.db);
    const bad = await team.add({ username: 'taken1', permission: 3, password: 'bay-pass-1234' }); // taken: 409
    await team.edit({ id: bad, username: 'taken1', permission: 4 }); // needs the refused row
    const good = await team.add({ username: 'after1', permission: 2, password: 'bay-pass-1234' });
    d.net.up = true;
    await d.engine.syncNow();
    expect(await d.db.outbox.count()).toBe(0);
    const conflicts = await d.engine.conflicts.list();
    expect(conflicts).toHaveLength(2);
    const first = conflicts.find((c) => c.entry.path === '/v2/auth/user' && c.entry.method === 'POST')!;
    expect(first.status).toBe(409);
    expect(first.message).toBe('That username is already taken.');
    const dep = conflicts.find((c) => c.entry.method === 'PUT')!;
    expect(dep.dependsOnEntry).toBe(first.id);
    expect(dep.message).toMatch(/depended on an earlier change that was refused/);
    // the refused create is gone locally (the server never had it); the good one went through
    expect(await d.db.users.get(bad)).toBeUndefined();
    expect((await members()).some((m) => m.id === good)).toBe(true);
    expect(d.engine.status.get().conflicts).toBe(2);

    // discard the dependent, retry the first after "fixing" nothing: the server refuses again with a new key
    await d.engine.conflicts.discard(dep.id);
    await d.engine.conflicts.retry(first.id);
    await drain(d);
    const again = await d.engine.conflicts.list();
    expect(again).toHaveLength(1);
    expect(nth(again, 0).id).not.toBe(first.id);
    expect(nth(again, 0).message).toBe('That username is already taken.');
  });

  it('holds the entries of a user whose token ran out while other users go on, until that user signs in', async () => {
    const d = makeDevice(s, 'held');
    const jdoe = await user(s, 5, 'jdoe');
    const other = await user(s, 5, 'other5');
    const expired = signHs256(
      { username: 'jdoe', permission: 5, exp: Math.floor(Date.now() / 1000) - 60 },
      s.config.jwtSecret,
    );
    await d.engine.signIn({ username: 'jdoe', permission: 5, token: jdoe.token });
    await d.engine.syncNow();
    d.net.up = false;
    const team = teamRepository(d.db);
    await team.add({ username: 'byjdoe1', permission: 2, password: 'bay-pass-1234' });
    await team.add({ username: 'byjdoe2', permission: 2, password: 'bay-pass-1234' });
    // jdoe's session ends; their stored token is now an expired one; 'other5' signs in and works
    await d.engine.signIn({ username: 'jdoe', permission: 5, token: expired });
    await d.engine.signIn({ username: other.username, permission: 5, token: other.token });
    await team.add({ username: 'byother', permission: 2, password: 'bay-pass-1234' });
    d.net.up = true;
    await d.engine.syncNow();
    const names = (await members()).map((m) => m.username);
    expect(names).toContain('byother');
    expect(names).not.toContain('byjdoe1');
    const st = d.engine.status.get();
    expect(st.heldFor).toEqual([{ username: 'jdoe', count: 2 }]);
    expect(heldMessage(nth(st.heldFor, 0))).toBe('2 changes wait for jdoe to sign in');
    expect(st.waiting).toBe(2);

    // a token the server refuses (401) also holds: jdoe signs in with a forged one
    await d.engine.signIn({
      username: 'jdoe',
      permission: 5,
      token: signHs256({ username: 'jdoe', permission: 5, exp: Math.floor(Date.now() / 1000) + 600 }, 'wrong-secret'),
    });
    await d.engine.syncNow();
    expect(d.engine.status.get().heldFor).toEqual([{ username: 'jdoe', count: 2 }]);

    await d.engine.signIn({ username: 'jdoe', permission: 5, token: jdoe.token });
    await d.engine.syncNow();
    const after = (await members()).map((m) => m.username);
    expect(after).toEqual(expect.arrayContaining(['byjdoe1', 'byjdoe2']));
    expect(d.engine.status.get()).toMatchObject({ waiting: 0, heldFor: [] });
  });

  it('keeps the outbox through a tab crash between write and send, and sends it once', async () => {
    const name = dbName('crash');
    const d1 = makeDevice(s, 'crash', {}, openLocalDb(name));
    await d1.engine.signIn(admin());
    await d1.engine.syncNow();
    d1.net.up = false;
    await teamRepository(d1.db).add({ username: 'crash1', permission: 3, password: 'bay-pass-1234' });
    // an entry caught mid-send when the tab died
    await d1.db.outbox.toCollection().modify({ state: 'sending' });
    d1.engine.stop();
    d1.db.close();

    const d2 = makeDevice(s, 'crash', {}, openLocalDb(name));
    expect(await d2.db.outbox.count()).toBe(1);
    await d2.engine.syncNow();
    expect(await d2.db.outbox.count()).toBe(0);
    expect((await members()).filter((m) => m.username === 'crash1')).toHaveLength(1);
  });

  it('keeps a row with pending changes in its local state until the outbox drains, then takes the server row', async () => {
    const a = makeDevice(s, 'rbA');
    const b = makeDevice(s, 'rbB');
    await a.engine.signIn(admin());
    await b.engine.signIn(admin());
    const id = await teamRepository(a.db).add({ username: 'rebase1', permission: 2, password: 'bay-pass-1234' });
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect((await b.db.users.get(id))?.permission).toBe(2);

    // B edits offline; A's edit lands on the server meanwhile
    b.net.up = false;
    await teamRepository(b.db).edit({ id, username: 'rebase1', permission: 3 });
    await teamRepository(a.db).edit({ id, username: 'rebase1', permission: 4 });
    await a.engine.syncNow();
    // B pulls while its own edit is still waiting (push of B fails: PUT only, GETs go through)
    b.net.up = true;
    const origFetch = b.net.fetch;
    b.net.fetch = origFetch; // unchanged; block B's push by holding its user instead:
    const tokens = await b.db.meta.get('tokens');
    await b.db.meta.put({
      key: 'tokens',
      value: { admin: signHs256({ username: 'admin', permission: 5, exp: 1 }, 'x') },
    });
    await b.db.meta.put({ key: 'session', value: { username: 'puller', permission: 5 } });
    const pullerTok = await user(s, 5, 'puller');
    await b.db.meta.put({
      key: 'tokens',
      value: { admin: signHs256({ username: 'admin', permission: 5, exp: 1 }, 'x'), puller: pullerTok.token },
    });
    await b.engine.syncNow();
    expect((await b.db.users.get(id))?.permission).toBe(3); // local edit kept
    expect((await b.db.shadow.get(['users', id]))?.row?.permission).toBe(4); // the server's row waits in shadow

    // admin signs in again on B: B's edit goes as a field change based on level 2 (issue 14); A's 4 stays, B's 3
    // waits in the decision list, and the pull brings the server's row
    await b.db.meta.put({ key: 'tokens', value: tokens!.value });
    await b.engine.signIn(admin());
    await b.engine.syncNow();
    expect((await b.db.users.get(id))?.permission).toBe(4);
    expect(await b.db.shadow.count()).toBe(0);
    const server = (await members()).find((m) => m.id === id)!;
    expect(server.permission).toBe(4);
    const decision = nth(await b.engine.conflicts.decisions(), 0);
    expect(decision.field).toMatchObject({ entity: 'users', id, field: 'permission', mine: 3, base: 2, theirs: 4 });
  });
});
