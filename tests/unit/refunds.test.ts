import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shopSettings } from '../../src/domain/configSheet';
import type { InvoiceLine } from '../../src/domain/entities';
import { MSG, fill } from '../../src/domain/messages';
import { refundSchema } from '../../src/domain/schemas/refund';
import { validatePayload } from '../../src/domain/schemas/common';
import { invoiceFigures, pointsEarned } from '../../src/domain/totals';
import { planTransactionRemoval } from '../../src/domain/writes/money';
import { planRefund, refundSummary, refundedOf } from '../../src/domain/writes/refunds';
import { reportSalesRows, salesOf, shopToday, takingsByMethod, transactionSummary } from '../../src/domain/reports';

const settings = shopSettings([]);
const lines: InvoiceLine[] = [
  { id: 'p1', title: 'Oil filter', description: '', price: 15_00, qty: 3 },
  { id: 'p2', title: 'Wiper blade', description: '', price: 8_50, qty: 2 },
];
/** A paid service invoice: 2 h at $40 plus the lines ($62.00) = $142.00, paid in full. */
function paidInvoice(over: Partial<{ payment: number; products: InvoiceLine[] }> = {}) {
  const parts = {
    type: 'service',
    work_hour: 2,
    rate_hour: 40_00,
    products: lines,
    discount_percent: 0,
    points_value: 0,
    payment: 142_00,
    storage: 'off',
    storage_days: 0,
    ...over,
  };
  return { ...parts, id: 'inv', number: 'A1-7', customer_id: 'c1', total: invoiceFigures(parts, settings).total };
}
const ask = (amount: number, items: { id: string; qty: number }[] = [], reason = 'Wrong part fitted') => ({
  amount,
  reason,
  refund_method: 'cash' as const,
  items,
});

