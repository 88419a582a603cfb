import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { createRepositories } from '../../src/local/repositories';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { auditDb, customerForm, drain, onlineDevice } from './helpers';
import { nth } from '../helpers/present';

/**
 * The SPEC §7 business routes through the outbox: customers, jobs, invoices, payments, products. Always runs: a
 * missing route fails here rather than skipping the suite.
 * The server's state is read through the pull API by a fresh "auditor" device: every row exactly once.
 */
describe('business changes through the outbox (live server)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
  });
  afterAll(() => s?.close());

  it('creates a customer, job, invoice and payment offline; after reconnecting the server has each exactly once', async () => {
    const d = await onlineDevice(s, 'biz');
    const repos = createRepositories(d.db);
    d.net.up = false;
    const cid = await repos.customers.add(customerForm('PB 7001'));
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(cid))!,
      service: ['Oil change'],
      mileage: 1000,
    });
    await repos.jobs.setStatus(job.id, 'active');
    const inv = await repos.invoices.create(job.id, { work_hour: 1, rate_hour: 5000 }, []);
    const pay = await repos.invoices.pay(inv.id, 'cash', 2000);
    expect((await d.engine.syncNow()).online).toBe(false);
    d.net.up = true;
    d.net.dropResponses = 2; // and lose two answers on the way
    await drain(d);
    expect(await d.db.conflicts.toArray()).toEqual([]);
    expect(await d.db.outbox.count()).toBe(0);

    const a = await auditDb(s);
    expect((await a.customers.toArray()).filter((c) => c.id === cid)).toHaveLength(1);
    expect(await a.jobs.get(job.id)).toMatchObject({ number: job.number, status: 'active' });
    expect(await a.invoices.get(inv.id)).toMatchObject({ number: inv.number, payment: 2000 });
    expect((await a.transactions.where('invoice_id').equals(inv.id).toArray()).map((t) => t.id)).toEqual([pay.id]);
    // and the device agrees with the server
    expect((await d.db.invoices.get(inv.id))?.payment).toBe(2000);
  });

  it('shows offline the same invoice figures the server computes (one rule in src/domain)', async () => {
    const d = await onlineDevice(s, 'figures');
    const repos = createRepositories(d.db);
    const product = await repos.products.add({
      title: `Pads ${newId().slice(-4)}`,
      description: 'x',
      price: 4599,
      stock: 5,
      low_stock: 1,
    });
    const cid = await repos.customers.add(customerForm('PB 7003'));
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(cid))!,
      service: ['Brakes'],
      mileage: 9,
    });
    await drain(d);
    d.net.up = false;
    const line = { id: product.id, title: product.title, description: '', price: 4599, qty: 2 };
    const inv = await repos.invoices.create(job.id, { work_hour: 1.25, rate_hour: 4750 }, [line]);
    await repos.invoices.discount(inv.id, 7);
    await repos.invoices.setStorage(inv.id, true, 3);
    await repos.invoices.pay(inv.id, 'cash', 3333);
    await repos.invoices.returnItems(inv.id, [{ id: product.id, qty: 1 }], 'not needed');
    const offline = (await d.db.invoices.get(inv.id))!;
    d.net.up = true;
    await drain(d);
    expect(await d.db.conflicts.toArray()).toEqual([]);
    const a = await auditDb(s);
    const server = (await a.invoices.get(inv.id))!;
    expect({ total: offline.total, discount: offline.discount, totals: offline.totals }).toEqual({
      total: server.total,
      discount: server.discount,
      totals: server.totals,
    });
    expect((await a.customers.get(cid))?.current_points).toBe((await d.db.customers.get(cid))?.current_points);
  });

  it('lands two offline sales of the last unit from two devices: stock goes to -1 and shows pink', async () => {
    const A = await onlineDevice(s, 'lastA');
    const B = await onlineDevice(s, 'lastB');
    const product = await createRepositories(A.db).products.add({
      title: `Last unit ${newId().slice(-4)}`,
      description: 'x',
      price: 1000,
      stock: 1,
      low_stock: 1,
    });
    await drain(A);
    await B.engine.syncNow();
    expect((await B.db.products.get(product.id))?.stock).toBe(1);
    A.net.up = false;
    B.net.up = false;
    const line = { id: product.id, title: product.title, description: '', price: 1000, qty: 1 };
    await createRepositories(A.db).invoices.sale(null, [line]);
    await createRepositories(B.db).invoices.sale(null, [line]);
    A.net.up = true;
    B.net.up = true;
    await drain(A);
    await drain(B);
    await A.engine.syncNow();
    expect(await A.db.conflicts.count()).toBe(0);
    expect(await B.db.conflicts.count()).toBe(0);
    const a = await auditDb(s);
    expect((await a.products.get(product.id))?.stock).toBe(-1);
    expect((await A.db.products.get(product.id))?.stock).toBe(-1);
    expect((await B.db.products.get(product.id))?.stock).toBe(-1);
  });

  it('refuses an offline payment larger than what is due after another device was paid, with the server message', async () => {
    const A = await onlineDevice(s, 'payA');
    const B = await onlineDevice(s, 'payB');
    const ra = createRepositories(A.db);
    const cid = await ra.customers.add(customerForm('PB 7002'));
    const job = await ra.jobs.create({ customer: (await ra.customers.get(cid))!, service: ['Brakes'], mileage: 5 });
    const inv = await ra.invoices.create(job.id, { work_hour: 2, rate_hour: 5000 }, []);
    await drain(A);
    await B.engine.syncNow();
    expect((await B.db.invoices.get(inv.id))?.total).toBe(10000);
    B.net.up = false;
    await createRepositories(B.db).invoices.pay(inv.id, 'cash', 6000); // fine on B's view
    await ra.invoices.pay(inv.id, 'credit_card', 8000); // lands first
    await drain(A);
    B.net.up = true;
    await drain(B);
    const conflicts = await B.engine.conflicts.list();
    expect(conflicts).toHaveLength(1);
    expect(nth(conflicts, 0).status).toBeGreaterThanOrEqual(400);
    expect(nth(conflicts, 0).message).toBeTruthy();
    // B shows the server's invoice: only A's payment
    expect(await B.db.invoices.get(inv.id)).toMatchObject({ payment: 8000, total: 2000 });
    const a = await auditDb(s);
    expect(await a.transactions.where('invoice_id').equals(inv.id).count()).toBe(1);
  });
});
