import { cashDifference, cashupLines, dayHasBegun, expectedTakings, tillOf, type CashupTransaction } from '../cashup';
import type { CashupScope } from '../configSheet';
import { BOOKING_FORMAT, formatShop } from '../dates';
import { METHOD_LABELS } from '../entities';
import { MSG, fill } from '../messages';
import { formatUSD, type Cents } from '../money';
import type { RefundSummary, TransactionSummary } from '../reports';
import { cashupSchema, type CashupInput } from '../schemas/cashup';
import type { WriteCall } from './calls';
import { refuse, type Refusal } from './refusals';

/**
 * The cash-up at closing as a catalogue write (issue 18, level 5): the device's repository and the server's route
 * both read the day's transactions and the cash-ups already made, and store what `planCashup` says — the figures
 * are counted from the rows each side holds, so a cash-up made offline is counted again by the server from every
 * device's payments when it arrives (the pull then brings the server's figures back).
 */
export const CASHUP_CALLS = {
  close: { method: 'POST', path: '/v3/cashup', action: 'cashup.close', body: cashupSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

/** A cash-up already made, as the plan reads it. */
export interface CashupNow {
  day: string;
  till: string;
  closed_by: string;
  closed_at: string | Date;
}

/** What the plan reads besides the body. */
export interface CashupContext {
  /** the shop day's transactions (more are fine: the plan keeps the day's payments on the till) */
  transactions: readonly CashupTransaction[];
  /** cash-ups already made for the day */
  made: readonly CashupNow[];
  scope: CashupScope;
  timeZone: string;
  username: string;
  now: Date;
}

/** The row a cash-up stores (its id and stamps are the caller's). */
export interface CashupFields {
  day: string;
  till: string;
  device: string;
  expected: TransactionSummary;
  payments: number;
  refunds: RefundSummary;
  counted_cash: Cents;
  difference: Cents;
  note: string;
  closed_by: string;
  closed_at: string;
}

export type PlannedCashup =
  { ok: true; row: CashupFields; log: { subject: string; predicate: string }; message: string } | Refusal;

/** 'short $2.00', 'over $1.50' or 'even'. */
export function differenceWords(difference: Cents): string {
  if (difference === 0) return 'even';
  return `${difference < 0 ? 'short' : 'over'} ${formatUSD(Math.abs(difference))}`;
}

function logLine(row: CashupFields) {
  const { lines } = cashupLines(row);
  const methods = lines
    .filter((l) => l.expected)
    .map((l) => `${METHOD_LABELS[l.method]} ${formatUSD(l.expected)}`)
    .join(', ');
  const refunds = lines
    .filter((l) => l.refunds.count)
    .map((l) => `${METHOD_LABELS[l.method]} ${formatUSD(l.refunds.cents)} (${l.refunds.count})`)
    .join(', ');
  return {
    subject: `Cash-up ${row.day} (${row.till})`,
    predicate:
      `closed by ${row.closed_by}: counted cash ${formatUSD(row.counted_cash)}, expected ${formatUSD(row.expected.cash)}` +
      `, ${differenceWords(row.difference)}${methods ? `; taken ${methods}` : ''}` +
      (refunds ? `; refunds paid out ${refunds}` : ''),
  };
}

/** One cash-up a day per till; never a day that has not begun in the shop's zone. */
export function planCashup(v: CashupInput, ctx: CashupContext): PlannedCashup {
  const till = tillOf(ctx.scope, v.device);
  if (!dayHasBegun(v.day, ctx.now, ctx.timeZone)) return refuse(fill(MSG.cashupFuture, { day: v.day }));
  const taken = ctx.made.find((c) => c.day === v.day && c.till === till);
  if (taken) {
    const time = formatShop(taken.closed_at, ctx.timeZone, BOOKING_FORMAT);
    return refuse(fill(MSG.cashupTaken, { day: v.day, till, who: taken.closed_by, time }), 409);
  }
  const { expected, payments, refunds } = expectedTakings(ctx.transactions, v.day, ctx.timeZone, till);
  const row: CashupFields = {
    day: v.day,
    till,
    device: v.device,
    expected,
    payments,
    refunds,
    counted_cash: v.counted_cash,
    difference: cashDifference(v.counted_cash, expected),
    note: v.note,
    closed_by: ctx.username,
    closed_at: v.closed_at ? new Date(v.closed_at).toISOString() : ctx.now.toISOString(),
  };
  return { ok: true, row, log: logLine(row), message: MSG.cashupSaved };
}
