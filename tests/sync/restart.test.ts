import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRepository } from '../../src/local/repositories/team';
import { startDiskServer, type DiskServer } from './diskServer';
import { drain, makeDevice } from './helpers';
import type { Data, Member } from '../helpers/answers';
import { apiAt } from '../helpers/request';

describe('a server restart in the middle of a replay', () => {
  let s: DiskServer;
  beforeAll(async () => {
    s = await startDiskServer();
  });
  afterAll(() => s?.dispose());

  it('finishes the replay after the restart, each change applied exactly once', async () => {
    const d = makeDevice(s.url, 'restart');
    await d.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
    await d.engine.syncNow();
    d.net.up = false;
    const team = teamRepository(d.db);
    for (let i = 0; i < 30; i++)
      await team.add({ username: `rs${i}`, permission: 2 + (i % 4), password: 'bay-pass-1234' });
    d.net.up = true;
    // the 12th change reaches the server and is applied, then the server goes down before the answer arrives
    let restarted = false;
    d.net.afterResponse = async ({ path }) => {
      const n = d.net.calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/auth/user').length;
      if (path === '/api/v2/auth/user' && n === 12 && !restarted) {
        restarted = true;
        await s.stop();
        throw new TypeError('fetch failed: server went away');
      }
    };
    const first = await d.engine.syncNow();
    expect(first.push?.sent).toBe(11);
    expect(first.error).toBeTruthy();
    // while it is down the worker keeps the entries and backs off
    const down = await d.engine.syncNow();
    expect(down.online).toBe(false);
    expect(await d.db.outbox.count()).toBe(19);

    await s.restart();
    await drain(d);
    expect(await d.db.outbox.count()).toBe(0);
    const res = await apiAt(s.url, () => s.adminToken)<Data<Member[]>>('GET', '/v2/auth/users');
    const names = res.body.data.map((u) => u.username).filter((n) => n.startsWith('rs'));
    expect(names.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `rs${i}`).sort());
    // the 12th was sent twice with one key: the second answer was the stored first one
    const keys = d.net.calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/auth/user').map((c) => c.key);
    expect(keys.length).toBe(31);
    expect(new Set(keys).size).toBe(30);
    expect(await d.db.conflicts.count()).toBe(0);
    // the pull after the restart brought all of them
    expect((await d.db.users.toArray()).filter((u) => String(u.username).startsWith('rs'))).toHaveLength(30);
  });
});
