import { describe, expect, it } from 'vitest';
import {
  AFTER_CLOSING,
  anyAfterClosing,
  cashDifference,
  cashupLines,
  cashupWindow,
  expectedTakings,
  onTill,
  takenAfterClosing,
  tillOf,
} from '../../src/domain/cashup';
import { CONFIG_SEED, cashupScopeOf, shopSettings } from '../../src/domain/configSheet';
import { differenceWords, planCashup, type CashupContext } from '../../src/domain/writes/cashups';
import { cashupSchema } from '../../src/domain/schemas/cashup';
import { cashupPdf, shopInfo } from '../../src/pdf';
import { readPdf } from '../helpers/pdfText';

/**
 * The cash-up's rules (issue 18): the takings by payment method of a shop day in the shop's zone, the till whose
 * payments count, the counted cash against the expected, and what a cash-up refuses — the same pure functions the
 * device and the server run.
 */
const JM = 'America/Jamaica'; // UTC−5 all year
const NY = 'America/New_York'; // DST: 8 March 2026 is a 23-hour day

let n = 0;
interface Extra {
  number?: string;
  deleted?: boolean;
  refund_method?: string;
}
const t = (created_at: string, method: string, amount: number, extra: Extra = {}) => ({
  created_at,
  method,
  amount,
  number: extra.number ?? `A1-${++n}`,
  deleted: extra.deleted ?? false,
  refund_method: extra.refund_method ?? '',
});

/** Refunds by method as a cash-up keeps them: none unless given. */
const refunds = (some: Record<string, { count: number; cents: number }> = {}) => ({
  cash: { count: 0, cents: 0 },
  debit_card: { count: 0, cents: 0 },
  credit_card: { count: 0, cents: 0 },
  online: { count: 0, cents: 0 },
  cheque: { count: 0, cents: 0 },
  ...some,
});

