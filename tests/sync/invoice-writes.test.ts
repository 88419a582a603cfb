import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { createRepositories } from '../../src/local/repositories';
import type { BayBookDB } from '../../src/local/db';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { customerForm, drain, memberDevice, offlineThenServer, onlineDevice, refusal, type Device } from './helpers';
import { setTax } from './helpers';

/**
 * The invoice writes of the catalogue (src/domain/writes/invoiceEdits.ts): Save & Recal Charges, storage on and off,
 * an item return and a delete run once on the device, offline, and once on the server when the outbox arrives. The
 * same plan must give the same rows — the invoice, the stock it moved, the customer's points, the transaction rows,
 * the job's invoice list — and a refusal says the same words on both sides.
 */
type Repos = ReturnType<typeof createRepositories>;

const STAMPS = ['created_at', 'updated_at', 'token', '_seq'];
const keep = (r: object | undefined) => r && Object.fromEntries(Object.entries(r).filter(([k]) => !STAMPS.includes(k)));

/** What an invoice write touches, as rows comparable across the two databases. */
async function invoiceRows(
  db: BayBookDB,
  ids: { invoice: string; job?: string; customer?: string; products: string[] },
) {
  const inv = await db.invoices.get(ids.invoice);
  const transactions = (await db.transactions.where('invoice_id').equals(ids.invoice).toArray())
    .map(keep)
    .sort((a, b) => String(a?.id).localeCompare(String(b?.id)));
  const stock = await Promise.all(ids.products.map(async (id) => (await db.products.get(id))?.stock));
  return {
    invoice: keep(inv),
    transactions,
    stock,
    points: ids.customer ? (await db.customers.get(ids.customer))?.current_points : undefined,
    jobInvoices: ids.job ? (await db.jobs.get(ids.job))?.invoice : undefined,
  };
}

