import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashReport, TransactionSummary } from '../../src/domain/reportsDash';
import type { Data, InvoiceRead, Raised, Row, Said } from '../helpers/answers';
import { apiJob } from '../helpers/apiJob';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * Refunds in the day's money by method (issue 18): GET /transaction-summary takes each refund paid out today off the
 * method it went back by (SPEC §3's five keys, nothing renamed), the methods sum to the Dashboard's Sales tile
 * (/dash-report), and POST /v3/cashup keeps the same figures — expected net of refunds, and the refunds by method.
 */
describe.each(DATABASES)('refunds in the takings by method on %s', (kind) => {
  let s: TestServer;
  const today = formatInTimeZone(new Date(), 'America/Jamaica', 'yyyy-MM-dd');
  beforeAll(async () => {
    s = await startServer(kind);
    const jobId = await apiJob(s, 'REFUNDTAKE0000001', 'RT 1');
    const inv = await s.api<Data<Raised>>('POST', '/invoice', {
      body: {
        data: { fetchedData: { id: jobId }, formData: { work_hour: 1, rate_hour: 5000 }, productInvoice: [] },
      },
    });
    const invoice_id = inv.body.data.invoice_id;
    const total = (await s.api<Data<InvoiceRead>>('GET', `/invoice/${invoice_id}`)).body.data.total;
    const money = async (path: string, data: Record<string, unknown>) => {
      const res = await s.api<Said>('POST', path, { body: { data: { invoice_id, ...data } } });
      expect(res.status, `${path} ${JSON.stringify(data)}: ${res.body.message}`).toBe(200);
    };
    await money('/transaction', { method: 'cash', amount: total - 2000 });
    await money('/transaction', { method: 'credit card', amount: 2000 });
    await money('/v3/refund', { amount: 1000, reason: 'part not fitted', refund_method: 'cash', items: [] });
    await money('/v3/refund', { amount: 300, reason: 'overcharged', refund_method: 'cash', items: [] });
    await money('/v3/refund', { amount: 500, reason: 'goodwill', refund_method: 'credit_card', items: [] });
  });
  afterAll(() => s?.close());

  it('nets each refund off its method; the methods sum to the Sales tile', async () => {
    const total = await s.api<Data<TransactionSummary>>('GET', '/transaction-summary');
    const cash = total.body.data.cash;
    expect(total.body.data).toEqual({ cash, debit_card: 0, credit_card: 1500, online: 0, cheque: 0 });
    const sales = (await s.api<Data<DashReport>>('GET', '/dash-report')).body.data.sales;
    expect(cash + 1500).toBe(sales);
    expect(sales).toBe(cash + 2000 - 500);
  });

  it("the cash-up keeps the same expected takings and the day's refunds by method, and logs them", async () => {
    const summary = (await s.api<Data<TransactionSummary>>('GET', '/transaction-summary')).body.data;
    const res = await s.api<Data<Row<'cashups'>>>('POST', '/v3/cashup', {
      body: { data: { day: today, counted_cash: summary.cash } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      expected: summary,
      payments: 2,
      refunds: {
        cash: { count: 2, cents: 1300 },
        credit_card: { count: 1, cents: 500 },
        cheque: { count: 0, cents: 0 },
      },
      difference: 0,
    });
    const [kept] = (await s.api<Data<Row<'cashups'>[]>>('GET', `/v3/cashups?day=${today}`)).body.data;
    expect(kept?.refunds).toEqual(res.body.data.refunds);
    const log = await s.api<Data<Data<Row<'sys_log'>[]>>>('GET', '/sys-log?category=system');
    const line = log.body.data.data.find((l) => l.subject === `Cash-up ${today} (shop)`);
    expect(line?.predicate).toContain('; refunds paid out Cash $13.00 (2), Credit Card $5.00 (1)');
  });
});
