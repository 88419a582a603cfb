import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { addLine, checkCanAdd, checkDiscount, checkInvoiceSave, checkPayment, checkPoints, checkQty, computeInvoice, normaliseQty, pointsValue, stockDeltas, storageChargeJmd } from '../../src/domain/totals';

const line = fc.record({ price: fc.integer({ min: 0, max: 10_000_000 }), qty: fc.integer({ min: 0, max: 1000 }), returned: fc.integer({ min: 0, max: 5 }) });
const input = fc.record({
  type: fc.constantFrom('service' as const, 'product' as const),
  workHour: fc.double({ min: -10, max: 500, noNaN: true }),
  rateCents: fc.integer({ min: -1000, max: 1_000_000 }),
  lines: fc.array(line, { maxLength: 8 }),
  discountPercent: fc.integer({ min: 0, max: 20 }),
  pointsCents: fc.integer({ min: 0, max: 1_000_000 }),
  storageCents: fc.integer({ min: 0, max: 100_000 }),
  paidCents: fc.integer({ min: 0, max: 100_000_000 }),
});

describe('invoice totals (property-based)', () => {
  it('are whole cents and never negative', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeInvoice(i);
        for (const v of [t.labour, t.product, t.storage, t.discount, t.points, t.total, t.paid, t.due]) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('never discounts more than labour plus products', () => {
    fc.assert(fc.property(input, (i) => {
      const t = computeInvoice(i);
      expect(t.discount).toBeLessThanOrEqual(t.labour + t.product);
    }));
  });

  it('adds up: total = labour + products + storage − discount − points; due = max(0, total − paid)', () => {
    fc.assert(fc.property(input, (i) => {
      const t = computeInvoice(i);
      expect(t.total).toBe(t.labour + t.product + t.storage - t.discount - t.points);
      expect(t.due).toBe(Math.max(0, t.total - t.paid));
      expect(t.status).toBe(t.due <= 0 ? 'Paid' : 'Due');
    }));
  });

  it('is stable: computing twice, or from the same lines in another order, gives the same cents', () => {
    fc.assert(fc.property(input, (i) => {
      const a = computeInvoice(i);
      const b = computeInvoice({ ...i, lines: [...i.lines].reverse() });
      expect(b).toEqual(a);
      expect(computeInvoice(i)).toEqual(a);
    }));
  });

  it('computes a known invoice', () => {
    const t = computeInvoice({ type: 'service', workHour: 1.5, rateCents: 5000, lines: [{ price: 1299, qty: 2 }], discountPercent: 10, pointsCents: 500, paidCents: 1000 });
    expect(t).toMatchObject({ labour: 7500, product: 2598, discount: 1010, points: 500, total: 8588, due: 7588, status: 'Due' });
  });

  it('has no labour on a product sale', () => {
    expect(computeInvoice({ type: 'product', workHour: 3, rateCents: 5000, lines: [{ price: 100, qty: 1 }] }).labour).toBe(0);
  });
});

describe('money checks', () => {
  it('payments: value, above 0, at most the amount due', () => {
    expect(checkPayment(undefined, 1000)).toEqual({ ok: false, message: MSG.needValue });
    expect(checkPayment(0, 1000)).toEqual({ ok: false, message: MSG.invalidPayment });
    expect(checkPayment(-1, 1000)).toEqual({ ok: false, message: MSG.invalidPayment });
    expect(checkPayment(1001, 1000)).toEqual({ ok: false, message: MSG.invalidPayment });
    expect(checkPayment(1, 0)).toEqual({ ok: false, message: MSG.invalidPayment });
    expect(checkPayment(1000, 1000)).toEqual({ ok: true });
  });

  it('points: at least 1, no more than the customer has', () => {
    expect(checkPoints(0, 10)).toEqual({ ok: false, message: MSG.invalidPoints });
    expect(checkPoints(11, 10)).toEqual({ ok: false, message: MSG.notEnoughPoints });
    expect(checkPoints(10, 10)).toEqual({ ok: true });
    expect(pointsValue(10)).toBe(500);
  });

  it('discount: one of the choices', () => {
    expect(checkDiscount(undefined).ok).toBe(false);
    expect(checkDiscount(4).ok).toBe(false);
    expect(checkDiscount(0).ok).toBe(true);
    expect(checkDiscount(20).ok).toBe(true);
  });

  it('stock: low stock cannot be added, qty cannot exceed stock', () => {
    expect(checkCanAdd(0)).toEqual({ ok: false, message: MSG.inventoryLow });
    expect(checkQty({ title: 'Oil filter', qty: 3 }, 2)).toEqual({ ok: false, message: 'Oil filter has only (2) in stock' });
    expect(normaliseQty(0)).toBe(1);
    expect(normaliseQty('3')).toBe(3);
  });

  it('does not add a product twice', () => {
    expect(addLine([{ id: 'a', qty: 1 }], { id: 'a', qty: 2 })).toEqual([{ id: 'a', qty: 3 }]);
  });

  it('refuses zero invoices and empty product sales', () => {
    expect(checkInvoiceSave('product', [], 0)).toEqual({ ok: false, message: MSG.addProductsFirst });
    expect(checkInvoiceSave('service', [], 0)).toEqual({ ok: false, message: MSG.zeroInvoice });
  });

  it('storage: JMD 2,000 the first day and 1,000 each further day', () => {
    expect(storageChargeJmd(0)).toBe(0);
    expect(storageChargeJmd(1)).toBe(200_000);
    expect(storageChargeJmd(4)).toBe(500_000);
  });

  it('moves stock by the difference between two versions of the lines', () => {
    expect([...stockDeltas([], [{ id: 'a', qty: 2 }])]).toEqual([['a', -2]]);
    expect([...stockDeltas([{ id: 'a', qty: 2 }], [{ id: 'a', qty: 1 }, { id: 'b', qty: 1 }])]).toEqual([['a', 1], ['b', -1]]);
    expect([...stockDeltas([{ id: 'a', qty: 2 }], [{ id: 'a', qty: 2, returned: 1 }])]).toEqual([['a', 1]]);
  });
});
