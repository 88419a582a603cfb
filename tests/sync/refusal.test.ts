import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRepository } from '../../src/local/repositories/team';
import { newId } from '../../src/domain/ids';
import { RetryError } from '../../src/sync/retry';
import { getRepull } from '../../src/sync/pull';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { drain, makeDevice, type Device } from './helpers';

/**
 * What a refusal leaves on the device, on a live server: the refused rows must be the server's afterwards, even when
 * an earlier entry on the same row was applied in the same pass (the shadow the rows are put back to predates it).
 */
describe('after a refusal the affected rows are authoritative', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
  });
  afterAll(() => s?.close());

  const members = async () =>
    (await s.api('GET', '/v2/auth/users')).body.data as { id: string; username: string; permission: number }[];
  const admin = () => ({ username: 'admin', permission: 5, token: s.adminToken });

  /** a member on the server and the device, then offline: A (accepted) and B (refused: the username is taken) on it */
  async function appliedThenRefused(d: Device, username: string) {
    await d.engine.signIn(admin());
    const team = teamRepository(d.db);
    const id = await team.add({ username, permission: 2, password: 'bay-pass-1234' });
    await d.engine.syncNow();
    expect((await d.db.users.get(id))?._seq).toBeGreaterThan(0);
    d.net.up = false;
    // a name taken on the server while the device is offline: the device cannot know, the server refuses it
    const taken = `${username}_t`;
    await s.api('POST', '/v2/auth/user', {
      body: { data: { username: taken, permission: 2, password: 'bay-pass-1234' } },
    });
    await team.edit({ id, username, permission: 3 }); // A: goes through
    await team.edit({ id, username: taken, permission: 3 }); // B: 409, that username is taken
    expect(await d.db.users.get(id)).toMatchObject({ username: taken, permission: 3 });
    return id;
  }

  it('with nobody signed in to pull: re-pulls the rows with the token of who made the refused change', async () => {
    const d = makeDevice(s, 'ab-nopull');
    const id = await appliedThenRefused(d, 'ab_one');
    // the session ends (the tokens stay): the cycle's pull is skipped
    await d.engine.signOut();
    d.net.up = true;
    await d.engine.syncNow();

    expect(await d.db.outbox.count()).toBe(0);
    const [c] = await d.engine.conflicts.list();
    expect(c).toMatchObject({ status: 409, message: 'That username is already taken.' });
    // the server has A: the device shows A, not the shadow from before it
    expect((await members()).find((m) => m.id === id)).toMatchObject({ username: 'ab_one', permission: 3 });
    expect(await d.db.users.get(id)).toMatchObject({ username: 'ab_one', permission: 3 });
    expect(await getRepull(d.db)).toBeNull();
    expect(await d.db.shadow.count()).toBe(0);
    // no full pull happened: the cursor did not move, so a later pull brings the same rows again, harmlessly
    const pulls = d.net.calls.filter((call) => call.path.startsWith('/api/v3/sync/changes'));
    expect(pulls.at(-1)?.path).toMatch(/only=users/);
  });

  it('with a signed-in user: the pull of the same cycle makes them authoritative', async () => {
    const d = makeDevice(s, 'ab-pull');
    const id = await appliedThenRefused(d, 'ab_two');
    d.net.up = true;
    await d.engine.syncNow();
    expect(await d.engine.conflicts.list()).toHaveLength(1);
    expect(await d.db.users.get(id)).toMatchObject({ username: 'ab_two', permission: 3 });
    expect(await getRepull(d.db)).toBeNull();
  });

  it('keeps the rows to re-pull when the re-pull cannot reach the server, and re-pulls them on a later cycle', async () => {
    const d = makeDevice(s, 'ab-later');
    const id = await appliedThenRefused(d, 'ab_three');
    await d.engine.signOut();
    d.net.up = true;
    // the link drops right after the push: the refusal is recorded, the rows wait to be re-pulled
    d.net.afterResponse = ({ method }) => {
      if (method === 'PUT' && d.net.calls.filter((c) => c.method === 'PUT').length === 2) d.net.up = false;
    };
    await d.engine.syncNow();
    expect(await d.engine.conflicts.list()).toHaveLength(1);
    expect((await getRepull(d.db))?.rows).toEqual([['users', id]]);
    d.net.up = true;
    d.net.afterResponse = undefined;
    await d.engine.syncNow();
    expect(await getRepull(d.db)).toBeNull();
    expect(await d.db.users.get(id)).toMatchObject({ username: 'ab_three', permission: 3 });
  });

  describe('retrying a refused change brings the changes refused with it, in order', () => {
    /**
     * Offline: a member is added under a username the server already has (409) and then edited (refused with it: it
     * needs the row the add makes). Then the server's member is renamed, so a retry can go through.
     */
    async function refusedChain(name: string, username: string) {
      const d = makeDevice(s, name);
      await d.engine.signIn(admin());
      await d.engine.syncNow();
      const blocker = newId();
      expect(
        (
          await s.api('POST', '/v2/auth/user', {
            body: { data: { id: blocker, username, permission: 2, password: 'bay-pass-1234' } },
          })
        ).status,
      ).toBe(200);
      d.net.up = false;
      const team = teamRepository(d.db);
      const id = await team.add({ username, permission: 2, password: 'bay-pass-1234' });
      await team.edit({ id, username, permission: 4 });
      d.net.up = true;
      await d.engine.syncNow();
      const conflicts = await d.engine.conflicts.list();
      const parent = conflicts.find((c) => c.entry.method === 'POST')!;
      const child = conflicts.find((c) => c.entry.method === 'PUT')!;
      expect(parent.status).toBe(409);
      expect(child.dependsOnEntry).toBe(parent.id);
      // the staff fix it on the server: the other member gets another name
      expect(
        (
          await s.api('PUT', '/v2/auth/user', {
            body: { data: { id: blocker, username: `${username}_old`, permission: 2 } },
          })
        ).status,
      ).toBe(200);
      return { d, id, parent, child };
    }
    const onServer = async (id: string) => (await members()).find((m) => m.id === id);

    it('retrying the parent re-queues its dependents after it, and both land', async () => {
      const { d, id, parent } = await refusedChain('rt-parent', 'rt_par');
      await d.engine.conflicts.retry(parent.id);
      await drain(d);
      expect(await d.engine.conflicts.list()).toEqual([]);
      expect(await onServer(id)).toMatchObject({ username: 'rt_par', permission: 4 });
      const writes = d.net.calls
        .filter((c) => c.method !== 'GET' && c.path === '/api/v2/auth/user')
        .map((c) => [c.method, c.answered]);
      // the first pass: the add refused (the edit never left); the retry: the add, then the edit
      expect(writes).toEqual([
        ['POST', 409],
        ['POST', 200],
        ['PUT', 200],
      ]);
      expect(await d.db.users.get(id)).toMatchObject({ permission: 4 });
    });

    it('retrying the dependent alone retries its parent first', async () => {
      const { d, id, child } = await refusedChain('rt-child', 'rt_chi');
      await d.engine.conflicts.retry(child.id);
      expect((await d.db.outbox.orderBy('seq').toArray()).map((e) => e.method)).toEqual(['POST', 'PUT']);
      await drain(d);
      expect(await d.engine.conflicts.list()).toEqual([]);
      expect(await onServer(id)).toMatchObject({ username: 'rt_chi', permission: 4 });
    });

    it('says why a dependent cannot be retried once its parent was discarded, and queues nothing', async () => {
      const { d, id, parent, child } = await refusedChain('rt-orphan', 'rt_orp');
      await d.engine.conflicts.discard(parent.id);
      const err = await d.engine.conflicts.retry(child.id).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RetryError);
      expect((err as Error).message).toMatch(
        /^"Edit team member rt_orp" cannot be sent: it needs a record that an earlier refused change would have made, and that change was discarded/,
      );
      expect((await d.engine.conflicts.list()).map((c) => c.id)).toEqual([child.id]);
      // nothing queued but the discard's activity-log line
      expect((await d.db.outbox.toArray()).map((e) => e.path)).toEqual(['/v3/discarded']);
      expect(await onServer(id)).toBeUndefined();
    });
  });
});
