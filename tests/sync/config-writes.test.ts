import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BayBookDB } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { makeDevice, offlineThenServer, onlineDevice, refusal, user, type Device } from './helpers';

/**
 * A setting's edit in the catalogue (src/domain/writes/config.ts): made offline on a device, it is the setting the
 * server keeps when the outbox arrives, and a refusal — an empty description, a rate without a number, a level below
 * 5 — says the same words on the device, at once, as on the server.
 */
async function settingRow(db: BayBookDB, name: string) {
  const row = await db.config.filter((r) => r.name === name).first();
  return row && { id: row.id, description: row.description, amount: row.amount };
}

describe.each(DATABASES)('config writes: the device and the server keep the same setting (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: ReturnType<typeof createRepositories>;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'config-writes');
    repos = createRepositories(d.db);
  });
  afterAll(() => s?.close());

  const setting = async (name: string) => (await settingRow(d.db, name))!;

  it('a rate and a text setting edited offline: the same settings on both', async () => {
    const rate = await setting('labour_rate');
    const edited = await offlineThenServer(
      d,
      s,
      (db) => settingRow(db, 'labour_rate'),
      () => repos.config.edit({ id: rate.id, description: rate.description, amount: 4750 }),
    );
    expect(edited.offline).toEqual(edited.server);
    expect(edited.offline).toMatchObject({ amount: 4750 });
    const shop = await setting('shop_name');
    const named = await offlineThenServer(
      d,
      s,
      (db) => settingRow(db, 'shop_name'),
      () => repos.config.edit({ id: shop.id, description: 'Bay Two Motors', amount: null }),
    );
    expect(named.offline).toEqual(named.server);
    expect(named.offline).toMatchObject({ description: 'Bay Two Motors', amount: null });
  });

  it('a refusal says the same words on the device and on the server', async () => {
    const rate = await setting('labour_rate');
    const cases: [string, { description: string; amount: number | null }][] = [
      ['an empty description', { description: '', amount: 4000 }],
      ['a rate without a number', { description: rate.description, amount: null }],
    ];
    for (const [what, edit] of cases) {
      const device = await refusal(repos.config.edit({ id: rate.id, ...edit }));
      const server = await s.api('PUT', `/configsheet/${rate.id}`, { body: { data: edit } });
      expect.soft([server.status, device], what).toEqual([400, server.body.message]);
    }
    expect(await d.db.outbox.count()).toBe(0);
  });

  it('below level 5: refused on the device in the words of the server', async () => {
    const agent = await user(s, 4);
    const desk = makeDevice(s, 'config-writes-l4');
    await desk.engine.signIn(agent);
    await desk.engine.syncNow();
    const rate = await setting('labour_rate');
    const editing = await refusal(
      createRepositories(desk.db).config.edit({ id: rate.id, description: rate.description, amount: 1 }),
    );
    const server = await s.api('PUT', `/configsheet/${rate.id}`, {
      token: agent.token,
      body: { data: { description: rate.description, amount: 1 } },
    });
    expect([editing, server.status]).toEqual([server.body.message, 403]);
  });
});
