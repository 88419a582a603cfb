import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/domain/apiRoutes';
import { MSG, fill } from '../../src/domain/messages';
import { CONTACT_MESSAGE } from '../../src/domain/schemas/customer';
import type { Data, Raised } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { fingerprint, tableNames } from '../helpers/snapshot';
import { atLeast } from '../helpers/present';

/**
 * Hostile input: every mutating route the server serves, /login included, gets BAYBOOK_FUZZ_RUNS bodies each (a
 * walk over the routes, not a random pick) of wrong types, huge and odd strings, unicode, negative/NaN-ish numbers,
 * SQL and HTML payloads and missing fields. Never a 500, and a refusal changes nothing: a hash of every table is the
 * same before and after a 4xx (only a refused sign-in may count a failure in login_attempts). Where SPEC has a
 * message for a field, a body wrong in just that field gets SPEC's words.
 * GET routes (and every route's path params) get odd query strings and ids: never a 500, nothing changed.
 * Seeded with a fixed default so CI repeats the same bodies; BAYBOOK_FUZZ_SEED=<seed> runs or replays another.
 */
const SEED = Number(process.env.BAYBOOK_FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.BAYBOOK_FUZZ_RUNS ?? 12);
/** a longer run (BAYBOOK_FUZZ_RUNS) gets the time it needs, on two busy cores too: 10 s per body across the routes */
const LONG_RUN = Math.max(60_000, RUNS * 10_000);
const SOME_ID = '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a99';

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
const FIELDS = [
  'id',
  'data',
  'vin',
  'registration',
  'VIN',
  'Registration Number',
  'First name',
  'Last name',
  'Contact number',
  'Email',
  'first_name',
  'last_name',
  'contact',
  'email',
  'note',
  'mileage',
  'service',
  'status',
  'technician',
  'value',
  'amount',
  'method',
  'points',
  'invoice_id',
  'title',
  'description',
  'price',
  'cost',
  'stock',
  'low_stock',
  'qty',
  'username',
  'password',
  'permission',
  'start_date',
  'end_date',
  'book_start',
  'book_end',
  'number',
  'version',
  'formData',
  'productInvoice',
  'totals',
  'option',
  'receival',
  'device_id',
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 8 }),
  fc.record({ data: fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 8 }) }),
  nasty,
);

