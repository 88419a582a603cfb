import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG, fill } from '../../src/domain/messages';
import { CONTACT_MESSAGE } from '../../src/domain/schemas';
import * as t from '../../src/server/db/schema';
import { sqlRows } from '../../src/server/db/sqlRows';
import type { Answer, Data, InvoiceRead, Made, Raised, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

/**
 * SPEC §7 "for every call: the happy path, each SPEC §5 message it can return": the calls and messages the other
 * API suites did not reach. Every refusal is checked to change nothing (the change feed, written in the same
 * transaction as every change, does not move, and the row stays as it was). Messages come from
 * src/domain/messages.ts, never spelled here.
 */
describe.each(DATABASES)('SPEC §5 messages and remaining happy paths on %s', (kind) => {
  let s: TestServer;
  let jpeg: Buffer;
  let customerId = '';
  const stamp = newId().slice(-6).toUpperCase();
  let seq = 0;

  beforeAll(async () => {
    s = await startServer(kind);
    jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00c' } })
      .jpeg()
      .toBuffer();
    customerId = (await ok<Made>('POST', '/customer', { data: customerForm() })).id;
  });
  afterAll(() => s?.close());

  const db = () => s.database.db;
  const ok = async <T = Answer>(method: string, path: string, body?: unknown) => {
    const res = await s.api<T>(method, path, { body });
    if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const feedHead = async () =>
    Number(
      nth(
        await sqlRows<{ seq: number | string }>(db(), sql`select coalesce(max(seq), 0)::int8 as seq from change_log`),
        0,
      ).seq,
    );
  /** a refusal: the status, `{value: false, message}` and nothing recorded in the change feed */
  const refuses = async (method: string, path: string, body: unknown, message: string, status = 400) => {
    const before = await feedHead();
    const res = await s.api(method, path, { body, key: newId() });
    expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 200)} → ${JSON.stringify(res.body)}`).toBe(
      status,
    );
    expect(res.body).toEqual(expect.objectContaining({ value: false, message }));
    expect(await feedHead(), `${method} ${path} changed data on a refusal`).toBe(before);
    return res;
  };

  const customerForm = (over: Record<string, unknown> = {}) => ({
    VIN: `MSG${stamp}${String(++seq).padStart(6, '0')}`,
    'Registration Number': `MS ${seq}`,
    'First name': 'Mia',
    'Last name': 'Sage',
    'Contact number': '8765551234',
    Email: 'mia@example.com',
    ...over,
  });
  const newJob = async () =>
    (
      await ok<Made>('POST', '/service', {
        data: { customer_id: customerId, mileage: 100, service: ['Oil and filter change'] },
      })
    ).id;
  const newProduct = async (stock: number, price = 1000, title = `Item ${stamp}-${++seq}`) =>
    (await ok<Made>('POST', '/v2/inventory/product', { data: { title, description: 'd', price, stock, low_stock: 1 } }))
      .id;
  const jobRow = async (id: string) => nth(await db().select().from(t.jobs).where(eq(t.jobs.id, id)), 0);
  const invoiceRow = async (id: string) => nth(await db().select().from(t.invoices).where(eq(t.invoices.id, id)), 0);
  const productRow = async (id: string) => nth(await db().select().from(t.products).where(eq(t.products.id, id)), 0);
  const future = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const upload = (path: string, fields: Record<string, string>, bytes: Buffer) =>
    s.api('POST', path, { form: { fields, file: { bytes, name: 'photo.jpg', type: 'image/jpeg' } }, key: newId() });

  describe('PUT /booking-date', () => {
    it('books a job: dates stored and status booked', async () => {
      const job = await newJob();
      const start = future(30);
      const end = future(31);
      const res = await s.api('PUT', '/booking-date', {
        body: { data: { id: job, book_start: start, book_end: end, status: 'booked' } },
      });
      expect(res.status).toBe(200);
      expect(res.body.value).toBe(true);
      const got = (await ok('POST', '/booking', { data: { id: job } })).data;
      expect(got).toMatchObject({ status: 'booked', book_start: start, book_end: end, start });
    });

    it("refuses dates in the past, missing or unreadable with 'Invalid dates'; start after end with 'Invalid booking dates'", async () => {
      const job = await newJob();
      const before = await jobRow(job);
      const past = new Date(Date.now() - 3_600_000).toISOString();
      await refuses(
        'PUT',
        '/booking-date',
        { data: { id: job, book_start: past, book_end: future(1) } },
        MSG.invalidDates,
      );
      await refuses(
        'PUT',
        '/booking-date',
        { data: { id: job, book_start: future(1), book_end: past } },
        MSG.invalidDates,
      );
      await refuses('PUT', '/booking-date', { data: { id: job } }, MSG.invalidDates);
      await refuses(
        'PUT',
        '/booking-date',
        { data: { id: job, book_start: 'next tuesday', book_end: future(2) } },
        MSG.invalidDates,
      );
      await refuses(
        'PUT',
        '/booking-date',
        { data: { id: job, book_start: future(5), book_end: future(4) } },
        MSG.invalidBookingDates,
      );
      expect(await jobRow(job)).toEqual(before);
    });

    it("refuses to book a final job: 'Cannot update final requests'", async () => {
      const job = await newJob();
      await ok('PUT', '/job-action/cancel', { data: { id: job } });
      await refuses(
        'PUT',
        '/booking-date',
        { data: { id: job, book_start: future(3), book_end: future(4) } },
        MSG.cannotUpdateFinal,
      );
      expect((await jobRow(job)).status).toBe('canceled');
    });
  });

  describe('PUT /job-action/services', () => {
    it("replaces a job's services; an empty list is 'Select at least one(1) service'; final jobs refuse", async () => {
      const job = await newJob();
      const res = await s.api('PUT', '/job-action/services', {
        body: { data: { id: job, service: ['Wheel alignment', 'Full service'] } },
      });
      expect(res.status).toBe(200);
      expect(res.body.value).toBe(true);
      expect((await jobRow(job)).service).toEqual(['Wheel alignment', 'Full service']);
      await refuses('PUT', '/job-action/services', { data: { id: job, service: [] } }, MSG.selectOneService);
      expect((await jobRow(job)).service).toEqual(['Wheel alignment', 'Full service']);
      await ok('PUT', '/job-action/cancel', { data: { id: job } });
      await refuses(
        'PUT',
        '/job-action/services',
        { data: { id: job, service: ['Oil and filter change'] } },
        MSG.cannotUpdateFinal,
      );
      expect((await jobRow(job)).service).toEqual(['Wheel alignment', 'Full service']);
    });
  });

  describe('DELETE /v2/inventory/supplier', () => {
    it('deletes a supplier: gone from the list and from GET; a second delete is "No record found"', async () => {
      const id = (await ok<Made>('POST', '/v2/inventory/supplier', { data: { bizname: `Gone Ltd ${stamp}` } })).id;
      const res = await s.api('DELETE', '/v2/inventory/supplier', { body: { id } });
      expect(res.status).toBe(200);
      expect(res.body.value).toBe(true);
      expect(
        (await ok<Data<Row<'suppliers'>[]>>('GET', '/v2/inventory/suppliers')).data.map((x) => x.id),
      ).not.toContain(id);
      expect((await s.api('GET', `/v2/inventory/supplier?id=${id}`)).status).toBe(404);
      await refuses('DELETE', '/v2/inventory/supplier', { id }, fill(MSG.noRecordFound, { id }), 404);
      await refuses('DELETE', '/v2/inventory/supplier', { id: 'not-an-id' }, MSG.invalidId);
    });

    it('PUT without a business name is refused and the supplier stays as it was', async () => {
      const id = (
        await ok<Made>('POST', '/v2/inventory/supplier', {
          data: { bizname: `Keep Ltd ${stamp}`, contact: '8765550000' },
        })
      ).id;
      await refuses('PUT', '/v2/inventory/supplier', { data: { id, contact: '1' } }, MSG.supplierNameRequired);
      await refuses('PUT', '/v2/inventory/supplier', { data: { id, bizname: '   ' } }, MSG.supplierNameRequired);
      expect((await ok('GET', `/v2/inventory/supplier?id=${id}`)).data).toMatchObject({
        bizname: `Keep Ltd ${stamp}`,
        contact: '8765550000',
      });
    });
  });

  describe('invoice lists', () => {
    let due = '';
    let paid = '';
    beforeAll(async () => {
      due = (
        await ok<Data<Raised>>('POST', '/invoice', {
          data: { fetchedData: { id: await newJob() }, formData: { work_hour: 1, rate_hour: 5000 } },
        })
      ).data.invoice_id;
      paid = (
        await ok<Data<Raised>>('POST', '/invoice', {
          data: { fetchedData: { id: await newJob() }, formData: { work_hour: 1, rate_hour: 3000 } },
        })
      ).data.invoice_id;
      await ok('POST', '/transaction', { data: { method: 'cash', invoice_id: paid, amount: 3000 } });
    });

    it('GET /invoices/all, /due and /paid filter by the amount due', async () => {
      const ids = async (filter: string) =>
        (await ok<Data<Row<'invoices'>[]>>('GET', `/invoices/${filter}`)).data.map((i) => i.id);
      expect(await ids('all')).toEqual(expect.arrayContaining([due, paid]));
      expect(await ids('paid')).toContain(paid);
      expect(await ids('paid')).not.toContain(due);
      expect(await ids('due')).toContain(due);
      expect(await ids('due')).not.toContain(paid);
      for (const i of (await ok<Data<Row<'invoices'>[]>>('GET', '/invoices/paid')).data)
        expect(i.total).toBeLessThanOrEqual(0);
    });

    it('GET /invoices/<anything else> is a 400 with a message', async () => {
      for (const bad of ['open', 'ALL', '1', "'%20or%201=1"]) {
        const res = await s.api('GET', `/invoices/${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body).toMatchObject({ value: false, message: expect.any(String) });
      }
    });
  });

  describe("SPEC §7's paths with a trailing slash", () => {
    it('POST /estimate/ and GET /estimates/', async () => {
      const made = await s.api<Raised>('POST', '/estimate/', {
        body: {
          data: {
            profile: { first_name: 'Tra', last_name: 'Iling' },
            serviceInvoice: ['Full service'],
            formData: { work_hour: 1, rate_hour: 5000 },
          },
        },
      });
      expect(made.status).toBe(200);
      expect(made.body).toMatchObject({ value: true, invoice_id: expect.any(String) });
      const list = await s.api<Data<Row<'estimates'>[]>>('GET', '/estimates/');
      expect(list.status).toBe(200);
      expect(list.body.data.map((e) => e.id)).toContain(made.body.invoice_id);
    });

    it('GET /v2/util/invoice-status/', async () => {
      const res = await s.api<Data<Answer>>('GET', '/v2/util/invoice-status/');
      expect(res.status).toBe(200);
      expect(res.body.data.data).toMatchObject({
        paid: expect.any(Array),
        unpaid: expect.any(Array),
        total: { paid: expect.any(Number), unpaid: expect.any(Number) },
      });
    });

    it('POST, GET and DELETE /service-log/', async () => {
      const job = await newJob();
      const add = await s.api<Made>('POST', '/service-log/', { body: { value: 'Checked brakes', id: job } });
      expect(add.status).toBe(200);
      const list = await s.api<Data<Row<'service_log'>[]>>('GET', `/service-log/${job}/`);
      expect(list.body.data.map((e) => e.message)).toEqual(['Checked brakes']);
      await refuses('POST', '/service-log/', { value: '', id: job }, MSG.writeSomething);
      expect((await s.api('DELETE', '/service-log/', { body: { id: add.body.id } })).status).toBe(200);
      expect((await s.api('GET', `/service-log/${job}`)).body.data).toEqual([]);
    });

    it('POST /upload/service-photo/', async () => {
      const job = await newJob();
      const res = await upload('/upload/service-photo/', { job_id: job }, jpeg);
      expect(res.status).toBe(200);
      const photos = await s.api<Data<Row<'service_photos'>[]>>('GET', `/servicePhotos/${job}`);
      expect(photos.body.data.map((p) => p.id)).toEqual([res.body.id]);
    });
  });

  describe('POST /customer (Add Customer)', () => {
    const count = async () =>
      Number(nth(await sqlRows<{ n: number }>(db(), sql`select count(*)::int as n from customers`), 0).n);

    it('refuses each SPEC §5 rule with its message and adds nobody', async () => {
      const n = await count();
      await refuses('POST', '/customer', { data: customerForm({ VIN: '' }) }, MSG.invalidVin);
      await refuses('POST', '/customer', { data: customerForm({ VIN: '   ' }) }, MSG.invalidVin);
      await refuses('POST', '/customer', { data: customerForm({ 'First name': '' }) }, MSG.nameMin);
      await refuses('POST', '/customer', { data: customerForm({ 'Last name': '  ' }) }, MSG.nameMin);
      await refuses('POST', '/customer', { data: customerForm({ Email: 'ann.example.com' }) }, MSG.invalidEmail);
      await refuses('POST', '/customer', { data: customerForm({ Email: 'ann@example' }) }, MSG.invalidEmail);
      await refuses(
        'POST',
        '/customer',
        { data: customerForm({ 'Registration Number': 'A' }) },
        MSG.invalidRegistration,
      );
      await refuses(
        'POST',
        '/customer',
        { data: customerForm({ 'Registration Number': '' }) },
        MSG.invalidRegistration,
      );
      for (const contact of ['', '876555123', '876555123456', '87655x1234', '-876555123']) {
        await refuses('POST', '/customer', { data: customerForm({ 'Contact number': contact }) }, CONTACT_MESSAGE);
      }
      expect(CONTACT_MESSAGE).toBe(
        fill(MSG.contactMin, { phone: '8765551234' }).replace('8765551234 or 8765551234', '8765551234 or 18765551234'),
      );
      expect(await count()).toBe(n);
    });

    it('takes an optional email and an 11-digit number', async () => {
      const res = await s.api<Made>('POST', '/customer', {
        body: { data: customerForm({ Email: '', 'Contact number': '18765551234' }) },
      });
      expect(res.status).toBe(200);
      expect((await ok<Data<Data<Row<'customers'>>>>('GET', `/customerByID/${res.body.id}`)).data.data).toMatchObject({
        email: '',
        contact: '18765551234',
      });
    });
  });

  describe('POST /service with a new customer inline', () => {
    it("says 'Name should be at least 1 character' (the service form's words) and creates neither customer nor job", async () => {
      const inline = (over: Record<string, unknown>) => ({
        data: { customer: customerForm(over), mileage: 10, service: ['Wheel alignment'] },
      });
      const jobs = (await ok<Data<Row<'jobs'>[]>>('GET', '/bookings')).data.length;
      const first = inline({ 'First name': '' });
      await refuses('POST', '/service', first, MSG.nameMinServiceForm);
      await refuses('POST', '/service', inline({ 'Last name': '' }), MSG.nameMinServiceForm);
      await refuses('POST', '/service', inline({ VIN: '' }), MSG.invalidVin);
      await refuses('POST', '/service', inline({ 'Registration Number': 'X' }), MSG.invalidRegistration);
      expect(
        await db()
          .select()
          .from(t.customers)
          .where(eq(t.customers.vin, String(first.data.customer.VIN))),
      ).toEqual([]);
      expect((await ok<Data<Row<'jobs'>[]>>('GET', '/bookings')).data.length).toBe(jobs);
    });
  });

  describe('PUT /invoice-details', () => {
    it("refuses 'Enter work hours', 'Enter rate/hour', 'Cannot save a zero invoice', '{title} has only ({stock}) in stock'; nothing moves", async () => {
      const title = `Rotor ${stamp}`;
      const product = await newProduct(3, 2000, title);
      const inv = (
        await ok<Data<Raised>>('POST', '/invoice', {
          data: {
            fetchedData: { id: await newJob() },
            formData: { work_hour: 1, rate_hour: 5000 },
            productInvoice: [{ id: product, qty: 1 }],
          },
        })
      ).data.invoice_id;
      const before = await invoiceRow(inv);
      const edit = (formData: unknown, productInvoice: unknown = [{ id: product, qty: 1 }]) => ({
        data: { id: inv, formData, productInvoice, base_version: before.version },
      });
      await refuses('PUT', '/invoice-details', edit({ rate_hour: 5000 }), MSG.enterWorkHours);
      await refuses('PUT', '/invoice-details', edit({ work_hour: '', rate_hour: 5000 }), MSG.enterWorkHours);
      await refuses('PUT', '/invoice-details', edit({ work_hour: -1, rate_hour: 5000 }), MSG.enterWorkHours);
      await refuses('PUT', '/invoice-details', edit({ work_hour: 1 }), MSG.enterRate);
      await refuses('PUT', '/invoice-details', edit({ work_hour: 1, rate_hour: 'fifty' }), MSG.enterRate);
      await refuses('PUT', '/invoice-details', edit({ work_hour: 0, rate_hour: 0 }, []), MSG.zeroInvoice);
      // the invoice holds 1 and 2 are left: 3 are available to it, 4 are not
      await refuses(
        'PUT',
        '/invoice-details',
        edit({ work_hour: 1, rate_hour: 5000 }, [{ id: product, qty: 4 }]),
        fill(MSG.onlyInStock, { title, stock: 3 }),
      );
      expect(await invoiceRow(inv)).toEqual(before);
      expect((await productRow(product)).stock).toBe(2);
      // and the happy path: 3 units, 2 hours
      const saved = await s.api<Data<Pick<Row<'invoices'>, 'total' | 'version'>>>('PUT', '/invoice-details', {
        body: edit({ work_hour: 2, rate_hour: 5000 }, [{ id: product, qty: 3 }]),
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ total: 10000 + 6000, version: before.version + 1 });
      expect((await productRow(product)).stock).toBe(0);
    });

    it("a product sale left without products is 'Please add some products first.'", async () => {
      const product = await newProduct(5, 900);
      const sale = (
        await ok<Data<Raised>>('POST', '/invoice-product', {
          data: { fetchedData: 'default', productInvoice: [{ id: product, qty: 1 }] },
        })
      ).data.invoice_id;
      const before = await invoiceRow(sale);
      await refuses(
        'PUT',
        '/invoice-details',
        { data: { id: sale, formData: {}, productInvoice: [] } },
        MSG.addProductsFirst,
      );
      await refuses(
        'POST',
        '/invoice-product',
        { data: { fetchedData: 'default', productInvoice: [] } },
        MSG.addProductsFirst,
      );
      expect(await invoiceRow(sale)).toEqual(before);
      expect((await productRow(product)).stock).toBe(4);
    });
  });

  describe('POST /discount', () => {
    it('refuses a choice that is not none or 5–20 % with "Select a discount." and leaves the invoice as it was', async () => {
      const inv = (
        await ok<Data<Raised>>('POST', '/invoice', {
          data: { fetchedData: { id: await newJob() }, formData: { work_hour: 1, rate_hour: 5000 } },
        })
      ).data.invoice_id;
      const before = await invoiceRow(inv);
      for (const amount of [3, 4, 21, 50, 100, -5, 7.5, 'ten', '', null]) {
        await refuses(
          'POST',
          '/discount',
          { data: { invoice_id: inv, amount, method: 'discount' } },
          MSG.chooseDiscount,
        );
      }
      await refuses('POST', '/discount', { data: { invoice_id: inv, method: 'discount' } }, MSG.chooseDiscount);
      expect(await invoiceRow(inv)).toEqual(before);
      const twenty = await s.api('POST', '/discount', { body: { data: { invoice_id: inv, amount: 20 } } });
      expect(twenty.body.data).toMatchObject({ discount: 1000, due: 4000 });
    });
  });

  describe('estimates', () => {
    it("PUT /estimate-details refuses 'Enter first name', 'Enter last name', 'Select at least one service'", async () => {
      const body = {
        profile: { first_name: 'Ed', last_name: 'Stim' },
        serviceInvoice: ['Full service'],
        formData: { work_hour: 1, rate_hour: 5000 },
        productInvoice: [],
      };
      const id = (await ok<Raised>('POST', '/estimate', { data: body })).invoice_id;
      const before = (await db().select().from(t.estimates).where(eq(t.estimates.id, id)))[0];
      await refuses(
        'PUT',
        '/estimate-details',
        { data: { ...body, id, profile: { first_name: '', last_name: 'Stim' } } },
        MSG.enterFirstName,
      );
      await refuses(
        'PUT',
        '/estimate-details',
        { data: { ...body, id, profile: { first_name: 'Ed', last_name: ' ' } } },
        MSG.enterLastName,
      );
      await refuses(
        'PUT',
        '/estimate-details',
        { data: { ...body, id, profile: { first_name: 'Ed' } } },
        MSG.enterLastName,
      );
      await refuses(
        'PUT',
        '/estimate-details',
        { data: { ...body, id, serviceInvoice: [] } },
        MSG.selectAtLeastOneService,
      );
      await refuses(
        'PUT',
        '/estimate-details',
        { data: { ...body, id, serviceInvoice: undefined } },
        MSG.selectAtLeastOneService,
      );
      await refuses(
        'POST',
        '/estimate',
        { data: { ...body, profile: { first_name: '', last_name: 'X' } } },
        MSG.enterFirstName,
      );
      expect((await db().select().from(t.estimates).where(eq(t.estimates.id, id)))[0]).toEqual(before);
    });
  });

  describe('reports', () => {
    it('POST /report-products and /report refuse a missing or bad range with SPEC §5 messages', async () => {
      for (const path of ['/report-products', '/report']) {
        await refuses('POST', path, { end_date: '2025-01-31' }, MSG.selectStartDate);
        await refuses('POST', path, { start_date: '2025-13-01', end_date: '2025-01-31' }, MSG.selectStartDate);
        await refuses('POST', path, { start_date: '2025-01-01' }, MSG.selectEndDate);
        await refuses('POST', path, { start_date: '2025-01-01', end_date: '31/01/2025' }, MSG.selectEndDate);
        // 2024 is a leap year: Jan 1 to Dec 31 is 366 days
        await refuses('POST', path, { start_date: '2024-01-01', end_date: '2024-12-31' }, MSG.reportRange);
        await refuses('POST', path, { start_date: '2025-02-01', end_date: '2025-01-31' }, MSG.reportOrder);
        expect((await s.api('POST', path, { body: { start_date: '2024-01-01', end_date: '2024-12-30' } })).status).toBe(
          200,
        );
      }
    });
  });

  describe('photos', () => {
    it("POST /upload/product-photo refuses 10,000,000 + 1 bytes with 'File size should be less than 10MB' and stores nothing", async () => {
      const product = await newProduct(1);
      const big = Buffer.alloc(10_000_001, 0xff);
      jpeg.copy(big);
      const before = await feedHead();
      const res = await upload('/upload/product-photo', { product_id: product }, big);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ value: false, message: MSG.fileTooLarge });
      expect(await feedHead()).toBe(before);
      expect((await s.api('GET', `/productPhotos/${product}`)).body.data).toEqual([]);
    });
  });

  describe('POST /v2/inventory/product', () => {
    it('names the missing required field (title, description, stock, low stock, price) and adds nothing', async () => {
      const full = { title: `Belt ${stamp}`, description: 'V-belt', stock: 2, low_stock: 1, price: 1500 };
      for (const [field, label] of [
        ['title', 'Title'],
        ['description', 'Description'],
        ['stock', 'Stock'],
        ['low_stock', 'Low stock'],
        ['price', 'Price'],
      ] as const) {
        const { [field]: _missing, ...rest } = full;
        await refuses(
          'POST',
          '/v2/inventory/product',
          { data: rest },
          fill(MSG.inventoryFieldRequired, { field: label }),
        );
        await refuses(
          'POST',
          '/v2/inventory/product',
          { data: { ...full, [field]: '' } },
          fill(MSG.inventoryFieldRequired, { field: label }),
        );
      }
      for (const [field, label] of [
        ['stock', 'Stock'],
        ['low_stock', 'Low stock'],
        ['price', 'Price'],
        ['cost', 'Cost'],
      ] as const) {
        await refuses(
          'POST',
          '/v2/inventory/product',
          { data: { ...full, [field]: 'many' } },
          fill(MSG.inventoryNumber, { field: label }),
        );
      }
      expect(await db().select().from(t.products).where(eq(t.products.title, full.title))).toEqual([]);
    });
  });

  describe('SPEC §4: an invoice brought to 0 by points (and a discount) alone is PAID and locked', () => {
    it('refuses edits, storage, discount, points and payments; removing the points unlocks it', async () => {
      // 100 points from a $100 payment on another invoice of the same customer
      const vin = `LCK${stamp}0001`;
      const c = (await ok('POST', '/customer', { data: customerForm({ VIN: vin }) })).id;
      const jobOf = async () =>
        (await ok('POST', '/service', { data: { customer_id: c, mileage: 10, service: ['Full service'] } })).id;
      const earn = (
        await ok<Data<Raised>>('POST', '/invoice', {
          data: { fetchedData: { id: await jobOf() }, formData: { work_hour: 2, rate_hour: 5000 } },
        })
      ).data.invoice_id;
      await ok('POST', '/transaction', { data: { method: 'cash', invoice_id: earn, amount: 10000 } });

      // points alone: $20 of labour, 40 points × 50 cents
      const a = (
        await ok<Data<Raised>>('POST', '/invoice', {
          data: { fetchedData: { id: await jobOf() }, formData: { work_hour: 1, rate_hour: 2000 } },
        })
      ).data.invoice_id;
      await ok('POST', '/redemption', { data: { invoice_id: a, points: 40 } });
      // a discount and points: 20 % of $20 = $4, then 32 points
      const b = (
        await ok<Data<Raised>>('POST', '/invoice', {
          data: { fetchedData: { id: await jobOf() }, formData: { work_hour: 1, rate_hour: 2000 } },
        })
      ).data.invoice_id;
      await ok('POST', '/discount', { data: { invoice_id: b, amount: 20 } });
      await ok('POST', '/redemption', { data: { invoice_id: b, points: 32 } });

      for (const inv of [a, b]) {
        const row = await invoiceRow(inv);
        expect(row).toMatchObject({ total: 0, payment: 0 });
        expect((await ok<Data<Row<'invoices'>[]>>('GET', '/invoices/paid')).data.map((i) => i.id)).toContain(inv);
        await refuses(
          'PUT',
          '/invoice-details',
          { data: { id: inv, formData: { work_hour: 3, rate_hour: 2000 }, productInvoice: [] } },
          MSG.invoicePaidLocked,
        );
        await refuses(
          'PUT',
          `/invoice-storage-state/${inv}`,
          { data: { option: 'on', days: 2 } },
          MSG.invoicePaidLocked,
        );
        await refuses('POST', '/discount', { data: { invoice_id: inv, amount: 5 } }, MSG.invoicePaidLocked);
        await refuses('POST', '/redemption', { data: { invoice_id: inv, points: 1 } }, MSG.invoicePaidLocked);
        await refuses(
          'POST',
          '/transaction',
          { data: { method: 'cash', invoice_id: inv, amount: 1 } },
          MSG.invalidPayment,
        );
        expect(await invoiceRow(inv)).toEqual(row);
      }

      // a reversal makes an amount due again, and the invoice can be edited
      const redemption = (await ok<Data<InvoiceRead>>('GET', `/invoice/${a}`)).data.transactions.find(
        (x) => x.method === 'redemption',
      );
      await ok('DELETE', '/transaction', { id: redemption?.id });
      expect(await invoiceRow(a)).toMatchObject({ total: 2000 });
      const edit = await s.api<Data<Pick<Row<'invoices'>, 'total' | 'version'>>>('PUT', '/invoice-details', {
        body: { data: { id: a, formData: { work_hour: 2, rate_hour: 2000 }, productInvoice: [] } },
      });
      expect(edit.status).toBe(200);
      expect(edit.body.data.total).toBe(4000);
    });
  });
});
