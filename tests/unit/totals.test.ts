import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '../../src/domain/configSheet';
import { MSG } from '../../src/domain/messages';
import { formatUSD, fromCents, percentOf, toCents } from '../../src/domain/money';
import {
  MAX_RATE_CENTS,
  addLine,
  checkCanAdd,
  checkDiscount,
  checkInvoiceSave,
  checkPayment,
  checkPoints,
  checkQty,
  computeInvoice,
  isPaid,
  normaliseQty,
  pointsMovedBy,
  pointsValue,
  stockDeltas,
  storageChargeJmd,
  storageDaysSince,
  storageUsdCents,
} from '../../src/domain/totals';
import { atLeast } from '../helpers/present';

/** fc.integer stops at 2^31: money figures go far beyond it (rate max $9,999,999,999 = 999,999,999,900 cents). */
const int = (min: number, max: number) => fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);

/**
 * Prices up to the rate maximum, quantities up to 500 and up to 8 lines, work hours up to 1,000: the largest
 * invoice stays below 2^53 cents, where whole cents are still exact.
 */
const line = fc.record({
  price: int(0, MAX_RATE_CENTS),
  qty: fc.integer({ min: 0, max: 500 }),
  returned: fc.integer({ min: 0, max: 600 }),
});
/** Any percentage: none, SPEC's 5–20 choices, fractions, exactly 100, far above 100, negative nonsense. */
const percent = fc.oneof(
  fc.constantFrom(0, 5, 20, 99, 100, 101, 150, 1000),
  fc.integer({ min: -50, max: 100_000 }),
  fc.double({ min: -10, max: 1e6, noNaN: true, noDefaultInfinity: true }),
);
const input = fc.record({
  type: fc.constantFrom('service' as const, 'product' as const),
  workHour: fc.oneof(
    fc.double({ min: -10, max: 1000, noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: 0, max: 1000 }),
  ),
  rateCents: fc.oneof(int(-1000, MAX_RATE_CENTS), fc.constant(MAX_RATE_CENTS)),
  lines: fc.array(line, { maxLength: 8 }),
  discountPercent: percent,
  // points and payments reach past any total, so the caps are met
  pointsCents: int(-1000, Number.MAX_SAFE_INTEGER),
  storageCents: int(0, 10_000_000_000),
  paidCents: int(-1000, Number.MAX_SAFE_INTEGER),
});

