import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInTimeZone } from 'date-fns-tz';
import { MSG } from '../../src/domain/messages';
import type { LogLine } from '../../src/domain/logs';
import type { SalesReport } from '../../src/domain/reports';
import type { Data, Made, Raised } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('reports, dashboards and logs on %s', (kind) => {
  let s: TestServer;
  let level4: string;
  let invoiceId: string;
  let productId: string;
  const today = formatInTimeZone(new Date(), 'America/Jamaica', 'yyyy-MM-dd');
  beforeAll(async () => {
    s = await startServer(kind);
    level4 = await s.userToken(4);
    productId = (
      await s.api<Made>('POST', '/v2/inventory/product', {
        body: { data: { title: 'Coolant', description: '1 gal', price: 2500, stock: 10, low_stock: 2 } },
      })
    ).body.id;
    const job = await s.api<Made>('POST', '/service', {
      body: {
        data: {
          customer: {
            vin: 'REPORTVIN00000001',
            registration: 'RP 1',
            first_name: 'Rae',
            last_name: 'Port',
            contact: '8765551234',
          },
          mileage: 5,
          service: ['Coolant flush'],
        },
      },
    });
    const inv = await s.api<Data<Raised>>('POST', '/invoice', {
      body: {
        data: {
          fetchedData: { id: job.body.id },
          formData: { work_hour: 2, rate_hour: 5000 },
          productInvoice: [{ id: productId, qty: 2 }],
        },
      },
    });
    invoiceId = inv.body.data.invoice_id;
    await s.api('POST', '/discount', { body: { data: { invoice_id: invoiceId, amount: 10 } } });
    await s.api('POST', '/transaction', { body: { data: { method: 'cash', invoice_id: invoiceId, amount: 5000 } } });
    await s.api('POST', '/transaction', {
      body: { data: { method: 'debit card', invoice_id: invoiceId, amount: 8500 } },
    });
  });
  afterAll(() => s?.close());

  it('checks the report range with SPEC messages', async () => {
    expect((await s.api('POST', '/report', { body: { end_date: today } })).body.message).toBe(MSG.selectStartDate);
    expect((await s.api('POST', '/report', { body: { start_date: today } })).body.message).toBe(MSG.selectEndDate);
    expect(
      (await s.api('POST', '/report', { body: { start_date: '2024-01-01', end_date: '2025-06-01' } })).body.message,
    ).toBe(MSG.reportRange);
  });

  it('reports labour, products, discounts and sales per day', async () => {
    const res = await s.api<Data<SalesReport>>('POST', '/report', { body: { start_date: today, end_date: today } });
    expect(res.body.data.invoices).toEqual([{ dt: today, labour: 10000, products: 5000, discounts: 1500 }]);
    expect(res.body.data.sales).toEqual([{ dt: today, sales: 13500 }]);
    const depletion = await s.api('POST', '/report-products', { body: { start_date: today, end_date: today } });
    expect(depletion.body.data).toEqual([
      { id: productId, title: 'Coolant', description: '1 gal', qty: 2, total: 5000 },
    ]);
  });

  it('shows the finance tiles and takings by method to level 5 only', async () => {
    const dash = await s.api('GET', '/dash-report');
    expect(dash.body.data).toEqual({ labour: 10000, products: 5000, discounts: 1500, sales: 13500 });
    const sum = await s.api('GET', '/transaction-summary');
    expect(sum.body.data).toEqual({ cash: 5000, debit_card: 8500, credit_card: 0, online: 0, cheque: 0 });
    expect((await s.api('GET', '/dash-report', { token: level4 })).status).toBe(403);
    expect((await s.api('GET', '/transaction-summary', { token: level4 })).status).toBe(403);
  });

  it('keeps an activity log by category and an inventory log of stock movements', async () => {
    const service = await s.api<Data<Data<LogLine[]>>>('GET', '/sys-log?category=service');
    expect(service.body.data.data.some((e) => /payment/.test(e.log))).toBe(true);
    const inventory = await s.api<Data<Data<LogLine[]>>>('GET', '/sys-log?category=inventory');
    expect(inventory.body.data.data.map((e) => e.log)).toEqual(
      expect.arrayContaining(['+10 opening stock', expect.stringMatching(/^-2 sold/)]),
    );
    expect((await s.api('GET', '/sys-log?category=secrets')).status).toBe(400);
  });
});
