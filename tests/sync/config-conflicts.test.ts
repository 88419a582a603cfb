import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getMeta } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { config, sysLog } from '../../src/server/db/schema';
import { DATABASES } from '../helpers/server';
import { type Device, drain, twoDevices } from './helpers';
import { atLeast, nth } from '../helpers/present';

/**
 * Settings are edited as field changes too (issue 14), on one live server from two devices each with its own
 * IndexedDB: the tablet offline, the desk online. Different settings, or the description and the amount of one
 * setting, both land; the same field of one setting is a conflict in the decision list — nobody's value is lost.
 */
describe.each(DATABASES)('two devices edit the settings (%s)', (kind) => {
  const two = twoDevices(kind, 'cc', { desk: 5 });

  const setting = async (d: Device, name: string) => {
    const row = (await createRepositories(d.db).config.list()).find((r) => r.name === name);
    if (!row) throw new Error(`no setting ${name}`);
    return row;
  };
  const onServer = async (id: string) => nth(await two.s.database.db.select().from(config).where(eq(config.id, id)), 0);

  /** The tablet edits offline, the desk online; then the tablet comes back. */
  async function meanwhile(bay: () => Promise<void>, front: () => Promise<void>) {
    await two.meanwhile(bay, front);
    await drain(two.desk);
  }

  it('different settings, and the two fields of one setting, all land', async () => {
    const notice = await setting(two.tablet, 'parts_notice_days');
    const collect = await setting(two.desk, 'collect_days');
    await meanwhile(
      async () => {
        await createRepositories(two.tablet.db).config.edit({ ...notice, amount: 9 });
        await createRepositories(two.tablet.db).config.edit({
          ...collect,
          amount: collect.amount,
          description: 'Collect soon',
        });
      },
      async () => {
        await createRepositories(two.desk.db).config.edit({ ...collect, amount: 11 });
      },
    );
    expect(await onServer(notice.id)).toMatchObject({ amount: 9 });
    expect(await onServer(collect.id)).toMatchObject({ amount: 11, description: 'Collect soon' });
    expect(await two.tablet.engine.conflicts.decisions()).toEqual([]);
    expect(await two.tablet.db.config.get(collect.id)).toMatchObject({ amount: 11, description: 'Collect soon' });
  });

  it('the same setting: the desk keeps its value, the tablet decides with both in view', async () => {
    const shop = await setting(two.tablet, 'shop_name');
    await meanwhile(
      () => createRepositories(two.tablet.db).config.edit({ ...shop, description: 'Bay Auto' }),
      () => createRepositories(two.desk.db).config.edit({ ...shop, description: 'Desk Auto' }),
    );
    expect((await onServer(shop.id)).description).toBe('Desk Auto');
    const [c, ...more] = atLeast(await two.tablet.engine.conflicts.decisions(), 1);
    expect(more).toEqual([]);
    expect(c.field).toMatchObject({
      entity: 'config',
      id: shop.id,
      field: 'description',
      record: 'Setting Shop name',
      label: 'Description',
      mine: 'Bay Auto',
      theirs: 'Desk Auto',
      by: two.deskUser,
      device: await getMeta<string>(two.desk.db, 'deviceCode', ''),
      reason: 'changed',
    });

    await two.tablet.engine.conflicts.decide(c.id, 'mine');
    await drain(two.tablet);
    expect((await onServer(shop.id)).description).toBe('Bay Auto');
    expect(await two.tablet.engine.conflicts.decisions()).toEqual([]);
    const lines = await two.s.database.db.select().from(sysLog).where(eq(sysLog.subject, 'Setting Shop name'));
    expect(lines.map((l) => l.predicate)).toContain(
      'Description conflict decided on a device: sent "Bay Auto" over "Desk Auto"',
    );
  });
});
