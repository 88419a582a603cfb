import { describe, expect, it } from 'vitest';
import { MSG, fill } from '../../src/domain/messages';
import { factsOf, refusedWords, type RefusalFacts, type RefusedCall } from '../../src/domain/refusals';

/** Refused money in a cashier's words (issue 14): the reason from the server's facts, in the shop's time zone. */
const INVOICE = { number: 'B2-42', first_name: 'Kim', last_name: 'Lee' };
const SETTLED: RefusalFacts = {
  invoice: 'B2-42',
  due: 0,
  settled_by: 'jdoe',
  settled_at: '2025-07-04T14:14:00.000Z',
  device: 'A1',
};
const call = (path: string, data: Record<string, unknown>, method = 'POST'): RefusedCall => ({
  method,
  path,
  body: { data: { invoice_id: 'inv-1', ...data } },
  label: 'queued label',
});

describe('refusedWords', () => {
  it("words a payment refused on a settled invoice: who, where, when in the shop's zone, and what to do", () => {
    const words = refusedWords(call('/transaction', { method: 'cash', amount: 4000 }), {
      invoice: INVOICE,
      facts: SETTLED,
      tz: 'America/New_York',
    });
    expect(words).toMatchObject({
      what: 'Cash payment of $40.00 on INV B2-42',
      record: 'INV B2-42 · Kim Lee',
      // 14:14 UTC is 10:14 in New York in July (daylight time)
      reason:
        'INV B2-42 was paid in full on device A1 by jdoe at Jul 4, 10:14 AM — your $40.00 cash payment was not recorded.',
      advice: fill(MSG.refusedAdvicePayment, { amount: '$40.00' }),
      money: true,
    });
  });

  it('says how much is still due when the invoice was part paid since', () => {
    const facts = { ...SETTLED, due: 2500, settled_by: '', settled_at: '', device: '' };
    const words = refusedWords(call('/transaction', { method: 'debit_card', amount: 4000 }), {
      invoice: INVOICE,
      facts,
    });
    expect(words.reason).toBe(
      'Only $25.00 is still due on INV B2-42 — your $40.00 debit card payment was not recorded.',
    );
  });

  it('gives no reason when the facts do not explain the refusal: a discount given twice on a part-paid invoice', () => {
    const facts = { ...SETTLED, due: 2500, settled_by: '', settled_at: '', device: '' };
    expect(refusedWords(call('/discount', { amount: 10 }), { invoice: INVOICE, facts }).reason).toBeNull();
    expect(
      refusedWords(call('/transaction', { method: 'cash', amount: 2000 }), { invoice: INVOICE, facts }),
    ).toMatchObject({
      reason: null,
      advice: fill(MSG.refusedAdviceMoney, { invoice: 'INV B2-42' }),
    });
  });

  it('words a refused discount, redemption and item return, each as money', () => {
    const ctx = { invoice: INVOICE, facts: { ...SETTLED, device: '' }, tz: 'UTC' };
    expect(refusedWords(call('/discount', { amount: 10 }), ctx)).toMatchObject({
      what: 'Discount of 10% on INV B2-42',
      reason: 'INV B2-42 was paid in full by jdoe at Jul 4, 2:14 PM — your 10% discount was not recorded.',
      money: true,
    });
    expect(refusedWords(call('/redemption', { points: 50 }), ctx).what).toBe('Redemption of 50 points on INV B2-42');
    const back = refusedWords(
      call('/invoice-return', {
        items: [
          { id: 'p1', qty: 2 },
          { id: 'p2', qty: 1 },
        ],
      }),
      ctx,
    );
    expect(back).toMatchObject({
      what: 'Return of 3 item(s) on INV B2-42',
      reason: 'INV B2-42 was paid in full by jdoe at Jul 4, 2:14 PM — your return of 3 item(s) was not recorded.',
      loss: fill(MSG.discardLossReturn, { invoice: 'INV B2-42' }),
      money: true,
    });
  });

  it("without the server's facts there is no reason in words: its message says it", () => {
    expect(
      refusedWords(call('/transaction', { method: 'cash', amount: 4000 }), { invoice: INVOICE }).reason,
    ).toBeNull();
    expect(refusedWords(call('/customer', {}, 'PUT'), {})).toMatchObject({ what: 'queued label', money: false });
  });
});

describe('factsOf', () => {
  it('takes whole facts from a refusal body, and nothing half-made', () => {
    expect(factsOf({ value: false, message: 'Invalid payment', facts: SETTLED })).toEqual(SETTLED);
    expect(factsOf({ value: false, message: 'Invalid payment' })).toBeUndefined();
    expect(factsOf({ facts: { ...SETTLED, due: '0' } })).toBeUndefined();
    expect(factsOf({ facts: { invoice: 'B2-42' } })).toBeUndefined();
    expect(factsOf(null)).toBeUndefined();
  });
});