describe('the day a cash-up counts', () => {
  it("is the shop's day in its zone: 00:00 to 24:00 there, 23 hours on the day clocks go forward", () => {
    expect(cashupWindow('2026-11-26', JM)).toEqual({
      from: new Date('2026-11-26T05:00:00Z'),
      to: new Date('2026-11-27T05:00:00Z'),
    });
    const spring = cashupWindow('2026-03-08', NY);
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
  });

  it('counts payments by method within the day, not discounts, points, reversed ones or the next day', () => {
    const rows = [
      t('2026-11-26T05:00:00Z', 'cash', 1000), // 00:00 in Kingston: this day
      t('2026-11-27T04:59:59Z', 'Credit Card', 2500), // 23:59:59 there: this day, the method as the chips spell it
      t('2026-11-26T04:59:59Z', 'cash', 7000), // 23:59:59 the day before
      t('2026-11-27T05:00:00Z', 'cash', 7000), // the next day
      t('2026-11-26T15:00:00Z', 'discount', 500),
      t('2026-11-26T15:00:00Z', 'redemption', 300),
      t('2026-11-26T15:00:00Z', 'cash', 900, { deleted: true }),
      t('2026-11-26T16:00:00Z', 'dc', 1200),
    ];
    expect(expectedTakings(rows, '2026-11-26', JM, 'shop')).toEqual({
      expected: { cash: 1000, debit_card: 1200, credit_card: 2500, online: 0, cheque: 0 },
      payments: 3,
      refunds: refunds(),
    });
  });

  it("a device's till counts the payments numbered from its series; the shop's counts them all", () => {
    const rows = [
      t('2026-11-26T15:00:00Z', 'cash', 1000, { number: 'B2-4' }),
      t('2026-11-26T15:00:00Z', 'cash', 2000, { number: 'B22-1' }),
      t('2026-11-26T15:00:00Z', 'cash', 4000, { number: 'S-9' }),
    ];
    expect(expectedTakings(rows, '2026-11-26', JM, 'B2').expected.cash).toBe(1000);
    expect(expectedTakings(rows, '2026-11-26', JM, 'S').expected.cash).toBe(4000);
    expect(expectedTakings(rows, '2026-11-26', JM, 'shop').expected.cash).toBe(7000);
    expect([tillOf('shop', 'B2'), tillOf('device', 'B2'), onTill({ number: 'B2-1' }, 'B22')]).toEqual([
      'shop',
      'B2',
      false,
    ]);
  });

  it("takes the day's refunds off the method they were paid back by, on the till that paid them (issue 18)", () => {
    const rows = [
      t('2026-11-26T15:00:00Z', 'cash', 16000, { number: 'B2-1' }),
      t('2026-11-26T15:00:00Z', 'credit_card', 9000, { number: 'B2-2' }),
      t('2026-11-26T16:00:00Z', 'refund', -3000, { number: 'B2-3', refund_method: 'cash' }),
      t('2026-11-26T16:30:00Z', 'refund', -2500, { number: 'B2-4', refund_method: 'credit_card' }),
      t('2026-11-26T17:00:00Z', 'refund', -1000, { number: 'B2-5' }), // made before the method was kept: cash
      t('2026-11-26T17:00:00Z', 'refund', -700, { number: 'C3-1', refund_method: 'cash' }), // another till's
      t('2026-11-27T06:00:00Z', 'refund', -400, { number: 'B2-6', refund_method: 'cash' }), // the next day
      t('2026-11-26T17:30:00Z', 'refund', -900, { number: 'B2-7', refund_method: 'cash', deleted: true }),
    ];
    expect(expectedTakings(rows, '2026-11-26', JM, 'B2')).toEqual({
      expected: { cash: 12000, debit_card: 0, credit_card: 6500, online: 0, cheque: 0 },
      payments: 2,
      refunds: refunds({ cash: { count: 2, cents: 4000 }, credit_card: { count: 1, cents: 2500 } }),
    });
    const shop = expectedTakings(rows, '2026-11-26', JM, 'shop');
    expect([shop.expected.cash, shop.refunds.cash]).toEqual([11300, { count: 3, cents: 4700 }]);
    // the lines the screen and the PDF show: taken, refunds paid out, expected = taken − refunds
    const { lines, total } = cashupLines(expectedTakings(rows, '2026-11-26', JM, 'B2'));
    expect(
      lines.filter((l) => l.taken).map((l) => [l.method, l.taken, l.refunds.count, l.refunds.cents, l.expected]),
    ).toEqual([
      ['cash', 16000, 2, 4000, 12000],
      ['credit_card', 9000, 1, 2500, 6500],
    ]);
    expect(total).toEqual({ taken: 25000, refunds: { count: 3, cents: 6500 }, expected: 18500 });
  });

  it('the difference is counted less expected cash: short below zero, over above', () => {
    const expected = { cash: 15000, debit_card: 0, credit_card: 5050, online: 0, cheque: 0 };
    expect(cashDifference(14800, expected)).toBe(-200);
    expect(cashDifference(15000, expected)).toBe(0);
    expect([differenceWords(-200), differenceWords(0), differenceWords(150)]).toEqual([
      'short $2.00',
      'even',
      'over $1.50',
    ]);
  });

  it('per shop unless the config sheet says device', () => {
    expect(shopSettings(CONFIG_SEED).cashupScope).toBe('shop');
    expect(shopSettings([]).cashupScope).toBe('shop');
    expect([cashupScopeOf(' Device '), cashupScopeOf('till'), cashupScopeOf('')]).toEqual(['device', 'shop', 'shop']);
  });
});