describe('invoice totals (property-based)', () => {
  it('are whole, exact cents and never negative', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeInvoice(i);
        for (const v of [t.labour, t.product, t.storage, t.discount, t.points, t.total, t.paid, t.due]) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never discounts more than labour plus products, whatever the percentage', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeInvoice(i);
        expect(t.discount).toBeLessThanOrEqual(t.labour + t.product);
      }),
      { numRuns: 500 },
    );
  });

  it('caps a discount of 100 % or more at labour plus products exactly', () => {
    fc.assert(
      fc.property(
        input,
        fc.oneof(
          fc.constant(100),
          fc.integer({ min: 100, max: 1_000_000 }),
          fc.double({ min: 100, max: 1e9, noNaN: true, noDefaultInfinity: true }),
        ),
        (i, p) => {
          const t = computeInvoice({ ...i, discountPercent: p });
          expect(t.discount).toBe(t.labour + t.product);
          // storage is not discounted: what is left before points is the storage charge
          expect(t.total + t.points).toBe(t.storage);
        },
      ),
    );
  });

  it('gives no discount for 0 % or a negative percentage', () => {
    fc.assert(
      fc.property(input, fc.oneof(fc.constant(0), fc.integer({ min: -1000, max: 0 })), (i, p) => {
        expect(computeInvoice({ ...i, discountPercent: p }).discount).toBe(0);
      }),
    );
  });

  it('discounts more (or the same) for a higher percentage, and never the storage charge', () => {
    fc.assert(
      fc.property(input, percent, percent, int(0, 10_000_000_000), (i, a, b, storage) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(computeInvoice({ ...i, discountPercent: lo }).discount).toBeLessThanOrEqual(
          computeInvoice({ ...i, discountPercent: hi }).discount,
        );
        expect(computeInvoice({ ...i, storageCents: storage }).discount).toBe(
          computeInvoice({ ...i, storageCents: 0 }).discount,
        );
      }),
    );
  });

  it('adds up: total = labour + products + storage − discount − points; due = max(0, total − paid)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeInvoice(i);
        expect(t.total).toBe(t.labour + t.product + t.storage - t.discount - t.points);
        expect(t.due).toBe(Math.max(0, t.total - t.paid));
      }),
      { numRuns: 500 },
    );
  });

  it('never lets points or payments take the amount due below zero', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeInvoice(i);
        expect(t.points).toBeLessThanOrEqual(t.labour + t.product + t.storage - t.discount);
        expect(t.due).toBeGreaterThanOrEqual(0);
        expect(t.due).toBeLessThanOrEqual(t.total);
      }),
      { numRuns: 500 },
    );
  });

  it('is Paid exactly when the amount due is 0 or less (SPEC §4)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeInvoice(i);
        expect(t.status === 'Paid').toBe(t.due <= 0);
      }),
      { numRuns: 500 },
    );
    // paying the whole total makes it Paid; a cent short leaves it Due
    fc.assert(
      fc.property(input, (i) => {
        const total = computeInvoice({ ...i, paidCents: 0 }).total;
        expect(computeInvoice({ ...i, paidCents: total }).status).toBe('Paid');
        if (total > 0) expect(computeInvoice({ ...i, paidCents: total - 1 })).toMatchObject({ status: 'Due', due: 1 });
      }),
    );
    expect([isPaid(0), isPaid(-1), isPaid(1)]).toEqual([true, true, false]);
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(
        input.chain((i) =>
          fc.tuple(
            fc.constant(i),
            fc.shuffledSubarray(i.lines, { minLength: i.lines.length, maxLength: i.lines.length }),
          ),
        ),
        ([i, shuffled]) => {
          expect(computeInvoice({ ...i, lines: shuffled })).toEqual(computeInvoice(i));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('has no labour on a product sale, whatever hours and rate come with it', () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(computeInvoice({ ...i, type: 'product' }).labour).toBe(0);
      }),
    );
  });

  it('computes a known invoice', () => {
    const t = computeInvoice({
      type: 'service',
      workHour: 1.5,
      rateCents: 5000,
      lines: [{ price: 1299, qty: 2 }],
      discountPercent: 10,
      pointsCents: 500,
      paidCents: 1000,
    });
    expect(t).toMatchObject({
      labour: 7500,
      product: 2598,
      discount: 1010,
      points: 500,
      total: 8588,
      due: 7588,
      status: 'Due',
    });
  });

  it('computes known invoices at the edges: the rate maximum, a 150 % discount, points beyond the total', () => {
    // $9,999,999,999 an hour for 2 hours, one $10 part
    expect(
      computeInvoice({ type: 'service', workHour: 2, rateCents: MAX_RATE_CENTS, lines: [{ price: 1000, qty: 1 }] }),
    ).toMatchObject({
      labour: 1_999_999_999_800,
      product: 1000,
      total: 2_000_000_000_800,
      due: 2_000_000_000_800,
      status: 'Due',
    });
    expect(
      computeInvoice({
        type: 'service',
        workHour: 1,
        rateCents: 10_000,
        lines: [{ price: 5000, qty: 1 }],
        discountPercent: 150,
        storageCents: 1290,
      }),
    ).toMatchObject({
      discount: 15_000,
      total: 1290,
      status: 'Due',
    });
    expect(
      computeInvoice({ type: 'service', workHour: 1, rateCents: 10_000, lines: [], pointsCents: 50_000 }),
    ).toMatchObject({ points: 10_000, total: 0, due: 0, status: 'Paid' });
    // returned items are not charged; more returned than sold charges nothing, never a negative line
    expect(
      computeInvoice({
        type: 'product',
        workHour: 0,
        rateCents: 0,
        lines: [
          { price: 700, qty: 3, returned: 1 },
          { price: 900, qty: 1, returned: 4 },
        ],
      }).product,
    ).toBe(1400);
  });
});