describe.each(DATABASES)('hostile input on %s', (kind) => {
  let s: TestServer;
  let tables: string[] = [];
  beforeAll(async () => {
    // sign-in limit out of the way: every fuzzed /login body must reach the password check, not a 429
    s = await startServer(kind, { loginMaxFailures: 1_000_000 });
    tables = await tableNames(s.database.db);
    console.log(`fuzz seed: ${SEED} (replay with BAYBOOK_FUZZ_SEED=${SEED}), ${RUNS} bodies per route`);
  });
  afterAll(() => s?.close());

  /** a hash of every table; `last` is the one taken after the previous request (so each request costs one) */
  let last: Record<string, string> | null = null;
  const snapshot = async () => (last = await fingerprint(s.database.db, tables));
  /** the tables that differ between two snapshots */
  const changed = (a: Record<string, string>, b: Record<string, string>) => tables.filter((t) => a[t] !== b[t]);
  /** a refusal changes nothing; a refused sign-in only counts a failure (login_attempts) */
  const expectUnchanged = (
    route: { method: string; path: string },
    status: number,
    before: Record<string, string>,
    after: Record<string, string>,
    what: string,
  ) => {
    const allowed = route.path === '/login' && (status === 401 || status === 429) ? ['login_attempts'] : [];
    expect(
      changed(before, after).filter((t) => !allowed.includes(t)),
      `${what}: a ${status} changed these tables`,
    ).toEqual([]);
  };

  it(
    `never answers 500 and changes nothing on a refusal: every writing route, /login included, ${RUNS} bodies each (seed ${SEED})`,
    async () => {
      const writes = API_ROUTES.filter(
        (r) => r.method !== 'GET' && s.app.hasRoute({ method: r.method, url: `/api${r.path}` }),
      );
      expect(writes.length).toBeGreaterThan(40);
      expect(writes.map((r) => `${r.method} ${r.path}`)).toContain('POST /login');
      await snapshot();
      const fillPath = (p: string) => p.replace(/:[A-Za-z]+/g, SOME_ID);
      // valid bodies of the busiest routes: fuzzing one or a few of their fields reaches past the first check
      const job = await s.api('POST', '/service', {
        body: {
          data: {
            customer: {
              vin: 'FUZZNEARVIN000001',
              registration: 'FN 1',
              first_name: 'F',
              last_name: 'N',
              contact: '8765551234',
            },
            mileage: 1,
            service: ['Full service'],
          },
        },
      });
      expect(job.status).toBe(200);
      const part = await s.api('POST', '/v2/inventory/product', {
        body: { data: { title: 'Near part', description: 'x', price: 100, stock: 5, low_stock: 0 } },
      });
      const inv = await s.api<Data<Raised>>('POST', '/invoice', {
        body: { data: { fetchedData: { id: job.body.id }, formData: { work_hour: 1, rate_hour: 5000 } } },
      });
      expect(inv.status).toBe(200);
      const customer = await s.api('POST', '/customer', {
        body: {
          data: {
            VIN: 'FUZZNEARVIN000003',
            'Registration Number': 'FN 3',
            'First name': 'Ne',
            'Last name': 'Ar',
            'Contact number': '8765551234',
            Email: '',
          },
        },
      });
      expect(customer.status).toBe(200);
      const bases: Record<string, Record<string, unknown>> = {
        'POST /login': { username: 'admin', password: 'not-the-pw' },
        'POST /v2/auth/user': { username: 'nearname', password: 'bay-pass-2345', permission: 3 },
        'POST /customer': {
          VIN: 'FUZZNEARVIN000002',
          'Registration Number': 'FN 2',
          'First name': 'Ne',
          'Last name': 'Ar',
          'Contact number': '8765551234',
          Email: '',
        },
        'POST /service': { customer_id: customer.body.id, mileage: 10, service: ['Full service'] },
        'POST /product': { title: 'Near', description: 'x', price: 100 },
        'POST /v2/inventory/product': { title: 'Near 2', description: 'x', price: 100, stock: 1, low_stock: 0 },
        'POST /transaction': { method: 'cash', invoice_id: inv.body.data.invoice_id, amount: 100 },
        'POST /invoice-product': {
          fetchedData: 'default',
          formData: {},
          productInvoice: [{ id: part.body.id, qty: 1 }],
        },
        'POST /service-log': { value: 'near', id: job.body.id },
        'PUT /job-action/status': { id: job.body.id, status: 'active' },
      };
      const near = (base: Record<string, unknown>) =>
        fc
          .tuple(
            fc.dictionary(fc.constantFrom(...Object.keys(base)), fc.option(nasty, { nil: undefined }), {
              minKeys: 1,
              maxKeys: 3,
            }),
            fc.boolean(),
          )
          .map(([over, wrapped]) => {
            const data = Object.fromEntries(
              Object.entries({ ...base, ...over }).filter(([k]) => !(k in over) || over[k] !== undefined),
            );
            return wrapped ? { data } : data;
          });
      const statuses = new Map<number, number>();
      await snapshot();
      for (const [i, route] of writes.entries()) {
        const base = bases[`${route.method} ${route.path}`];
        await fc.assert(
          fc.asyncProperty(base ? fc.oneof(body, near(base)) : body, async (payload) => {
            const before = last ?? (await snapshot());
            const res = await s.api(route.method, fillPath(route.path), {
              body: payload,
              token: route.path === '/login' ? null : undefined,
            });
            const what = `${route.method} ${route.path} ${JSON.stringify(payload).slice(0, 200)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            expect(res.status, what).toBeLessThan(500);
            const after = await snapshot();
            if (res.status >= 400) {
              expectUnchanged(route, res.status, before, after, what);
              expect(typeof res.body.message, what).toBe('string');
              expect(res.body.value, what).toBe(false);
            }
          }),
          // each route its own seed from SEED, so adding a route does not change the bodies the others get
          { seed: SEED + i, numRuns: RUNS, endOnFailure: true },
        );
      }
      console.log(
        `fuzz: ${writes.length} writing routes × ${RUNS} bodies; answers ${[...statuses]
          .sort((a, b) => a[0] - b[0])
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')}`,
      );
    },
    LONG_RUN,
  );

  it("answers a body wrong in one field with SPEC's message for that field, and changes nothing", async () => {
    const job = await s.api('POST', '/service', {
      body: {
        data: {
          customer: {
            vin: 'FUZZSPECVIN000001',
            registration: 'FS 1',
            first_name: 'F',
            last_name: 'S',
            contact: '8765551234',
          },
          mileage: 1,
          service: ['Full service'],
        },
      },
    });
    expect(job.status).toBe(200);
    const customerBody = {
      VIN: 'FUZZSPECVIN000002',
      'Registration Number': 'FS 2',
      'First name': 'Fi',
      'Last name': 'Eld',
      'Contact number': '8765551234',
      Email: '',
    };
    const member = { username: 'specname', password: 'bay-pass-2345', permission: 3 };
    const newCustomer = {
      vin: 'FUZZSPECVIN000003',
      registration: 'FS 3',
      first_name: 'Ne',
      last_name: 'W',
      contact: '8765551234',
    };
    const product = { title: 'Spec part', description: 'x', price: 100, stock: 1, low_stock: 0 };
    const without = <T extends object>(o: T, k: keyof T) =>
      Object.fromEntries(Object.entries(o).filter(([key]) => key !== k));
    // [route, body, SPEC's message]: each body is valid but for one field
    const cases: [string, unknown, string][] = [
      ['POST /login', { username: '', password: 'x' }, MSG.enterValidUsername],
      ['POST /login', { username: 'admin' }, MSG.passwordRequired],
      ['POST /login', { data: { username: 'admin', password: '' } }, MSG.passwordRequired],
      ['POST /v2/auth/user', { data: { ...member, username: '' } }, MSG.enterValidUsername],
      ['POST /v2/auth/user', { data: { ...member, username: 'a'.repeat(13) } }, MSG.usernameMax],
      ['POST /v2/auth/user', { data: without(member, 'password') }, MSG.passwordRequired],
      ['POST /v2/auth/user', { data: { ...member, password: 'p'.repeat(129) } }, MSG.passwordMax],
      ['POST /v2/auth/user', { data: { ...member, permission: 1 } }, MSG.permissionRange],
      ['POST /v2/auth/user', { data: { ...member, permission: 6 } }, MSG.permissionRange],
      ['POST /v2/auth/user', { data: { ...member, permission: 'x' } }, MSG.permissionRange],
      ['POST /v2/auth/user', { data: without(member, 'permission') }, MSG.permissionRange],
      ['POST /customer', { data: { ...customerBody, VIN: '' } }, MSG.invalidVin],
      ['POST /customer', { data: { ...customerBody, 'Registration Number': 'X' } }, MSG.invalidRegistration],
      ['POST /customer', { data: { ...customerBody, 'First name': '' } }, MSG.nameMin],
      ['POST /customer', { data: without(customerBody, 'Last name') }, MSG.nameMin],
      ['POST /customer', { data: { ...customerBody, 'Contact number': '12' } }, CONTACT_MESSAGE],
      ['POST /customer', { data: { ...customerBody, 'Contact number': 'abcdefghij' } }, CONTACT_MESSAGE],
      ['POST /customer', { data: { ...customerBody, Email: 'not-an-email' } }, MSG.invalidEmail],
      [
        'POST /service',
        { data: { customer: newCustomer, mileage: 'far', service: ['Full service'] } },
        MSG.invalidMileage,
      ],
      [
        'POST /service',
        { data: { customer: newCustomer, mileage: -1, service: ['Full service'] } },
        MSG.invalidMileage,
      ],
      ['POST /service', { data: { customer: newCustomer, mileage: 1, service: [] } }, MSG.selectOneService],
      [
        'POST /service',
        { data: { customer: { ...newCustomer, first_name: '' }, mileage: 1, service: ['Full service'] } },
        MSG.nameMinServiceForm,
      ],
      ['POST /product', { data: { title: '', description: 'x', price: 100 } }, MSG.titleMin],
      ['POST /product', { data: { title: 'x', description: '', price: 100 } }, MSG.descriptionMin],
      ['POST /product', { data: { title: 'x', description: 'x', price: -1 } }, MSG.priceMin],
      [
        'POST /v2/inventory/product',
        { data: without(product, 'title') },
        fill(MSG.inventoryFieldRequired, { field: 'Title' }),
      ],
      [
        'POST /v2/inventory/product',
        { data: { ...product, stock: 'lots' } },
        fill(MSG.inventoryNumber, { field: 'Stock' }),
      ],
      [
        'POST /v2/inventory/product',
        { data: without(product, 'price') },
        fill(MSG.inventoryFieldRequired, { field: 'Price' }),
      ],
      ['POST /transaction', { data: { method: 'cash', invoice_id: SOME_ID } }, MSG.needValue],
      ['POST /transaction', { data: { method: 'cash', invoice_id: SOME_ID, amount: 0 } }, MSG.invalidPayment],
      ['POST /transaction', { data: { method: 'cash', invoice_id: SOME_ID, amount: 'ten' } }, MSG.invalidPayment],
      ['POST /transaction', { data: { method: 'cash', invoice_id: SOME_ID, amount: 1.5 } }, MSG.invalidPayment],
      ['POST /service-log', { value: '   ', id: job.body.id }, MSG.writeSomething],
      [
        'POST /invoice',
        { data: { fetchedData: { id: job.body.id }, formData: { work_hour: -1, rate_hour: 5000 } } },
        MSG.enterWorkHours,
      ],
      [
        'POST /invoice',
        { data: { fetchedData: { id: job.body.id }, formData: { work_hour: 1, rate_hour: 'x' } } },
        MSG.enterRate,
      ],
    ];
    const wrong: string[] = [];
    for (const [route, payload, message] of cases) {
      const [method, path] = atLeast(route.split(' '), 2);
      const before = await snapshot();
      const res = await s.api(method, path, { body: payload, token: path === '/login' ? null : undefined });
      const after = await snapshot();
      const what = `${route} ${JSON.stringify(payload).slice(0, 160)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      if (res.status !== 400 || res.body.message !== message) wrong.push(`${what}: wanted 400 "${message}"`);
      expectUnchanged({ method, path }, res.status, before, after, what);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  // --- GET routes (and every route's path params): query strings and ids that are not what the server expects ---
  const QUERY_KEYS = [
    'page',
    'per_page',
    'orderBy',
    'orderDirection',
    'search',
    'category',
    'since',
    'limit',
    'id',
    'filter',
    'size',
    'page[]',
    'search[a]',
  ];
  const oddText = fc.oneof(
    fc.constantFrom(
      '1e20',
      '9999999999999999999999',
      '-1',
      '0',
      '1.5',
      'NaN',
      'Infinity',
      '0x10',
      '',
      ' ',
      ';drop',
      "'; drop table jobs; --",
      '../../etc/passwd',
      '%',
      '%00',
      '\u0000',
      'null',
      '[]',
      '{}',
      'asc;',
      'desc nulls first',
      'created_at desc; select 1',
      'x'.repeat(3000),
      '\uD83D\uDE97',
      '00000000-0000-0000-0000-000000000000',
      '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a99',
      '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a9',
    ),
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

  it(
    `never answers 500 to odd query strings or path params of GET routes (seed ${SEED})`,
    async () => {
      // a little data, so paging, sorting and searching have rows to work on
      const job = await s.api('POST', '/service', {
        body: {
          data: {
            customer: {
              vin: 'FUZZGETVIN000001',
              registration: 'FZ 1',
              first_name: 'F',
              last_name: 'Z',
              contact: '8765551234',
            },
            mileage: 1,
            service: ['Full service'],
          },
        },
      });
      expect(job.status).toBe(200);
      await s.api('POST', '/v2/inventory/product', {
        body: { data: { title: 'Fuzz part', description: 'x', price: 100, stock: 1, low_stock: 0 } },
      });
      await snapshot();
      const reads = API_ROUTES.filter(
        (r) => r.method === 'GET' && s.app.hasRoute({ method: r.method, url: `/api${r.path}` }),
      );
      expect(reads.length).toBeGreaterThan(20);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...reads), oddText, query, async (route, param, pairs) => {
          const before = last ?? (await snapshot());
          const path = url(route.path, param, pairs);
          const res = await s.api('GET', path);
          expect(res.status, `GET ${path.slice(0, 300)} → ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(typeof res.body.message, path.slice(0, 300)).toBe('string');
          expect(changed(before, await snapshot()), `GET ${path.slice(0, 300)} changed these tables`).toEqual([]);
        }),
        { seed: SEED, numRuns: RUNS * reads.length, endOnFailure: true },
      );
    },
    LONG_RUN,
  );

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

  it(
    'answers a path id that is not a UUID on the writing routes with 404, not 500, and changes nothing',
    async () => {
      const withParams = API_ROUTES.filter((r) => r.method !== 'GET' && r.path.includes(':'));
      expect(withParams.length).toBeGreaterThan(0);
      await snapshot();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...withParams), oddText, async (route, param) => {
          const before = last ?? (await snapshot());
          const path = url(route.path, param, []);
          const res = await s.api(route.method, path, {
            body: { data: { option: 'on', description: 'x', amount: 1 } },
          });
          expect(
            res.status,
            `${route.method} ${path.slice(0, 300)} → ${JSON.stringify(res.body).slice(0, 200)}`,
          ).toBeLessThan(500);
          expect(
            changed(before, await snapshot()),
            `${route.method} ${path.slice(0, 300)} changed these tables`,
          ).toEqual([]);
        }),
        { seed: SEED, numRuns: RUNS * 4 * withParams.length, endOnFailure: true },
      );
      for (const id of ['abc', "'; drop table config; --", '1']) {
        const res = await s.api('PUT', `/configsheet/${encodeURIComponent(id)}`, {
          body: { data: { description: 'x', amount: 1 } },
        });
        expect(res.status, id).toBe(404);
        expect(res.body).toMatchObject({ value: false, message: MSG.notFound });
      }
    },
    LONG_RUN,
  );

  it('refuses a body that is not JSON with 400, not 500, and changes nothing', async () => {
    for (const path of ['/v2/auth/user', '/login', '/customer', '/transaction']) {
      const before = await snapshot();
      const res = await fetch(`${s.url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.adminToken}` },
        body: '{"data": {',
      });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: unknown }).message, path).toEqual(expect.any(String));
      expect(changed(before, await snapshot()), path).toEqual([]);
    }
  });
});