describe('taken after closing (issue 30)', () => {
  // closed at 17:00 in Kingston on 26 November
  const closed = { day: '2026-11-26', till: 'shop', closed_at: '2026-11-26T22:00:00Z' };

  it("counts the day's payments and refunds from the close to the day's end, by the takings' rule", () => {
    const rows = [
      t('2026-11-26T21:59:59Z', 'cash', 7000), // 16:59:59: in the count
      t('2026-11-26T22:00:00Z', 'cash', 1500), // at the close: after it
      t('2026-11-26T23:30:00Z', 'Credit Card', 4000),
      t('2026-11-27T01:00:00Z', 'refund', -500, { refund_method: 'cash' }),
      t('2026-11-27T02:00:00Z', 'discount', 300),
      t('2026-11-27T02:00:00Z', 'cash', 900, { deleted: true }),
      t('2026-11-27T05:00:00Z', 'cash', 8000), // the next day's: the next cash-up's
    ];
    const after = takenAfterClosing(rows, closed, JM);
    expect(after).toEqual({
      expected: { cash: 1000, debit_card: 0, credit_card: 4000, online: 0, cheque: 0 },
      payments: 2,
      refunds: refunds({ cash: { count: 1, cents: 500 } }),
    });
    expect(anyAfterClosing(after)).toBe(true);
    // the count and what came after it add up to the day's takings
    const day = expectedTakings(rows, '2026-11-26', JM, 'shop');
    expect(day.payments).toBe(1 + after.payments);
    expect(day.expected.cash).toBe(7000 + after.expected.cash);
  });

  it('places an offline payment by its own time: taken before the close, it is not after closing, however late it synced', () => {
    // taken on a tablet at 16:30, its row reached the device that closed long after 17:00
    const rows = [t('2026-11-26T21:30:00Z', 'cash', 2500, { number: 'B2-9' })];
    const after = takenAfterClosing(rows, closed, JM);
    expect(after.payments).toBe(0);
    expect(anyAfterClosing(after)).toBe(false);
  });

  it("counts only the cash-up's till, and nothing when the day was closed after it had ended", () => {
    const rows = [
      t('2026-11-26T23:00:00Z', 'cash', 1000, { number: 'B2-1' }),
      t('2026-11-26T23:00:00Z', 'cash', 3000, { number: 'C3-1' }),
      t('2026-11-27T13:00:00Z', 'cash', 5000, { number: 'B2-2' }), // the next morning
    ];
    expect(takenAfterClosing(rows, { ...closed, till: 'B2' }, JM).expected.cash).toBe(1000);
    expect(takenAfterClosing(rows, closed, JM).expected.cash).toBe(4000);
    // 26 November closed at 09:00 on the 27th: the 27th's payments are the 27th's cash-up's
    const late = takenAfterClosing(rows, { ...closed, closed_at: '2026-11-27T14:00:00Z' }, JM);
    expect([late.payments, anyAfterClosing(late)]).toEqual([0, false]);
  });
});

describe('planCashup', () => {
  const ctx = (over: Partial<CashupContext> = {}): CashupContext => ({
    transactions: [t('2026-11-26T15:00:00Z', 'cash', 15000), t('2026-11-26T16:00:00Z', 'cheque', 2500)],
    made: [],
    scope: 'shop',
    timeZone: JM,
    username: 'boss',
    now: new Date('2026-11-26T23:00:00Z'),
    ...over,
  });
  const body = (over: Record<string, unknown> = {}) =>
    cashupSchema.validateSync({ day: '2026-11-26', counted_cash: 14800, note: '  late  ', ...over });

  it('keeps the figures, who closed and when, and a log line that says them', () => {
    const plan = planCashup(body({ closed_at: '2026-11-26T22:05:00Z', device: 'B2' }), ctx());
    expect(plan).toMatchObject({
      ok: true,
      message: 'Cash-up saved',
      row: {
        day: '2026-11-26',
        till: 'shop',
        device: 'B2',
        expected: { cash: 15000, cheque: 2500 },
        payments: 2,
        counted_cash: 14800,
        difference: -200,
        note: 'late',
        closed_by: 'boss',
        closed_at: '2026-11-26T22:05:00.000Z',
      },
      log: {
        subject: 'Cash-up 2026-11-26 (shop)',
        predicate:
          'closed by boss: counted cash $148.00, expected $150.00, short $2.00; taken Cash $150.00, Cheque $25.00',
      },
    });
  });

  it('refuses a day that has not begun in the shop, and a second cash-up of the till', () => {
    // 23:00 UTC on the 26th is 18:00 in Kingston: the 27th has not begun there
    expect(planCashup(body({ day: '2026-11-27' }), ctx())).toMatchObject({
      ok: false,
      status: 400,
      message: 'The day 2026-11-27 has not begun yet: nothing to cash up',
    });
    const made = [{ day: '2026-11-26', till: 'shop', closed_by: 'ann', closed_at: '2026-11-26T22:00:00Z' }];
    expect(planCashup(body(), ctx({ made }))).toMatchObject({
      ok: false,
      status: 409,
      message: 'The cash-up for 2026-11-26 (shop) was already made by ann at 2026-11-26 17:00',
    });
    // per device, another device's cash-up of the day is its own drawer
    expect(planCashup(body({ device: 'B2' }), ctx({ made, scope: 'device' }))).toMatchObject({ ok: true });
  });

  it('takes only a day of the calendar and a count of whole cents from 0', () => {
    const bad = [
      { day: '2026-02-30' },
      { day: '26-11-2026' },
      { day: '0000-01-01' },
      { closed_at: '0000-01-01T00:00Z' },
      { counted_cash: -1 },
      { counted_cash: 1.5 },
    ];
    for (const over of bad) expect(() => body(over), JSON.stringify(over)).toThrow();
    expect(() => body({ device: 'lobby' })).toThrow();
  });
});

