import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import { createRepositories } from '../../src/local/repositories';
import type { BayBookDB } from '../../src/local/db';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { drain, memberDevice, offlineThenServer, onlineDevice, refusal, setTax, type Device } from './helpers';

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

  type Line = Awaited<ReturnType<typeof product>>;
  type Form = { work_hour: number; rate_hour: number };
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

  it('with prices including GCT 15% (issue 18): the same row, the total unchanged, the tax kept after Config moves', async () => {
    const line = await product();
    const noTax = await setTax(d, 15, true);
    let id = '';
    const read = (db: BayBookDB) => estimateRow(db, id);
    const form = { work_hour: 1, rate_hour: 4000 };
    try {
      const created = await offlineThenServer(d, s, read, async () => {
        id = (await repos.estimates.create({ first_name: 'Tia', last_name: 'Gray' }, form, [line], ['Brakes'])).id;
      });
      expect(created.offline).toEqual(created.server);
      // $40 + 2 × $89.50 = $219.00 including tax: 219 × 15/115 = $28.565… → $28.57
      expect(created.offline).toMatchObject({ total: 21900, totals: { tax: 2857, tax_inclusive: true } });
    } finally {
      await noTax();
    }
    const edited = await offlineThenServer(d, s, read, () =>
      repos.estimates.edit(id, { first_name: 'Tia', last_name: 'Gray' }, form, [{ ...line, qty: 1 }], ['Brakes']),
    );
    expect(edited.offline).toEqual(edited.server);
    expect(edited.offline).toMatchObject({ total: 12950, totals: { tax: 1689, tax_rate_bp: 1500 } });
  });

  /** An estimate of one line, saved and sent; its id. */
  async function sentEstimate(profile: { first_name: string; last_name: string }, line: Line, form: Form) {
    const { id } = await repos.estimates.create(profile, form, [line], ['Brakes']);
    await drain(d);
    return id;
  }
  /** The estimate's row after a write made offline, and once the server stored it. */
  const onBoth = (id: string, write: () => Promise<unknown>) =>
    offlineThenServer(d, s, (db) => estimateRow(db, id), write);

  it('the discount percent is a field of the row on both sides: set, kept by a save that leaves it, 0 when never sent', async () => {
    const line = await product();
    const form = { work_hour: 1, rate_hour: 4000 };
    const di = { first_name: 'Di', last_name: 'Cole' };
    const id = await sentEstimate(di, line, form);
    const discounted = await onBoth(id, () => repos.estimates.edit(id, di, form, [line], ['Brakes'], 10));
    expect(discounted.offline).toEqual(discounted.server);
    // 10 % of $40.00 labour + 2 × $89.50
    expect(discounted.offline).toMatchObject({ discount_percent: 10, discount: 2190, total: 21900 - 2190 });
    expect(discounted.offline?.totals).not.toHaveProperty('discount_percent');
    const kept = await onBoth(id, () => repos.estimates.edit(id, di, { ...form, work_hour: 2 }, [line], ['Brakes']));
    expect(kept.offline).toEqual(kept.server);
    expect(kept.offline).toMatchObject({ discount_percent: 10, discount: 2590 });
    // a save queued by an older device sends no discount: the schema's 0, on a new estimate
    const older = await s.api('POST', '/estimate', {
      body: {
        data: {
          profile: { first_name: 'Ed', last_name: 'Old' },
          formData: form,
          productInvoice: [line],
          serviceInvoice: ['Brakes'],
        },
      },
    });
    expect(older.status).toBe(200);
    await drain(d);
    expect(await d.db.estimates.get(String(older.body.invoice_id))).toMatchObject({ discount_percent: 0, discount: 0 });
  });

  it('a delete: gone on both; an estimate not there is refused in the same words', async () => {
    const line = await product();
    const form = { work_hour: 1, rate_hour: 4000 };
    const id = await sentEstimate({ first_name: 'Al', last_name: 'Day' }, line, form);
    const removed = await onBoth(id, () => repos.estimates.remove(id));
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

  it('a member below the level of a call: refused at once in the server words (403), nothing queued', async () => {
    const line = await product();
    const form = { work_hour: 1, rate_hour: 4000 };
    const profile = { first_name: 'Cy', last_name: 'Low' };
    const { id } = await repos.estimates.create(profile, form, [line], ['Brakes']);
    await drain(d);
    const { device } = await memberDevice(s, 'estimate-writes-3', 3);
    const low = createRepositories(device.db);
    const token = await s.userToken(3);
    const body = { profile, formData: form, productInvoice: [line], serviceInvoice: ['Brakes'] };
    const cases: [string, () => Promise<unknown>, string, string, Record<string, unknown>][] = [
      ['create', () => low.estimates.create(profile, form, [line], ['Brakes']), 'POST', '/estimate', body],
      [
        'edit',
        () => low.estimates.edit(id, profile, form, [line], ['Brakes']),
        'PUT',
        '/estimate-details',
        { ...body, id },
      ],
    ];
    for (const [what, onDevice, method, path, data] of cases) {
      const refused = await refusal(onDevice());
      const server = await s.api(method, path, { token, body: { data } });
      expect.soft([server.status, refused], what).toEqual([403, server.body.message]);
      expect.soft(refused, what).toBe(MSG.forbidden);
    }
    expect(await device.db.outbox.count()).toBe(0);
    // a level-2 member may not delete one (estimate.delete is level 3): the estimate stays on the device
    const { device: two } = await memberDevice(s, 'estimate-writes-2', 2);
    expect(await refusal(createRepositories(two.db).estimates.remove(id))).toBe(MSG.forbidden);
    expect(await two.db.outbox.count()).toBe(0);
  });
});
