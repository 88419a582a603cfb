import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, fill } from '../../src/domain/messages';
import { estimates, cashups, invoices, transactions } from '../../src/domain/model/billing';
import { customers } from '../../src/domain/model/customers';
import { numberRange, textMax, type AnyField } from '../../src/domain/model/fields';
import { jobs, serviceLog } from '../../src/domain/model/jobs';
import { config, services } from '../../src/domain/model/shop';
import { LIMITS, RETURN_COMMENT_MAX } from '../../src/domain/schemas';
import { SIGN_IN_USERNAME_MAX } from '../../src/domain/usernames';
import { apiCustomer, apiJobOf } from '../helpers/apiJob';
import type { Data, InvoiceRead, Made, Raised, Said, Setting } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * Issue 17, through the live server: each bound the model now writes once (a text field's `.max()`, a number field's
 * `.range()`, or a named domain constant) is the bound the server's route keeps — one past it is refused with the
 * words the form shows, and the bound itself is taken.
 */
const past = (field: string, n: number) => fill(MSG.textMax, { field, max: n });
const x = (n: number) => 'x'.repeat(n);

describe.each(DATABASES)('model bounds through the server on %s', (kind) => {
  let s: TestServer;
  const ids = { customer: '', job: '', invoice: '', sale: '', product: '', config: '' };

  beforeAll(async () => {
    s = await startServer(kind);
    ids.customer = await apiCustomer(s, 'MODELBOUNDS000001', 'MB 1');
    ids.job = await apiJobOf(s, ids.customer);
    const product = await s.api<Made>('POST', '/v2/inventory/product', {
      body: { data: { title: 'Bound part', description: 'x', price: 250, stock: 20, low_stock: 0 } },
    });
    ids.product = product.body.id;
    const sale = await s.api<Data<Raised>>('POST', '/invoice-product', {
      body: { data: { fetchedData: 'default', formData: {}, productInvoice: [{ id: ids.product, qty: 5 }] } },
    });
    ids.sale = sale.body.data.invoice_id;
    const sheet = (await s.api<Setting[]>('GET', '/configsheet')).body;
    ids.config = sheet.find((r) => r.name === 'document_footer')?.id ?? '';
    expect([product.status, sale.status, ids.config === '']).toEqual([200, 200, false]);
  });
  afterAll(() => s?.close());

  /** One past the bound is refused in `words`; the bound is taken (answered `ok`, 200 unless said). */
  async function bound(what: string, method: string, path: string, body: (v: 'at' | 'past') => object, words: string) {
    const refused = await s.api(method, path, { body: { data: body('past') } });
    expect([refused.status, refused.body.message], `${what}: one past`).toEqual([400, words]);
    const taken = await s.api(method, path, { body: { data: body('at') } });
    expect(taken.status, `${what}: at the bound: ${taken.body.message}`).toBe(200);
  }
  const text = (field: AnyField) => (v: 'at' | 'past') => x(textMax(field) + (v === 'past' ? 1 : 0));

  it("a job's fields: the notes, the service log, the customer's note, services, mileage", async () => {
    const J = jobs.fields;
    const job = ids.job;
    const rows: [string, string, string, (value: string) => object, AnyField, string][] = [
      ['comment', 'PUT', '/job-action/comment', (value) => ({ id: job, value }), J.comment, 'Note'],
      ['service note', 'PUT', '/job-action/service-note', (value) => ({ id: job, value }), J.service_note, 'Note'],
      ['service log', 'POST', '/service-log', (value) => ({ id: job, value }), serviceLog.fields.message, 'Comment'],
      ['services', 'PUT', '/job-action/services', (v) => ({ id: job, service: [v] }), services.fields.title, 'Service'],
    ];
    for (const [what, method, path, body, field, label] of rows) {
      const n = textMax(field);
      await bound(what, method, path, (v) => body(x(v === 'at' ? n : n + 1)), past(label, n));
    }
    const customerNote = text(J.customer_note);
    const request = (v: 'at' | 'past') => ({
      customer_id: ids.customer,
      mileage: 1,
      service: ['Oil change'],
      customer_note: customerNote(v),
    });
    await bound('customer note', 'POST', '/service', request, MSG.noteMax);
    const { max } = numberRange(J.mileage);
    const mileage = (v: 'at' | 'past') => ({ id: job, mileage: v === 'at' ? max : max + 1 });
    await bound('mileage', 'PUT', '/service', mileage, MSG.invalidMileage);
  });

  it('a technician: one past is refused for its length; the bound reaches the check of the name', async () => {
    const n = textMax(jobs.fields.technician);
    const assign = (name: string) =>
      s.api('PUT', '/job-action/technician', { body: { data: { id: ids.job, technician: name } } });
    const refused = await assign(x(n + 1));
    expect([refused.status, refused.body.message]).toEqual([400, past('Technician', n)]);
    const atBound = await assign(x(n));
    expect([atBound.status, atBound.body.message]).toEqual([400, `${x(n)} is not a technician.`]);
  });

  it("a customer's discount, an estimate's contact and e-mail", async () => {
    const { max } = numberRange(customers.fields.discount);
    const discount = (v: 'at' | 'past') => ({ id: ids.customer, discount: v === 'at' ? max : max + 1 });
    await bound('discount', 'PUT', '/customer', discount, MSG.chooseDiscount);
    const C = customers.fields;
    for (const [key, field, label] of [
      ['contact', C.contact, 'Contact'],
      ['email', C.email, 'Email'],
    ] as const) {
      const estimate = (v: 'at' | 'past') => ({
        profile: { first_name: 'Est', last_name: 'Imate', [key]: text(field)(v) },
        serviceInvoice: ['Oil change'],
        formData: { work_hour: 1, rate_hour: 5000 },
        productInvoice: [],
        discount: numberRange(estimates.fields.discount_percent).max,
      });
      await bound(`estimate ${key}`, 'POST', '/estimate', estimate, past(label, textMax(field)));
    }
  });

  it("an invoice's work hours, an item return's comment, a refund's reason", async () => {
    const { max } = numberRange(invoices.fields.work_hour);
    const invoice = (v: 'at' | 'past') => ({
      fetchedData: { id: ids.job },
      formData: { work_hour: v === 'at' ? max : max + 1, rate_hour: 100 },
      productInvoice: [],
    });
    await bound('work hours', 'POST', '/invoice', invoice, MSG.enterWorkHours);
    // the return before the payment: a paid invoice's items are locked
    const comment = (v: 'at' | 'past') => ({
      invoice_id: ids.sale,
      items: [{ id: ids.product, qty: 1 }],
      comment: x(RETURN_COMMENT_MAX + (v === 'past' ? 1 : 0)),
    });
    await bound('return comment', 'POST', '/invoice-return', comment, past('Comment', RETURN_COMMENT_MAX));
    const reason = text(transactions.fields.reason);
    const reasonMax = textMax(transactions.fields.reason);
    const total = (await s.api<Data<InvoiceRead>>('GET', `/invoice/${ids.sale}`)).body.data.total;
    const paid = await s.api<Said>('POST', '/transaction', {
      body: { data: { invoice_id: ids.sale, method: 'cash', amount: total } },
    });
    expect(paid.status, paid.body.message).toBe(200);
    const refund = (v: 'at' | 'past') => ({
      invoice_id: ids.sale,
      amount: 100,
      reason: reason(v),
      refund_method: 'cash',
      items: [],
    });
    await bound('refund reason', 'POST', '/v3/refund', refund, past('Reason', reasonMax));
  });

  it("the config sheet's description, a cash-up's note, a sign-in's username", async () => {
    const describe = text(config.fields.description);
    const max = textMax(config.fields.description);
    await bound(
      'config',
      'PUT',
      `/configsheet/${ids.config}`,
      (v) => ({ description: describe(v) }),
      past('Description', max),
    );
    const note = text(cashups.fields.note);
    await bound(
      'cash-up note',
      'POST',
      '/v3/cashup',
      (v) => ({ day: '2026-01-06', counted_cash: 0, note: note(v) }),
      MSG.noteMax,
    );
    const login = await s.api('POST', '/login', {
      body: { username: x(SIGN_IN_USERNAME_MAX + 1), password: 'p' },
      token: null,
    });
    expect([login.status, login.body.message]).toEqual([400, MSG.enterValidUsername]);
  });

  it("a device's code as it registers again: a megabyte is refused, a code of the bound is taken", async () => {
    const device_id = '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a97';
    const register = (code: string) => s.api('POST', '/v3/devices', { body: { data: { device_id, code } } });
    const huge = await register(x(1_000_000));
    expect([huge.status, huge.body.message]).toEqual([400, past('Device code', LIMITS.short)]);
    // a code the server never wrote is not claimed back: the device gets a new one
    const code = (v: 'at' | 'past') => ({ device_id, code: x(LIMITS.short + (v === 'past' ? 1 : 0)) });
    await bound('device code', 'POST', '/v3/devices', code, past('Device code', LIMITS.short));
  });
});
