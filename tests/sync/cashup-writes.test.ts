import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../src/domain/entities';
import type { BayBookDB } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import {
  customerForm,
  drain,
  makeDevice,
  offlineThenServer,
  onlineDevice,
  refusal,
  user,
  type Device,
} from './helpers';

/**
 * The cash-up at closing in the catalogue (src/domain/writes/cashups.ts, issue 18): made offline on a device, it is
 * the row the server keeps when the outbox arrives — the same expected takings by method, counted cash and
 * difference — and a refusal (a second cash-up of the day, a day to come, no count, a level below 5) says the same
 * words on the device, at once, as on the server.
 */
type Repos = ReturnType<typeof createRepositories>;

async function cashupRow(db: BayBookDB, day: string, till: string) {
  const c = await db.cashups.where('[day+till]').equals([day, till]).first();
  return (
    c && {
      id: c.id,
      day: c.day,
      till: c.till,
      device: c.device,
      expected: c.expected,
      payments: c.payments,
      refunds: c.refunds,
      counted_cash: c.counted_cash,
      difference: c.difference,
      note: c.note,
      closed_by: c.closed_by,
      closed_at: c.closed_at,
    }
  );
}

describe.each(DATABASES)('cash-up writes: the device and the server keep the same cash-up (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: Repos;
  let today: string;
  let plate = 7100;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'cashup-writes');
    repos = createRepositories(d.db);
    today = await repos.cashups.today();
  });
  afterAll(() => s?.close());

  /** A paid invoice on the device: its payments by method, synced. */
  async function takePayments(payments: [PaymentMethod, number][]) {
    const cid = await repos.customers.add(customerForm(`CU ${plate++}`));
    const customer = (await repos.customers.get(cid))!;
    const job = await repos.jobs.create({ customer, service: ['Oil change'], mileage: 10 });
    const inv = await repos.invoices.create(job.id, { work_hour: 10, rate_hour: 10000 }, []);
    for (const [method, cents] of payments) await repos.invoices.pay(inv.id, method, cents);
    await drain(d);
    return inv;
  }

  /** A $100 invoice paid in cash, then part of it refunded (issue 18) and paid back by `method`, synced. */
  async function refundOf(cents: number, method: PaymentMethod) {
    const cid = await repos.customers.add(customerForm(`CU ${plate++}`));
    const customer = (await repos.customers.get(cid))!;
    const job = await repos.jobs.create({ customer, service: ['Oil change'], mileage: 10 });
    const inv = await repos.invoices.create(job.id, { work_hour: 1, rate_hour: 10000 }, []);
    await repos.invoices.pay(inv.id, 'cash', 10000);
    await repos.invoices.refund(inv.id, { amount: cents, reason: 'Goodwill', refund_method: method });
    await drain(d);
  }

  it("the shop's cash-up made offline: the same figures on both, less the cash refunded, short by what is missing", async () => {
    await takePayments([
      ['cash', 12000],
      ['credit_card', 5050],
      ['cash', 3000],
    ]);
    await refundOf(2500, 'cash'); // $100 taken in cash, $25 of it handed back from the drawer
    const made = await offlineThenServer(
      d,
      s,
      (db) => cashupRow(db, today, 'shop'),
      () => repos.cashups.close({ counted_cash: 22300, note: ' two notes short ' }),
    );
    expect(made.offline).toEqual(made.server);
    expect(made.offline).toMatchObject({
      till: 'shop',
      expected: { cash: 22500, credit_card: 5050, debit_card: 0, online: 0, cheque: 0 },
      payments: 4,
      counted_cash: 22300,
      difference: -200,
      note: 'two notes short',
      closed_by: 'admin',
    });
  });

  it('a second cash-up of the day, a day to come, no count: the same words on the device and the server', async () => {
    const cases: [string, Record<string, unknown>, number][] = [
      ['the day already cashed up', { day: today, counted_cash: 100 }, 409],
      ['a day to come', { day: '2999-01-01', counted_cash: 100 }, 400],
      ['no count', { day: today, counted_cash: '' }, 400],
      ['a negative count', { day: today, counted_cash: -5 }, 400],
      ['not a day', { day: '2026-02-31', counted_cash: 100 }, 400],
    ];
    for (const [what, body, status] of cases) {
      const device = await refusal(repos.cashups.close(body as { day: string; counted_cash: number }));
      const server = await s.api('POST', '/v3/cashup', { body: { data: body } });
      expect.soft([server.status, device], what).toEqual([status, server.body.message]);
    }
    expect(await d.db.outbox.count()).toBe(0);
  });

  it("per device: the till counts this device's payments only, and the server counts it the same", async () => {
    const setting = (await d.db.config.where('name').equals('cashup_scope').first())!;
    await repos.config.edit({ id: setting.id, description: 'device', amount: null });
    const inv = await takePayments([['cheque', 2500]]);
    // a payment taken elsewhere (through the API: the server's own series) is not this device's drawer
    const other = await s.api('POST', '/transaction', {
      body: { data: { invoice_id: inv.id, method: 'cash', amount: 1000, vin: inv.vin } },
    });
    expect(other.status).toBe(200);
    await drain(d);
    const code = (await d.db.meta.get('deviceCode'))!.value as string;
    const made = await offlineThenServer(
      d,
      s,
      (db) => cashupRow(db, today, code),
      () => repos.cashups.close({ counted_cash: 22500 }),
    );
    expect(made.offline).toEqual(made.server);
    expect(made.offline).toMatchObject({ till: code, device: code, payments: 5, difference: 0 });
    expect(made.offline?.expected).toMatchObject({ cash: 22500, cheque: 2500, credit_card: 5050 });
  });

  it('below level 5: refused on the device in the words of the server', async () => {
    const agent = await user(s, 4);
    const desk = makeDevice(s, 'cashup-writes-l4');
    await desk.engine.signIn(agent);
    await desk.engine.syncNow();
    const body = { day: '2026-01-05', counted_cash: 0 };
    const closing = await refusal(createRepositories(desk.db).cashups.close(body));
    const server = await s.api('POST', '/v3/cashup', { token: agent.token, body: { data: body } });
    expect([closing, server.status]).toEqual([server.body.message, 403]);
  });
});
