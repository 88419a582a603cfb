import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { createRepositories } from '../../src/local/repositories';
import type { BayBookDB } from '../../src/local/db';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { drain, offlineThenServer, onlineDevice, refusal, type Device } from './helpers';

/**
 * Estimates in the catalogue (src/domain/writes/estimates.ts): the estimate row is built once, so an estimate saved
 * offline on the device is the row the server stores when the outbox arrives — names, profile, lines, services,
 * figures — and a refusal says the same words on both sides.
 */
const STAMPS = ['created_at', 'updated_at', 'token', '_seq'];
async function estimateRow(db: BayBookDB, id: string) {
  const e = await db.estimates.get(id);
  return e && Object.fromEntries(Object.entries(e).filter(([k]) => !STAMPS.includes(k)));
}

describe.each(DATABASES)('estimate writes: the device and the server store the same row (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: ReturnType<typeof createRepositories>;
  let n = 0;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'estimate-writes');
    repos = createRepositories(d.db);
  });
  afterAll(() => s?.close());

  async function product() {
    const p = await repos.products.add({
      title: `Belt ${++n}`,
      description: 'timing',
      price: 8950,
      stock: 3,
      low_stock: 1,
    });
    await drain(d);
    return { id: p.id, title: p.title, description: p.description, price: p.price, qty: 2 };
  }

  it('create, then edit: the same row (names as the form trims them, the whole profile, lines, figures)', async () => {
    const line = await product();
    let id = '';
    const created = await offlineThenServer(
      d,
      s,
      (db) => estimateRow(db, id),
      async () => {
        id = (
          await repos.estimates.create(
            { first_name: ' Bob ', last_name: 'Ray ' },
            { work_hour: 1.5, rate_hour: 4000 },
            [line],
            ['Brake check'],
          )
        ).id;
      },
    );
    expect(created.offline).toEqual(created.server);
    expect(created.offline).toMatchObject({
      first_name: 'Bob',
      last_name: 'Ray',
      profile: { contact: '', email: '' },
      total: 6000 + 2 * 8950,
    });
    const other = await product();
    const edited = await offlineThenServer(
      d,
      s,
      (db) => estimateRow(db, id),
      () =>
        repos.estimates.edit(
          id,
          { first_name: 'Rob', last_name: 'Ray', contact: '8765550000', email: '' },
          { work_hour: 2, rate_hour: 4000 },
          [{ ...line, qty: 1 }, other],
          ['Brake check', 'Timing belt'],
        ),
    );
    expect(edited.offline).toEqual(edited.server);
    expect(edited.offline).toMatchObject({
      first_name: 'Rob',
      services: ['Brake check', 'Timing belt'],
      total: 8000 + 8950 + 2 * 8950,
    });
  });

  it('a delete: gone on both; an estimate not there is refused in the same words', async () => {
    const line = await product();
    const form = { work_hour: 1, rate_hour: 4000 };
    const { id } = await repos.estimates.create({ first_name: 'Al', last_name: 'Day' }, form, [line], ['Brakes']);
    await drain(d);
    const removed = await offlineThenServer(
      d,
      s,
      (db) => estimateRow(db, id),
      () => repos.estimates.remove(id),
    );
    expect(removed).toEqual({ offline: undefined, server: undefined });
    const edit = await refusal(
      repos.estimates.edit(id, { first_name: 'Al', last_name: 'Day' }, form, [line], ['Brakes']),
    );
    const server = await s.api('PUT', '/estimate-details', {
      body: {
        data: {
          id,
          profile: { first_name: 'Al', last_name: 'Day' },
          formData: form,
          productInvoice: [line],
          serviceInvoice: ['Brakes'],
        },
      },
    });
    expect([server.status, edit]).toEqual([404, server.body.message]);
  });

  it('a refusal says the same words on the device and on the server', async () => {
    const line = await product();
    const form = { work_hour: 1, rate_hour: 4000 };
    const profile = { first_name: 'Bob', last_name: 'Ray' };
    const unknown = { ...line, id: newId() };
    const cases: [string, () => Promise<unknown>, Record<string, unknown>][] = [
      [
        'a blank first name',
        () => repos.estimates.create({ ...profile, first_name: '  ' }, form, [line], ['Brakes']),
        {
          profile: { ...profile, first_name: '  ' },
          formData: form,
          productInvoice: [line],
          serviceInvoice: ['Brakes'],
        },
      ],
      [
        'no service',
        () => repos.estimates.create(profile, form, [line], []),
        { profile, formData: form, productInvoice: [line], serviceInvoice: [] },
      ],
      [
        'a fraction of a cent an hour',
        () => repos.estimates.create(profile, { work_hour: 1, rate_hour: 40.5 }, [line], ['Brakes']),
        { profile, formData: { work_hour: 1, rate_hour: 40.5 }, productInvoice: [line], serviceInvoice: ['Brakes'] },
      ],
      [
        'a product not in the inventory',
        () => repos.estimates.create(profile, form, [unknown], ['Brakes']),
        { profile, formData: form, productInvoice: [unknown], serviceInvoice: ['Brakes'] },
      ],
    ];
    for (const [what, onDevice, body] of cases) {
      const device = await refusal(onDevice());
      const server = await s.api('POST', '/estimate', { body: { data: body } });
      expect.soft([server.status >= 400, device], what).toEqual([true, server.body.message]);
    }
  });
});
