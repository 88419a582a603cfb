import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRepository } from '../../src/local/repositories/team';
import type { TrackedEntry } from '../../src/sync/outbox';
import { serverTroubleMessage } from '../../src/sync/status';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { drain, makeDevice, type Device } from './helpers';

/**
 * A server that keeps failing (a proxy answering 502, a crashing route) on a live server: the changes stay on the
 * device however many times it fails — never moved to conflicts, never restored away — the shell says so, and they
 * land exactly once when it recovers.
 */
describe('push: 5xx and network failures keep the entries', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
  });
  afterAll(() => s?.close());

  const members = async () =>
    (await s.api('GET', '/v2/auth/users')).body.data as { id: string; username: string; permission: number }[];

  /** a device whose link passes through a gateway that can be switched to answer 502 (all requests, or writes only) */
  function gatewayDevice(name: string) {
    const gw = { mode: 'ok' as 'ok' | 'writes' | 'all' };
    // eslint-disable-next-line prefer-const
    let d: Device;
    const fetchVia: typeof fetch = async (input, init) => {
      const method = (init?.method ?? 'GET').toUpperCase();
      if (gw.mode === 'all' || (gw.mode === 'writes' && method !== 'GET')) {
        return new Response('<html><body>502 Bad Gateway</body></html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        });
      }
      return d.net.fetch(input, init);
    };
    d = makeDevice(s, name, { fetch: fetchVia });
    return { d, gw };
  }

  it('keeps a chain of offline changes through many 502s and timeouts, says so, and sends it once when the server recovers', async () => {
    const { d, gw } = gatewayDevice('gw');
    await d.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
    await d.engine.syncNow();
    d.net.up = false;
    const team = teamRepository(d.db);
    const id = await team.add({ username: 'gw1', permission: 2, password: 'bay-pass-1234' });
    await team.edit({ id, username: 'gw1', permission: 3 }); // depends on the create
    // flaky Wi-Fi first: many failed attempts
    for (let i = 0; i < 9; i++) expect((await d.engine.syncNow()).online).toBe(false);
    d.net.up = true;
    // then the server's gateway fails, again and again (more than any old cap)
    gw.mode = 'writes';
    for (let i = 0; i < 10; i++) await d.engine.syncNow();

    expect(await d.db.conflicts.count()).toBe(0);
    const entries = (await d.db.outbox.orderBy('seq').toArray()) as TrackedEntry[];
    expect(entries.map((e) => e.state)).toEqual(['pending', 'pending']);
    expect(entries[0]).toMatchObject({
      serverErrors: 10,
      lastError: 'Server error 502: Request failed with status 502',
    });
    expect((await d.db.users.get(id))?.permission).toBe(3); // the offline work is still on the device
    const st = d.engine.status.get();
    expect(st).toMatchObject({ online: true, waiting: 2, serverErrors: 10 });
    expect(serverTroubleMessage(st, st.waiting)).toBe(
      'The server keeps failing (Server error 502: Request failed with status 502). 2 changes are kept on this device and will be sent when it recovers.',
    );

    // the whole server behind the gateway fails: the reachability check says so too, the count goes on
    gw.mode = 'all';
    const r = await d.engine.syncNow();
    expect(r.online).toBe(false);
    expect(d.engine.status.get()).toMatchObject({
      serverErrors: 11,
      lastError: 'Server error 502: Request failed with status 502',
    });
    expect(await d.db.outbox.count()).toBe(2);

    gw.mode = 'ok';
    await drain(d);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.conflicts.count()).toBe(0);
    expect((await members()).filter((m) => m.username === 'gw1')).toEqual([
      expect.objectContaining({ id, permission: 3 }),
    ]);
    expect(d.engine.status.get()).toMatchObject({ serverErrors: 0, lastError: '' });
    expect(serverTroubleMessage(d.engine.status.get(), 0)).toBeNull();
  });

  it('counts 5xx answers in a row only: a network failure in between is not the server failing', async () => {
    const { d, gw } = gatewayDevice('gw2');
    await d.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
    await d.engine.syncNow();
    await teamRepository(d.db).add({ username: 'gw2', permission: 2, password: 'bay-pass-1234' });
    gw.mode = 'writes';
    await d.engine.syncNow();
    await d.engine.syncNow();
    expect(d.engine.status.get().serverErrors).toBe(2);
    // the link drops: the status no longer blames the server (it says offline), the entry's own count stays
    d.net.up = false;
    await d.engine.syncNow();
    expect(d.engine.status.get()).toMatchObject({ online: false, serverErrors: 0, lastError: 'Network Error' });
    d.net.up = true;
    await d.engine.syncNow();
    expect(((await d.db.outbox.toArray())[0] as TrackedEntry).serverErrors).toBe(3);
    expect(d.engine.status.get().serverErrors).toBe(3);
    gw.mode = 'ok';
    await drain(d);
    expect((await members()).filter((m) => m.username === 'gw2')).toHaveLength(1);
  });
});
