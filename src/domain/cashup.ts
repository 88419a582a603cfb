import type { CashupScope } from './configSheet';
import { shopDay } from './dates';
import type { Cents } from './money';
import {
  reportWindow,
  transactionSummary,
  isRefund,
  isSale,
  type ReportTransaction,
  type TimeWindow,
  type TransactionSummary,
} from './reports';
import { refundedBy } from './writes/refunds';

/**
 * The cash-up at closing (issue 18, beyond SPEC): what a shop day's drawer should hold. Pure figures over the
 * transactions the caller read — the device from its own copy, the server from its table — so both count the same
 * way: payments by method (cash, cards, online, cheque; not discounts or points, not reversed ones) made within the
 * shop day in the shop's time zone, less the refunds paid out that day by the method they went back by (issue 18),
 * and the counted cash against the expected cash.
 */

/** The till a cash-up closes: the shop's one drawer, or a device's own (its code: 'B2'). */
export const SHOP_TILL = 'shop';

/** The device code of a call made straight through the API (numbers from the server's own series: `S-<n>`). */
export const SERVER_DEVICE = 'S';

export function tillOf(scope: CashupScope, device: string): string {
  return scope === 'device' ? device : SHOP_TILL;
}

/** The instants [start, next start) of a shop day 'YYYY-MM-DD' in the shop's zone (23 or 25 hours across DST). */
export function cashupWindow(day: string, tz: string): TimeWindow {
  return reportWindow(day, day, tz);
}

/**
 * A transaction as the cash-up reads it: reportWindow's fields, the receipt number (whose device took it) and, on a
 * refund, how its money went back.
 */
export interface CashupTransaction extends ReportTransaction {
  number: string;
  refund_method?: string | null;
}

/** Whether a payment was taken on the till: every payment for the shop's, else those numbered from its series. */
export function onTill(t: Pick<CashupTransaction, 'number'>, till: string): boolean {
  return till === SHOP_TILL || t.number.startsWith(`${till}-`);
}

export interface CashupFigures {
  /** cents by payment method: payments taken less refunds paid out by that method */
  expected: TransactionSummary;
  /** how many payments they sum (refunds aside) */
  payments: number;
}

/**
 * The day's expected takings on the till, by payment method: a refund paid out on the till (numbered from its
 * series) that day comes off its method's takings — cash handed back leaves the drawer.
 */
export function expectedTakings(
  transactions: readonly CashupTransaction[],
  day: string,
  tz: string,
  till: string,
): CashupFigures {
  const w = cashupWindow(day, tz);
  const mine = transactions.filter((t) => onTill(t, till) && inside(t.created_at, w));
  const taken = mine.filter(isSale);
  const expected = transactionSummary(taken, w);
  for (const t of mine) if (isRefund(t)) expected[refundedBy(t)] += t.amount; // a refund's amount is negative
  return { expected, payments: taken.length };
}

const inside = (t: string | Date, w: TimeWindow) => {
  const ms = typeof t === 'string' ? Date.parse(t) : t.getTime();
  return ms >= w.from.getTime() && ms < w.to.getTime();
};

/** Counted cash less expected cash: negative when the drawer is short, positive when over. */
export const cashDifference = (counted: Cents, expected: TransactionSummary): Cents => counted - expected.cash;

/** Everything taken on the till that day, all methods. */
export const expectedTotal = (expected: TransactionSummary): Cents =>
  Object.values(expected).reduce((sum, c) => sum + c, 0);

/** Whether `day` has begun in the shop's zone at `now` (a cash-up of a day to come is refused). */
export const dayHasBegun = (day: string, now: Date, tz: string): boolean => day <= shopDay(now, tz);
