import { describe, expect, it } from 'vitest';
import { METHOD_COLOR, METHOD_LABELS, normaliseMethod } from '../../src/domain/entities';
import {
  PAID_SUMMARY_DAYS,
  TRANSACTION_STRIP,
  dashReport,
  invoiceSummary,
  isSale,
  paidSummaryWindow,
  shopToday,
  transactionSummary,
} from '../../src/domain/reports';

/** SPEC §2 Invoices table cards and Dashboard finance tiles, §9 'Paid summary covers the last 7 days'. */

const NOW = new Date('2026-03-10T15:00:00.000Z'); // 10:00 in Jamaica (UTC−5)
const daysAgo = (d: number, extraMs = 0) => new Date(NOW.getTime() - d * 86_400_000 + extraMs).toISOString();

describe('invoiceSummary (SPEC §2 summary cards, §9 7 days)', () => {
  it('counts unpaid invoices with the sum due, and invoices paid in the last 7 days with the sum paid', () => {
    const s = invoiceSummary(
      [
        { total: 2_500, payment: 0, updated_at: daysAgo(30) }, // due, however old
        { total: 1_000, payment: 4_000, updated_at: daysAgo(0) }, // part paid: still due
        { total: 0, payment: 12_000, updated_at: daysAgo(1) }, // paid yesterday
        { total: 0, payment: 3_000, updated_at: daysAgo(PAID_SUMMARY_DAYS, 60_000) }, // paid just inside 7 days
        { total: 0, payment: 9_900, updated_at: daysAgo(PAID_SUMMARY_DAYS, -60_000) }, // just outside
        { total: -1, payment: 0, updated_at: daysAgo(2) }, // brought to 0 by points: paid, nothing in money
      ],
      NOW,
    );
    expect(s.unpaid).toEqual({ count: 2, sum: 3_500 });
    expect(s.paid).toEqual({ count: 3, sum: 15_000 });
  });

  it('is 7 days', () => {
    expect(PAID_SUMMARY_DAYS).toBe(7);
    const w = paidSummaryWindow(NOW);
    expect(NOW.getTime() - w.from.getTime()).toBe(7 * 86_400_000);
  });

  it('is zero for no invoices', () => {
    expect(invoiceSummary([], NOW)).toEqual({ paid: { count: 0, sum: 0 }, unpaid: { count: 0, sum: 0 } });
  });
});

describe("shopToday: the shop's day", () => {
  it('starts at midnight in the shop time zone', () => {
    const d = shopToday(NOW, 'America/Jamaica');
    expect(d.from.toISOString()).toBe('2026-03-10T05:00:00.000Z');
    expect(d.to.toISOString()).toBe('2026-03-11T05:00:00.000Z');
    // 02:00 UTC on the 10th is still the 9th in Jamaica
    expect(shopToday(new Date('2026-03-10T02:00:00Z'), 'America/Jamaica').from.toISOString()).toBe(
      '2026-03-09T05:00:00.000Z',
    );
  });
});

