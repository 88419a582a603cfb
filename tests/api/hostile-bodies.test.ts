import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, fill } from '../../src/domain/messages';
import { formatUSD } from '../../src/domain/money';
import { LIMITS } from '../../src/domain/schemas/fields';
import { JSON_BODY_MAX_BYTES, JSON_MAX_DEPTH } from '../../src/server/http/jsonBody';
import type { Answer, Data, InvoiceRead, Made, Page, Raised, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { fingerprint, tableNames } from '../helpers/snapshot';
import { nth } from '../helpers/present';

/**
 * Issue 19 points 2, 3 and 7: the bodies that answered 500, sold a rewritten quantity or stored an unbounded value.
 * Each is now a 4xx with a message a person can read, and writes nothing (a hash of every table is the same
 * before and after); the largest values allowed still pass and are stored exactly.
 */

/** 2^53 + 1: JSON.parse reads it as 2^53, so it is sent as raw text, as a hostile client would. */
const BIG = '9007199254740993';
const SURROGATE = '\ud800';
const MB = 1_000_000;

/** JSON text of `body` with every "__BIG__" string replaced by the bare number 9007199254740993. */
const json = (body: unknown) => JSON.stringify(body).replaceAll('"__BIG__"', BIG);

describe.each(DATABASES)('hostile bodies on %s', (kind) => {
  let s: TestServer;
  let tables: string[] = [];
  const ids = { customer: '', job: '', product: '', simple: '', estimate: '' };

  /** a raw JSON request (the text is sent as given) */
  const raw = <T = Answer>(method: string, path: string, text: string) => s.api<T>(method, path, { raw: text });

  const estimate = (profile: Record<string, unknown>, services: string[] = ['Full service']) => ({
    profile: { first_name: 'Est', last_name: 'Imate', ...profile },
    serviceInvoice: services,
    formData: { work_hour: 1, rate_hour: 5000 },
    productInvoice: [],
  });

  beforeAll(async () => {
    s = await startServer(kind);
    tables = await tableNames(s.database.db, ['login_attempts']);
    const customer = await s.api<Made>('POST', '/customer', {
      body: {
        data: {
          VIN: 'HOSTILEVIN0000001',
          'Registration Number': 'HB 1',
          'First name': 'Hos',
          'Last name': 'Tile',
          'Contact number': '8765551234',
          Email: '',
        },
      },
    });
    ids.customer = customer.body.id;
    const job = await s.api<Made>('POST', '/service', {
      body: { data: { customer_id: ids.customer, mileage: 10, service: ['Full service'] } },
    });
    ids.job = job.body.id;
    const product = await s.api<Made>('POST', '/v2/inventory/product', {
      body: { data: { title: 'Hostile part', description: 'x', price: 250, stock: 20, low_stock: 0 } },
    });
    ids.product = product.body.id;
    const simple = await s.api<Made>('POST', '/product', {
      body: { data: { title: 'Simple', description: 'x', price: 100 } },
    });
    ids.simple = simple.body.id;
    const est = await s.api<Raised>('POST', '/estimate', { body: { data: estimate({}) } });
    ids.estimate = est.body.invoice_id;
    expect([customer.status, job.status, product.status, simple.status, est.status]).toEqual([200, 200, 200, 200, 200]);
  });
  afterAll(() => s?.close());

  /** [what, method, path, JSON text, the message expected (or undefined: any message)] */
  const cases = (): [string, string, string, string, string | undefined][] => {
    const priceMax = fill(MSG.amountMax, { field: 'Price', max: formatUSD(LIMITS.priceCents) });
    const range = (field: string, min: number) => fill(MSG.numberRange, { field, min, max: LIMITS.stock });
    const simple = { title: 'T', description: 'D' };
    const inv = { title: 'T', description: 'D', price: 100, stock: 1, low_stock: 0 };
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const qty = fill(MSG.qtyWhole, { max: LIMITS.qty });
    const sale = (q: unknown) =>
      json({ data: { fetchedData: 'default', formData: {}, productInvoice: [{ id: ids.product, qty: q }] } });
    return [
      // point 2: numbers past what a column or a JavaScript number holds
      ['simple product price 1e308', 'POST', '/product', json({ data: { ...simple, price: 1e308 } }), priceMax],
      ['simple product price 2^53+1', 'POST', '/product', json({ data: { ...simple, price: '__BIG__' } }), priceMax],
      [
        'simple product edit price 1e308',
        'PUT',
        '/product',
        json({ data: { ...simple, id: ids.simple, price: 1e308 } }),
        priceMax,
      ],
      [
        'simple product edit price 2^53+1',
        'PUT',
        '/product',
        json({ data: { ...simple, id: ids.simple, price: '__BIG__' } }),
        priceMax,
      ],
      ['inventory price 1e308', 'POST', '/v2/inventory/product', json({ data: { ...inv, price: 1e308 } }), priceMax],
      [
        'inventory price 2^53+1',
        'POST',
        '/v2/inventory/product',
        json({ data: { ...inv, price: '__BIG__' } }),
        priceMax,
      ],
      [
        'inventory stock 1e308',
        'POST',
        '/v2/inventory/product',
        json({ data: { ...inv, stock: 1e308 } }),
        range('Stock', -LIMITS.stock),
      ],
      [
        'inventory stock 2^53+1',
        'POST',
        '/v2/inventory/product',
        json({ data: { ...inv, stock: '__BIG__' } }),
        range('Stock', -LIMITS.stock),
      ],
      [
        'inventory low_stock 1e308',
        'POST',
        '/v2/inventory/product',
        json({ data: { ...inv, low_stock: 1e308 } }),
        range('Low stock', 0),
      ],
      [
        'inventory edit price 2^53+1',
        'PUT',
        '/v2/inventory/product',
        json({ data: { id: ids.product, price: '__BIG__' } }),
        priceMax,
      ],
      [
        'inventory edit low_stock 1e308',
        'PUT',
        '/v2/inventory/product',
        json({ data: { id: ids.product, low_stock: 1e308 } }),
        range('Low stock', 0),
      ],
      [
        'inventory receive amount 1e308',
        'PUT',
        '/v2/inventory/product',
        json({ data: { id: ids.product, receival: true, amount: 1e308 } }),
        range('Amount', 1),
      ],
      [
        'inventory receive amount 2^53+1',
        'PUT',
        '/v2/inventory/product',
        json({ data: { id: ids.product, receival: true, amount: '__BIG__' } }),
        range('Amount', 1),
      ],
      [
        'inventory receive past the most kept',
        'PUT',
        '/v2/inventory/product',
        json({ data: { id: ids.product, receival: true, amount: LIMITS.stock } }),
        fill(MSG.stockMax, {
          amount: LIMITS.stock,
          title: 'Hostile part',
          stock: LIMITS.stock + 20,
          max: LIMITS.stock,
        }),
      ],
      // point 2: an unpaired surrogate, which jsonb cannot store
      [
        'service request service name',
        'POST',
        '/service',
        json({ data: { customer_id: ids.customer, mileage: 1, service: [`Oil${SURROGATE}`] } }),
        fill(MSG.unstorable, { field: 'service[0]' }),
      ],
      [
        'services edit',
        'PUT',
        '/serviceItem',
        json({ data: { id: ids.job, service: [SURROGATE] } }),
        fill(MSG.unstorable, { field: 'service[0]' }),
      ],
      [
        'job action services',
        'PUT',
        '/job-action/services',
        json({ data: { id: ids.job, service: ['Full service', `${SURROGATE}x`] } }),
        fill(MSG.unstorable, { field: 'service[1]' }),
      ],
      [
        'estimate text',
        'POST',
        '/estimate',
        json({ data: estimate({ first_name: `A${SURROGATE}` }) }),
        fill(MSG.unstorable, { field: 'profile.first_name' }),
      ],
      [
        'estimate edit services',
        'PUT',
        '/estimate-details',
        json({ data: { ...estimate({}, [SURROGATE]), id: ids.estimate } }),
        fill(MSG.unstorable, { field: 'serviceInvoice[0]' }),
      ],
      // point 2: a 1 MB VIN, and JSON nested 10,000 deep on the upload routes
      [
        '1 MB VIN',
        'POST',
        '/customer',
        json({
          data: {
            VIN: 'V'.repeat(MB),
            'Registration Number': 'HB 2',
            'First name': 'A',
            'Last name': 'B',
            'Contact number': '8765551234',
          },
        }),
        MSG.invalidVin,
      ],
      [
        'deep JSON on the service photo upload',
        'POST',
        '/upload/service-photo',
        deep,
        fill(MSG.jsonTooDeep, { max: JSON_MAX_DEPTH }),
      ],
      [
        'deep JSON on the product photo upload',
        'POST',
        '/upload/product-photo',
        deep,
        fill(MSG.jsonTooDeep, { max: JSON_MAX_DEPTH }),
      ],
      // point 3: quantities refused, never rewritten
      ['sale qty -1', 'POST', '/invoice-product', sale(-1), qty],
      ['sale qty -1000', 'POST', '/invoice-product', sale(-1000), qty],
      ['sale qty "Infinity"', 'POST', '/invoice-product', sale('Infinity'), qty],
      ['sale qty 10.5', 'POST', '/invoice-product', sale(10.5), qty],
      ['sale qty 0', 'POST', '/invoice-product', sale(0), qty],
      ['sale qty above the maximum', 'POST', '/invoice-product', sale(LIMITS.qty + 1), qty],
      [
        'one product on two lines past the most a line holds',
        'POST',
        '/invoice-product',
        json({
          data: {
            fetchedData: 'default',
            formData: {},
            productInvoice: [
              { id: ids.product, qty: LIMITS.qty },
              { id: ids.product, qty: 1 },
            ],
          },
        }),
        qty,
      ],
      [
        'estimate line qty 2.5',
        'POST',
        '/estimate',
        json({ data: { ...estimate({}), productInvoice: [{ id: ids.product, qty: 2.5 }] } }),
        qty,
      ],
      // point 7: limits
      [
        'estimate first name of 1 MB',
        'POST',
        '/estimate',
        json({ data: estimate({ first_name: 'F'.repeat(MB) }) }),
        fill(MSG.textMax, { field: 'First name', max: LIMITS.name }),
      ],
      [
        'a body over the size limit',
        'POST',
        '/customer',
        json({ data: { VIN: 'V'.repeat(JSON_BODY_MAX_BYTES) } }),
        undefined,
      ],
      ['a body that is not JSON', 'POST', '/customer', '{"data": {"VIN": ', MSG.jsonInvalid],
    ];
  };

  it('refuses every hostile body with a 4xx and a message, and writes nothing', async () => {
    const before = await fingerprint(s.database.db, tables);
    const answers: string[] = [];
    for (const [what, method, path, text, message] of cases()) {
      const res = await raw(method, path, text);
      answers.push(`${what}: ${res.status} ${String(res.body.message)}`);
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
      expect(res.body.value, what).toBe(false);
      expect(typeof res.body.message === 'string' && res.body.message.length > 0, what).toBe(true);
      if (message) expect(res.body.message, what).toBe(message);
    }
    expect(await fingerprint(s.database.db, tables), answers.join('\n')).toEqual(before);
    // the server is still up
    expect((await s.api('GET', '/health', { token: null })).status).toBe(200);
  });

  it('accepts the largest values allowed and stores them exactly', async () => {
    const add = await raw<Made>(
      'POST',
      '/v2/inventory/product',
      json({
        data: {
          title: 'T'.repeat(LIMITS.title),
          description: 'D'.repeat(LIMITS.text),
          price: LIMITS.priceCents,
          cost: LIMITS.priceCents,
          stock: LIMITS.stock,
          low_stock: LIMITS.stock,
        },
      }),
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.id;
    const simple = await s.api<Made>('POST', '/product', {
      body: { data: { title: 'Dear', description: 'x', price: LIMITS.priceCents } },
    });
    expect(simple.status).toBe(200);
    const products = await s.api<Data<Row<'products'>[]>>('GET', '/products');
    expect(products.body.data.find((p) => p.id === simple.body.id)?.price).toBe(LIMITS.priceCents);

    // the most units a line may sell, at the highest price: stored exactly, stock moved by exactly that
    const sale = await s.api<Data<Raised>>('POST', '/invoice-product', {
      body: { data: { fetchedData: 'default', formData: {}, productInvoice: [{ id, qty: LIMITS.qty }] } },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    const invoice = await s.api<Data<InvoiceRead>>('GET', `/invoice/${sale.body.data.invoice_id}`);
    expect(invoice.body.data.products[0]).toMatchObject({ qty: LIMITS.qty, price: LIMITS.priceCents });
    const page = await s.api<Data<Page<Row<'products'>>>>(
      'GET',
      `/v2/inventory/products_?page=1&per_page=10&search=${'T'.repeat(10)}`,
    );
    expect(nth(page.body.data.data, 0).stock).toBe(LIMITS.stock - LIMITS.qty);
    // a receipt up to the most kept
    const received = await s.api('PUT', '/v2/inventory/product', {
      body: { data: { id, receival: true, amount: LIMITS.qty } },
    });
    expect([received.status, received.body.stock]).toEqual([200, LIMITS.stock]);

    // names at their limit, a real surrogate pair (an emoji), a VIN of 17 typed with spaces
    const est = await s.api<Raised>('POST', '/estimate', {
      body: { data: estimate({ first_name: 'F'.repeat(LIMITS.name), last_name: 'Car 🚗' }, ['Full service 🚗']) },
    });
    expect(est.status, JSON.stringify(est.body)).toBe(200);
    const stored = await s.api<Data<Row<'estimates'>>>('GET', `/estimate/${est.body.invoice_id}`);
    expect([stored.body.data.first_name.length, stored.body.data.last_name, stored.body.data.services]).toEqual([
      LIMITS.name,
      'Car 🚗',
      ['Full service 🚗'],
    ]);
    const customer = await s.api('POST', '/customer', {
      body: {
        data: {
          VIN: '1HG CM826 33A004352',
          'Registration Number': 'HB 9',
          'First name': 'A',
          'Last name': 'B',
          'Contact number': '8765551234',
        },
      },
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  });

  it(`takes JSON nested ${JSON_MAX_DEPTH} deep and refuses ${JSON_MAX_DEPTH + 1}`, async () => {
    // the nesting rides in a field the schema drops, so only the depth decides
    const nest = (levels: number) =>
      `{"data":{"title":"Nested","description":"x","price":100,"extra":${'['.repeat(levels - 2)}${']'.repeat(levels - 2)}}}`;
    const ok = await raw('POST', '/product', nest(JSON_MAX_DEPTH));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const deep = await raw('POST', '/product', nest(JSON_MAX_DEPTH + 1));
    expect([deep.status, deep.body.message]).toEqual([400, fill(MSG.jsonTooDeep, { max: JSON_MAX_DEPTH })]);
  });
});
