import { describe, expect, it } from 'vitest';
import { shopSettings } from '../../src/domain/configSheet';
import type { InvoiceLine } from '../../src/domain/entities';
import { MSG, fill } from '../../src/domain/messages';
import { reportInvoiceRows, reportWindow } from '../../src/domain/reports';
import { taxSnapshot } from '../../src/domain/tax';
import { invoiceFigures } from '../../src/domain/totals';
import { planRefund } from '../../src/domain/writes/refunds';

/**
 * A refund on a taxed invoice (issue 18, docs/DECISIONS.md "Tax"): tax follows what the invoice charges. Items that
 * come back lower the charge, so the invoice's tax is worked out again, once, at the rate it was raised with; money
 * given back without items changes no charge and no tax. The Reports' tax figure reads the invoice as it stands.
 */
const settings = shopSettings([]);
const GCT = { name: 'GCT', rateBp: 1500, inclusive: false };
const lines: InvoiceLine[] = [
  { id: 'p1', title: 'Oil filter', description: '', price: 15_00, qty: 3 },
  { id: 'p2', title: 'Wiper blade', description: '', price: 8_50, qty: 2 },
];

/** 2 h at $40 and the lines ($62) = $142 + GCT 15 % ($21.30) = $163.30, raised with GCT 15 % and paid in full. */
function paidTaxed(inclusive = false) {
  const parts = {
    type: 'service',
    work_hour: 2,
    rate_hour: 40_00,
    products: lines,
    discount_percent: 0,
    points_value: 0,
    payment: 0,
    storage: 'off',
    storage_days: 0,
    totals: taxSnapshot({ ...GCT, inclusive }),
  };
  const charged = invoiceFigures(parts, settings).totals.total;
  const paid = { ...parts, payment: charged };
  return { ...paid, id: 'inv', number: 'A1-7', customer_id: 'c1', total: invoiceFigures(paid, settings).total };
}
const ask = (amount: number, items: { id: string; qty: number }[] = []) => ({
  amount,
  reason: 'Wrong part fitted',
  refund_method: 'cash' as const,
  items,
});

describe('a refund on a taxed invoice (issue 18)', () => {
  it('part, with items back: the invoice is taxed again on what it still charges, at its own rate', () => {
    const inv = paidTaxed();
    expect(inv.payment).toBe(163_30);
    // 2 filters back: $142 − $30 = $112 charged, GCT $16.80; the shop keeps $128.80, so at least $34.50 goes back
    const plan = planRefund(inv, settings, 0, ask(34_50, [{ id: 'p1', qty: 2 }]));
    expect(plan).toMatchObject({ ok: true, append: { amount: -34_50 } });
    if (!plan.ok) return;
    expect(plan.figures.totals).toMatchObject({ product: 32_00, tax: 16_80, tax_rate_bp: 1500, total: 128_80 });
    expect(plan.figures.total).toBe(0);
    // the items' tax is money the shop no longer keeps: refunding only their price is refused
    expect(planRefund(inv, settings, 0, ask(30_00, [{ id: 'p1', qty: 2 }]))).toEqual({
      ok: false,
      message: fill(MSG.refundBelowReturned, { worth: '$34.50', least: '$34.50', invoice: 'INV A1-7' }),
    });
  });

  it('whole, every item back: the tax left is the labour’s; the refund may give back all that was paid', () => {
    const all = [
      { id: 'p1', qty: 3 },
      { id: 'p2', qty: 2 },
    ];
    const plan = planRefund(paidTaxed(), settings, 0, ask(163_30, all));
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.figures.totals).toMatchObject({ labour: 80_00, product: 0, tax: 12_00, total: 92_00 });
    expect(plan.refunded).toBe(163_30);
  });

  it('money only (part or whole): no charge changes, so neither does the tax', () => {
    const inv = paidTaxed();
    const before = invoiceFigures(inv, settings);
    for (const amount of [10_00, 163_30]) {
      const plan = planRefund(inv, settings, 0, ask(amount));
      expect(plan.ok).toBe(true);
      if (!plan.ok) return;
      expect(plan.invoice).toBeUndefined();
      expect(plan.figures).toEqual(before);
    }
  });

  it('prices including tax: items back take their share of tax with them, the rest keeps its share', () => {
    // $142 including GCT: 142 × 15/115 = $18.52; a filter back: $127 including $16.57
    const inv = paidTaxed(true);
    expect(inv.payment).toBe(142_00);
    const plan = planRefund(inv, settings, 0, ask(15_00, [{ id: 'p1', qty: 1 }]));
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.figures.totals).toMatchObject({ tax: 16_57, total: 127_00, tax_inclusive: true });
  });

  it("the Reports' tax figure is the invoice's tax as it stands: lower after items come back, not after money only", () => {
    const raised = '2026-03-02T15:00:00.000Z';
    const w = reportWindow('2026-03-02', '2026-03-02', 'America/Jamaica');
    const row = (totals: unknown) =>
      reportInvoiceRows([{ discount: 0, totals, created_at: raised }], w, 'America/Jamaica')[0];
    const inv = paidTaxed();
    expect(row(invoiceFigures(inv, settings).totals)?.tax).toBe(21_30);
    const items = planRefund(inv, settings, 0, ask(34_50, [{ id: 'p1', qty: 2 }]));
    const money = planRefund(inv, settings, 0, ask(34_50));
    if (!items.ok || !money.ok) throw new Error('refused');
    expect(row(items.figures.totals)?.tax).toBe(16_80);
    expect(row(money.figures.totals)?.tax).toBe(21_30);
  });
});
