import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLocalDb } from '../../src/local/db';
import { teamRepository } from '../../src/local/repositories/team';
import { SYNC_TAG } from '../../src/sync/engine';
import { outboxLockName, withLock } from '../../src/sync/lock';
import { dropUserToken, setUserToken } from '../../src/sync/tokens';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { dbName, makeDevice, type Device } from './helpers';

/**
 * What starts a sync cycle once `engine.start()` has run — the interval, the 'online' event, a queued write,
 * Background Sync registration — and the Web Locks branch of the outbox lock (src/sync/lock.ts), on a live server.
 * Every test asserts what reached the server, never how long it took.
 */
describe('sync triggers and the outbox lock (engine.start)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
  });
  afterAll(() => s?.close());

  const started: Device[] = [];
  afterEach(() => {
    for (const d of started.splice(0)) d.engine.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** waits for a state (generously: two shared cores); what is asserted is the state, not how soon */
  const until = (check: () => unknown) => vi.waitFor(check, { timeout: 15_000, interval: 20 });
  const members = async () => (await s.api('GET', '/v2/auth/users')).body.data as { id: string; username: string }[];
  const onServer = async (username: string) => (await members()).filter((m) => m.username === username).length;
  const admin = () => ({ username: 'admin', permission: 5, token: s.adminToken });
  /** a POST of this member reached the server (the device's own record of its requests) */
  const posted = (d: Device) => d.net.calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/auth/user');

  /** a device signed in and synced once, then started with these trigger options */
  async function startedDevice(name: string, extra: Parameters<typeof makeDevice>[2] = {}) {
    const d = makeDevice(s, name, extra);
    await d.engine.signIn(admin());
    await d.engine.syncNow();
    d.engine.start();
    started.push(d);
    await d.engine.kick(); // the start's own cycle has ended
    return d;
  }

  it('pushes after each queued write (onQueued), with no timer and no event', async () => {
    const d = await startedDevice('queued');
    await teamRepository(d.db).add({ username: 'trig_q1', permission: 2, password: 'bay-pass-1234' });
    await until(async () => expect(await d.db.outbox.count()).toBe(0));
    expect(await onServer('trig_q1')).toBe(1);
    // a second write while the first cycle may still run: it goes too (the engine runs once more after a cycle)
    const team = teamRepository(d.db);
    await team.add({ username: 'trig_q2', permission: 2, password: 'bay-pass-1234' });
    await team.add({ username: 'trig_q3', permission: 2, password: 'bay-pass-1234' });
    await until(async () => expect(await d.db.outbox.count()).toBe(0));
    expect([await onServer('trig_q2'), await onServer('trig_q3')]).toEqual([1, 1]);
    // a stopped engine no longer listens (once its last cycle has ended)
    await d.engine.kick();
    d.engine.stop();
    await team.add({ username: 'trig_q4', permission: 2, password: 'bay-pass-1234' });
    await d.engine.refreshStatus();
    expect(await d.db.outbox.count()).toBe(1);
    expect(posted(d).length).toBe(3);
  });

  it('pushes on the interval what nothing else sent', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const d = await startedDevice('interval', { intervalMs: 30_000 });
    // admin's token is gone for a while: the write's own cycle holds the entry (no failure, so no retry timer)
    await dropUserToken(d.db, 'admin');
    await teamRepository(d.db).add({ username: 'trig_i1', permission: 2, password: 'bay-pass-1234' });
    await d.engine.kick();
    expect((await d.db.outbox.toArray()).map((e) => e.state)).toEqual(['held']);
    // the token is back (no sign-in, so no cycle of its own): only the interval can send the entry now
    await setUserToken(d.db, 'admin', s.adminToken);
    expect(posted(d)).toHaveLength(0);
    vi.advanceTimersByTime(30_000);
    await until(async () => expect(await d.db.outbox.count()).toBe(0));
    expect(await onServer('trig_i1')).toBe(1);
    expect(posted(d)).toHaveLength(1);
    // stop() clears the interval
    await d.engine.kick();
    d.engine.stop();
    await dropUserToken(d.db, 'admin');
    await teamRepository(d.db).add({ username: 'trig_i2', permission: 2, password: 'bay-pass-1234' });
    await setUserToken(d.db, 'admin', s.adminToken);
    vi.advanceTimersByTime(120_000);
    await d.engine.refreshStatus();
    expect(await d.db.outbox.count()).toBe(1);
    expect(posted(d)).toHaveLength(1);
  });

  it("pushes on the 'online' event, ignoring the backoff of the failed attempts, and shows 'offline' at once", async () => {
    // the retry timers the failures schedule never fire here: only the event can send the entry
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const events = new EventTarget();
    const d = await startedDevice('online-ev', { events });
    expect(d.engine.status.get().online).toBe(true);
    events.dispatchEvent(new Event('offline'));
    expect(d.engine.status.get().online).toBe(false);

    d.net.up = false;
    await teamRepository(d.db).add({ username: 'trig_o1', permission: 2, password: 'bay-pass-1234' });
    const offline = await d.engine.kick();
    expect(offline.online).toBe(false);
    expect(d.engine.status.get().retryAt).toBeGreaterThan(Date.now());
    expect(await d.db.outbox.count()).toBe(1);

    d.net.up = true;
    // the retry timer scheduled above is dropped with the fake clock (vi.waitFor would advance a fake one)
    vi.useRealTimers();
    events.dispatchEvent(new Event('online'));
    await until(async () => expect(await d.db.outbox.count()).toBe(0));
    expect(await onServer('trig_o1')).toBe(1);
    await until(() => expect(d.engine.status.get()).toMatchObject({ online: true, waiting: 0, lastError: '' }));
  });

  it('registers Background Sync for each queued write where the browser has it, and works without it', async () => {
    const register = vi.fn(async (_tag: string) => undefined);
    vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({ sync: { register } }) } });
    const d = await startedDevice('bgsync', { backgroundSync: undefined });
    await teamRepository(d.db).add({ username: 'trig_b1', permission: 2, password: 'bay-pass-1234' });
    await until(() => expect(register).toHaveBeenCalledWith(SYNC_TAG));
    await until(async () => expect(await d.db.outbox.count()).toBe(0));
    expect(await onServer('trig_b1')).toBe(1);

    // a browser without Background Sync (no SyncManager on the registration), or without service workers at all
    vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({}) } });
    await teamRepository(d.db).add({ username: 'trig_b2', permission: 2, password: 'bay-pass-1234' });
    vi.stubGlobal('navigator', {});
    await teamRepository(d.db).add({ username: 'trig_b3', permission: 2, password: 'bay-pass-1234' });
    await until(async () => expect(await d.db.outbox.count()).toBe(0));
    expect([await onServer('trig_b2'), await onServer('trig_b3')]).toEqual([1, 1]);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers Background Sync at start when changes already wait (a reload, or an update that dropped the worker)', async () => {
    const register = vi.fn(async (_tag: string) => undefined);
    vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({ sync: { register } }) } });
    const d = makeDevice(s, 'bgsync-start', { backgroundSync: undefined });
    await d.engine.signIn(admin());
    await d.engine.syncNow();
    d.net.up = false;
    await teamRepository(d.db).add({ username: 'trig_b5', permission: 2, password: 'bay-pass-1234' }); // the engine is not started: nothing registers
    expect(register).not.toHaveBeenCalled();
    d.engine.start();
    started.push(d);
    await until(() => expect(register).toHaveBeenCalledWith(SYNC_TAG));
    d.net.up = true;
    await d.engine.syncNow();
    expect(await onServer('trig_b5')).toBe(1);
  });

  it('does not register Background Sync when told not to (the service worker itself, tests)', async () => {
    const register = vi.fn(async (_tag: string) => undefined);
    vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({ sync: { register } }) } });
    const d = await startedDevice('bgsync-off', { backgroundSync: false });
    await teamRepository(d.db).add({ username: 'trig_b4', permission: 2, password: 'bay-pass-1234' });
    await until(async () => expect(await d.db.outbox.count()).toBe(0));
    expect(register).not.toHaveBeenCalled();
  });

  describe('navigator.locks (the Web Locks branch of lock.ts)', () => {
    /** A LockManager with the request(name, {ifAvailable, mode}, cb) semantics the engine relies on. */
    function fakeLocks() {
      const held = new Map<string, Promise<void>>();
      const requests: { name: string; ifAvailable?: boolean; mode?: string }[] = [];
      return {
        requests,
        held,
        async request(
          name: string,
          options: { ifAvailable?: boolean; mode?: 'exclusive' | 'shared' },
          cb: (lock: unknown) => Promise<unknown>,
        ) {
          requests.push({ name, ...options });
          while (held.has(name)) {
            if (options.ifAvailable) return cb(null); // the Web Locks API calls back with null
            await held.get(name);
          }
          let release!: () => void;
          held.set(name, new Promise<void>((r) => (release = r)));
          try {
            return await cb({ name, mode: options.mode ?? 'exclusive' });
          } finally {
            held.delete(name);
            release();
          }
        },
      };
    }

    it('sends under the database’s own lock: a forced cycle waits for it, one from a timer or a write skips', async () => {
      const locks = fakeLocks();
      vi.stubGlobal('navigator', { locks });
      const d = makeDevice(s, 'locks');
      await d.engine.signIn(admin());
      await d.engine.syncNow();
      await teamRepository(d.db).add({ username: 'trig_l1', permission: 2, password: 'bay-pass-1234' });
      const r = await d.engine.syncNow();
      expect(r.skipped).toBeUndefined();
      expect(await onServer('trig_l1')).toBe(1);
      const asked = (ifAvailable: boolean) => ({ name: outboxLockName(d.db.name), ifAvailable, mode: 'exclusive' });
      expect(locks.requests.length).toBeGreaterThan(0);
      expect(locks.requests).toEqual(locks.requests.map(() => asked(false)));
      locks.requests.length = 0;
      await d.engine.kick();
      expect(locks.requests).toEqual([asked(true)]);
      expect(locks.held.size).toBe(0); // released
    });

    it('while another context holds the lock: a kick skips and leaves the entry, Sync now waits and sends it once', async () => {
      const locks = fakeLocks();
      vi.stubGlobal('navigator', { locks });
      const d = makeDevice(s, 'locks-busy');
      await d.engine.signIn(admin());
      await d.engine.syncNow();
      await teamRepository(d.db).add({ username: 'trig_l2', permission: 2, password: 'bay-pass-1234' });
      // the service worker (another context) holds the outbox lock of this database
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let holding!: () => void;
      const holds = new Promise<void>((r) => (holding = r));
      const sw = withLock(outboxLockName(d.db.name), async () => {
        holding();
        await gate;
      });
      await holds;
      expect(await d.engine.kick()).toMatchObject({ online: true, skipped: true });
      expect(await d.db.outbox.count()).toBe(1);
      expect(posted(d)).toHaveLength(0);
      expect(d.engine.status.get().waiting).toBe(1);
      // Sync now asks for the lock and waits: nothing is sent while the other context holds it
      locks.requests.length = 0;
      let done = false;
      const forced = d.engine.syncNow().finally(() => (done = true));
      await until(() => expect(locks.requests).toMatchObject([{ ifAvailable: false }]));
      expect(done).toBe(false);
      expect(posted(d)).toHaveLength(0);
      release();
      await sw;
      expect((await forced).skipped).toBeUndefined();
      expect(await d.db.outbox.count()).toBe(0);
      expect(await onServer('trig_l2')).toBe(1);
      expect(posted(d)).toHaveLength(1);
    });

    it('a sync in one context shows at once in the others on the same database (no wait for their own cycle)', async () => {
      const name = dbName('news');
      const tab1 = makeDevice(s, 'news1', {}, openLocalDb(name));
      // tab 2's own cycle hangs on its reachability check, so only tab 1's news can change what it shows
      const tab2 = makeDevice(s, 'news2', { healthTimeoutMs: 60_000 }, openLocalDb(name));
      tab2.net.delay = (call) =>
        call.path === '/api/health' ? { request: new Promise<void>(() => undefined) } : undefined;
      await tab1.engine.signIn(admin());
      await tab1.engine.syncNow();
      await teamRepository(tab1.db).add({ username: 'trig_n1', permission: 2, password: 'bay-pass-1234' });
      tab2.engine.start();
      expect((await tab2.engine.refreshStatus()).waiting).toBe(1);
      const before = tab2.engine.status.get().lastSync;
      await tab1.engine.syncNow();
      await until(() =>
        expect(tab2.engine.status.get()).toMatchObject({ waiting: 0, lastSync: tab1.engine.status.get().lastSync }),
      );
      expect(tab2.engine.status.get().lastSync).not.toBe(before);
      expect(posted(tab2)).toHaveLength(0);
      tab2.engine.stop();
    });

    it('two tabs on the same database: one sends, the other skips or waits; each change reaches the server once', async () => {
      const locks = fakeLocks();
      vi.stubGlobal('navigator', { locks });
      const name = dbName('tabs');
      const tab1 = makeDevice(s, 'tab1', {}, openLocalDb(name));
      const tab2 = makeDevice(s, 'tab2', {}, openLocalDb(name));
      await tab1.engine.signIn(admin());
      await tab1.engine.syncNow();
      const team = teamRepository(tab1.db);
      for (let i = 1; i <= 3; i++) await team.add({ username: `trig_t${i}`, permission: 2, password: 'bay-pass-1234' });
      // tab 1's first send is held on the wire, so tab 2 runs its cycles while tab 1 holds the lock
      let letThrough!: () => void;
      const wire = new Promise<void>((r) => (letThrough = r));
      tab1.net.delay = (call) =>
        call.method === 'POST' && call.path === '/api/v2/auth/user' ? { request: wire } : undefined;
      const first = tab1.engine.syncNow();
      await until(() => expect(posted(tab1)).toHaveLength(1));
      expect(await tab2.engine.kick()).toMatchObject({ online: true, skipped: true });
      const second = tab2.engine.syncNow();
      letThrough();
      expect((await first).skipped).toBeUndefined();
      expect((await second).skipped).toBeUndefined();
      expect(await tab1.db.outbox.count()).toBe(0);
      expect([await onServer('trig_t1'), await onServer('trig_t2'), await onServer('trig_t3')]).toEqual([1, 1, 1]);
      const sent = [...posted(tab1), ...posted(tab2)];
      expect(sent).toHaveLength(3);
      expect(new Set(sent.map((c) => c.key)).size).toBe(3);
    });
  });
});
