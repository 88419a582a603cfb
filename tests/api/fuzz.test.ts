import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/domain/apiRoutes';
import { MSG } from '../../src/domain/messages';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * Hostile input: every mutating route the server serves gets bodies of wrong types, huge and odd strings, unicode,
 * negative/NaN-ish numbers, SQL and HTML payloads and missing fields. Never a 500, and a refusal changes nothing:
 * the change feed (written in the same transaction as every change) must not move after a 4xx.
 * GET routes (and every route's path params) get odd query strings and ids: never a 500, nothing changed.
 * Seeded so a failure can be replayed: BAYBOOK_FUZZ_SEED=<seed>.
 */
const SEED = Number(process.env.BAYBOOK_FUZZ_SEED ?? Date.now() % 100_000);
const RUNS = Number(process.env.BAYBOOK_FUZZ_RUNS ?? 12);

const nasty = fc.oneof(
  fc.constant("'; drop table customers; --"),
  fc.constant('<img src=x onerror=alert(1)>'),
  fc.constant('\u0000\uFFFF\uD83D\uDE97'),
  fc.constant('x'.repeat(100_000)),
  fc.constant('NaN'),
  fc.constant('-1'),
  fc.constant('1e309'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.constant(-1),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
);
const FIELDS = ['id', 'data', 'vin', 'registration', 'VIN', 'Registration Number', 'First name', 'Last name', 'Contact number', 'Email', 'first_name', 'last_name', 'contact', 'email', 'note', 'mileage', 'service', 'status', 'technician', 'value', 'amount', 'method', 'points', 'invoice_id', 'title', 'description', 'price', 'cost', 'stock', 'low_stock', 'qty', 'username', 'password', 'permission', 'start_date', 'end_date', 'book_start', 'book_end', 'number', 'version', 'formData', 'productInvoice', 'totals', 'option', 'receival', 'device_id'];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 8 }),
  fc.record({ data: fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 8 }) }),
  nasty,
);

