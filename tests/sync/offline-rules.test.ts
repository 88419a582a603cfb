import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { displayInvoiceNumber } from '../../src/domain/jobs';
import { MSG, fill } from '../../src/domain/messages';
import { formatUSD } from '../../src/domain/money';
import { createRepositories } from '../../src/local/repositories';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { auditDb, customerForm, drain, makeDevice, onlineDevice } from './helpers';

/**
 * Deleting an invoice that carries a discount or points, and returning items, offline: the device applies the rule
 * the server applies (src/domain/totals.ts planItemReturn; the delete's reversal), so what staff see offline is what
 * the server ends up with, and a refusal says the same words on both sides.
 */
describe('the same rule offline and on the server: invoice delete, item return, a level-1 check-in', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
  });
  afterAll(() => s?.close());

  it('deleting an unpaid invoice offline reverses its discount and points on the device and on the server', async () => {
    // (a redemption made offline is not a transaction row until the server makes it one: the points come back all the same)
    const d = await onlineDevice(s, 'inv-delete');
    const repos = createRepositories(d.db);
    const cid = await repos.customers.add(customerForm(`PD ${newId().slice(-4)}`));
    const customer = (await repos.customers.get(cid))!;
    // points earned on a first invoice paid in full ($100 → 100 points)
    const first = await repos.jobs.create({ customer, service: ['Oil change'], mileage: 1000 });
    await repos.jobs.setStatus(first.id, 'active');
    const paid = await repos.invoices.create(first.id, { work_hour: 1, rate_hour: 10000 }, []);
    await repos.invoices.pay(paid.id, 'cash', 10000);
    await drain(d);
    const earned = (await d.db.customers.get(cid))!.current_points;
    expect(earned).toBeGreaterThan(10);

    d.net.up = false;
    const second = await repos.jobs.create({ customer, service: ['Brakes'], mileage: 1100 });
    await repos.jobs.setStatus(second.id, 'active');
    const inv = await repos.invoices.create(second.id, { work_hour: 2, rate_hour: 10000 }, []);
    await repos.invoices.discount(inv.id, 5);
    await repos.invoices.redeem(inv.id, 10);
    expect((await d.db.customers.get(cid))!.current_points).toBe(earned - 10);
    await repos.invoices.remove(inv.id);
    // offline: the discount and the redemption went with the invoice, the points are back
    expect(await repos.invoices.transactions(inv.id)).toEqual([]);
    expect((await d.db.customers.get(cid))!.current_points).toBe(earned);

    d.net.up = true;
    await drain(d);
    expect(await d.db.conflicts.toArray()).toEqual([]);
    const a = await auditDb(s);
    expect(await a.invoices.get(inv.id)).toBeUndefined();
    expect(await a.transactions.where('invoice_id').equals(inv.id).toArray()).toEqual([]);
    expect((await a.customers.get(cid))!.current_points).toBe(earned);
    expect((await d.db.customers.get(cid))!.current_points).toBe(earned);
  });

  it('deleting, online, an invoice whose discount and points the server already made rows of removes those rows on the device too', async () => {
    const d = await onlineDevice(s, 'inv-delete-synced');
    const repos = createRepositories(d.db);
    const cid = await repos.customers.add(customerForm(`PE ${newId().slice(-4)}`));
    const customer = (await repos.customers.get(cid))!;
    const first = await repos.jobs.create({ customer, service: ['Oil change'], mileage: 1000 });
    await repos.jobs.setStatus(first.id, 'active');
    await repos.invoices.pay(
      (await repos.invoices.create(first.id, { work_hour: 1, rate_hour: 10000 }, [])).id,
      'cash',
      10000,
    );
    const second = await repos.jobs.create({ customer, service: ['Brakes'], mileage: 1100 });
    await repos.jobs.setStatus(second.id, 'active');
    const inv = await repos.invoices.create(second.id, { work_hour: 2, rate_hour: 10000 }, []);
    await drain(d);
    const earned = (await d.db.customers.get(cid))!.current_points;
    await repos.invoices.discount(inv.id, 5);
    await repos.invoices.redeem(inv.id, 10);
    await drain(d);
    expect((await repos.invoices.transactions(inv.id)).map((t) => t.method).sort()).toEqual(['discount', 'redemption']);
    d.net.up = false;
    await repos.invoices.remove(inv.id);
    expect(await repos.invoices.transactions(inv.id)).toEqual([]);
    expect((await d.db.customers.get(cid))!.current_points).toBe(earned);
    d.net.up = true;
    await drain(d);
    expect(await d.db.conflicts.toArray()).toEqual([]);
    const a = await auditDb(s);
    expect(await a.transactions.where('invoice_id').equals(inv.id).toArray()).toEqual([]);
    expect((await a.customers.get(cid))!.current_points).toBe(earned);
  });

  it('refuses offline, in the server words, an invoice with a payment, a return on a paid invoice and one worth more than is due', async () => {
    const d = await onlineDevice(s, 'inv-return');
    const repos = createRepositories(d.db);
    const product = await repos.products.add({
      title: `Rotor ${newId().slice(-4)}`,
      description: 'front',
      price: 5000,
      stock: 6,
      low_stock: 1,
    });
    const cid = await repos.customers.add(customerForm(`PR ${newId().slice(-4)}`));
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(cid))!,
      service: ['Brakes'],
      mileage: 5,
    });
    await repos.jobs.setStatus(job.id, 'active');
    const line = { id: product.id, title: product.title, description: 'front', price: 5000, qty: 2 };
    const inv = await repos.invoices.create(job.id, { work_hour: 0.5, rate_hour: 4000 }, [line]); // 2000 + 10000
    await drain(d);
    d.net.up = false;
    await repos.invoices.pay(inv.id, 'cash', 8000); // 4000 still due
    const name = displayInvoiceNumber(inv.number);

    await expect(repos.invoices.remove(inv.id)).rejects.toThrow(MSG.invoiceHasPayments);
    // one rotor is $50.00 off, but only $40.00 is still due
    await expect(repos.invoices.returnItems(inv.id, [{ id: product.id, qty: 1 }], 'wrong size')).rejects.toThrow(
      fill(MSG.itemReturnOverDue, { taken: formatUSD(5000), invoice: name, due: formatUSD(4000) }),
    );
    await expect(repos.invoices.returnItems(inv.id, [{ id: product.id, qty: 3 }], 'wrong size')).rejects.toThrow(
      fill(MSG.itemReturnOnlyLeft, { left: 2, title: product.title, sold: 2, invoice: name, returned: '' }),
    );
    await repos.invoices.pay(inv.id, 'cash', 4000); // paid in full: locked
    await expect(repos.invoices.returnItems(inv.id, [{ id: product.id, qty: 1 }], 'wrong size')).rejects.toThrow(
      fill(MSG.itemReturnLocked, { invoice: name }),
    );
    expect(
      await d.db.outbox
        .filter((e) => e.path === '/invoice-return' || (e.method === 'DELETE' && e.path === '/invoice'))
        .count(),
    ).toBe(0);

    // the server says the same to a client that sends it anyway
    d.net.up = true;
    await drain(d);
    expect(await d.db.conflicts.toArray()).toEqual([]);
    const res = await fetch(`${s.url}/api/invoice-return`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.adminToken}` },
      body: JSON.stringify({
        data: { invoice_id: inv.id, items: [{ id: product.id, qty: 1 }], comment: 'wrong size' },
      }),
    });
    expect([res.status, await res.json()]).toMatchObject([
      400,
      { message: fill(MSG.itemReturnLocked, { invoice: name }) },
    ]);
  });

  it('level 1 checks in a new customer offline: one POST /service carries the customer, and the server holds both once', async () => {
    const token = await s.userToken(1);
    const username = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).username as string;
    const d = makeDevice(s, 'level1');
    await d.engine.signIn({ username, permission: 1, token });
    await d.engine.syncNow();
    const repos = createRepositories(d.db);
    d.net.up = false;
    const plate = `PL1 ${newId().slice(-4)}`;
    const job = await repos.jobs.create({ newCustomer: customerForm(plate), service: ['Oil change'], mileage: 4200 });
    expect((await d.db.outbox.toArray()).map((e) => `${e.method} ${e.path}`)).toEqual(['POST /service']);
    d.net.up = true;
    await drain(d);
    expect(await d.db.conflicts.toArray()).toEqual([]);
    expect(await d.db.outbox.count()).toBe(0);
    const a = await auditDb(s);
    const serverJob = await a.jobs.get(job.id);
    expect(serverJob).toMatchObject({ number: job.number, registration: plate.toUpperCase(), mileage: 4200 });
    const customers = (await a.customers.toArray()).filter((c) => c.registration === plate.toUpperCase());
    expect(customers).toHaveLength(1);
    expect(customers[0]!.id).toBe(job.customer_id);
  });
});
