import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIG_SEED, shopSettings } from '../../src/domain/configSheet';
import type { InvoiceTotals } from '../../src/domain/entities';
import { MSG } from '../../src/domain/messages';
import { percentOf } from '../../src/domain/money';
import { NO_TAX, taxCents, taxLabel, taxOf, taxRateBp, type TaxTerms } from '../../src/domain/tax';
import {
  MAX_RATE_CENTS,
  computeInvoice,
  invoiceFigures,
  labourCents,
  productsCents,
  type InvoiceInput,
} from '../../src/domain/totals';
import { planSettingEdit } from '../../src/domain/writes/config';
import { planNewInvoice } from '../../src/domain/writes/invoices';
import { planPayment } from '../../src/domain/writes/money';
import { DEFAULT_SHOP_SETTINGS } from '../../src/domain/configSheet';

/** Sales tax (issue 18, src/domain/tax.ts): one rounding rule, off at rate 0, kept by the document it was raised on. */

const int = (min: number, max: number) => fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
const input = fc.record({
  type: fc.constantFrom('service' as const, 'product' as const),
  workHour: fc.oneof(fc.double({ min: -10, max: 1000, noNaN: true, noDefaultInfinity: true }), fc.nat(1000)),
  rateCents: int(-1000, MAX_RATE_CENTS),
  lines: fc.array(fc.record({ price: int(0, MAX_RATE_CENTS), qty: fc.nat(500), returned: fc.nat(600) }), {
    maxLength: 8,
  }),
  discountPercent: fc.oneof(fc.constantFrom(0, 5, 20, 100), fc.integer({ min: -50, max: 1000 })),
  pointsCents: int(-1000, Number.MAX_SAFE_INTEGER),
  storageCents: int(0, 10_000_000_000),
  paidCents: int(-1000, Number.MAX_SAFE_INTEGER),
});
const terms = fc.record({
  name: fc.constantFrom('GCT', 'VAT', ''),
  rateBp: fc.integer({ min: 1, max: 10_000 }),
  inclusive: fc.boolean(),
});

/** computeInvoice as it was before tax (commit 0d885b7), the oracle the rate-0 path must match exactly. */
function beforeTax(i: InvoiceInput): InvoiceTotals & { status: 'Paid' | 'Due' } {
  const clean = (n: number | undefined) => (n !== undefined && Number.isFinite(n) && n > 0 ? n : 0);
  const labour = i.type === 'product' ? 0 : labourCents(i.workHour, i.rateCents);
  const product = productsCents(i.lines);
  const discount = Math.min(labour + product, percentOf(labour + product, Math.min(100, clean(i.discountPercent))));
  const storage = Math.round(clean(i.storageCents));
  const owed = labour + product + storage - discount;
  const points = Math.min(owed, Math.round(clean(i.pointsCents)));
  const paid = Math.round(clean(i.paidCents));
  const due = Math.max(0, owed - points - paid);
  return { labour, product, storage, discount, points, total: owed - points, paid, due, status: due ? 'Due' : 'Paid' };
}

describe('tax at rate 0 (the default)', () => {
  it('leaves every figure exactly as before, with no tax keys, whatever the name or inclusive say', () => {
    fc.assert(
      fc.property(input, terms, (i, t) => {
        const expected = beforeTax(i);
        expect(computeInvoice(i)).toStrictEqual(expected);
        expect(computeInvoice({ ...i, tax: { ...t, rateBp: 0 } })).toStrictEqual(expected);
      }),
    );
  });

  it('is what a new shop starts with: the seeded Config gives no tax', () => {
    const rows = CONFIG_SEED.map((c) => ({ ...c }));
    expect(shopSettings(rows).tax).toEqual(NO_TAX);
    expect(DEFAULT_SHOP_SETTINGS.tax).toEqual(NO_TAX);
  });
});

