import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Data, Made, Raised, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * The cash-up at closing through the API (issue 18): POST /v3/cashup counts the shop day's payments by method from
 * the server's own rows — not discounts, not a removed payment — and keeps the counted cash and the difference, in
 * the activity log too; one a day per till; level 5 only; GET /v3/cashups lists them.
 */
describe.each(DATABASES)('the cash-up at closing on %s', (kind) => {
  let s: TestServer;
  let level4: string;
  const today = formatInTimeZone(new Date(), 'America/Jamaica', 'yyyy-MM-dd');
  beforeAll(async () => {
    s = await startServer(kind);
    level4 = await s.userToken(4);
    const job = await s.api<Made>('POST', '/service', {
      body: {
        data: {
          customer: {
            vin: 'CASHUPVIN00000001',
            registration: 'CU 1',
            first_name: 'Cass',
            last_name: 'Upton',
            contact: '8765551234',
          },
          mileage: 5,
          service: ['Oil change'],
        },
      },
    });
    const inv = await s.api<Data<Raised>>('POST', '/invoice', {
      body: {
        data: { fetchedData: { id: job.body.id }, formData: { work_hour: 4, rate_hour: 5000 }, productInvoice: [] },
      },
    });
    const invoice_id = inv.body.data.invoice_id;
    const pay = (method: string, amount: number) =>
      s.api<Data<{ transaction_id: string }>>('POST', '/transaction', {
        body: { data: { method, invoice_id, amount } },
      });
    await s.api('POST', '/discount', { body: { data: { invoice_id, amount: 10 } } });
    await pay('cash', 5000);
    await pay('debit card', 8500);
    const removed = await pay('cash', 700);
    expect((await s.api('DELETE', '/transaction', { body: { id: removed.body.data.transaction_id } })).status).toBe(
      200,
    );
  });
  afterAll(() => s?.close());

  it("keeps the day's payments by method, the counted cash and the difference, and logs it", async () => {
    const res = await s.api<Made>('POST', '/v3/cashup', {
      body: { data: { day: today, counted_cash: 4900, note: 'late' } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ value: true, message: 'Cash-up saved' });
    const list = await s.api<Data<Row<'cashups'>[]>>('GET', `/v3/cashups?day=${today}`);
    expect(list.body.data).toMatchObject([
      {
        id: res.body.id,
        day: today,
        till: 'shop',
        device: 'S',
        expected: { cash: 5000, debit_card: 8500, credit_card: 0, online: 0, cheque: 0 },
        payments: 2,
        counted_cash: 4900,
        difference: -100,
        note: 'late',
        closed_by: 'admin',
      },
    ]);
    const log = await s.api<Data<Data<Row<'sys_log'>[]>>>('GET', '/sys-log?category=system');
    const line = log.body.data.data.find((l) => l.subject.includes(today));
    expect(line).toMatchObject({
      subject: `Cash-up ${today} (shop)`,
      predicate: expect.stringContaining('counted cash $49.00, expected $50.00, short $1.00'),
    });
  });

  it('refuses a second cash-up of the day (409), a day to come, and a level below 5', async () => {
    const again = await s.api('POST', '/v3/cashup', { body: { data: { day: today, counted_cash: 5000 } } });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      new RegExp(`^The cash-up for ${today} \\(shop\\) was already made by admin at `),
    );
    const later = await s.api('POST', '/v3/cashup', { body: { data: { day: '2999-12-31', counted_cash: 0 } } });
    expect([later.status, later.body.message]).toEqual([
      400,
      'The day 2999-12-31 has not begun yet: nothing to cash up',
    ]);
    const desk = await s.api('POST', '/v3/cashup', {
      token: level4,
      body: { data: { day: '2026-01-03', counted_cash: 0 } },
    });
    expect(desk.status).toBe(403);
    expect((await s.api('GET', '/v3/cashups', { token: level4 })).status).toBe(403);
  });

  it('a day without payments: nothing expected, the counted cash is over', async () => {
    const res = await s.api<Data<Row<'cashups'>>>('POST', '/v3/cashup', {
      body: { data: { day: '2026-01-04', counted_cash: 1250 } },
    });
    expect(res.body.data).toMatchObject({ payments: 0, expected: { cash: 0 }, difference: 1250 });
    const list = await s.api<Data<Row<'cashups'>[]>>('GET', '/v3/cashups');
    expect(list.body.data.map((c) => c.day)).toEqual([today, '2026-01-04']);
  });
});
