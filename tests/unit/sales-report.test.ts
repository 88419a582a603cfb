import { describe, expect, it } from 'vitest';
import { checkReportRange } from '../../src/domain/dates';
import {
  inventoryDepletion,
  reportInvoiceRows,
  reportSalesFromInvoices,
  reportSalesRows,
  reportWindow,
  salesReport,
} from '../../src/domain/reports';

/** SPEC §2 Reports, §3 Report payloads, §7 POST /report and /report-products: the one rule of the server and the devices. */

const JA = 'America/Jamaica'; // UTC−5, no summer time
const w = reportWindow('2026-03-01', '2026-03-03', JA);

describe('reportWindow (shop days, both ends included)', () => {
  it('runs from the shop midnight of the first day to the shop midnight after the last', () => {
    expect(w.from.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-03-04T05:00:00.000Z');
  });
  it('crosses month and year ends and follows summer time', () => {
    expect(reportWindow('2025-12-31', '2025-12-31', JA).to.toISOString()).toBe('2026-01-01T05:00:00.000Z');
    // New York moves its clocks on 2026-03-08: that shop day is 23 hours long
    const ny = reportWindow('2026-03-08', '2026-03-08', 'America/New_York');
    expect(ny.to.getTime() - ny.from.getTime()).toBe(23 * 3_600_000);
  });
  it('is used after the SPEC §5 range check', () => {
    expect(checkReportRange('2025-01-01', '2025-12-31')).toEqual({ ok: true });
    expect(checkReportRange('2025-01-01', '2026-01-01')).toEqual({ ok: false, message: 'Do reports within 365 days' });
  });
});

const inv = (created_at: string, labour: number, product: number, discount = 0) => ({
  created_at,
  discount,
  totals: { labour, product },
});

describe('reportInvoiceRows (labour, products, discounts per day)', () => {
  it('adds the tax charged (issue 18) on a day whose invoices have some, and no tax key on the others', () => {
    const taxed = (at: string, tax: number) => ({ ...inv(at, 10_000, 0), totals: { labour: 10_000, product: 0, tax } });
    const rows = reportInvoiceRows(
      [
        taxed('2026-03-01T15:00:00.000Z', 1_500),
        taxed('2026-03-01T16:00:00.000Z', 825),
        inv('2026-03-02T15:00:00.000Z', 1, 2),
      ],
      w,
      JA,
    );
    expect(rows).toEqual([
      { dt: '2026-03-01', labour: 20_000, products: 0, discounts: 0, tax: 2_325 },
      { dt: '2026-03-02', labour: 1, products: 2, discounts: 0 },
    ]);
  });

  it('sums the invoices raised each shop day, days in order, empty days left out', () => {
    const rows = reportInvoiceRows(
      [
        inv('2026-03-03T15:00:00.000Z', 5000, 2000, 100),
        inv('2026-03-01T05:00:00.000Z', 1000, 0), // the first shop minute of the 1st
        inv('2026-03-01T20:00:00.000Z', 2000, 3000, 500),
        inv('2026-03-04T04:59:59.999Z', 700, 0), // 23:59 on the 3rd in Jamaica
      ],
      w,
      JA,
    );
    expect(rows).toEqual([
      { dt: '2026-03-01', labour: 3000, products: 3000, discounts: 500 },
      { dt: '2026-03-03', labour: 5700, products: 2000, discounts: 100 },
    ]);
  });
  it('leaves out invoices outside the window, reads string figures and ignores missing ones', () => {
    const rows = reportInvoiceRows(
      [
        inv('2026-03-01T04:59:59.999Z', 9999, 9999), // 23:59 on Feb 28 in Jamaica
        inv('2026-03-04T05:00:00.000Z', 9999, 9999), // the 4th
        { created_at: new Date('2026-03-02T12:00:00.000Z'), discount: 0, totals: { labour: '1200', product: null } },
        { created_at: '2026-03-02T13:00:00.000Z', discount: 50, totals: null },
      ],
      w,
      JA,
    );
    expect(rows).toEqual([{ dt: '2026-03-02', labour: 1200, products: 0, discounts: 50 }]);
  });
});

describe('reportSalesRows (money received per day)', () => {
  it('counts payments, not discounts, points or reversed rows', () => {
    const rows = reportSalesRows(
      [
        { amount: 5000, method: 'cash', created_at: '2026-03-01T12:00:00.000Z' },
        { amount: 2500, method: 'debit card', created_at: '2026-03-01T23:00:00.000Z' },
        { amount: 100, method: 'discount', created_at: '2026-03-01T12:00:00.000Z' },
        { amount: 200, method: 'redemption', created_at: '2026-03-02T12:00:00.000Z' },
        { amount: 300, method: 'cash', created_at: '2026-03-02T12:00:00.000Z', deleted: true },
        { amount: 4000, method: 'cheque', created_at: '2026-03-04T03:00:00.000Z' }, // 22:00 on the 3rd
        { amount: 9000, method: 'cash', created_at: '2026-03-04T06:00:00.000Z' }, // the 4th
      ],
      w,
      JA,
    );
    expect(rows).toEqual([
      { dt: '2026-03-01', sales: 7500 },
      { dt: '2026-03-03', sales: 4000 },
    ]);
  });
});

describe('reportSalesFromInvoices (a device without the payments)', () => {
  it("puts each invoice's paid figure on the shop day of its last change", () => {
    const rows = reportSalesFromInvoices(
      [
        { payment: 5000, updated_at: '2026-03-02T16:00:00.000Z' },
        { payment: 1500, updated_at: '2026-03-02T03:00:00.000Z' }, // 22:00 on the 1st
        { payment: 0, updated_at: '2026-03-02T16:00:00.000Z' },
        { payment: 800, updated_at: '2026-02-27T16:00:00.000Z' },
      ],
      w,
      JA,
    );
    expect(rows).toEqual([
      { dt: '2026-03-01', sales: 1500 },
      { dt: '2026-03-02', sales: 5000 },
    ]);
  });
});

describe('salesReport (POST /report data)', () => {
  it('gives the invoice rows and the sales rows', () => {
    const r = salesReport(
      [inv('2026-03-02T12:00:00.000Z', 100, 200, 10)],
      [{ amount: 290, method: 'online', created_at: '2026-03-02T13:00:00.000Z' }],
      w,
      JA,
    );
    expect(r).toEqual({
      invoices: [{ dt: '2026-03-02', labour: 100, products: 200, discounts: 10 }],
      sales: [{ dt: '2026-03-02', sales: 290 }],
    });
  });
});

describe('inventoryDepletion (Title, Description, Qty, Total per product)', () => {
  const line = (id: string, title: string, price: number, qty: number, returned?: number) => ({
    id,
    title,
    description: `${title} desc`,
    price,
    qty,
    returned,
  });
  it('sums quantities net of returns at each invoice price, most sold first then by title', () => {
    const rows = inventoryDepletion(
      [
        {
          created_at: '2026-03-01T12:00:00.000Z',
          products: [line('p1', 'Oil filter', 1200, 2), line('p2', 'Coolant', 2500, 1)],
        },
        {
          created_at: '2026-03-03T12:00:00.000Z',
          products: [line('p1', 'Oil filter', 1300, 3, 1), line('p3', 'Bulb', 300, 1)],
        },
        { created_at: '2026-03-02T12:00:00.000Z', products: [line('p4', 'Wiper', 900, 2, 2)] }, // all returned
        { created_at: '2026-03-05T12:00:00.000Z', products: [line('p2', 'Coolant', 2500, 9)] }, // outside
        { created_at: '2026-03-02T12:00:00.000Z', products: null },
      ],
      w,
    );
    expect(rows).toEqual([
      { id: 'p1', title: 'Oil filter', description: 'Oil filter desc', qty: 4, total: 2 * 1200 + 2 * 1300 },
      { id: 'p3', title: 'Bulb', description: 'Bulb desc', qty: 1, total: 300 },
      { id: 'p2', title: 'Coolant', description: 'Coolant desc', qty: 1, total: 2500 },
    ]);
  });
});
