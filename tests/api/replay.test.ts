import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, routeKey } from '../../src/domain/apiRoutes';
import { shopDay } from '../../src/domain/dates';
import { newId } from '../../src/domain/ids';
import * as t from '../../src/server/db/schema';
import { sqlRows } from '../../src/server/db/sqlRows';
import type { Answer, Data, Made, Raised, Row } from '../helpers/answers';
import { ADMIN, DATABASES, startServer, type ApiAnswer, type TestServer } from '../helpers/server';
import type { Form } from '../helpers/request';
import { nth } from '../helpers/present';

/**
 * SPEC §7 "an idempotent replay" for every call that changes something. A device's outbox sends each entry with an
 * Idempotency-Key and may send it again when the answer was lost; the second delivery must get the first answer
 * and change nothing. One scenario per non-GET route of src/domain/apiRoutes.ts (a route without one fails the
 * table test, so a new route cannot be forgotten). Each scenario sends a valid request with a key, then the same
 * request with the same key, and checks:
 *   - the first call did what it should (status 200 and the row or field it changed),
 *   - the replay answers with the same status and body (writes say `Idempotent-Replay: true`),
 *   - the change feed (change_log head) does not move on the replay, and no table changes at all (a fingerprint
 *     of every table), so the row exists once, stock moves once, a payment counts once.
 * Reads that are POSTs (lookups, reports) are not keyed: both answers are the same and nothing moves.
 * Login is public and not keyed: each sign-in is its own.
 */

type Kind = 'write' | 'read' | 'unkeyed';
interface Call {
  path: string;
  body?: unknown;
  /** multipart upload (photos): the fields and the file */
  form?: Form;
  token?: string | null;
  /** the first call's effect (the replay's is checked by the table fingerprint) */
  verify(res: Res): Promise<void>;
}
type Res = ApiAnswer<Answer>;
/** a payment's answer: the transaction it made */
interface Paid {
  transaction_id: string;
}
/** the `data` of an answer as the scenario reads it (each scenario's call answers its own shape) */
const dataOf = <T>(res: Res): T => {
  expect(res.body).toHaveProperty('data');
  return res.body.data as T;
};
interface Scenario {
  /** `${method} ${path}` exactly as in src/domain/apiRoutes.ts */
  route: string;
  kind: Kind;
  name?: string;
  prepare(): Promise<Call>;
}

