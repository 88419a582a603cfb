import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/domain/apiRoutes';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * Hostile input: every mutating route the server serves gets bodies of wrong types, huge and odd strings, unicode,
 * negative/NaN-ish numbers, SQL and HTML payloads and missing fields. Never a 500, and a refusal changes nothing:
 * the change feed (written in the same transaction as every change) must not move after a 4xx.
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

  it('refuses a body that is not JSON with 400, not 500', async () => {
    const res = await fetch(`${s.url}/api/v2/auth/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.adminToken}` },
      body: '{"data": {',
    });
    expect(res.status).toBe(400);
  });
});