describe('planRefund (issue 18)', () => {
  it('appends a negative row, takes back the points the money earned and leaves the invoice paid', () => {
    const plan = planRefund(paidInvoice(), settings, 0, ask(20_50));
    expect(plan).toMatchObject({
      ok: true,
      append: { method: 'refund', amount: -20_50, point: -20, reason: 'Wrong part fitted', refund_method: 'cash' },
      points: -20,
      refunded: 20_50,
      stock: { deltas: [] },
      log: { subject: 'INV A1-7', predicate: 'refund $20.50 (Wrong part fitted)' },
      message: fill(MSG.refundDone, { amount: '$20.50', invoice: 'INV A1-7' }),
    });
    if (!plan.ok) return;
    expect(plan.invoice).toBeUndefined();
    expect(plan.figures.total).toBe(0);
  });

  it('puts the items that come back in stock and on their lines', () => {
    const plan = planRefund(paidInvoice(), settings, 0, ask(30_00, [{ id: 'p1', qty: 2 }]));
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.invoice?.products.find((l) => l.id === 'p1')?.returned).toBe(2);
    expect(plan.stock).toEqual({ deltas: [['p1', 2]], reason: 'refunded: Wrong part fitted' });
    expect(plan.figures.totals.total).toBe(112_00);
    expect(plan.log.predicate).toBe('refund $30.00 (Wrong part fitted); 2 items back in stock');
  });

  it('refuses what cannot be refunded, saying what to do', () => {
    const inv = paidInvoice();
    expect(planRefund(inv, settings, 0, ask(20_00, [], '  '))).toEqual({ ok: false, message: MSG.refundReason });
    expect(planRefund(inv, settings, 0, ask(0))).toEqual({ ok: false, message: MSG.refundAmount });
    expect(planRefund(inv, settings, 0, ask(1.5))).toEqual({ ok: false, message: MSG.refundAmount });
    const due = paidInvoice({ payment: 100_00 });
    expect(planRefund(due, settings, 0, ask(10_00))).toEqual({
      ok: false,
      message: fill(MSG.refundNotPaid, { invoice: 'INV A1-7' }),
    });
    expect(planRefund(inv, settings, 100_00, ask(42_01))).toEqual({
      ok: false,
      message: fill(MSG.refundOverPaid, {
        left: '$42.00',
        invoice: 'INV A1-7',
        paid: '$142.00',
        refunded: '$100.00',
      }),
    });
    expect(planRefund(inv, settings, 0, ask(10_00, [{ id: 'p1', qty: 2 }]))).toEqual({
      ok: false,
      message: fill(MSG.refundBelowReturned, { worth: '$30.00', least: '$30.00', invoice: 'INV A1-7' }),
    });
    expect(planRefund(inv, settings, 0, ask(60_00, [{ id: 'p1', qty: 4 }]))).toEqual({
      ok: false,
      message: fill(MSG.itemReturnOnlyLeft, {
        left: 3,
        title: 'Oil filter',
        sold: 3,
        invoice: 'INV A1-7',
        returned: '',
      }),
    });
    expect(planRefund(inv, settings, 0, ask(10_00, [{ id: 'nope', qty: 1 }])).ok).toBe(false);
  });

  it('keeps a refund and the payment it stands on from being removed', () => {
    const inv = paidInvoice();
    expect(planTransactionRemoval(inv, settings, { method: 'refund', amount: -10_00, point: -10 }, 10_00)).toEqual({
      ok: false,
      message: MSG.refundFinal,
    });
    expect(planTransactionRemoval(inv, settings, { method: 'cash', amount: 142_00, point: 0 }, 10_00)).toEqual({
      ok: false,
      message: fill(MSG.refundKeepsPayment, { invoice: 'INV A1-7' }),
    });
    expect(planTransactionRemoval(inv, settings, { method: 'cash', amount: 142_00, point: 0 }, 0).ok).toBe(true);
  });

  it('counts refunded money from the refund rows only', () => {
    const rows = [
      { method: 'cash', amount: 142_00 },
      { method: 'refund', amount: -20_00 },
      { method: 'refund', amount: -5_00, deleted: true },
      { method: 'refund', amount: -1_00, deleted: false },
    ];
    expect(refundedOf(rows)).toBe(21_00);
  });

  it('summarises a refund under Paid as the invoice PDF and the editor show it: Refunded, then Net paid', () => {
    const paid = [{ method: 'cash', amount: 142_00 }];
    expect(refundSummary(142_00, paid)).toEqual([]);
    expect(refundSummary(142_00, [...paid, { method: 'refund', amount: -5_00, deleted: true }])).toEqual([]);
    expect(
      refundSummary(142_00, [...paid, { method: 'refund', amount: -20_00 }, { method: 'refund', amount: -1_00 }]),
    ).toEqual([
      { key: 'refunded', label: 'Refunded', cents: -21_00, strong: false },
      { key: 'net-paid', label: 'Net paid', cents: 121_00, strong: true },
    ]);
  });

  it('property: refunds never exceed the payments, and what the shop keeps never exceeds what it charges', () => {
    const step = fc.record({
      amount: fc.integer({ min: -100, max: 160_00 }),
      items: fc.array(fc.record({ id: fc.constantFrom('p1', 'p2'), qty: fc.integer({ min: 1, max: 3 }) }), {
        maxLength: 2,
      }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), (steps) => {
        let inv = paidInvoice();
        let refunded = 0;
        let pointsBack = 0;
        for (const s of steps) {
          const plan = planRefund(inv, settings, refunded, ask(s.amount, s.items));
          if (!plan.ok) continue;
          expect(plan.append.amount).toBe(-s.amount);
          expect(plan.refunded).toBe(refunded + s.amount);
          refunded = plan.refunded;
          pointsBack += plan.points;
          if (plan.invoice) inv = { ...inv, products: plan.invoice.products };
          const f = invoiceFigures(inv, settings);
          expect(f).toEqual(plan.figures);
          expect(refunded).toBeLessThanOrEqual(inv.payment);
          expect(inv.payment - refunded).toBeLessThanOrEqual(f.totals.total);
          expect(plan.figures.total).toBe(0);
          expect(pointsBack).toBeLessThanOrEqual(0);
          expect(-pointsBack).toBeLessThanOrEqual(pointsEarned(refunded));
        }
      }),
    );
  });
});

