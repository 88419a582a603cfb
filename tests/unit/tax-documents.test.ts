import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '../../src/domain/configSheet';
import { computeInvoice } from '../../src/domain/totals';
import type { TaxTerms } from '../../src/domain/tax';
import { estimatePdf, invoicePdf, receiptPdf, shopInfo } from '../../src/pdf';
import { readPdf } from '../helpers/pdfText';
import { nth } from '../helpers/present';

/**
 * Tax on the documents (issue 18): the invoice and estimate PDFs and the 80 mm receipt print the tax as its own line
 * from the figures the domain stored — before points when added on top, under the Total when prices include it — and
 * print none at rate 0.
 */
const SHOP = shopInfo(DEFAULT_SHOP_SETTINGS);
const GCT: TaxTerms = { name: 'GCT', rateBp: 1500, inclusive: false };
const LINE = { id: 'p1', title: 'Brake pads', description: 'front', price: 4_599, qty: 2 };

/** An invoice as stored: its totals are what computeInvoice gives (tax snapshot included). */
function invoiceWith(tax: TaxTerms, paid = 0) {
  const { status: _s, ...totals } = computeInvoice({
    type: 'service',
    workHour: 1,
    rateCents: 10_000,
    lines: [LINE],
    pointsCents: 1_000,
    paidCents: paid,
    tax,
  });
  return {
    number: 'T-1',
    created_at: '2026-03-01T15:30:00.000Z',
    type: 'service',
    first_name: 'Gia',
    last_name: 'Tax',
    registration: 'PB 1515',
    vin: 'TAXVIN00000000001',
    total: totals.due,
    discount_percent: 0,
    profile: {},
    work_hour: 1,
    rate_hour: 10_000,
    products: [LINE],
    totals,
    storage: 'off',
    storage_days: 0,
  };
}
const JOB = { contact: '8765550000', email: '', mileage: 1, service: ['Brakes'] };

describe('tax on the documents', () => {
  it('invoice PDF: GCT 15% on top of $191.98 is $28.80, before the points, in the Total', async () => {
    const inv = invoiceWith(GCT);
    const lines = nth((await readPdf(invoicePdf(inv, JOB, [], SHOP))).pages, 0).lines;
    expect(lines).toContain('Subtotal $191.98');
    expect(lines).toContain('GCT 15% $28.80');
    expect(lines.indexOf('GCT 15% $28.80')).toBeLessThan(lines.indexOf('Points redeemed -$10.00'));
    expect(lines).toContain('Total $210.78');
  });

  it('80 mm receipt: the tax line on the roll too', async () => {
    const inv = invoiceWith(GCT, 5_000);
    const payment = { number: 'T-2', method: 'cash', amount: 5_000, created_at: '2026-03-01T15:40:00.000Z' };
    const page = nth((await readPdf(receiptPdf(payment, inv, [payment], SHOP))).pages, 0);
    expect(page.width).toBeCloseTo(80, 0);
    expect(page.lines).toContain('GCT 15% $28.80');
    expect(page.lines).toContain('Balance due $160.78');
  });

  it('estimate PDF with prices including tax: the Total unchanged, the tax in it said under it', async () => {
    const est = { ...invoiceWith({ ...GCT, inclusive: true }), services: ['Brakes'] };
    const lines = nth((await readPdf(estimatePdf(est, SHOP))).pages, 0).lines;
    expect(lines).toContain('Total $181.98');
    // $191.98 × 15/115 = $25.041… → $25.04
    expect(lines.indexOf('Includes GCT 15% $25.04')).toBe(lines.indexOf('Total $181.98') + 1);
  });

  it('no tax line at rate 0 (the default)', async () => {
    const text = (await readPdf(invoicePdf(invoiceWith({ ...GCT, rateBp: 0 }), JOB, [], SHOP))).text;
    expect(text).not.toMatch(/GCT|Includes/);
    expect(text).toContain('Total $181.98');
  });
});
