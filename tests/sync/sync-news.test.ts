import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLocalDb } from '../../src/local/db';
import { teamRepository } from '../../src/local/repositories/team';
import { runOutboxOnce } from '../../sw/outbox-hook';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { dbName, makeDevice } from './helpers';

/**
 * Issue 14's third story: after a reconnect the service worker's Background Sync sent the outbox while the open tab,
 * skipped by the outbox lock, kept "Synced 9:14" beside "All changes on the server" until its own next cycle. The
 * worker's cycle tells the tab at once (src/sync/syncNews.ts; tab to tab: tests/sync/triggers.test.ts).
 */
describe('a sync by the service worker shows at once in the open tab', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
  });
  afterAll(() => s?.close());

  it("the tab's waiting count and last-sync time follow the worker's push, with no cycle of its own", async () => {
    const name = dbName('sw-news');
    // the tab's own cycles hang on their reachability check: only the worker's news can change what it shows
    const tab = makeDevice(s, 'sw-news-tab', { healthTimeoutMs: 60_000 }, openLocalDb(name));
    await tab.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
    await tab.engine.syncNow();
    tab.net.delay = (call) =>
      call.path === '/api/health' ? { request: new Promise<void>(() => undefined) } : undefined;
    await teamRepository(tab.db).add({ username: 'swnews1', permission: 3, password: 'bay-pass-1234' });
    tab.engine.start();
    expect((await tab.engine.refreshStatus()).waiting).toBe(1);
    const before = tab.engine.status.get().lastSync;

    await runOutboxOnce(s.url, name);

    await vi.waitFor(() => expect(tab.engine.status.get()).toMatchObject({ waiting: 0 }), {
      timeout: 15_000,
      interval: 20,
    });
    expect(tab.engine.status.get().lastSync).not.toBe(before);
    // the tab sent nothing: the worker did
    expect(tab.net.calls.filter((c) => c.path === '/api/v2/auth/user')).toHaveLength(0);
    tab.engine.stop();
  });
});
