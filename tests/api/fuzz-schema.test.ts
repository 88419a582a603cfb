import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { validatePayload } from '../../src/domain/schemas/common';
import { ROUTE_SCHEMAS } from '../../src/server/http/route';
import type { Data, Made, Raised, Setting } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import {
  describeOf,
  fieldPaths,
  hostileValues,
  toJson,
  validValue,
  withValue,
  type Known,
  type Path,
} from '../helpers/schemaFuzz';
import { fingerprint, tableNames } from '../helpers/snapshot';
import { nth } from '../helpers/present';

/**
 * Schema-driven fuzz (issue 19): every route with a yup body schema — found through the registry defineRoute fills,
 * so a new route is fuzzed without being listed here — gets bodies generated from its schema's description: one
 * field (nested ones and array items included) given a hostile value of its kind — huge, negative, fractional,
 * NaN-ish, 1e308 and 2^53+1 numbers; over-long strings, unpaired surrogates, NUL, control and zero-width
 * characters; wrong types and nesting past the limit — while every other field stays valid (real rows' ids,
 * values the schema accepts). Never a 5xx; a refusal writes nothing (a hash of every table is the same before and
 * after); the server still answers /health at the end. Seeded: BAYBOOK_FUZZ_SEED replays or changes the bodies,
 * BAYBOOK_FUZZ_RUNS runs longer. The figures printed at the end are kept in docs/RELIABILITY.md.
 */
const SEED = Number(process.env.BAYBOOK_FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.BAYBOOK_FUZZ_RUNS ?? 6);
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