describe.each(DATABASES)('idempotent replay of every writing call on %s', (kind) => {
  let s: TestServer;
  let jpeg: Buffer;
  let customerId = '';
  let customerVin = '';
  let supplierId = '';
  const techName = 'rtech3';
  const stamp = newId().slice(-6).toUpperCase();

  const api = <T = Answer>(method: string, path: string, body?: unknown) => s.api<T>(method, path, { body });
  const ok = async <T = Answer>(method: string, path: string, body?: unknown) => {
    const res = await api<T>(method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const db = () => s.database.db;

  // --- fixtures made through the API -----------------------------------------------------------------------------
  let seq = 0;
  const vin = () => `RPL${stamp}${String(++seq).padStart(6, '0')}`;
  const newCustomer = async () => {
    const v = vin();
    const body = await ok('POST', '/customer', {
      data: {
        VIN: v,
        'Registration Number': `RP ${seq}`,
        'First name': 'Rae',
        'Last name': 'Play',
        'Contact number': '8765551234',
        Email: '',
      },
    });
    return { id: body.id as string, vin: v };
  };
  const newJob = async (customer = customerId) =>
    (
      await ok<Made>('POST', '/service', {
        data: { customer_id: customer, mileage: 1000, service: ['Oil and filter change'] },
      })
    ).id;
  const newProduct = async (stock = 10, price = 1000) =>
    (
      await ok<Made>('POST', '/v2/inventory/product', {
        data: { title: `Part ${stamp}-${++seq}`, description: 'replay part', price, stock, low_stock: 1 },
      })
    ).id;
  const newInvoice = async (lines: { id: string; qty: number }[] = [], job?: string) =>
    (
      await ok<Data<Raised>>('POST', '/invoice', {
        data: {
          fetchedData: { id: job ?? (await newJob()) },
          formData: { work_hour: 1, rate_hour: 5000 },
          productInvoice: lines,
        },
      })
    ).data.invoice_id;
  const newMember = async () => {
    const username = `rm${++seq}${stamp.slice(-3)}`.toLowerCase().slice(0, 12);
    return {
      id: (await ok('POST', '/v2/auth/user', { data: { username, password: 'bay-pass-2345', permission: 3 } }))
        .id as string,
      username,
    };
  };
  const newEstimate = async () =>
    (
      await ok('POST', '/estimate', {
        data: {
          profile: { first_name: 'Est', last_name: 'Imate' },
          serviceInvoice: ['Wheel alignment'],
          formData: { work_hour: 1, rate_hour: 5000 },
          productInvoice: [],
        },
      })
    ).invoice_id as string;
  /** the upload's file: the test's JPEG under `name` */
  const jpegFile = (name: string) => ({ bytes: jpeg, name, type: 'image/jpeg' });
  const upload = (path: string, form: Form) => s.api('POST', path, { form });

  // --- reading the database ------------------------------------------------------------------------------------
  const one = async <T>(q: Promise<T[]>): Promise<T> => {
    const r = await q;
    expect(r).toHaveLength(1);
    return nth(r, 0);
  };
  const invoiceRow = (id: string) => one(db().select().from(t.invoices).where(eq(t.invoices.id, id)));
  const jobRow = (id: string) => one(db().select().from(t.jobs).where(eq(t.jobs.id, id)));
  const productRow = (id: string) => one(db().select().from(t.products).where(eq(t.products.id, id)));
  const customerRow = (id: string) => one(db().select().from(t.customers).where(eq(t.customers.id, id)));
  const stockLog = (id: string) => db().select().from(t.inventoryLog).where(eq(t.inventoryLog.product_id, id));
  const liveTransactions = (invoiceId: string) =>
    db()
      .select()
      .from(t.transactions)
      .where(and(eq(t.transactions.invoice_id, invoiceId), eq(t.transactions.deleted, false)));

  const feedHead = async () =>
    Number(
      nth(await sqlRows<{ seq: number }>(db(), sql`select coalesce(max(seq), 0)::int8 as seq from change_log`), 0).seq,
    );
  let tables: string[] = [];
  /** every table's rows hashed: equal fingerprints mean the replay changed nothing anywhere */
  const fingerprint = async () => {
    const parts = tables.map(
      (name) =>
        sql`select ${name} as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(name)} x`,
    );
    return sqlRows<{ name: string; h: string }>(db(), sql.join(parts, sql` union all `));
  };

  beforeAll(async () => {
    s = await startServer(kind);
    tables = (
      await sqlRows<{ table_name: string }>(
        db(),
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'login_attempts' order by 1`,
      )
    ).map((r) => r.table_name);
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    ({ id: customerId, vin: customerVin } = await newCustomer());
    supplierId = (await ok<Made>('POST', '/v2/inventory/supplier', { data: { bizname: `Replay Supply ${stamp}` } })).id;
    await ok('POST', '/v2/auth/user', { data: { username: techName, password: 'bay-pass-2345', permission: 3 } });
  });
  afterAll(() => s?.close());

  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  // the shop's day (its default zone, America/Jamaica), which is what reports count by: near midnight UTC the two differ
  const today = shopDay(new Date());

  const SCENARIOS: Scenario[] = [
    // --- auth, team, devices ---------------------------------------------------------------------------------------
    {
      route: 'POST /login',
      kind: 'unkeyed',
      prepare: async () => ({
        path: '/login',
        body: ADMIN,
        token: null,
        async verify(res) {
          expect(res.body).toMatchObject({ value: true, token: expect.any(String) });
        },
      }),
    },
    {
      route: 'POST /v2/auth/user',
      kind: 'write',
      prepare: async () => {
        const username = `rnew${stamp.slice(-4)}`.toLowerCase();
        return {
          path: '/v2/auth/user',
          body: { data: { username, password: 'bay-pass-2345', permission: 4 } },
          async verify(res) {
            expect(res.body).toMatchObject({ value: true, id: expect.any(String) });
            expect(await db().select().from(t.users).where(eq(t.users.username, username))).toMatchObject([
              { id: res.body.id, permission: 4 },
            ]);
          },
        };
      },
    },
    {
      route: 'PUT /v2/auth/user',
      kind: 'write',
      prepare: async () => {
        const m = await newMember();
        return {
          path: '/v2/auth/user',
          body: { data: { id: m.id, username: m.username, permission: 4, password: '********' } },
          async verify() {
            expect(await one(db().select().from(t.users).where(eq(t.users.id, m.id)))).toMatchObject({
              permission: 4,
              version: 2,
            });
          },
        };
      },
    },
    {
      route: 'DELETE /v2/auth/user',
      kind: 'write',
      prepare: async () => {
        const m = await newMember();
        return {
          path: '/v2/auth/user',
          body: { id: m.id },
          async verify() {
            expect(await one(db().select().from(t.users).where(eq(t.users.id, m.id)))).toMatchObject({ deleted: true });
          },
        };
      },
    },
    {
      route: 'DELETE /v3/sign-in-limits',
      kind: 'write',
      prepare: async () => {
        const name = `locked${++seq}`;
        await db()
          .insert(t.loginAttempts)
          .values({ key: `pair:203.0.113.9\n${name}`, failures: 7, blocked_until: new Date(Date.now() + 600_000) });
        return {
          path: '/v3/sign-in-limits',
          body: { username: name },
          async verify(res) {
            expect(res.body).toMatchObject({ value: true, cleared: 1 });
            expect(
              await db()
                .select()
                .from(t.loginAttempts)
                .where(eq(t.loginAttempts.key, `pair:203.0.113.9\n${name}`)),
            ).toEqual([]);
          },
        };
      },
    },
    {
      route: 'POST /v3/devices',
      kind: 'write',
      prepare: async () => {
        const device = newId();
        return {
          path: '/v3/devices',
          body: { device_id: device },
          async verify(res) {
            expect(res.body).toMatchObject({ value: true, code: expect.stringMatching(/^[A-Z]\d+$/) });
            expect(await one(db().select().from(t.devices).where(eq(t.devices.id, device)))).toMatchObject({
              code: res.body.code,
            });
          },
        };
      },
    },
    {
      route: 'POST /v3/decided',
      kind: 'write',
      prepare: async () => {
        const record = `Job #R-${++seq} (ABC 123)`;
        return {
          path: '/v3/decided',
          body: { record, field: 'Service note', choice: 'theirs', mine: 'bay', theirs: 'desk' },
          async verify(res) {
            expect(res.body).toMatchObject({ value: true });
            const lines = await db().select().from(t.sysLog).where(eq(t.sysLog.subject, record));
            expect(lines).toMatchObject([
              {
                category: 'service',
                predicate: 'Service note conflict decided on a device: kept "desk", dropped "bay"',
              },
            ]);
          },
        };
      },
    },
    {
      route: 'POST /v3/discarded',
      kind: 'write',
      prepare: async () => {
        const what = `Cash payment of $40.00 on INV R${++seq}`;
        return {
          path: '/v3/discarded',
          body: { entry_id: newId(), what, message: 'Invalid payment', money: true },
          async verify(res) {
            expect(res.body).toMatchObject({ value: true });
            const lines = await db().select().from(t.sysLog).where(eq(t.sysLog.subject, what));
            expect(lines).toMatchObject([
              { category: 'service', predicate: 'discarded on a device after the server refused it: Invalid payment' },
            ]);
          },
        };
      },
    },
    // --- config ------------------------------------------------------------------------------------------------------
    {
      route: 'PUT /configsheet/:id',
      kind: 'write',
      prepare: async () => {
        const row = nth(await db().select().from(t.config).where(eq(t.config.name, 'shop_name')), 0);
        return {
          path: `/configsheet/${row.id}`,
          body: { data: { title: row.title, description: `Replay Motors ${stamp}` } },
          async verify() {
            expect(await one(db().select().from(t.config).where(eq(t.config.id, row.id)))).toMatchObject({
              description: `Replay Motors ${stamp}`,
              version: row.version + 1,
            });
          },
        };
      },
    },
    // --- customers -----------------------------------------------------------------------------------------------------
    {
      route: 'POST /customer',
      kind: 'write',
      prepare: async () => {
        const v = vin();
        return {
          path: '/customer',
          body: {
            data: {
              VIN: v,
              'Registration Number': 'RP NEW',
              'First name': 'Nia',
              'Last name': 'New',
              'Contact number': '8765550000',
              Email: 'nia@example.com',
            },
          },
          async verify(res) {
            expect(res.body).toMatchObject({ value: true, id: expect.any(String) });
            expect(await db().select().from(t.customers).where(eq(t.customers.vin, v))).toMatchObject([
              { id: res.body.id, email: 'nia@example.com' },
            ]);
          },
        };
      },
    },
    {
      route: 'PUT /customer',
      kind: 'write',
      prepare: async () => {
        const c = await newCustomer();
        return {
          path: '/customer',
          body: { data: { id: c.id, note: 'Call before noon', discount: 5 } },
          async verify() {
            expect(await customerRow(c.id)).toMatchObject({ note: 'Call before noon', discount: 5, version: 2 });
          },
        };
      },
    },
    {
      route: 'PUT /customer-status',
      kind: 'write',
      prepare: async () => {
        const c = await newCustomer();
        return {
          path: '/customer-status',
          body: { data: { id: c.id, active: 0 } },
          async verify() {
            expect(await customerRow(c.id)).toMatchObject({ active: 0, version: 2 });
          },
        };
      },
    },
    {
      route: 'POST /customer-fetch',
      kind: 'read',
      prepare: async () => ({
        path: '/customer-fetch',
        body: { data: customerVin },
        async verify(res) {
          expect(dataOf<Row<'customers'>[]>(res).map((c) => c.id)).toEqual([customerId]);
        },
      }),
    },
    // --- services and jobs -----------------------------------------------------------------------------------------------
    {
      route: 'POST /service',
      kind: 'write',
      prepare: async () => {
        const c = await newCustomer();
        return {
          path: '/service',
          body: {
            data: { customer_id: c.id, mileage: 4200, service: ['Wheel alignment'], customer_note: 'Pulls left' },
          },
          async verify(res) {
            expect(res.body).toMatchObject({
              value: true,
              id: expect.any(String),
              number: expect.stringMatching(/^S-\d+$/),
            });
            expect(await db().select().from(t.jobs).where(eq(t.jobs.customer_id, c.id))).toMatchObject([
              { id: res.body.id, status: 'received', mileage: 4200 },
            ]);
          },
        };
      },
    },
    {
      route: 'POST /service',
      name: 'with a new customer inline',
      kind: 'write',
      prepare: async () => {
        const v = vin();
        return {
          path: '/service',
          body: {
            data: {
              customer: {
                VIN: v,
                'Registration Number': 'RP IN',
                'First name': 'Ina',
                'Last name': 'Line',
                'Contact number': '8765551111',
              },
              mileage: 10,
              service: ['Oil and filter change'],
            },
          },
          async verify(res) {
            expect(res.status).toBe(200);
            const c = nth(await db().select().from(t.customers).where(eq(t.customers.vin, v)), 0);
            expect(await db().select().from(t.jobs).where(eq(t.jobs.customer_id, c.id))).toMatchObject([
              { id: res.body.id },
            ]);
          },
        };
      },
    },
    {
      route: 'PUT /service',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/service',
          body: { data: { id: job, mileage: 1234 } },
          async verify() {
            expect(await jobRow(job)).toMatchObject({ mileage: 1234, version: 2 });
          },
        };
      },
    },
    {
      route: 'PUT /serviceItem',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/serviceItem',
          body: { data: { id: job, service: ['Wheel alignment', 'Brake pads front'] } },
          async verify() {
            expect(await jobRow(job)).toMatchObject({ service: ['Wheel alignment', 'Brake pads front'], version: 2 });
          },
        };
      },
    },
    {
      route: 'POST /outstanding-services',
      kind: 'read',
      prepare: async () => ({
        path: '/outstanding-services',
        body: { vin: customerVin, mileage: 9000 },
        async verify(res) {
          expect(res.body).toMatchObject({ data: expect.any(Array) });
        },
      }),
    },
    {
      route: 'POST /bookings-fetch',
      kind: 'read',
      prepare: async () => ({
        path: '/bookings-fetch',
        body: { status: 'received' },
        async verify(res) {
          expect(dataOf<unknown[]>(res).length).toBeGreaterThan(0);
          expect(dataOf<Row<'jobs'>[]>(res).every((j) => j.status === 'received')).toBe(true);
        },
      }),
    },
    {
      route: 'POST /booking',
      kind: 'read',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/booking',
          body: { data: { id: job } },
          async verify(res) {
            expect(res.body.data).toMatchObject({ id: job, status: 'received' });
          },
        };
      },
    },
    {
      route: 'PUT /booking-date',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        const start = future(2);
        return {
          path: '/booking-date',
          body: { data: { id: job, book_start: start, book_end: future(2.1), status: 'booked' } },
          async verify() {
            const row = await jobRow(job);
            expect(row).toMatchObject({ status: 'booked', version: 2 });
            expect(row.book_start?.toISOString()).toBe(start);
          },
        };
      },
    },
    {
      route: 'PUT /job-action/technician',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/job-action/technician',
          body: { data: { id: job, technician: techName, detail: 'bay 2' } },
          async verify() {
            expect(await jobRow(job)).toMatchObject({ technician: techName, version: 2 });
          },
        };
      },
    },
    {
      route: 'PUT /job-action/status',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/job-action/status',
          body: { data: { id: job, status: 'active', detail: '' } },
          async verify() {
            const row = await jobRow(job);
            expect(row).toMatchObject({ status: 'active', version: 2 });
            expect(row.active_at).toBeTruthy();
          },
        };
      },
    },
    {
      route: 'PUT /job-action/cancel',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/job-action/cancel',
          body: { data: { id: job } },
          // the replay must not meet 'Cannot update final requests': it gets the first answer
          async verify(res) {
            expect(res.body.value).toBe(true);
            expect(await jobRow(job)).toMatchObject({ status: 'canceled', version: 2 });
          },
        };
      },
    },
    {
      route: 'PUT /job-action/comment',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/job-action/comment',
          body: { data: { id: job, value: 'Ready after 4' } },
          async verify() {
            expect(await jobRow(job)).toMatchObject({ comment: 'Ready after 4', version: 2 });
          },
        };
      },
    },
    {
      route: 'PUT /job-action/service-note',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/job-action/service-note',
          body: { data: { id: job, value: 'Torque to spec' } },
          async verify() {
            expect(await jobRow(job)).toMatchObject({ service_note: 'Torque to spec', version: 2 });
          },
        };
      },
    },
    {
      route: 'PUT /job-action/services',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/job-action/services',
          body: { data: { id: job, service: ['Full service'] } },
          async verify() {
            expect(await jobRow(job)).toMatchObject({ service: ['Full service'], version: 2 });
          },
        };
      },
    },
    // --- photos and service log ---------------------------------------------------------------------------------------------
    {
      route: 'POST /upload/service-photo',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/upload/service-photo',
          form: { fields: { job_id: job }, file: jpegFile('door.jpg') },
          async verify(res) {
            expect(res.body).toMatchObject({
              value: true,
              id: expect.any(String),
              thumbnail: expect.stringContaining('/thumb'),
            });
            expect(await db().select().from(t.servicePhotos).where(eq(t.servicePhotos.job_id, job))).toMatchObject([
              { id: res.body.id },
            ]);
          },
        };
      },
    },
    {
      route: 'DELETE /servicePhoto',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        const up = await upload('/upload/service-photo', { fields: { job_id: job }, file: jpegFile('a.jpg') });
        return {
          path: '/servicePhoto',
          body: { id: up.body.id },
          async verify() {
            expect(await db().select().from(t.servicePhotos).where(eq(t.servicePhotos.job_id, job))).toEqual([]);
          },
        };
      },
    },
    {
      route: 'POST /service-log',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        return {
          path: '/service-log',
          body: { value: 'Replaced wiper', id: job },
          async verify(res) {
            expect(await db().select().from(t.serviceLog).where(eq(t.serviceLog.job_id, job))).toMatchObject([
              { id: res.body.id, message: 'Replaced wiper' },
            ]);
          },
        };
      },
    },
    {
      route: 'DELETE /service-log',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        const entry = (await ok('POST', '/service-log', { value: 'to delete', id: job })).id;
        return {
          path: '/service-log',
          body: { id: entry },
          async verify() {
            expect(await db().select().from(t.serviceLog).where(eq(t.serviceLog.job_id, job))).toEqual([]);
          },
        };
      },
    },
    {
      route: 'POST /upload/product-photo',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct();
        const id = newId();
        return {
          path: '/upload/product-photo',
          form: { fields: { product_id: product, id }, file: jpegFile('part.jpg') },
          async verify(res) {
            expect(res.body).toMatchObject({ value: true, id });
            expect(
              await db().select().from(t.productPhotos).where(eq(t.productPhotos.product_id, product)),
            ).toMatchObject([{ id }]);
          },
        };
      },
    },
    {
      route: 'DELETE /productPhoto',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct();
        const up = await upload('/upload/product-photo', {
          fields: { product_id: product },
          file: jpegFile('b.jpg'),
        });
        return {
          path: '/productPhoto',
          body: { id: up.body.id },
          async verify() {
            expect(await db().select().from(t.productPhotos).where(eq(t.productPhotos.product_id, product))).toEqual(
              [],
            );
          },
        };
      },
    },
    {
      route: 'POST /shop-logo',
      kind: 'write',
      prepare: async () => ({
        path: '/shop-logo',
        form: { fields: {}, file: jpegFile('logo.jpg') },
        async verify(res) {
          expect(res.body).toMatchObject({ value: true });
          const logo = await s.api('GET', '/shop-logo');
          expect([logo.status, logo.headers.get('content-type')]).toEqual([200, 'image/png']);
        },
      }),
    },
    {
      route: 'DELETE /shop-logo',
      kind: 'write',
      prepare: async () => {
        expect((await upload('/shop-logo', { fields: {}, file: jpegFile('logo.jpg') })).status).toBe(200);
        return {
          path: '/shop-logo',
          async verify() {
            expect((await s.api('GET', '/shop-logo')).status).toBe(204);
          },
        };
      },
    },
    // --- products, inventory, suppliers -----------------------------------------------------------------------------------------
    {
      route: 'POST /product',
      kind: 'write',
      prepare: async () => {
        const title = `Wiper ${stamp}`;
        return {
          path: '/product',
          body: { data: { title, description: '20 inch', price: 1599 } },
          async verify(res) {
            expect(await db().select().from(t.products).where(eq(t.products.title, title))).toMatchObject([
              { id: res.body.id, price: 1599 },
            ]);
          },
        };
      },
    },
    {
      route: 'PUT /product',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct();
        const { version } = await productRow(product);
        return {
          path: '/product',
          body: { data: { id: product, title: `Renamed ${stamp}`, description: 'd', price: 2500 } },
          async verify() {
            expect(await productRow(product)).toMatchObject({
              title: `Renamed ${stamp}`,
              price: 2500,
              version: version + 1,
            });
          },
        };
      },
    },
    {
      route: 'DELETE /product',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct();
        return {
          path: '/product',
          body: { id: product },
          async verify() {
            expect(await productRow(product)).toMatchObject({ deleted: true });
          },
        };
      },
    },
    {
      route: 'POST /v2/inventory/product-fetch',
      kind: 'read',
      prepare: async () => {
        const product = await newProduct();
        const { title } = await productRow(product);
        return {
          path: '/v2/inventory/product-fetch',
          body: { data: title },
          async verify(res) {
            expect(dataOf<Row<'products'>[]>(res).map((p) => p.id)).toEqual([product]);
          },
        };
      },
    },
    {
      route: 'POST /v2/inventory/product',
      kind: 'write',
      prepare: async () => {
        const id = newId();
        return {
          path: '/v2/inventory/product',
          body: {
            data: {
              id,
              title: `Filter ${stamp}`,
              description: 'spin-on',
              price: 899,
              cost: 400,
              stock: 5,
              low_stock: 2,
              supplier: supplierId,
              barcode: `B${stamp}`,
            },
          },
          async verify(res) {
            expect(res.body.id).toBe(id);
            expect(await productRow(id)).toMatchObject({ stock: 5, supplier: supplierId });
            expect((await stockLog(id)).map((l) => l.amount)).toEqual([5]);
          },
        };
      },
    },
    {
      route: 'PUT /v2/inventory/product',
      name: 'receiving stock (a delta: applied once)',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct(5);
        return {
          path: '/v2/inventory/product',
          body: { data: { id: product, receival: true, amount: 3 } },
          async verify(res) {
            expect(res.body.stock).toBe(8);
            expect((await productRow(product)).stock).toBe(8);
            expect((await stockLog(product)).map((l) => l.amount).sort()).toEqual([3, 5]);
          },
        };
      },
    },
    {
      route: 'PUT /v2/inventory/product',
      name: 'editing',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct(5);
        const { version } = await productRow(product);
        return {
          path: '/v2/inventory/product',
          body: { data: { id: product, price: 1234, low_stock: 3 } },
          async verify() {
            expect(await productRow(product)).toMatchObject({
              price: 1234,
              low_stock: 3,
              stock: 5,
              version: version + 1,
            });
          },
        };
      },
    },
    {
      route: 'DELETE /v2/inventory/product',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct();
        return {
          path: '/v2/inventory/product',
          body: { id: product },
          async verify() {
            expect(await productRow(product)).toMatchObject({ deleted: true });
          },
        };
      },
    },
    {
      route: 'POST /v2/inventory/supplier',
      kind: 'write',
      prepare: async () => {
        const bizname = `Parts Co ${stamp}`;
        return {
          path: '/v2/inventory/supplier',
          body: { data: { bizname, email: 'p@example.com', address: 'Kingston', contact: '8765550101' } },
          async verify(res) {
            expect(await db().select().from(t.suppliers).where(eq(t.suppliers.bizname, bizname))).toMatchObject([
              { id: res.body.id, address: 'Kingston' },
            ]);
          },
        };
      },
    },
    {
      route: 'PUT /v2/inventory/supplier',
      kind: 'write',
      prepare: async () => {
        const id = (await ok<Made>('POST', '/v2/inventory/supplier', { data: { bizname: `Edit Me ${stamp}` } })).id;
        return {
          path: '/v2/inventory/supplier',
          body: { data: { id, bizname: `Edited ${stamp}`, contact: '8765550102' } },
          async verify() {
            expect(await one(db().select().from(t.suppliers).where(eq(t.suppliers.id, id)))).toMatchObject({
              bizname: `Edited ${stamp}`,
              contact: '8765550102',
              version: 2,
            });
          },
        };
      },
    },
    {
      route: 'DELETE /v2/inventory/supplier',
      kind: 'write',
      prepare: async () => {
        const id = (await ok<Made>('POST', '/v2/inventory/supplier', { data: { bizname: `Delete Me ${stamp}` } })).id;
        return {
          path: '/v2/inventory/supplier',
          body: { id },
          async verify() {
            expect(await one(db().select().from(t.suppliers).where(eq(t.suppliers.id, id)))).toMatchObject({
              deleted: true,
            });
          },
        };
      },
    },
    // --- invoices ----------------------------------------------------------------------------------------------------------
    {
      route: 'POST /invoice',
      kind: 'write',
      prepare: async () => {
        const job = await newJob();
        const product = await newProduct(5, 1000);
        return {
          path: '/invoice',
          body: {
            data: {
              fetchedData: { id: job },
              formData: { work_hour: 2, rate_hour: 5000 },
              productInvoice: [{ id: product, qty: 2 }],
            },
          },
          async verify(res) {
            const id = dataOf<Raised>(res).invoice_id;
            expect(await invoiceRow(id)).toMatchObject({ request_id: job, total: 12000 });
            expect((await jobRow(job)).invoice).toEqual([id]);
            expect((await productRow(product)).stock).toBe(3);
          },
        };
      },
    },
    {
      route: 'POST /invoice-product',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct(5, 700);
        return {
          path: '/invoice-product',
          body: { data: { fetchedData: { id: customerId }, formData: {}, productInvoice: [{ id: product, qty: 2 }] } },
          async verify(res) {
            expect(await invoiceRow(dataOf<Raised>(res).invoice_id)).toMatchObject({
              type: 'product',
              customer_id: customerId,
              total: 1400,
            });
            expect((await productRow(product)).stock).toBe(3);
          },
        };
      },
    },
    {
      route: 'PUT /invoice-details',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct(5, 1000);
        const inv = await newInvoice([{ id: product, qty: 1 }]);
        const { version } = await invoiceRow(inv);
        return {
          path: '/invoice-details',
          body: {
            data: {
              id: inv,
              formData: { work_hour: 1, rate_hour: 6000 },
              productInvoice: [{ id: product, qty: 3 }],
              base_version: version,
            },
          },
          async verify(res) {
            expect(res.body.data).toMatchObject({ total: 9000, version: version + 1 });
            expect(await invoiceRow(inv)).toMatchObject({ total: 9000, rate_hour: 6000, version: version + 1 });
            expect((await productRow(product)).stock).toBe(2);
          },
        };
      },
    },
    {
      route: 'DELETE /invoice',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct(5, 1000);
        const inv = await newInvoice([{ id: product, qty: 2 }]);
        const job = (await invoiceRow(inv)).request_id!;
        return {
          path: '/invoice',
          body: { id: inv },
          async verify() {
            expect(await db().select().from(t.invoices).where(eq(t.invoices.id, inv))).toEqual([]);
            expect((await productRow(product)).stock).toBe(5);
            expect((await jobRow(job)).invoice).toEqual([]);
          },
        };
      },
    },
    {
      route: 'PUT /invoice-storage-state/:id',
      kind: 'write',
      prepare: async () => {
        const inv = await newInvoice();
        return {
          path: `/invoice-storage-state/${inv}`,
          body: { data: { option: 'on', days: 2 } },
          async verify(res) {
            // J$2,000 + J$1,000 at 155 JMD/USD = $19.35
            expect(res.body.data).toMatchObject({ total: 5000 + 1935, storage_days: 2 });
            expect(await invoiceRow(inv)).toMatchObject({ storage: 'on', storage_days: 2, total: 6935 });
          },
        };
      },
    },
    {
      route: 'POST /invoice-return',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct(5, 1000);
        const inv = (
          await ok<Data<Raised>>('POST', '/invoice-product', {
            data: { fetchedData: 'default', productInvoice: [{ id: product, qty: 3 }] },
          })
        ).data.invoice_id;
        return {
          path: '/invoice-return',
          body: { data: { invoice_id: inv, items: [{ id: product, qty: 1 }], comment: 'Wrong size' } },
          async verify(res) {
            expect(dataOf<{ total: number }>(res).total).toBe(2000);
            expect((await productRow(product)).stock).toBe(3);
            expect((await invoiceRow(inv)).products).toMatchObject([{ id: product, qty: 3, returned: 1 }]);
          },
        };
      },
    },
    // --- payments ------------------------------------------------------------------------------------------------------------
    {
      route: 'POST /transaction',
      kind: 'write',
      prepare: async () => {
        const c = await newCustomer();
        const inv = await newInvoice([], await newJob(c.id));
        return {
          path: '/transaction',
          body: { data: { method: 'cash', invoice_id: inv, amount: 2000, vin: c.vin } },
          async verify(res) {
            expect(res.body.data).toMatchObject({ due: 3000 });
            expect(await invoiceRow(inv)).toMatchObject({ payment: 2000, total: 3000 });
            expect(await liveTransactions(inv)).toMatchObject([{ id: dataOf<Paid>(res).transaction_id, amount: 2000 }]);
            // $20 paid → 20 points, once
            expect((await customerRow(c.id)).current_points).toBe(20);
          },
        };
      },
    },
    {
      route: 'POST /discount',
      kind: 'write',
      prepare: async () => {
        const inv = await newInvoice();
        return {
          path: '/discount',
          body: { data: { method: 'discount', invoice_id: inv, amount: 10, vin: '' } },
          async verify(res) {
            expect(res.body.data).toMatchObject({ discount: 500, due: 4500 });
            expect(await invoiceRow(inv)).toMatchObject({ discount_percent: 10, total: 4500 });
            expect(await liveTransactions(inv)).toMatchObject([{ method: 'discount', amount: 500 }]);
          },
        };
      },
    },
    {
      route: 'POST /redemption',
      kind: 'write',
      prepare: async () => {
        const c = await newCustomer();
        const earn = await newInvoice([], await newJob(c.id));
        await ok('POST', '/transaction', { data: { method: 'cash', invoice_id: earn, amount: 5000 } });
        const inv = await newInvoice([], await newJob(c.id));
        return {
          path: '/redemption',
          body: { data: { method: 'redemption', points: 10, invoice_id: inv, vin: c.vin } },
          async verify(res) {
            // 10 points × 50 cents
            expect(res.body.data).toMatchObject({ points_value: 500, due: 4500 });
            expect((await customerRow(c.id)).current_points).toBe(40);
            expect(await liveTransactions(inv)).toMatchObject([{ method: 'redemption', point: 10 }]);
          },
        };
      },
    },
    {
      route: 'DELETE /transaction',
      kind: 'write',
      prepare: async () => {
        const inv = await newInvoice();
        const tx = (
          await ok<Data<Paid>>('POST', '/transaction', { data: { method: 'cheque', invoice_id: inv, amount: 1500 } })
        ).data.transaction_id;
        return {
          path: '/transaction',
          body: { id: tx },
          async verify() {
            expect(await invoiceRow(inv)).toMatchObject({ payment: 0, total: 5000 });
            expect(await liveTransactions(inv)).toEqual([]);
          },
        };
      },
    },
    {
      route: 'POST /v3/refund',
      kind: 'write',
      prepare: async () => {
        const c = await newCustomer();
        const product = await newProduct(4, 2500);
        const inv = await newInvoice([{ id: product, qty: 2 }], await newJob(c.id));
        await ok('POST', '/transaction', { data: { method: 'cash', invoice_id: inv, amount: 10000 } });
        return {
          path: '/v3/refund',
          body: {
            data: { invoice_id: inv, amount: 3000, reason: 'Part not fitted', items: [{ id: product, qty: 1 }] },
          },
          async verify(res) {
            expect(res.body.data).toMatchObject({ refunded: 3000 });
            expect(await invoiceRow(inv)).toMatchObject({ payment: 10000, total: 0 });
            expect((await invoiceRow(inv)).products).toMatchObject([{ id: product, qty: 2, returned: 1 }]);
            expect((await productRow(product)).stock).toBe(3);
            // $100 paid earned 100 points, the $30 refunded takes 30 back, once
            expect((await customerRow(c.id)).current_points).toBe(70);
            expect((await liveTransactions(inv)).map((t) => [t.method, t.amount])).toEqual(
              expect.arrayContaining([
                ['cash', 10000],
                ['refund', -3000],
              ]),
            );
          },
        };
      },
    },
    // --- estimates -----------------------------------------------------------------------------------------------------------
    {
      route: 'POST /estimate',
      kind: 'write',
      prepare: async () => {
        const product = await newProduct(1, 2500);
        return {
          path: '/estimate',
          body: {
            data: {
              profile: { first_name: 'Eve', last_name: `Est${stamp}`, contact: '', email: '' },
              serviceInvoice: ['Full service'],
              formData: { work_hour: 1, rate_hour: 5000 },
              productInvoice: [{ id: product, qty: 2 }],
            },
          },
          async verify(res) {
            expect(
              await db()
                .select()
                .from(t.estimates)
                .where(eq(t.estimates.last_name, `Est${stamp}`)),
            ).toMatchObject([{ id: res.body.invoice_id, total: 10000 }]);
            // estimates never touch stock
            expect((await productRow(product)).stock).toBe(1);
          },
        };
      },
    },
    {
      route: 'PUT /estimate-details',
      kind: 'write',
      prepare: async () => {
        const id = await newEstimate();
        return {
          path: '/estimate-details',
          body: {
            data: {
              id,
              profile: { first_name: 'Ed', last_name: 'Ited' },
              serviceInvoice: ['Wheel alignment', 'Full service'],
              formData: { work_hour: 2, rate_hour: 5000 },
              productInvoice: [],
            },
          },
          async verify() {
            expect(await one(db().select().from(t.estimates).where(eq(t.estimates.id, id)))).toMatchObject({
              first_name: 'Ed',
              total: 10000,
              version: 2,
            });
          },
        };
      },
    },
    {
      route: 'DELETE /estimate',
      kind: 'write',
      prepare: async () => {
        const id = await newEstimate();
        return {
          path: '/estimate',
          body: { id },
          async verify() {
            expect(await db().select().from(t.estimates).where(eq(t.estimates.id, id))).toEqual([]);
          },
        };
      },
    },
    // --- reports -------------------------------------------------------------------------------------------------------------
    {
      route: 'POST /report',
      kind: 'read',
      prepare: async () => ({
        path: '/report',
        body: { start_date: today, end_date: today },
        async verify(res) {
          expect(res.body.data).toMatchObject({ invoices: expect.any(Array), sales: expect.any(Array) });
        },
      }),
    },
    {
      route: 'POST /report-products',
      kind: 'read',
      prepare: async () => ({
        path: '/report-products',
        body: { start_date: today, end_date: today },
        async verify(res) {
          expect(dataOf<unknown[]>(res).length).toBeGreaterThan(0);
        },
      }),
    },
    // --- the cash-up at closing (issue 18) ---------------------------------------------------------------------------------
    {
      route: 'POST /v3/cashup',
      kind: 'write',
      prepare: async () => ({
        path: '/v3/cashup',
        body: { data: { day: '2026-01-02', counted_cash: 2500, note: 'replayed' } },
        async verify(res) {
          expect(await db().select().from(t.cashups).where(eq(t.cashups.day, '2026-01-02'))).toMatchObject([
            { id: res.body.id, till: 'shop', counted_cash: 2500, difference: 2500 },
          ]);
        },
      }),
    },
    // --- the technician time clock (issue 18): each scenario its own technician, so no clock blocks another's -------
    ...(['start', 'pause', 'resume', 'stop'] as const).map((call): Scenario => ({
      route: `POST /v3/clock/${call}`,
      kind: 'write',
      prepare: async () => {
        const token = await s.userToken(3);
        const jobId = await newJob();
        const before = { start: [], pause: ['start'], resume: ['start', 'pause'], stop: ['start'] }[call];
        for (const b of before) {
          const res = await s.api('POST', `/v3/clock/${b}`, { token, body: { data: { job_id: jobId } } });
          if (res.status !== 200) throw new Error(`clock ${b} → ${res.status} ${JSON.stringify(res.body)}`);
        }
        return {
          path: `/v3/clock/${call}`,
          token,
          body: { data: { job_id: jobId } },
          async verify(res) {
            const stretches = await db()
              .select()
              .from(t.clockEntries)
              .where(eq(t.clockEntries.job_id, jobId))
              .orderBy(t.clockEntries.started_at);
            const ended = { start: '', resume: '', pause: 'pause', stop: 'stop' }[call];
            expect(stretches.at(-1)).toMatchObject({ id: res.body.id, ended });
          },
        };
      },
    })),
    {
      route: 'POST /v3/clock/mend',
      kind: 'write',
      prepare: async () => {
        const token = await s.userToken(3);
        const jobId = await newJob();
        const start = await s.api('POST', '/v3/clock/start', { token, body: { data: { job_id: jobId } } });
        if (start.status !== 200) throw new Error(`clock start → ${start.status} ${JSON.stringify(start.body)}`);
        await new Promise((r) => setTimeout(r, 5));
        const stopped_at = new Date().toISOString();
        return {
          path: '/v3/clock/mend',
          body: { data: { id: start.body.id, stopped_at } },
          async verify() {
            const rows = await db().select().from(t.clockEntries).where(eq(t.clockEntries.job_id, jobId));
            expect(rows.map((r) => [r.id, r.ended, r.stopped_at?.toISOString()])).toEqual([
              [start.body.id, 'mend', stopped_at],
            ]);
          },
        };
      },
    },
  ];

  it('has a scenario for every call of src/domain/apiRoutes.ts that is not a GET, and none for a call it lacks', () => {
    const mutating = API_ROUTES.filter((r) => r.method !== 'GET').map((r) => routeKey(r.method, r.path));
    const covered = new Set(SCENARIOS.map((x) => x.route));
    expect(
      mutating.filter((k) => !covered.has(k)),
      'routes without a replay scenario',
    ).toEqual([]);
    expect(
      [...covered].filter((k) => !mutating.includes(k)),
      'scenarios for routes apiRoutes does not list',
    ).toEqual([]);
    // every route the table lists is served (else the scenario would only meet a 404)
    for (const k of covered) {
      const [method, url] = k.split(' ');
      expect(s.app.hasRoute({ method: method as 'POST', url: `/api${url}` }), k).toBe(true);
    }
  });

  it.each(SCENARIOS.map((x) => [`${x.route}${x.name ? ` (${x.name})` : ''}`, x] as const))(
    '%s',
    async (_label, scenario) => {
      const method = nth(scenario.route.split(' '), 0);
      const call = await scenario.prepare();
      const key = newId();
      const send = (): Promise<Res> =>
        s.api(method, call.path, { body: call.body, form: call.form, key, token: call.token });

      const head0 = await feedHead();
      const first = await send();
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const head1 = await feedHead();
      await call.verify(first);
      const print1 = await fingerprint();

      const again = await send();
      expect(await feedHead(), 'the change feed moved on the replay').toBe(head1);
      expect(await fingerprint(), 'the replay changed a table').toEqual(print1);
      expect(again.status).toBe(first.status);

      if (scenario.kind === 'write') {
        expect(head1, 'a write is recorded in the change feed').toBeGreaterThan(head0);
        expect(again.body).toEqual(first.body);
        expect(again.headers.get('idempotent-replay')).toBe('true');
        expect(first.headers.get('idempotent-replay')).toBeNull();
      } else {
        // reads and the sign-in are not keyed: nothing recorded, nothing replayed
        expect(head1, `${scenario.route} is a read but moved the change feed`).toBe(head0);
        expect(again.headers.get('idempotent-replay')).toBeNull();
        if (scenario.kind === 'read') expect(again.body).toEqual(first.body);
        else expect(again.body).toMatchObject({ value: true });
      }
    },
  );
});