describe('refundSchema', () => {
  const body = { invoice_id: '0190b5a0-0000-7000-8000-000000000001', amount: 10_00, reason: ' Faulty ' };
  it('casts a refund and refuses one out of bounds, in its words', async () => {
    await expect(validatePayload(refundSchema, body)).resolves.toMatchObject({
      reason: 'Faulty',
      refund_method: 'cash',
      items: [],
    });
    await expect(validatePayload(refundSchema, { ...body, amount: 0 })).rejects.toThrow(MSG.refundAmount);
    await expect(validatePayload(refundSchema, { ...body, amount: 1.5 })).rejects.toThrow(MSG.refundAmount);
    await expect(validatePayload(refundSchema, { ...body, reason: '   ' })).rejects.toThrow(MSG.refundReason);
    await expect(validatePayload(refundSchema, { ...body, refund_method: 'online' })).resolves.toMatchObject({
      refund_method: 'online',
    });
    for (const refund_method of ['refund', 'discount', 'gold'])
      await expect(validatePayload(refundSchema, { ...body, refund_method })).rejects.toThrow(
        'Select a payment method',
      );
    await expect(validatePayload(refundSchema, { ...body, reason: 'x'.repeat(501) })).rejects.toThrow('at most');
    await expect(validatePayload(refundSchema, { ...body, items: [{ id: 'p1', qty: 0 }] })).rejects.toThrow(
      MSG.itemReturnInvalid,
    );
  });
});

describe('refunds in the reports (issue 18)', () => {
  const day = shopToday(new Date('2026-03-02T17:00:00Z'), 'America/Jamaica');
  const at = '2026-03-02T16:00:00.000Z';
  const rows = [
    { method: 'cash', amount: 142_00, created_at: at },
    { method: 'discount', amount: 5_00, created_at: at },
    { method: 'refund', amount: -20_00, created_at: at },
    { method: 'refund', amount: -7_00, created_at: at, deleted: true },
  ];
  it('takings are net of refunds; the day says what was refunded; the methods strip nets them out too', () => {
    expect(salesOf(rows, day)).toBe(122_00);
    expect(reportSalesRows(rows, day, 'America/Jamaica')).toEqual([
      { dt: '2026-03-02', sales: 122_00, refunds: 20_00 },
    ]);
    // a refund without a method went back in cash (refundedBy)
    expect(transactionSummary(rows, day).cash).toBe(122_00);
  });
  it("GET /transaction-summary's methods net each refund off the method it went back by, and sum to the Sales tile", () => {
    const paid = [
      ...rows,
      { method: 'Credit Card', amount: 60_00, created_at: at },
      { method: 'refund', amount: -15_00, created_at: at, refund_method: 'credit_card' },
      { method: 'refund', amount: -3_00, created_at: '2026-03-03T16:00:00.000Z', refund_method: 'cash' }, // next day
    ];
    const all = takingsByMethod(paid, day);
    expect([all.taken.cash, all.taken.credit_card, all.payments]).toEqual([142_00, 60_00, 2]);
    expect([all.refunds.cash, all.refunds.credit_card]).toEqual([
      { count: 1, cents: 20_00 },
      { count: 1, cents: 15_00 },
    ]);
    const summary = transactionSummary(paid, day);
    expect(summary).toEqual({ cash: 122_00, debit_card: 0, credit_card: 45_00, online: 0, cheque: 0 });
    expect(Object.values(summary).reduce((a, b) => a + b, 0)).toBe(salesOf(paid, day));
  });
  it('without a refund the figures are what they were: no refunds figure at all', () => {
    const plain = rows.filter((r) => r.method !== 'refund');
    expect(salesOf(plain, day)).toBe(142_00);
    expect(reportSalesRows(plain, day, 'America/Jamaica')).toEqual([{ dt: '2026-03-02', sales: 142_00 }]);
  });
});