describe.each(DATABASES)('schema-driven fuzz on %s', (kind) => {
  let s: TestServer;
  let tables: string[] = [];
  const ids = { customer: '', job: '', product: '', supplier: '', invoice: '', estimate: '', config: '' };
  let vins = 0;

  beforeAll(async () => {
    // the sign-in limit out of the way: fuzzed /login bodies must reach the password check, not a 429
    s = await startServer(kind, { loginMaxFailures: 1_000_000 });
    tables = await tableNames(s.database.db);
    const call = async <T = Made>(method: string, path: string, data: unknown) => {
      const res = await s.api<T>(method, path, { body: { data } });
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    ids.customer = (
      await call('POST', '/customer', {
        vin: 'SCHEMAFUZZVIN0001',
        registration: 'SF 1',
        first_name: 'Sche',
        last_name: 'Ma',
        contact: '8765551234',
      })
    ).id;
    ids.job = (
      await call('POST', '/service', { customer_id: ids.customer, mileage: 10, service: ['Full service'] })
    ).id;
    ids.supplier = (await call('POST', '/v2/inventory/supplier', { bizname: 'Fuzz Parts' })).id;
    ids.product = (
      await call('POST', '/v2/inventory/product', {
        title: 'Fuzz part',
        description: 'x',
        price: 250,
        stock: 900_000,
        low_stock: 0,
      })
    ).id;
    ids.invoice = (
      await call<Data<Raised>>('POST', '/invoice', {
        fetchedData: { id: ids.job },
        formData: { work_hour: 100, rate_hour: 100_000 },
      })
    ).data.invoice_id;
    ids.estimate = (
      await call<Raised>('POST', '/estimate', {
        profile: { first_name: 'E', last_name: 'F' },
        serviceInvoice: ['Full service'],
        formData: { work_hour: 1, rate_hour: 100 },
      })
    ).invoice_id;
    ids.config = nth((await s.api<Setting[]>('GET', '/configsheet')).body, 0).id;
    console.log(`schema fuzz seed: ${SEED} (replay with BAYBOOK_FUZZ_SEED=${SEED}), ${RUNS} bodies per route`);
  });
  afterAll(() => s?.close());

  /** Valid values the description cannot show: real rows' ids, patterns, lookups. */
  const knownFor =
    (method: string, path: string): Known =>
    (at: Path) => {
      const key = String(at.at(-1) ?? '');
      const inLines = at.includes('productInvoice') || at.includes('items');
      if (key === 'id' && inLines) return ids.product;
      if (key === 'id' && at.length === 1) {
        // a create names its new row; a delete gets an id no row has, so the fixtures stay for the other routes
        if (method !== 'PUT') return newId();
        if (path.startsWith('/customer')) return ids.customer;
        if (path.includes('product')) return ids.product;
        if (path.includes('supplier')) return ids.supplier;
        if (path.includes('invoice')) return ids.invoice;
        if (path.includes('estimate')) return ids.estimate;
        if (path.includes('auth')) return newId();
        return ids.job;
      }
      const byKey: Record<string, unknown> = {
        invoice_id: ids.invoice,
        customer_id: ids.customer,
        job_id: ids.job,
        supplier: ids.supplier,
        vin: `SFZ${String(++vins).padStart(14, '0')}`,
        registration: 'SF 2',
        contact: '8765551234',
        email: 'fuzz@example.com',
        method: path === '/transaction' ? 'cash' : undefined,
        username: path === '/login' ? 'admin' : 'fuzzmember',
        password: path === '/login' ? 'not-the-password' : 'Plenty-long-pass-91',
        permission: 3,
        device_id: newId(),
        start_date: '2026-01-01',
        // the cash-up's day (issue 18)
        day: '2026-01-10',
        // a clock's mended stop (issue 18): an instant
        stopped_at: '2026-01-10T12:00:00Z',
        end_date: '2026-01-31',
        status: 'active',
        option: 'off',
        book_start: `${NEXT_YEAR}-03-02T10:00:00Z`,
        book_end: `${NEXT_YEAR}-03-02T11:00:00Z`,
        fetchedData: path === '/invoice' ? { id: ids.job } : path === '/invoice-product' ? 'default' : undefined,
        formData: { work_hour: 1, rate_hour: 100 },
        service: ['Full service'],
        serviceInvoice: ['Full service'],
        value: 'fuzz note',
        comment: 'fuzz reason',
        first_name: 'Fu',
        last_name: 'Zz',
        title: 'Fuzz',
        description: 'x',
        // a supplier edit without base needs its name (with base, only the fields it names)
        bizname: 'Fuzz Parts',
        price: 250,
      };
      return at.length <= 2 || inLines ? byKey[key] : undefined;
    };

  it(
    `never answers 5xx and writes nothing on a refusal: every route with a body schema, ${RUNS} bodies each (seed ${SEED})`,
    async () => {
      const routes = [...ROUTE_SCHEMAS.values()]
        .filter((r) => r.method !== 'GET')
        .sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`));
      expect(routes.length).toBeGreaterThan(40);
      const figures = { calls: 0, '2xx': 0, '4xx': 0, '5xx': 0 };
      const invalidBases: string[] = [];
      let last = await fingerprint(s.database.db, tables);
      for (const [i, route] of routes.entries()) {
        const desc = describeOf(route.schema.describe());
        const fields = fieldPaths(desc);
        const url = route.path.replace(':id', route.path.startsWith('/configsheet') ? ids.config : ids.invoice);
        const known = knownFor(route.method, route.path);
        // the fields not under attack must be valid, or a refusal would say nothing about the field that is
        const base = validValue(desc, [], known);
        await validatePayload(route.schema, base).catch((err: Error) =>
          invalidBases.push(`${route.method} ${route.path}: ${err.message}`),
        );
        const target = fc
          .integer({ min: 0, max: fields.length - 1 })
          .chain((f) => fc.tuple(fc.constant(f), hostileValues(nth(fields, f).desc), fc.boolean()));
        await fc.assert(
          fc.asyncProperty(target, async ([f, value, wrapped]) => {
            const payload = withValue(validValue(desc, [], known), desc, nth(fields, f).path, value, known);
            const before = last;
            const res = await s.api(route.method, url, { raw: toJson(wrapped ? { data: payload } : payload) });
            last = await fingerprint(s.database.db, tables);
            figures.calls++;
            const klass = res.status >= 500 ? '5xx' : res.status >= 400 ? '4xx' : '2xx';
            figures[klass]++;
            const what = `${route.method} ${route.path} ${nth(fields, f).path.join('.') || '(body)'} = ${toJson(value)?.slice(0, 80)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
            expect(res.status, what).toBeLessThan(500);
            if (res.status >= 400) {
              // a refused sign-in may count a failure; nothing else changes
              const moved = tables.filter(
                (t) => before[t] !== last[t] && !(route.path === '/login' && t.startsWith('login')),
              );
              expect(moved, `${what}: a refusal changed these tables`).toEqual([]);
              expect(res.body.value, what).toBe(false);
              expect(typeof res.body.message === 'string' && res.body.message.length > 0, what).toBe(true);
            }
          }),
          // each route its own seed from SEED, so adding a route does not change the bodies the others get
          { seed: SEED + i, numRuns: RUNS, endOnFailure: true },
        );
      }
      expect(invalidBases).toEqual([]);
      expect((await s.api('GET', '/health', { token: null })).status).toBe(200);
      console.log(
        `schema fuzz on ${kind}: ${routes.length} routes; calls ${figures.calls}, 4xx ${figures['4xx']}, 2xx ${figures['2xx']}, 5xx ${figures['5xx']}`,
      );
      expect(figures['5xx']).toBe(0);
      // the generated bodies reach past the first check: some calls are valid writes
      expect(figures['2xx']).toBeGreaterThan(0);
      // a longer run (BAYBOOK_FUZZ_RUNS) gets the time it needs, on two busy cores too: up to 10 s per body across
      // the routes
    },
    Math.max(60_000, RUNS * 10_000),
  );
});
