import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRepository } from '../../src/local/repositories/team';
import { outboxLockName, withLock } from '../../src/sync/lock';
import { runOutboxOnce } from '../../sw/outbox-hook';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { makeDevice } from './helpers';

/**
 * The service worker's Background Sync cycle (sw/outbox-hook.ts), run in Node against a live server: it sends what
 * the pages queued, it waits for a tab that holds the outbox lock instead of counting the sync as done, and it
 * rejects while entries stay unsent so that the browser retries later.
 */
describe('Background Sync: the outbox sent from the service worker', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
  });
  afterAll(() => s?.close());

  const members = async () => (await s.api('GET', '/v2/auth/users')).body.data as { username: string }[];

  /** a page queued a change offline and was closed */
  async function queuedDevice(name: string, username: string) {
    const d = makeDevice(s, name);
    await d.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
    await d.engine.syncNow(); // the sign-in's own cycle has ended: nothing of the page is still sending
    d.engine.stop();
    await teamRepository(d.db).add({ username, permission: 3, password: 'bay-pass-1234' });
    expect(await d.db.outbox.count()).toBe(1);
    return d;
  }

  it('sends the queued entries with every page closed', async () => {
    const d = await queuedDevice('bg', 'bgsync1');
    await runOutboxOnce(s.url, d.db.name);
    expect(await d.db.outbox.count()).toBe(0);
    expect((await members()).filter((m) => m.username === 'bgsync1')).toHaveLength(1);
  });

  it('waits for a tab that holds the outbox lock, then sends what that tab left', async () => {
    const d = await queuedDevice('bg-lock', 'bgsync2');
    // a tab takes the lock and is closed before it sends anything
    let release!: () => void;
    const tabDone = new Promise<void>((r) => (release = r));
    let tabHolds!: () => void;
    const held = new Promise<void>((r) => (tabHolds = r));
    const tab = withLock(
      outboxLockName(d.db.name),
      async () => {
        tabHolds();
        await tabDone;
      },
      { ifAvailable: false },
    );
    await held;

    let settled = false;
    const sync = runOutboxOnce(s.url, d.db.name).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false); // not counted as done while the tab holds the lock
    expect(await d.db.outbox.count()).toBe(1);

    release();
    await tab;
    await sync;
    expect(await d.db.outbox.count()).toBe(0);
    expect((await members()).filter((m) => m.username === 'bgsync2')).toHaveLength(1);
  });

  it('rejects while the server cannot be reached, keeping the entry for the browser to retry', async () => {
    const d = await queuedDevice('bg-off', 'bgsync3');
    // a port nothing listens on: the reachability check fails
    await expect(runOutboxOnce('http://127.0.0.1:9', d.db.name)).rejects.toThrow();
    expect(await d.db.outbox.count()).toBe(1);
    await runOutboxOnce(s.url, d.db.name);
    expect(await d.db.outbox.count()).toBe(0);
  });
});