describe('dashReport (SPEC §2 finance tiles: Products, Labour, Sales, Discounts)', () => {
  const day = shopToday(NOW, 'America/Jamaica');
  const today = '2026-03-10T14:00:00.000Z';
  const yesterday = '2026-03-10T04:59:59.000Z'; // 23:59:59 on the 9th in Jamaica

  it('takes Labour and Products from invoices paid in full today, Discounts from invoices raised today, Sales from money received today', () => {
    const r = dashReport(
      [
        {
          total: 0,
          discount: 500,
          totals: { labour: 10_000, product: 4_000 },
          created_at: yesterday,
          updated_at: today,
        }, // raised yesterday, paid today
        { total: 0, discount: 0, totals: { labour: 2_000, product: 1_000 }, created_at: today, updated_at: today },
        { total: 700, discount: 300, totals: { labour: 5_000, product: 5_000 }, created_at: today, updated_at: today }, // still due
        {
          total: 0,
          discount: 0,
          totals: { labour: 9_999, product: 9_999 },
          created_at: yesterday,
          updated_at: yesterday,
        }, // paid yesterday
        { total: 0, discount: 0, totals: {}, created_at: today, updated_at: today }, // no figures: counts 0
      ],
      [
        { amount: 1_000, method: 'cash', created_at: today },
        { amount: 2_000, method: 'credit_card', created_at: today },
        { amount: 300, method: 'cc', created_at: today }, // SPEC §9 spelling
        { amount: 500, method: 'discount', created_at: today }, // not money received
        { amount: 400, method: 'redemption', created_at: today },
        { amount: 800, method: 'cash', created_at: yesterday },
        { amount: 900, method: 'cash', created_at: today, deleted: true },
      ],
      day,
    );
    expect(r).toEqual({ labour: 12_000, products: 5_000, discounts: 300, sales: 3_300 });
  });

  it('is all zero on a day with nothing', () => {
    expect(dashReport([], [], day)).toEqual({ labour: 0, products: 0, discounts: 0, sales: 0 });
  });
});

describe("transactionSummary (SPEC §2 'Transactions Today', §3 totals by method)", () => {
  const day = shopToday(NOW, 'America/Jamaica');
  it('totals today by cash, debit_card, credit_card, online and cheque; cc and dc count as cards; discounts and points do not count', () => {
    const s = transactionSummary(
      [
        { amount: 1_000, method: 'cash', created_at: '2026-03-10T14:00:00Z' },
        { amount: 250, method: 'cash', created_at: new Date('2026-03-10T20:00:00Z') },
        { amount: 2_000, method: 'dc', created_at: '2026-03-10T14:00:00Z' },
        { amount: 3_000, method: 'credit card', created_at: '2026-03-10T14:00:00Z' },
        { amount: 4_000, method: 'online', created_at: '2026-03-10T14:00:00Z' },
        { amount: 5_000, method: 'cheque', created_at: '2026-03-10T14:00:00Z' },
        { amount: 600, method: 'discount', created_at: '2026-03-10T14:00:00Z' },
        { amount: 700, method: 'redemption', created_at: '2026-03-10T14:00:00Z' },
        { amount: 9_000, method: 'cash', created_at: '2026-03-11T05:00:00Z' }, // tomorrow in Jamaica
      ],
      day,
    );
    expect(s).toEqual({ cash: 1_250, debit_card: 2_000, credit_card: 3_000, online: 4_000, cheque: 5_000 });
  });

  it('the strip reads Cash, Debit, Credit, Online, Cheque (SPEC §2)', () => {
    expect(TRANSACTION_STRIP.map((x) => x.label)).toEqual(['Cash', 'Debit', 'Credit', 'Online', 'Cheque']);
  });

  it('isSale: the five payment methods only', () => {
    expect(
      ['cash', 'debit_card', 'credit_card', 'online', 'cheque', 'cc', 'dc'].every((method) => isSale({ method })),
    ).toBe(true);
    expect(['discount', 'redemption', 'bitcoin', ''].some((method) => isSale({ method }))).toBe(false);
  });
});

describe('METHOD_COLOR: one colour per transaction chip (SPEC §2, §9)', () => {
  it('colours every method, cc and dc as the cards, each method its own colour', () => {
    for (const m of Object.keys(METHOD_LABELS)) expect(METHOD_COLOR[m as keyof typeof METHOD_COLOR]).toBeTruthy();
    expect(METHOD_COLOR[normaliseMethod('cc')!]).toBe(METHOD_COLOR.credit_card);
    expect(METHOD_COLOR[normaliseMethod('dc')!]).toBe(METHOD_COLOR.debit_card);
    expect(new Set(Object.values(METHOD_COLOR)).size).toBe(Object.keys(METHOD_COLOR).length);
  });
});