describe('the cash-up document', () => {
  const cashup = {
    day: '2026-11-26',
    till: 'shop',
    expected: { cash: 15000, debit_card: 0, credit_card: 5050, online: 0, cheque: 0 },
    payments: 3,
    refunds: refunds({ cash: { count: 2, cents: 3000 } }),
    counted_cash: 14800,
    difference: -200,
    note: 'two notes short',
    closed_by: 'boss',
    closed_at: '2026-11-26T22:05:00Z',
  };
  const shop = shopInfo(shopSettings(CONFIG_SEED));

  it('prints the day, the takings, the counted cash and the difference on A4 and on the 80 mm roll', async () => {
    for (const paper of ['A4', '80mm'] as const) {
      const doc = await readPdf(cashupPdf(cashup, shop, paper));
      expect(doc.pages[0]!.width).toBeCloseTo(paper === 'A4' ? 210 : 80, 0);
      for (const text of [
        'CASH-UP',
        '2026-11-26',
        'Closed by: boss',
        'At: 2026-11-26 17:05',
        'Takings (3 payments)',
        'Cash $180.00',
        'Credit Card $50.50',
        'Total taken $230.50',
        'Refunds paid out (2 refunds)',
        'Cash (2) -$30.00',
        'Total refunded -$30.00',
        'Expected (taken less refunds)',
        'Total expected $200.50',
        'Expected cash $150.00',
        'Counted cash $148.00',
        'Difference -$2.00 (short $2.00)',
        'Note: two notes short',
      ])
        expect(doc.text, `${paper}: ${text}`).toContain(text);
    }
  });

  it('prints what was taken after closing under the count, and nothing of it when there was none', async () => {
    const after = {
      expected: { cash: 1000, debit_card: 0, credit_card: 4000, online: 0, cheque: 0 },
      payments: 2,
      refunds: refunds({ cash: { count: 1, cents: 500 } }),
    };
    for (const paper of ['A4', '80mm'] as const) {
      const doc = await readPdf(cashupPdf({ ...cashup, after }, shop, paper));
      const text = doc.pages.flatMap((pg) => pg.lines).join(' ');
      for (const line of [AFTER_CLOSING.title, 'Cash $10.00', 'Credit Card $40.00', 'Total (2 payments) $50.00'])
        expect(doc.text, `${paper}: ${line}`).toContain(line);
      expect(text, paper).toContain(AFTER_CLOSING.advice.slice(0, 40));
      expect(doc.text.indexOf(AFTER_CLOSING.title)).toBeGreaterThan(doc.text.indexOf('Counted cash'));
    }
    const none = {
      ...after,
      payments: 0,
      expected: { ...after.expected, cash: 0, credit_card: 0 },
      refunds: refunds(),
    };
    expect((await readPdf(cashupPdf({ ...cashup, after: none }, shop, 'A4'))).text).not.toContain(AFTER_CLOSING.title);
  });

  it('a cash-up made before refunds were kept prints none, and its takings as expected', async () => {
    const { refunds: _kept, ...old } = cashup;
    const doc = await readPdf(cashupPdf(old, shop, 'A4'));
    for (const text of ['Refunds paid out (0 refunds)', 'Total refunded $0.00', 'Total taken $200.50'])
      expect(doc.text, text).toContain(text);
  });
});