describe('rounding to the cent (property-based)', () => {
  /** a 2-decimal amount written as a person types it: '-1234.05', '0.10' */
  const typed = (c: number) =>
    `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
  const cents = int(-1_000_000_000_000_000, 1_000_000_000_000_000);

  it('round-trips every 2-decimal amount: as a number, as typed text and as formatted dollars', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(toCents(fromCents(c))).toBe(c);
        expect(toCents(typed(c))).toBe(c);
        expect(toCents(formatUSD(c))).toBe(c);
      }),
      { numRuns: 1000 },
    );
    // the classic float traps
    expect([toCents(1.005), toCents('1.005'), toCents(0.1 + 0.2), toCents('$1,234.565'), toCents(-2.675)]).toEqual([
      101, 101, 30, 123457, -268,
    ]);
  });

  it('rounds a percentage half away from zero, the same for a charge and a refund', () => {
    expect([percentOf(5, 50), percentOf(15, 10), percentOf(14, 10), percentOf(-5, 50), percentOf(-15, 10)]).toEqual([
      3, 2, 1, -3, -2,
    ]);
    fc.assert(
      fc.property(cents, percent, (c, p) => {
        expect(percentOf(-c, p)).toBe(-percentOf(c, p) || 0);
      }),
    );
  });

  it('keeps the percentage of a sum within 1 cent of the sum of its parts’ percentages', () => {
    const amount = int(0, 1_000_000_000_000);
    fc.assert(
      fc.property(fc.array(amount, { minLength: 2, maxLength: 2 }), fc.integer({ min: 0, max: 100 }), (pair, p) => {
        const [a, b] = atLeast(pair, 2);
        expect(Math.abs(percentOf(a + b, p) - (percentOf(a, p) + percentOf(b, p)))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same cents when computed twice', () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(computeInvoice(i)).toEqual(computeInvoice(structuredClone(i)));
      }),
    );
  });
});

describe('storage charge (SPEC §9: J$2,000 the first day, J$1,000 each further day)', () => {
  const SPEC_FEES = DEFAULT_SHOP_SETTINGS;
  it('charges J$2,000 for one day and J$1,000 more for each further day', () => {
    expect(storageChargeJmd(0, SPEC_FEES)).toBe(0);
    expect(storageChargeJmd(1, SPEC_FEES)).toBe(200_000);
    expect(storageChargeJmd(2, SPEC_FEES)).toBe(300_000);
    expect(storageChargeJmd(4, SPEC_FEES)).toBe(500_000);
    expect(storageChargeJmd(30, SPEC_FEES)).toBe(3_100_000);
    expect(storageChargeJmd(-3, SPEC_FEES)).toBe(0);
    expect(storageChargeJmd(2.9, SPEC_FEES)).toBe(300_000); // whole days only
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (d) => {
        expect(storageChargeJmd(d + 1, SPEC_FEES) - storageChargeJmd(d, SPEC_FEES)).toBe(100_000);
      }),
    );
  });

  it('counts a started day as a day, at least one', () => {
    const done = new Date('2026-03-01T12:00:00Z');
    expect(storageDaysSince(done, new Date('2026-03-01T12:00:00Z'))).toBe(1);
    expect(storageDaysSince(done, new Date('2026-03-01T13:00:00Z'))).toBe(1);
    expect(storageDaysSince(done.toISOString(), new Date('2026-03-02T12:00:00Z'))).toBe(1);
    expect(storageDaysSince(done, new Date('2026-03-02T12:00:01Z'))).toBe(2);
    expect(storageDaysSince(done, new Date('2026-03-08T12:00:00Z'))).toBe(7);
  });

  it('puts the JMD charge on a USD invoice at the configured rate, only when switched on', () => {
    const terms = { storageFirstDayJmdCents: 200_000, storagePerDayJmdCents: 100_000, jmdPerUsd: 155 };
    // J$4,000 / 155 = US$25.806… → $25.81
    expect(storageUsdCents({ storage: 'on', storage_days: 3 }, terms)).toBe(2581);
    expect(storageUsdCents({ storage: 'off', storage_days: 3 }, terms)).toBe(0);
  });
});

describe('money checks', () => {
  it('payments: value, above 0, at most the amount due', () => {
    expect(checkPayment(undefined, 1000)).toEqual({ ok: false, message: MSG.needValue });
    expect(checkPayment(null, 1000)).toEqual({ ok: false, message: MSG.needValue });
    expect(checkPayment(0, 1000)).toEqual({ ok: false, message: MSG.invalidPayment });
    expect(checkPayment(-1, 1000)).toEqual({ ok: false, message: MSG.invalidPayment });
    expect(checkPayment(Number.NaN, 1000)).toEqual({ ok: false, message: MSG.invalidPayment });
    expect(checkPayment(1001, 1000)).toEqual({ ok: false, message: MSG.invalidPayment });
    expect(checkPayment(1, 0)).toEqual({ ok: false, message: MSG.invalidPayment });
    expect(checkPayment(1000, 1000)).toEqual({ ok: true });
    expect(checkPayment(1, 1000)).toEqual({ ok: true });
  });

  it('points: at least 1, no more than the customer has', () => {
    expect(checkPoints(undefined, 10)).toEqual({ ok: false, message: MSG.invalidPoints });
    expect(checkPoints(0, 10)).toEqual({ ok: false, message: MSG.invalidPoints });
    expect(checkPoints(1.5, 10)).toEqual({ ok: false, message: MSG.invalidPoints });
    expect(checkPoints(11, 10)).toEqual({ ok: false, message: MSG.notEnoughPoints });
    expect(checkPoints(10, 10)).toEqual({ ok: true });
    expect(checkPoints(1, 10)).toEqual({ ok: true });
    expect(pointsValue(10, DEFAULT_SHOP_SETTINGS.pointValueCents)).toBe(500);
    expect(pointsValue(10, 100)).toBe(1000);
  });

  it('discount: one of the choices (none, or 5 % to 20 %)', () => {
    expect(checkDiscount(undefined)).toEqual({ ok: false, message: MSG.chooseDiscount });
    for (const bad of [4, 21, 5.5, -5, 100]) expect(checkDiscount(bad).ok, String(bad)).toBe(false);
    for (const good of [0, 5, 12, 20]) expect(checkDiscount(good), String(good)).toEqual({ ok: true });
  });

  it('stock: a product with stock below 1 cannot be added; with 1 or more it can', () => {
    expect(checkCanAdd(0)).toEqual({ ok: false, message: MSG.inventoryLow });
    expect(checkCanAdd(-3)).toEqual({ ok: false, message: MSG.inventoryLow });
    expect(checkCanAdd(0.5)).toEqual({ ok: false, message: MSG.inventoryLow });
    expect(checkCanAdd(1)).toEqual({ ok: true });
    expect(checkCanAdd(250)).toEqual({ ok: true });
  });

  it('stock: qty cannot exceed what is in stock; up to it is fine', () => {
    expect(checkQty({ title: 'Oil filter', qty: 3 }, 2)).toEqual({
      ok: false,
      message: 'Oil filter has only (2) in stock',
    });
    expect(checkQty({ title: 'Wiper', qty: 1 }, 0)).toEqual({ ok: false, message: 'Wiper has only (0) in stock' });
    expect(checkQty({ title: 'Oil filter', qty: 2 }, 2)).toEqual({ ok: true });
    expect(checkQty({ title: 'Oil filter', qty: 1 }, 2)).toEqual({ ok: true });
  });

  it('qty below 1 becomes 1 on invoices', () => {
    expect([
      normaliseQty(0),
      normaliseQty(-4),
      normaliseQty(''),
      normaliseQty('abc'),
      normaliseQty('3'),
      normaliseQty(2.7),
    ]).toEqual([1, 1, 1, 1, 3, 2]);
  });

  it('does not add a product twice', () => {
    expect(addLine([{ id: 'a', qty: 1 }], { id: 'a', qty: 2 })).toEqual([{ id: 'a', qty: 3 }]);
    expect(addLine([{ id: 'a', qty: 1 }], { id: 'b', qty: 1 })).toEqual([
      { id: 'a', qty: 1 },
      { id: 'b', qty: 1 },
    ]);
  });

  it('refuses zero invoices and empty product sales, and saves the rest', () => {
    expect(checkInvoiceSave('product', [], 0)).toEqual({ ok: false, message: MSG.addProductsFirst });
    expect(checkInvoiceSave('product', [], 500)).toEqual({ ok: false, message: MSG.addProductsFirst });
    expect(checkInvoiceSave('product', [{ id: 'a', qty: 1 }], 0)).toEqual({ ok: false, message: MSG.zeroInvoice });
    expect(checkInvoiceSave('service', [], 0)).toEqual({ ok: false, message: MSG.zeroInvoice });
    expect(checkInvoiceSave('service', [], -1)).toEqual({ ok: false, message: MSG.zeroInvoice });
    expect(checkInvoiceSave('service', [], 1)).toEqual({ ok: true });
    expect(checkInvoiceSave('product', [{ id: 'a', qty: 1 }], 500)).toEqual({ ok: true });
  });

  it('moves stock by the difference between two versions of the lines', () => {
    expect([...stockDeltas([], [{ id: 'a', qty: 2 }])]).toEqual([['a', -2]]);
    expect([
      ...stockDeltas(
        [{ id: 'a', qty: 2 }],
        [
          { id: 'a', qty: 1 },
          { id: 'b', qty: 1 },
        ],
      ),
    ]).toEqual([
      ['a', 1],
      ['b', -1],
    ]);
    expect([...stockDeltas([{ id: 'a', qty: 2 }], [{ id: 'a', qty: 2, returned: 1 }])]).toEqual([['a', 1]]);
    expect([...stockDeltas([], [{ id: '10001000', qty: 1 }])]).toEqual([]);
  });
});

describe('loyalty points a transaction moves (issue 30: the row, the customer and the receipt alike)', () => {
  it('a payment earns one a whole dollar, a refund takes back what its money earned, a discount or redemption none', () => {
    expect(pointsMovedBy({ method: 'cash', amount: 100_00 })).toBe(100);
    expect(pointsMovedBy({ method: 'credit_card', amount: 25_50 })).toBe(25);
    expect(pointsMovedBy({ method: 'cc', amount: 99 })).toBe(0);
    expect(pointsMovedBy({ method: 'refund', amount: -30_50 })).toBe(-30);
    // a refund under a dollar takes back nothing: 0, not -0, so a row compares equal on both sides
    expect(Object.is(pointsMovedBy({ method: 'refund', amount: -50 }), 0)).toBe(true);
    expect(pointsMovedBy({ method: 'discount', amount: 10_00 })).toBe(0);
    expect(pointsMovedBy({ method: 'redemption', amount: 10_00 })).toBe(0);
  });

  it('property: a refund of all that was paid takes back exactly what the payment earned', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_00 }), (cents) => {
        const earned = pointsMovedBy({ method: 'cash', amount: cents });
        expect(pointsMovedBy({ method: 'refund', amount: -cents })).toBe(0 - earned);
        expect(earned).toBe(Math.floor(cents / 100));
      }),
    );
  });
});
