import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, fill } from '../../src/domain/messages';
import { createRepositories } from '../../src/local/repositories';
import type { BayBookDB } from '../../src/local/db';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { auditDb, customerForm, drain, offlineThenServer, onlineDevice, refusal, setTax, type Device } from './helpers';

/**
 * A refund after payment (issue 18, src/domain/writes/refunds.ts) made offline on a device and planned again by the
 * server when the outbox arrives: the same refund row (id, number, negative amount, points), the same returned lines
 * and stock, the same customer points — and it lands once, however often the outbox entry is sent.
 */
type Repos = ReturnType<typeof createRepositories>;

async function refundRows(db: BayBookDB, invoiceId: string, productId: string) {
  const inv = await db.invoices.get(invoiceId);
  const customer = inv?.customer_id ? await db.customers.get(inv.customer_id) : undefined;
  const transactions = (await db.transactions.where('invoice_id').equals(invoiceId).toArray())
    .map(({ id, number, method, amount, point, username, reason, refund_method }) => {
      return { id, number, method, amount, point, username, reason, refund_method };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  return {
    invoice: inv && { total: inv.total, payment: inv.payment, products: inv.products, totals: inv.totals },
    version: inv?.version,
    points: customer?.current_points,
    stock: (await db.products.get(productId))?.stock,
    transactions,
  };
}

describe.each(DATABASES)('refunds: the device and the server store the same rows (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: Repos;
  let plate = 8300;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'refund-writes');
    repos = createRepositories(d.db);
  });
  afterAll(() => s?.close());

  /** A $160 invoice (1 h at $100 and 2 × $30 filters) paid in full by cash: 160 points. */
  async function paidInvoice(pay = 16000) {
    const cid = await repos.customers.add(customerForm(`RF ${plate++}`));
    const customer = (await repos.customers.get(cid))!;
    const part = await repos.products.add({
      title: `Filter ${plate}`,
      description: 'spin-on',
      price: 3000,
      stock: 5,
      low_stock: 1,
    });
    const job = await repos.jobs.create({ customer, service: ['Oil change'], mileage: 10 });
    const line = { id: part.id, title: part.title, description: part.description, price: 3000, qty: 2 };
    const inv = await repos.invoices.create(job.id, { work_hour: 1, rate_hour: 10000 }, [line]);
    await repos.invoices.pay(inv.id, 'cash', pay);
    await drain(d);
    return { id: inv.id, productId: part.id };
  }

  it('a refund with an item back: the same refund row, lines, stock and points, and it lands once', async () => {
    const { id, productId } = await paidInvoice();
    const read = (db: BayBookDB) => refundRows(db, id, productId);
    let entry: { id: string; body: unknown } | undefined;
    const { offline, server } = await offlineThenServer(d, s, read, async () => {
      await repos.invoices.refund(id, {
        amount: 3000,
        reason: 'Filter not needed',
        refund_method: 'debit_card',
        items: [{ id: productId, qty: 1 }],
      });
      entry = (await d.db.outbox.toArray()).find((e) => e.path === '/v3/refund');
    });
    expect(offline).toEqual(server);
    expect(offline.transactions.map((t) => [t.method, t.amount, t.point, t.reason, t.refund_method])).toEqual([
      ['cash', 16000, 160, '', ''],
      ['refund', -3000, -30, 'Filter not needed', 'debit_card'],
    ]);
    expect(offline.stock).toBe(4);
    expect(offline.points).toBe(130);
    expect(offline.invoice?.total).toBe(0);
    // the same outbox entry sent again (a tablet that never heard the answer): the first answer, nothing added
    const again = await s.api('POST', '/v3/refund', { body: entry!.body, key: entry!.id });
    expect(again.status).toBe(200);
    expect(await read(await auditDb(s))).toEqual(server);
  });

  it('a refund without items leaves the invoice row as it was', async () => {
    const { id, productId } = await paidInvoice();
    const before = await refundRows(d.db, id, productId);
    const { offline, server } = await offlineThenServer(
      d,
      s,
      (db) => refundRows(db, id, productId),
      () => repos.invoices.refund(id, { amount: 1050, reason: 'Goodwill: late' }),
    );
    expect(offline).toEqual(server);
    expect(offline.version).toBe(before.version);
    expect(offline.invoice).toEqual(before.invoice);
    expect(offline.points).toBe(150);
  });

  it('on an invoice raised with GCT 15% (docs/DECISIONS.md "Tax"): items back lower its tax the same on both', async () => {
    const noTax = await setTax(d, 15);
    try {
      // $160 + GCT $24 = $184 paid; a filter back: $130 + $19.50 = $149.50, so at least $34.50 goes back
      const { id, productId } = await paidInvoice(18400);
      const { offline, server } = await offlineThenServer(
        d,
        s,
        (db) => refundRows(db, id, productId),
        () => repos.invoices.refund(id, { amount: 3450, reason: 'Filter back', items: [{ id: productId, qty: 1 }] }),
      );
      expect(offline).toEqual(server);
      expect(offline.invoice).toMatchObject({ total: 0, payment: 18400, totals: { tax: 1950, total: 14950 } });
      // money only: the tax stays what the invoice charges
      const { offline: after } = await offlineThenServer(
        d,
        s,
        (db) => refundRows(db, id, productId),
        () => repos.invoices.refund(id, { amount: 1000, reason: 'Goodwill' }),
      );
      expect(after.invoice?.totals).toEqual(offline.invoice?.totals);
    } finally {
      await noTax();
    }
  });

  it('a refusal says the same words on the device and on the server', async () => {
    const { id, productId } = await paidInvoice();
    const inv = `INV ${(await d.db.invoices.get(id))!.number}`;
    const same = async (
      what: string,
      ask: { amount: number; reason: string; items?: { id: string; qty: number }[] },
    ) => {
      const device = await refusal(repos.invoices.refund(id, ask));
      const server = await s.api('POST', '/v3/refund', { body: { data: { invoice_id: id, ...ask } } });
      expect([server.status, device], what).toEqual([400, server.body.message]);
      return device;
    };
    expect(
      await same('items worth more than the refund', {
        amount: 100,
        reason: 'Back',
        items: [{ id: productId, qty: 2 }],
      }),
    ).toBe(fill(MSG.refundBelowReturned, { worth: '$60.00', least: '$60.00', invoice: inv }));
    expect(await same('no reason', { amount: 100, reason: ' ' })).toBe(MSG.refundReason);
    await repos.invoices.refund(id, { amount: 10000, reason: 'Labour redone free' });
    await drain(d);
    expect(await same('more than is left', { amount: 6001, reason: 'Too much' })).toBe(
      fill(MSG.refundOverPaid, { left: '$60.00', invoice: inv, paid: '$160.00', refunded: '$100.00' }),
    );
    // the refund and the payment it stands on stay
    for (const t of await d.db.transactions.where('invoice_id').equals(id).toArray()) {
      const device = await refusal(repos.invoices.removeTransaction(t.id));
      const server = await s.api('DELETE', '/transaction', { body: { data: { id: t.id } } });
      expect([server.status, device], t.method).toEqual([400, server.body.message]);
      expect(device).toBe(t.method === 'refund' ? MSG.refundFinal : fill(MSG.refundKeepsPayment, { invoice: inv }));
    }
  });
});