describe('the one rounding rule (taxCents)', () => {
  const gct: TaxTerms = { name: 'GCT', rateBp: 1500, inclusive: false };
  it('rounds half up to the cent, once per document', () => {
    expect(taxCents(10_000, gct)).toBe(1500);
    expect(taxCents(10, gct)).toBe(2); // 1.5 → 2
    expect(taxCents(9, gct)).toBe(1); // 1.35 → 1
    expect(taxCents(1, { ...gct, rateBp: 5000 })).toBe(1); // 0.5 → 1
    expect(taxCents(115, { ...gct, inclusive: true })).toBe(15); // 115 × 15/115
    expect(taxCents(1, { ...gct, rateBp: 1650 })).toBe(0); // 0.165 → 0
  });

  it('stays exact far past 2^53 intermediate products', () => {
    const big = 999_999_999_900 * 500;
    expect(taxCents(big, { ...gct, rateBp: 1 })).toBe(big / 10_000);
    expect(taxCents(big, { ...gct, rateBp: 10_000, inclusive: true })).toBe(big / 2);
  });

  it('on top raises the total by the tax; included leaves the total and says the part that is tax', () => {
    fc.assert(
      fc.property(input, terms, (i, t) => {
        const none = computeInvoice(i);
        const taxed = computeInvoice({ ...i, tax: t });
        const charged = none.labour + none.product + none.storage - none.discount;
        const tax = taxed.tax ?? 0;
        expect(Number.isInteger(tax) && tax >= 0).toBe(true);
        const exact = t.inclusive ? (charged * t.rateBp) / (10_000 + t.rateBp) : (charged * t.rateBp) / 10_000;
        expect(Math.abs(tax - exact)).toBeLessThanOrEqual(0.5 + exact * 1e-12);
        expect(taxed.total + taxed.points).toBe(t.inclusive ? charged : charged + tax);
        expect(taxed.due).toBe(Math.max(0, taxed.total - taxed.paid));
        expect(taxed).toMatchObject({ tax_name: t.name, tax_rate_bp: t.rateBp, tax_inclusive: t.inclusive });
      }),
    );
  });

  it('taxes storage and comes before points: GCT 15% on $100 labour less 10%, $20 storage, $10 of points', () => {
    const t = computeInvoice({
      type: 'service',
      workHour: 1,
      rateCents: 10_000,
      lines: [],
      discountPercent: 10,
      storageCents: 2_000,
      pointsCents: 1_000,
      tax: { name: 'GCT', rateBp: 1500, inclusive: false },
    });
    expect(t).toMatchObject({ discount: 1_000, tax: 1_650, points: 1_000, total: 11_000 + 1_650 - 1_000 });
  });
});

describe('Config and the snapshot a document keeps', () => {
  const rows = (rate: number, inclusive = 'no') =>
    CONFIG_SEED.map((c) =>
      c.name === 'tax_rate'
        ? { ...c, amount: rate }
        : c.name === 'tax_inclusive'
          ? { ...c, description: inclusive }
          : c,
    );

  it('reads the rate exactly in basis points and the inclusive switch', () => {
    expect(shopSettings(rows(15)).tax).toEqual({ name: 'GCT', rateBp: 1500, inclusive: false });
    expect(shopSettings(rows(16.5, 'Yes')).tax).toEqual({ name: 'GCT', rateBp: 1650, inclusive: true });
    expect(taxRateBp(0.07)).toBe(7);
    expect(taxRateBp(15.555)).toBeNull();
    expect(taxRateBp(101)).toBeNull();
    expect(taxRateBp(-1)).toBeNull();
  });

  it('refuses a rate Config cannot keep exactly, on the device and the server alike (the plan)', () => {
    const row = { name: 'tax_rate', title: 'Tax rate (%)', description: 'x', amount: 0 };
    expect(planSettingEdit(row, { description: 'x', amount: 15.555 })).toEqual({
      ok: false,
      message: MSG.taxRateInvalid,
    });
    expect(planSettingEdit(row, { description: 'x', amount: 120 })).toMatchObject({ ok: false });
    expect(planSettingEdit(row, { description: 'x', amount: 16.5 })).toMatchObject({ ok: true });
  });

  it('a raised invoice keeps its tax when Config changes later; one raised before tax stays untaxed', () => {
    const taxed = { ...DEFAULT_SHOP_SETTINGS, tax: { name: 'GCT', rateBp: 1500, inclusive: false } };
    const plan = planNewInvoice({
      type: 'product',
      form: { work_hour: 0, rate_hour: 0 },
      lines: [{ id: 'p1', title: 'Oil', description: '', price: 1_000, qty: 2 }],
      settings: taxed,
    });
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.row.totals).toMatchObject({ product: 2_000, tax: 300, total: 2_300, tax_rate_bp: 1500 });
    expect(plan.row.total).toBe(2_300);
    // the shop then sets no tax: the invoice's payment is planned with the 15% it was raised with
    const inv = { ...plan.row, id: 'i1', number: '1' };
    const paid = planPayment(inv, DEFAULT_SHOP_SETTINGS, 'cash', 2_300);
    expect(paid).toMatchObject({ ok: true, figures: { total: 0, totals: { tax: 300, total: 2_300 } } });
    // an invoice stored before tax existed has no snapshot: Config's 15% does not reach it
    const old = { ...inv, totals: { total: 2_000 } };
    expect(invoiceFigures(old, taxed).totals.tax).toBeUndefined();
    expect(taxOf(old.totals)).toEqual(NO_TAX);
  });

  it('labels the line as documents print it', () => {
    expect(taxLabel({ name: 'GCT', rateBp: 1500, inclusive: false })).toBe('GCT 15%');
    expect(taxLabel({ name: '', rateBp: 1650, inclusive: true })).toBe('Includes Tax 16.5%');
  });
});
