import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrongPinWords } from '../../src/domain/quickSwitch';
import { pinStore } from '../../src/local/pins';
import { createRepositories } from '../../src/local/repositories';
import { getSession } from '../../src/local/write';
import { switchMember } from '../../src/sync/quickSwitch';
import { dropUserToken } from '../../src/sync/tokens';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { auditDb, customerForm, drain, makeDevice, user } from './helpers';

/**
 * Issue 18: one bay tablet, two technicians. Each signs in once with the password and sets a PIN; with the network
 * cut they take turns by PIN, each making a change; when the link returns every change reaches the server under the
 * name of the one who made it (their own token), as if each had used a tablet of their own.
 */
describe('quick switch on a shared tablet (live server)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
  });
  afterAll(() => s?.close());

  it("two technicians' changes made by turns on one device reach the server under each one's own name", async () => {
    const tablet = makeDevice(s, 'shared-tablet');
    const repos = createRepositories(tablet.db);
    const pins = pinStore(tablet.db, { iterations: 1_000 });
    const kim = await user(s, 3);
    const lee = await user(s, 3);
    // each signs in once with the password (the login's answer: the token), and sets a PIN on this device
    for (const [who, pin] of [
      [kim, '1357'],
      [lee, '2468'],
    ] as const) {
      await tablet.engine.signIn(who);
      await pins.set(who.username, pin);
    }
    await tablet.engine.syncNow();

    tablet.net.up = false;
    expect(await switchMember(tablet.engine, kim.username, '1357', pins)).toMatchObject({ kind: 'switched' });
    expect(await getSession(tablet.db)).toEqual({ username: kim.username, permission: 3 });
    await repos.customers.add(customerForm('QS 101'));

    expect(await switchMember(tablet.engine, lee.username, '1357', pins)).toEqual({
      kind: 'wrong',
      message: wrongPinWords(4),
    });
    // a wrong PIN changes nothing: the device is still kim's
    expect((await getSession(tablet.db))?.username).toBe(kim.username);
    expect(await switchMember(tablet.engine, lee.username, '2468', pins)).toMatchObject({ kind: 'switched' });
    await repos.customers.add(customerForm('QS 102'));
    expect(await switchMember(tablet.engine, kim.username, '1357', pins)).toMatchObject({ kind: 'switched' });
    await repos.customers.add(customerForm('QS 103'));

    const queued = await tablet.db.outbox.orderBy('seq').toArray();
    expect(queued.map((e) => e.actor)).toEqual([kim.username, lee.username, kim.username]);

    tablet.net.up = true;
    await drain(tablet);
    expect(await tablet.db.outbox.count()).toBe(0);
    expect(await tablet.db.conflicts.count()).toBe(0);
    const audit = await auditDb(s);
    const who = async (plate: string) =>
      (await audit.sys_log.toArray()).find((l) => l.predicate.endsWith(`registration ${plate}`))?.username;
    expect(await who('QS 101')).toBe(kim.username);
    expect(await who('QS 102')).toBe(lee.username);
    expect(await who('QS 103')).toBe(kim.username);
  });

  it('a PIN never opens a session that has ended: the password is asked for', async () => {
    const tablet = makeDevice(s, 'shared-tablet-2');
    const pins = pinStore(tablet.db, { iterations: 1_000 });
    const kim = await user(s, 3);
    const lee = await user(s, 3);
    await tablet.engine.signIn(kim);
    await pins.set(kim.username, '1357');
    await tablet.engine.signIn(lee);
    // kim's token is refused by the server (or runs out): it is dropped, and kim's PIN alone does not bring it back
    await dropUserToken(tablet.db, kim.username);
    expect(await switchMember(tablet.engine, kim.username, '1357', pins)).toEqual({
      kind: 'password',
      message: `The session of ${kim.username} has ended: sign in with your password`,
    });
    expect((await getSession(tablet.db))?.username).toBe(lee.username);
    // nor does the server take the PIN for a password: it knows only kim's password
    const atServer = await s.api('POST', '/login', { body: { username: kim.username, password: '1357' }, token: null });
    expect([atServer.status, atServer.body.token]).toEqual([401, undefined]);
    // lee never set a PIN here
    expect(await switchMember(tablet.engine, lee.username, '0000', pins)).toEqual({
      kind: 'password',
      message: `No PIN on this device for ${lee.username}: sign in with your password`,
    });
  });
});
