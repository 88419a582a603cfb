import { describe, expect, it } from 'vitest';
import { shopSettings } from '../../src/domain/configSheet';
import { invoicePdf, receiptPdf, shopInfo } from '../../src/pdf';
import { readPdf } from '../helpers/pdfText';

/** A refund (issue 18) on the invoice PDF and on its own receipt; an invoice without one prints as before. */
const SHOP = { ...shopInfo(shopSettings([])), receiptFormat: 'A4' as const };
const INVOICE = {
  number: 'A1-9',
  created_at: '2026-03-01T15:30:00.000Z',
  type: 'service',
  first_name: 'Ann',
  last_name: 'Lee',
  registration: 'PK 1',
  vin: '1HGCM82633A004352',
  total: 0,
  discount_percent: 0,
  profile: {},
  work_hour: 1,
  rate_hour: 10_000,
  products: [{ id: 'p1', title: 'Filter', description: 'spin-on', price: 3_000, qty: 2, returned: 1 }],
  totals: { labour: 10_000, product: 3_000, storage: 0, discount: 0, points: 0, total: 13_000, paid: 16_000, due: 0 },
  storage: 'off',
  storage_days: 0,
};
const PAID = { number: 'A1-4', method: 'cash', amount: 16_000, created_at: '2026-03-01T15:32:00.000Z' };
const REFUND = {
  number: 'A1-5',
  method: 'refund',
  amount: -3_000,
  created_at: '2026-03-02T15:32:00.000Z',
  reason: 'Filter not needed',
  refund_method: 'debit_card',
};
const text = async (bytes: ArrayBuffer) => (await readPdf(bytes)).pages.flatMap((p) => p.lines);

describe('refunds on the documents (issue 18)', () => {
  it('the invoice shows what was refunded and the net paid, and the refund among the payments', async () => {
    const lines = await text(invoicePdf(INVOICE, null, [PAID, REFUND], SHOP));
    expect(lines).toContain('Paid $160.00');
    expect(lines).toContain('Refunded -$30.00');
    expect(lines).toContain('Net paid $130.00');
    expect(lines.some((l) => l.startsWith('A1-5 Refund') && l.endsWith('-$30.00'))).toBe(true);
    // how the money went back and why, in the Method column (wrapped)
    const at = lines.findIndex((l) => l.startsWith('A1-5 Refund (Debit Card):'));
    expect(lines[at + 1]).toBe('Filter not needed');
  });

  it('an invoice without a refund has no refund lines', async () => {
    const lines = await text(invoicePdf(INVOICE, null, [PAID], SHOP));
    expect(lines.some((l) => l.includes('Refunded') || l.includes('Net paid'))).toBe(false);
  });

  it("the refund's receipt: the refund, paid and refunded to date, the points taken back", async () => {
    const lines = await text(receiptPdf(REFUND, INVOICE, [PAID, REFUND], SHOP));
    expect(lines.some((l) => l.includes('No. A1-5'))).toBe(true);
    expect(lines).toContain('Refund (Debit Card) -$30.00');
    expect(lines).toContain('Reason: Filter not needed');
    expect(lines).toContain('Paid to date $160.00');
    expect(lines).toContain('Refunded to date -$30.00');
    expect(lines).toContain('Points taken back 30');
    // the payment's own receipt, printed again, is as it was on its day
    const before = await text(receiptPdf(PAID, INVOICE, [PAID, REFUND], SHOP));
    expect(before.some((l) => l.includes('Refunded') || l.includes('Reason'))).toBe(false);
    // a refund whose row does not say how (made before it was kept) went back in cash
    const older = await text(receiptPdf({ ...REFUND, refund_method: '' }, INVOICE, [PAID, REFUND], SHOP));
    expect(older).toContain('Refund (Cash) -$30.00');
  });
});
