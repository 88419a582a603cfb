import type { CashupScope } from './configSheet';
import { shopDay } from './dates';
import { PAYMENT_METHODS, type PaymentMethod } from './entities';
import type { Cents } from './money';
import {
  reportWindow,
  takingsByMethod,
  type RefundSummary,
  type RefundTally,
  type ReportTransaction,
  type TimeWindow,
  type TransactionSummary,
} from './reports';

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

/** A transaction as the cash-up reads it: reportWindow's fields (a refund's method too) and the receipt number. */
export interface CashupTransaction extends ReportTransaction {
  number: string;
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
  /** the refunds paid out on the till that day, by the method their money went back by: how many, how much */
  refunds: RefundSummary;
}

/**
 * The day's expected takings on the till, by payment method: a refund paid out on the till (numbered from its
 * series) that day comes off its method's takings — cash handed back leaves the drawer. The count is the reports'
 * (`takingsByMethod`, the one GET /transaction-summary answers with), over the till's rows.
 */
export function expectedTakings(
  transactions: readonly CashupTransaction[],
  day: string,
  tz: string,
  till: string,
): CashupFigures {
  return tillTakings(transactions, cashupWindow(day, tz), till);
}

function tillTakings(transactions: readonly CashupTransaction[], w: TimeWindow, till: string): CashupFigures {
  const mine = transactions.filter((t) => onTill(t, till));
  const { net, payments, refunds } = takingsByMethod(mine, w);
  return { expected: net, payments, refunds };
}

/** A cash-up made, as `takenAfterClosing` reads it: its shop day, its till and when it was closed. */
export interface ClosedCashup {
  day: string;
  till: string;
  closed_at: string | Date;
}

/**
 * What the till took after its day was closed (issue 30): the payments and refunds of that shop day on the till
 * whose own time is at or after `closed_at`, counted as the takings are (`expectedTakings`' rule over the rest of
 * the day). They are in no cash-up — not in this one, which was counted before them, nor in the next day's, which
 * counts only its own day — so the screen and the printout show them apart. Nothing when the day was closed after
 * it had ended (the next day's payments are the next cash-up's).
 *
 * Each payment is placed by its own time (`created_at`) against `closed_at` (stamped on the device that closed),
 * never by when its row reached this device: a payment taken on a tablet before the close and synced after it was
 * in the drawer when the drawer was counted, so it is not "after closing". (The server stamps a payment's
 * `created_at` when the call reaches it, so once pulled back an offline payment reads its arrival time.)
 */
export function takenAfterClosing(
  transactions: readonly CashupTransaction[],
  c: ClosedCashup,
  tz: string,
): CashupFigures {
  const day = cashupWindow(c.day, tz);
  const closed = new Date(c.closed_at).getTime();
  return tillTakings(transactions, { from: new Date(Math.max(day.from.getTime(), closed)), to: day.to }, c.till);
}

/** Whether anything was taken or paid out after closing. */
export const anyAfterClosing = (f: CashupFigures): boolean =>
  f.payments > 0 || Object.values(f.refunds).some((r) => r.count > 0);

/** How the screen and the printout head what was taken after closing, and what the manager does with it. */
export const AFTER_CLOSING = {
  title: 'Taken after closing — not in this count',
  advice:
    "Count this money and put it with this day's takings: it is in no cash-up, and left in the drawer it would " +
    "make tomorrow's count over by it. Print the cash-up again to file it with the day: the printout lists it.",
  none: 'Nothing taken on this till since the day was closed.',
} as const;

/** One payment method's line of a cash-up: taken, refunds paid out, expected (taken less refunds). */
export interface CashupLine {
  method: PaymentMethod;
  taken: Cents;
  refunds: RefundTally;
  expected: Cents;
}

/** A cash-up as its lines read it: expected by method and, since refunds were kept (issue 18), the refunds. */
export interface CashupSheet {
  expected: Partial<Record<PaymentMethod, Cents>>;
  refunds?: Partial<RefundSummary> | null;
}

/**
 * A cash-up's lines and totals as the screen (before and after closing) and the PDF show them, from the figures it
 * stores: taken = expected + refunds paid out. A cash-up made before refunds were kept has none: taken = expected.
 */
export function cashupLines(c: CashupSheet): { lines: CashupLine[]; total: Omit<CashupLine, 'method'> } {
  const lines = PAYMENT_METHODS.map((method) => {
    const expected = c.expected[method] ?? 0;
    const refunds = { count: c.refunds?.[method]?.count ?? 0, cents: c.refunds?.[method]?.cents ?? 0 };
    return { method, taken: expected + refunds.cents, refunds, expected };
  });
  const sum = (f: (l: CashupLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  const refunds = { count: sum((l) => l.refunds.count), cents: sum((l) => l.refunds.cents) };
  return { lines, total: { taken: sum((l) => l.taken), refunds, expected: sum((l) => l.expected) } };
}

/** Counted cash less expected cash: negative when the drawer is short, positive when over. */
export const cashDifference = (counted: Cents, expected: TransactionSummary): Cents => counted - expected.cash;

/** Whether `day` has begun in the shop's zone at `now` (a cash-up of a day to come is refused). */
export const dayHasBegun = (day: string, now: Date, tz: string): boolean => day <= shopDay(now, tz);