describe.each(DATABASES)('invoice writes: the device and the server store the same rows (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: Repos;
  let plate = 7100;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'invoice-writes');
    repos = createRepositories(d.db);
  });
  afterAll(() => s?.close());

  /** An active job with a $100 labour invoice holding 2 of product A; product B (stock 5) not on it yet. */
  async function setUp(opts: { stockB?: number } = {}) {
    const cid = await repos.customers.add(customerForm(`IW ${plate++}`));
    const customer = (await repos.customers.get(cid))!;
    const job = await repos.jobs.create({ customer, service: ['Brakes'], mileage: 10 });
    await repos.jobs.setStatus(job.id, 'active');
    const a = await repos.products.add({
      title: `Pads ${plate}`,
      description: 'front',
      price: 4599,
      stock: 9,
      low_stock: 1,
    });
    const b = await repos.products.add({
      title: `Disc ${plate}`,
      description: 'rear',
      price: 1250,
      stock: opts.stockB ?? 5,
      low_stock: 1,
    });
    const lineA = { id: a.id, title: a.title, description: a.description, price: a.price, qty: 2 };
    const inv = await repos.invoices.create(job.id, { work_hour: 2, rate_hour: 5000 }, [lineA]);
    await drain(d);
    return { ids: { invoice: inv.id, job: job.id, customer: cid, products: [a.id, b.id] }, a, b, lineA, job };
  }

  async function sameRows(ids: Parameters<typeof invoiceRows>[1], write: () => Promise<unknown>) {
    const { offline, server } = await offlineThenServer(d, s, (db) => invoiceRows(db, ids), write);
    expect(offline).toEqual(server);
    return offline;
  }

  it('Save & Recal Charges: the same lines, figures and stock', async () => {
    const { ids, b, lineA } = await setUp();
    const lineB = { id: b.id, title: b.title, description: b.description, price: b.price, qty: 1 };
    const rows = await sameRows(ids, () =>
      repos.invoices.edit(ids.invoice, { work_hour: 2.5, rate_hour: 6000 }, [{ ...lineA, qty: 3 }, lineB]),
    );
    expect(rows.stock).toEqual([6, 4]);
    expect(rows.invoice?.total).toBe(15000 + 3 * 4599 + 1250);
  });

  it('storage on for a completed job, then off: the same days and figures', async () => {
    const { ids, job } = await setUp();
    await repos.jobs.setStatus(job.id, 'complete');
    await drain(d);
    const on = await sameRows(ids, () => repos.invoices.setStorage(ids.invoice, true));
    expect(on.invoice).toMatchObject({ storage: 'on', storage_days: 1 });
    const off = await sameRows(ids, () => repos.invoices.setStorage(ids.invoice, false));
    expect(off.invoice).toMatchObject({ storage: 'off', storage_days: 0 });
  });

  it('an item return: the same lines, figures and stock back', async () => {
    const { ids, a } = await setUp();
    const rows = await sameRows(ids, () =>
      repos.invoices.returnItems(ids.invoice, [{ id: a.id, qty: 1 }], 'wrong size'),
    );
    expect(rows.stock[0]).toBe(8);
    expect(rows.invoice?.products).toMatchObject([{ id: a.id, qty: 2, returned: 1 }]);
  });

  it('a delete with a discount and points on it: the same reversal, whatever the point value is now', async () => {
    const { ids } = await setUp();
    // 100 points from a $100 payment on an earlier invoice, then a discount and 20 points on this one
    const earlier = await repos.jobs.create({
      customer: (await repos.customers.get(ids.customer))!,
      service: ['Oil'],
      mileage: 5,
    });
    await repos.jobs.setStatus(earlier.id, 'active');
    const paid = await repos.invoices.create(earlier.id, { work_hour: 1, rate_hour: 10000 }, []);
    await repos.invoices.pay(paid.id, 'cash', 10000);
    await repos.invoices.discount(ids.invoice, 5);
    await repos.invoices.redeem(ids.invoice, 20);
    // the shop halves the point value after the redemption: the 20 points redeemed are what go back
    const pointValue = (await repos.config.list()).find((c) => c.name === 'point_value')!;
    await repos.config.edit({ id: pointValue.id, description: pointValue.description, amount: 0.25 });
    await drain(d);
    const rows = await sameRows(ids, () => repos.invoices.remove(ids.invoice));
    expect(rows).toMatchObject({ invoice: undefined, transactions: [], stock: [9, 5], points: 100, jobInvoices: [] });
    await repos.config.edit({ id: pointValue.id, description: pointValue.description, amount: 0.5 });
    await drain(d);
  });

  it('with GCT 15% on top (issue 18): raised and saved offline, the same taxed rows; a later rate changes neither', async () => {
    const { ids, job, lineA, b } = await setUp();
    const untaxed = (await d.db.invoices.get(ids.invoice))!;
    const noTax = await setTax(d, 15);
    let id = '';
    try {
      const raised = await offlineThenServer(
        d,
        s,
        (db) => invoiceRows(db, { ...ids, invoice: id }),
        async () => {
          id = (await repos.invoices.create(job.id, { work_hour: 1, rate_hour: 10000 }, [lineA])).id;
        },
      );
      expect(raised.offline).toEqual(raised.server);
      // $100 labour + 2 × $45.99 = $191.98; 15% = $28.797 → $28.80 (half up, once per invoice)
      expect(raised.offline.invoice).toMatchObject({
        total: 19198 + 2880,
        totals: { tax: 2880, tax_name: 'GCT', tax_rate_bp: 1500, tax_inclusive: false },
      });
    } finally {
      await noTax();
    }
    // the shop stops charging tax: this invoice keeps its 15%, the one raised before tax stays without
    const lineB = { id: b.id, title: b.title, description: b.description, price: b.price, qty: 1 };
    const saved = await sameRows({ ...ids, invoice: id }, () =>
      repos.invoices.edit(id, { work_hour: 1, rate_hour: 10000 }, [lineA, lineB]),
    );
    expect(saved.invoice).toMatchObject({ total: 20448 + 3067, totals: { tax: 3067, tax_rate_bp: 1500 } });
    const before = await sameRows(ids, () => repos.invoices.edit(ids.invoice, { work_hour: 2, rate_hour: 5000 }, []));
    expect(before.invoice?.totals).not.toHaveProperty('tax');
    expect(untaxed.totals).not.toHaveProperty('tax');
  });

  it('a refusal says the same words on the device and on the server', async () => {
    const { ids, a, b, lineA } = await setUp({ stockB: 0 });
    const lineB = { id: b.id, title: b.title, description: b.description, price: b.price, qty: 1 };
    const form = { work_hour: 2, rate_hour: 5000 };
    const cases: [string, () => Promise<unknown>, string, string, Record<string, unknown>][] = [
      [
        'negative work hours',
        () => repos.invoices.edit(ids.invoice, { work_hour: -1, rate_hour: 5000 }, [lineA]),
        'PUT',
        '/invoice-details',
        { id: ids.invoice, formData: { work_hour: -1, rate_hour: 5000 }, productInvoice: [{ id: a.id, qty: 2 }] },
      ],
      [
        'a product out of stock',
        () => repos.invoices.edit(ids.invoice, form, [lineA, lineB]),
        'PUT',
        '/invoice-details',
        {
          id: ids.invoice,
          formData: form,
          productInvoice: [
            { id: a.id, qty: 2 },
            { id: b.id, qty: 1 },
          ],
        },
      ],
      [
        'more than in stock',
        () => repos.invoices.edit(ids.invoice, form, [{ ...lineA, qty: 12 }]),
        'PUT',
        '/invoice-details',
        { id: ids.invoice, formData: form, productInvoice: [{ id: a.id, qty: 12 }] },
      ],
      [
        'no days of storage',
        () => repos.invoices.setStorage(ids.invoice, true, 0),
        'PUT',
        `/invoice-storage-state/${ids.invoice}`,
        { option: 'on', days: 0 },
      ],
      [
        'too many days of storage',
        () => repos.invoices.setStorage(ids.invoice, true, 4000),
        'PUT',
        `/invoice-storage-state/${ids.invoice}`,
        { option: 'on', days: 4000 },
      ],
      [
        'returning more than was sold',
        () => repos.invoices.returnItems(ids.invoice, [{ id: a.id, qty: 3 }], 'wrong size'),
        'POST',
        '/invoice-return',
        { invoice_id: ids.invoice, items: [{ id: a.id, qty: 3 }], comment: 'wrong size' },
      ],
    ];
    for (const [what, onDevice, method, path, body] of cases) {
      const device = await refusal(onDevice());
      const server = await s.api(method, path, { body: { data: body } });
      expect.soft([server.status, device], what).toEqual([400, server.body.message]);
    }
    // the body is checked by its call before the write: a return with no reason is refused at once, nothing queued
    const pending = await d.db.outbox.count();
    const blank = await refusal(repos.invoices.returnItems(ids.invoice, [{ id: a.id, qty: 1 }], '  '));
    const noReason = await s.api('POST', '/invoice-return', {
      body: { data: { invoice_id: ids.invoice, items: [{ id: a.id, qty: 1 }], comment: '  ' } },
    });
    expect([noReason.status, blank], 'a return with no reason').toEqual([400, noReason.body.message]);
    expect(await d.db.outbox.count()).toBe(pending);
    // a returned unit is no longer held by the invoice: it is not there to sell again on the same invoice
    await repos.invoices.returnItems(ids.invoice, [{ id: a.id, qty: 1 }], 'wrong size');
    await drain(d);
    // the rest of A's stock (8) goes in a sale: the invoice holds 1 of its 2 units, and there are none on the shelf
    await repos.invoices.sale(null, [{ ...lineA, qty: (await d.db.products.get(a.id))!.stock }]);
    await drain(d);
    const device = await refusal(repos.invoices.edit(ids.invoice, form, [{ ...lineA, qty: 2 }]));
    const server = await s.api('PUT', '/invoice-details', {
      body: { data: { id: ids.invoice, formData: form, productInvoice: [{ id: a.id, qty: 2 }] } },
    });
    expect([server.status, device], 'a returned unit sold again').toEqual([400, server.body.message]);
    // a paid invoice is never deleted, with the same words
    const paid = await refusal(
      repos.invoices
        .pay(ids.invoice, 'cash', (await d.db.invoices.get(ids.invoice))!.total)
        .then(() => repos.invoices.remove(ids.invoice)),
    );
    await drain(d);
    expect(paid).toBe((await s.api('DELETE', '/invoice', { body: { data: { id: ids.invoice } } })).body.message);
    expect(paid).toBe(MSG.invoiceDeletePaid);
  });

  it('a member below the level of a call: refused at once in the server words (403), the invoice untouched', async () => {
    const { ids, lineA } = await setUp();
    const { device } = await memberDevice(s, 'invoice-writes-4', 4);
    const low = createRepositories(device.db);
    const level4 = { token: await s.userToken(4) };
    // level 4 edits invoices but never deletes one (invoice.delete is level 5)
    const removed = await refusal(low.invoices.remove(ids.invoice));
    const server = await s.api('DELETE', '/invoice', { ...level4, body: { data: { id: ids.invoice } } });
    expect([server.status, removed]).toEqual([403, server.body.message]);
    expect(removed).toBe(MSG.forbidden);
    expect(await device.db.invoices.get(ids.invoice)).toBeDefined();
    expect(await device.db.outbox.count()).toBe(0);
    // level 3 raises, saves, switches, returns nothing: each refused before anything is stored
    const { device: three } = await memberDevice(s, 'invoice-writes-3', 3);
    const r3 = createRepositories(three.db);
    const form = { work_hour: 2, rate_hour: 5000 };
    const writes: [string, () => Promise<unknown>][] = [
      ['raise', () => r3.invoices.create(ids.job, form, [lineA])],
      ['sell', () => r3.invoices.sale(null, [lineA])],
      ['save', () => r3.invoices.edit(ids.invoice, form, [lineA])],
      ['storage', () => r3.invoices.setStorage(ids.invoice, true)],
      ['return', () => r3.invoices.returnItems(ids.invoice, [{ id: lineA.id, qty: 1 }], 'wrong size')],
    ];
    for (const [what, write] of writes) expect.soft(await refusal(write()), what).toBe(MSG.forbidden);
    expect(await three.db.outbox.count()).toBe(0);
  });
});