describe.each(DATABASES)('hostile input on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  const feedHead = async () => {
    const r = await s.database.db.execute(sql`select coalesce(max(seq), 0)::int8 as seq from change_log`);
    return Number((r as unknown as { rows: { seq: number }[] }).rows[0].seq);
  };

  it(`never answers 500 and changes nothing on a refusal (seed ${SEED})`, async () => {
    const writes = API_ROUTES.filter((r) => r.method !== 'GET' && r.path !== '/login' && s.app.hasRoute({ method: r.method, url: `/api${r.path}` }));
    expect(writes.length).toBeGreaterThan(3);
    const fill = (p: string) => p.replace(/:[A-Za-z]+/g, '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a99');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), body, async (route, payload) => {
        const before = await feedHead();
        const res = await s.api(route.method, fill(route.path), { body: payload });
        expect(res.status, `${route.method} ${route.path} ${JSON.stringify(payload).slice(0, 200)} → ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(await feedHead(), `${route.method} ${route.path} changed data on a ${res.status}`).toBe(before);
          expect(typeof res.body.message).toBe('string');
        }
      }),
      { seed: SEED, numRuns: RUNS * writes.length, endOnFailure: true },
    );
  });

  // --- GET routes (and every route's path params): query strings and ids that are not what the server expects ---
  const QUERY_KEYS = ['page', 'per_page', 'orderBy', 'orderDirection', 'search', 'category', 'since', 'limit', 'id', 'filter', 'size', 'page[]', 'search[a]'];
  const oddText = fc.oneof(
    fc.constantFrom('1e20', '9999999999999999999999', '-1', '0', '1.5', 'NaN', 'Infinity', '0x10', '', ' ', ';drop', "'; drop table jobs; --", '../../etc/passwd', '%', '%00', '\u0000', 'null', '[]', '{}', 'asc;', 'desc nulls first', 'created_at desc; select 1', 'x'.repeat(3000), '\uD83D\uDE97', '00000000-0000-0000-0000-000000000000', '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a99', '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a9'),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.integer().map(String),
    fc.double().map(String),
  );
  /** a query string as pairs, so a key may come twice (it then arrives as an array) */
  const query = fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), oddText), { maxLength: 6 });
  const url = (path: string, param: string, pairs: [string, string][]) => {
    const filled = path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(param));
    const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    return qs ? `${filled}?${qs}` : filled;
  };

  it(`never answers 500 to odd query strings or path params of GET routes (seed ${SEED})`, async () => {
    // a little data, so paging, sorting and searching have rows to work on
    const job = await s.api('POST', '/service', { body: { data: { customer: { vin: 'FUZZGETVIN000001', registration: 'FZ 1', first_name: 'F', last_name: 'Z', contact: '8765551234' }, mileage: 1, service: ['Full service'] } } });
    expect(job.status).toBe(200);
    await s.api('POST', '/v2/inventory/product', { body: { data: { title: 'Fuzz part', description: 'x', price: 100, stock: 1, low_stock: 0 } } });
    const reads = API_ROUTES.filter((r) => r.method === 'GET' && s.app.hasRoute({ method: r.method, url: `/api${r.path}` }));
    expect(reads.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...reads), oddText, query, async (route, param, pairs) => {
        const before = await feedHead();
        const path = url(route.path, param, pairs);
        const res = await s.api('GET', path);
        expect(res.status, `GET ${path.slice(0, 300)} → ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body.message, path.slice(0, 300)).toBe('string');
        expect(await feedHead()).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS * reads.length, endOnFailure: true },
    );
  });

  it('refuses the odd queries and ids found so far with 400 or 404 and a message (no 500)', async () => {
    const cases: [string, number][] = [
      // a page past any table overflowed the database's bigint offset
      ['/bookings_?page=1e20&per_page=-1&orderBy=;drop', 400],
      ['/bookings_?page=1e20', 400],
      ['/bookings_?page=9999999999999999999999&per_page=500', 400],
      ['/v2/inventory/products_?page=1e20', 400],
      ['/configsheet_?page=1e20', 400],
      ['/sys-log?category=service&page=1e20', 400],
      // a repeated parameter arrives as an array (search.trim is not a function)
      ['/bookings_?search=a&search=b', 400],
      ['/v2/inventory/products_?search=a&search=b', 400],
      ['/sys-log?category=service&category=inventory', 400],
      ['/sys-log?category=../../etc', 400],
      ['/sys-log?category=', 400],
      ['/bookings_?orderBy=;drop&orderDirection=sideways', 200],
      ['/invoices/x', 400],
      ['/invoice/not-a-uuid', 404],
      ['/invoice/0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a99', 404],
      ['/customerByID/1%20or%201=1', 404],
      ['/estimate/%27', 404],
      ['/v2/inventory/log/abc', 404],
      ['/v2/inventory/supplier?id=abc', 404],
      ['/v2/auth/user-list/9', 400],
      ['/v2/auth/user-list/abc', 400],
      ['/v3/sync/changes?since=-1', 400],
      ['/v3/sync/changes?since=1e400', 400],
      ['/v3/sync/changes?limit=0', 400],
      ['/photo/abc/thumb', 404],
    ];
    for (const [path, status] of cases) {
      const res = await s.api('GET', path);
      expect(res.status, `GET ${path} → ${JSON.stringify(res.body).slice(0, 200)}`).toBe(status);
      if (status >= 400) expect(res.body).toMatchObject({ value: false, message: expect.any(String) });
    }
  });

  it('answers a path id that is not a UUID on the writing routes with 404, not 500, and changes nothing', async () => {
    const withParams = API_ROUTES.filter((r) => r.method !== 'GET' && r.path.includes(':'));
    expect(withParams.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withParams), oddText, async (route, param) => {
        const before = await feedHead();
        const path = url(route.path, param, []);
        const res = await s.api(route.method, path, { body: { data: { option: 'on', description: 'x', amount: 1 } } });
        expect(res.status, `${route.method} ${path.slice(0, 300)} → ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
        expect(await feedHead()).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS * 4 * withParams.length, endOnFailure: true },
    );
    for (const id of ['abc', "'; drop table config; --", '1']) {
      const res = await s.api('PUT', `/configsheet/${encodeURIComponent(id)}`, { body: { data: { description: 'x', amount: 1 } } });
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ value: false, message: MSG.notFound });
    }
  });

  it('refuses a body that is not JSON with 400, not 500', async () => {
    const res = await fetch(`${s.url}/api/v2/auth/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.adminToken}` },
      body: '{"data": {',
    });
    expect(res.status).toBe(400);
  });
});
