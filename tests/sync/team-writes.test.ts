import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, fill } from '../../src/domain/messages';
import type { BayBookDB } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { auditDb, drain, makeDevice, offlineThenServer, onlineDevice, refusal, user, type Device } from './helpers';
import { atLeast } from '../helpers/present';

/**
 * The team in the catalogue (src/domain/writes/team.ts): a member added, renamed, moved to another level or removed
 * offline on a device is the row the server keeps when the outbox arrives (the password only ever on the server, as
 * a hash: it signs in), and a refusal says the same words on both. A name or level is a field change (issue 14):
 * two devices changing different fields both land; the same field is a conflict for a person to decide.
 */
async function memberRow(db: BayBookDB, id: string) {
  const m = await db.users.get(id);
  return m && !m.deleted ? { username: m.username, permission: m.permission } : null;
}

const PASSWORD = 'bay-pass-1234';

describe.each(DATABASES)('team writes: the device and the server keep the same member (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: ReturnType<typeof createRepositories>;
  let n = 0;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'team-writes');
    repos = createRepositories(d.db);
  });
  afterAll(() => s?.close());

  const name = () => `tw${kind.slice(0, 2)}${++n}`;

  async function member(permission = 3) {
    const id = await repos.team.add({ username: name(), permission, password: PASSWORD });
    await drain(d);
    return id;
  }

  const signsIn = async (username: string, password: string) =>
    (await s.api('POST', '/login', { token: null, body: { username, password } })).status;

  it('add, rename, new level, new password, remove: the same member each time; the password signs in', async () => {
    let id = '';
    const username = name();
    const added = await offlineThenServer(
      d,
      s,
      (db) => memberRow(db, id),
      async () => {
        // a full-width letter is kept as its plain twin (NFKC), on both sides
        id = await repos.team.add({ username: ` ${username}ｘ`, permission: 2, password: PASSWORD });
      },
    );
    expect([added.offline, added.server]).toEqual([added.server, { username: `${username}x`, permission: 2 }]);
    expect(await signsIn(`${username}x`, PASSWORD)).toBe(200);

    const edited = await offlineThenServer(
      d,
      s,
      (db) => memberRow(db, id),
      () => repos.team.edit({ id, username: `${username}y`, permission: 4, password: 'garage-door-77' }),
    );
    expect([edited.offline, edited.server]).toEqual([edited.server, { username: `${username}y`, permission: 4 }]);
    expect(await signsIn(`${username}y`, 'garage-door-77')).toBe(200);

    const removed = await offlineThenServer(
      d,
      s,
      (db) => memberRow(db, id),
      () => repos.team.remove(id),
    );
    expect(removed).toEqual({ offline: null, server: null });
  });

  it('a refusal says the same words on the device and on the server', async () => {
    const id = await member();
    const other = (await d.db.users.get(id))!.username;
    const self = (await d.db.users.where('username').equals('admin').first())!;
    const fresh = name();
    const cases: [string, () => Promise<unknown>, string, Record<string, unknown>][] = [
      [
        'a username taken',
        () => repos.team.add({ username: other, permission: 2, password: PASSWORD }),
        'POST',
        { username: other, permission: 2, password: PASSWORD },
      ],
      [
        'a lookalike of a member',
        () => repos.team.add({ username: other.toUpperCase(), permission: 2, password: PASSWORD }),
        'POST',
        { username: other.toUpperCase(), permission: 2, password: PASSWORD },
      ],
      [
        'a short password',
        () => repos.team.add({ username: fresh, permission: 2, password: 'short' }),
        'POST',
        { username: fresh, permission: 2, password: 'short' },
      ],
      [
        'a password holding the username',
        () => repos.team.add({ username: fresh, permission: 2, password: `${fresh}-2024-x` }),
        'POST',
        { username: fresh, permission: 2, password: `${fresh}-2024-x` },
      ],
      [
        'a level off the list',
        () => repos.team.add({ username: fresh, permission: 7, password: PASSWORD }),
        'POST',
        { username: fresh, permission: 7, password: PASSWORD },
      ],
      [
        'lowering one’s own level',
        () => repos.team.edit({ id: self.id, username: 'admin', permission: 4 }),
        'PUT',
        { id: self.id, username: 'admin', permission: 4 },
      ],
      ['removing oneself', () => repos.team.remove(self.id), 'DELETE', { id: self.id }],
    ];
    for (const [what, onDevice, method, body] of cases) {
      const device = await refusal(onDevice());
      const server = await s.api(method, '/v2/auth/user', { body: { data: body } });
      expect.soft([server.status >= 400, device], what).toEqual([true, server.body.message]);
    }
    expect(await refusal(repos.team.add({ username: other.toUpperCase(), permission: 2, password: PASSWORD }))).toBe(
      fill(MSG.usernameLookalike, { name: other }),
    );
  });

  it('below the level a write needs: refused on the device in the words of the server', async () => {
    const agent = await user(s, 4);
    const desk = makeDevice(s, 'team-writes-l4');
    await desk.engine.signIn(agent);
    await desk.engine.syncNow();
    const adding = await refusal(
      createRepositories(desk.db).team.add({ username: name(), permission: 2, password: PASSWORD }),
    );
    const server = await s.api('POST', '/v2/auth/user', {
      token: agent.token,
      body: { data: { username: name(), permission: 2, password: PASSWORD } },
    });
    expect([adding, server.status]).toEqual([server.body.message, 403]);
  });

  describe('two devices, one member (issue 14)', () => {
    let desk: Device;
    beforeAll(async () => {
      desk = await onlineDevice(s, 'team-writes-desk');
    });
    const front = () => createRepositories(desk.db);

    async function shared() {
      const id = await member(2);
      await drain(desk);
      return { id, username: (await d.db.users.get(id))!.username };
    }

    it('the bay renames offline while the desk changes the level: both land', async () => {
      const { id, username } = await shared();
      d.net.up = false;
      await repos.team.edit({ id, username: `${username}b`, permission: 2 });
      await front().team.edit({ id, username, permission: 3 });
      await drain(desk);
      d.net.up = true;
      await drain(d);
      expect(await memberRow(await auditDb(s), id)).toEqual({ username: `${username}b`, permission: 3 });
      expect(await d.engine.conflicts.decisions()).toEqual([]);
    });

    it('both change the level: the desk’s stays, the bay is shown both values and decides', async () => {
      const { id } = await shared();
      const { username } = (await d.db.users.get(id))!;
      d.net.up = false;
      await repos.team.edit({ id, username, permission: 4 });
      await front().team.edit({ id, username, permission: 3 });
      await drain(desk);
      d.net.up = true;
      await drain(d);
      expect((await memberRow(await auditDb(s), id))?.permission).toBe(3);
      const [c, ...more] = atLeast(await d.engine.conflicts.decisions(), 1);
      expect(more).toEqual([]);
      expect(c.field).toMatchObject({
        entity: 'users',
        id,
        field: 'permission',
        label: 'Level',
        record: `Team member ${username}`,
        mine: 4,
        base: 2,
        theirs: 3,
        by: 'admin',
        reason: 'changed',
      });
      await d.engine.conflicts.decide(c.id, 'mine');
      await drain(d);
      expect((await memberRow(await auditDb(s), id))?.permission).toBe(4);
      expect(await d.engine.conflicts.decisions()).toEqual([]);
    });
  });
});
