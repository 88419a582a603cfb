import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalWriteError } from '../../src/local/write';
import { createRepositories } from '../../src/local/repositories';
import type { BayBookDB } from '../../src/local/db';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { customerForm, drain, offlineThenServer, onlineDevice, type Device } from './helpers';
import { nth } from '../helpers/present';

/**
 * The money writes of the catalogue (src/domain/writes/money.ts) run once on the device, offline, and once on the
 * server when the outbox arrives. The same plan must give the same rows: the device's invoice, customer points and
 * transaction rows before it syncs equal the server's after — and a refusal says the same words on both sides.
 */
type Repos = ReturnType<typeof createRepositories>;

/** What a money write touches, as rows comparable across the two databases. */
async function moneyRows(db: BayBookDB, invoiceId: string) {
  const inv = await db.invoices.get(invoiceId);
  const customer = inv?.customer_id ? await db.customers.get(inv.customer_id) : undefined;
  const transactions = (await db.transactions.where('invoice_id').equals(invoiceId).toArray())
    .map((t) => ({
      id: t.id,
      number: t.number,
      method: t.method,
      amount: t.amount,
      point: t.point,
      username: t.username,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return {
    invoice: inv && {
      total: inv.total,
      payment: inv.payment,
      discount: inv.discount,
      discount_percent: inv.discount_percent,
      points_value: inv.points_value,
      totals: inv.totals,
      version: inv.version,
    },
    points: customer?.current_points,
    transactions,
  };
}

describe.each(DATABASES)('money writes: the device and the server store the same rows (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: Repos;
  let plate = 8100;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'money-writes');
    repos = createRepositories(d.db);
  });
  afterAll(() => s?.close());

  /** A customer with 60 points (from a $60 payment on an earlier invoice) and a fresh $100 invoice, on both sides. */
  async function invoiceWithPoints() {
    const cid = await repos.customers.add(customerForm(`MW ${plate++}`));
    const customer = (await repos.customers.get(cid))!;
    const earlier = await repos.jobs.create({ customer, service: ['Oil change'], mileage: 10 });
    const paid = await repos.invoices.create(earlier.id, { work_hour: 1, rate_hour: 6000 }, []);
    await repos.invoices.pay(paid.id, 'cash', 6000);
    const job = await repos.jobs.create({ customer, service: ['Brakes'], mileage: 20 });
    const inv = await repos.invoices.create(job.id, { work_hour: 2, rate_hour: 5000 }, []);
    await drain(d);
    return inv.id;
  }

  /** Runs `write` offline, then syncs: the rows the device made alone must be the rows the server made. */
  async function sameRows(invoiceId: string, write: () => Promise<unknown>) {
    const { offline, server } = await offlineThenServer(d, s, (db) => moneyRows(db, invoiceId), write);
    expect(offline).toEqual(server);
    return offline;
  }

  it('a payment: the same amount due, receipt (id and number) and points', async () => {
    const id = await invoiceWithPoints();
    const rows = await sameRows(id, () => repos.invoices.pay(id, 'credit_card', 2550));
    expect(rows.invoice?.total).toBe(7450);
    expect(rows.points).toBe(85);
    // the row records the points the payment earned, as its receipt prints them (issue 30)
    expect(rows.transactions.map((t) => [t.method, t.amount, t.point])).toEqual([['credit_card', 2550, 25]]);
  });

  it('a discount: the same figures and the same discount row', async () => {
    const id = await invoiceWithPoints();
    const rows = await sameRows(id, () => repos.invoices.discount(id, 10));
    expect(rows.invoice?.discount).toBe(1000);
    expect(rows.transactions.map((t) => t.method)).toEqual(['discount']);
  });

  it('a redemption: the same points taken, value off the amount due and redemption row', async () => {
    const id = await invoiceWithPoints();
    const rows = await sameRows(id, () => repos.invoices.redeem(id, 20));
    expect(rows.points).toBe(40);
    expect(rows.invoice?.points_value).toBe(1000);
  });

  it.each(['payment', 'discount', 'redemption'] as const)('removing a %s: the same reversal', async (method) => {
    const id = await invoiceWithPoints();
    if (method === 'payment') await repos.invoices.pay(id, 'cash', 3000);
    if (method === 'discount') await repos.invoices.discount(id, 15);
    if (method === 'redemption') await repos.invoices.redeem(id, 30);
    await drain(d);
    const t = nth(await d.db.transactions.where('invoice_id').equals(id).toArray(), 0);
    const rows = await sameRows(id, () => repos.invoices.removeTransaction(t.id));
    expect(rows.transactions).toEqual([]);
    expect(rows.invoice?.total).toBe(10000);
    expect(rows.points).toBe(60);
  });

  it.each(['service', 'product'] as const)(
    'raising a %s invoice: the same row (names, customer profile, figures, number)',
    async (type) => {
      const cid = await repos.customers.add(customerForm(`MW ${plate++}`));
      const customer = (await repos.customers.get(cid))!;
      const job = await repos.jobs.create({ customer, service: ['Brakes', 'Wheel alignment'], mileage: 4321 });
      await repos.jobs.setStatus(job.id, 'active');
      const part = await repos.products.add({
        title: `Pads ${plate}`,
        description: 'front',
        price: 4599,
        stock: 9,
        low_stock: 1,
      });
      await drain(d);
      const line = { id: part.id, title: part.title, description: part.description, price: part.price, qty: 2 };
      const keep = (r: Record<string, unknown> | undefined) =>
        r &&
        Object.fromEntries(
          Object.entries(r).filter(([k]) => !['created_at', 'updated_at', 'token', '_seq'].includes(k)),
        );
      let id = '';
      const raise = async () => {
        id = (
          type === 'service'
            ? await repos.invoices.create(job.id, { work_hour: 1.5, rate_hour: 5000 }, [line])
            : await repos.invoices.sale(cid, [line])
        ).id;
      };
      const { offline, server } = await offlineThenServer(d, s, async (db) => keep(await db.invoices.get(id)), raise);
      expect(offline).toEqual(server);
      expect(offline?.profile).toMatchObject({
        first_name: 'Ann',
        registration: customer.registration,
        vin: customer.vin,
        ...(type === 'service' ? { mileage: 4321, services: ['Brakes', 'Wheel alignment'] } : {}),
      });
    },
  );

  it.each([
    ['a rate with a fraction of a cent', { work_hour: 1, rate_hour: 5000.5 }],
    ['negative work hours', { work_hour: -1, rate_hour: 5000 }],
  ])('raising an invoice with %s: the same refusal on the device and on the server', async (_what, form) => {
    const cid = await repos.customers.add(customerForm(`MW ${plate++}`));
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(cid))!,
      service: ['Brakes'],
      mileage: 7,
    });
    await repos.jobs.setStatus(job.id, 'active');
    await drain(d);
    const device = await repos.invoices.create(job.id, form, []).then(
      () => 'saved',
      (e: unknown) => (e instanceof LocalWriteError ? e.message : String(e)),
    );
    const server = await s.api('POST', '/invoice', {
      body: { data: { fetchedData: { id: job.id }, formData: form, productInvoice: [] } },
    });
    expect([server.status, device]).toEqual([400, server.body.message]);
    expect(await d.db.invoices.where('request_id').equals(job.id).count()).toBe(0);
  });

  it('a refusal says the same words on the device and on the server', async () => {
    const id = await invoiceWithPoints();
    await repos.invoices.discount(id, 5);
    await drain(d);
    const inv = (await d.db.invoices.get(id))!;
    const cases: [string, () => Promise<unknown>, string, Record<string, unknown>][] = [
      [
        'more than due',
        () => repos.invoices.pay(id, 'cash', inv.total + 1),
        '/transaction',
        { method: 'cash', invoice_id: id, amount: inv.total + 1 },
      ],
      [
        'a second discount',
        () => repos.invoices.discount(id, 10),
        '/discount',
        { method: 'discount', invoice_id: id, amount: 10 },
      ],
      [
        'more points than the customer has',
        () => repos.invoices.redeem(id, 61),
        '/redemption',
        { method: 'redemption', invoice_id: id, points: 61 },
      ],
    ];
    for (const [what, onDevice, path, body] of cases) {
      const device = await onDevice().then(
        () => 'saved',
        (e: unknown) => (e instanceof LocalWriteError ? e.message : String(e)),
      );
      const server = await s.api('POST', path, { body: { data: body } });
      expect([server.status, device], what).toEqual([400, server.body.message]);
    }
    // points worth more than is due: pay all but $5, then try 20 points ($10)
    await repos.invoices.pay(id, 'cash', inv.total - 500);
    await drain(d);
    const device = await repos.invoices.redeem(id, 20).then(
      () => 'saved',
      (e: unknown) => (e instanceof LocalWriteError ? e.message : String(e)),
    );
    const server = await s.api('POST', '/redemption', {
      body: { data: { method: 'redemption', invoice_id: id, points: 20 } },
    });
    expect([server.status, device]).toEqual([400, server.body.message]);
    expect(device).toBe('20 points are worth $10.00, more than the $5.00 due.');
  });
});
