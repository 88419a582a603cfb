import { fromZonedTime } from 'date-fns-tz';
import { startOfShopDay, DEFAULT_TIME_ZONE } from './dates';
import { PAYMENT_METHODS, normaliseMethod, type PaymentMethod } from './entities';
import type { Cents } from './money';

/**
 * What every report family stands on (src/domain/reports.ts): the time windows (a shop day, the paid summary's last
 * 7 days, a report range), the rows a report reads of an invoice and a transaction, and what counts as a sale.
 * Times are ISO strings (or Dates, as the database gives them); money is integer cents.
 */

/** SPEC §9: the paid summary card covers the last 7 days. */
export const PAID_SUMMARY_DAYS = 7;
const DAY_MS = 86_400_000;

export type When = string | Date;
const ms = (t: When) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** An instant window [from, to). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

/** Whether an instant falls in the window (a missing time never does). */
export const within = (t: When | null | undefined, w: TimeWindow) => {
  if (t == null) return false;
  const x = ms(t);
  return x >= w.from.getTime() && x < w.to.getTime();
};

/** The shop's day containing `now` (config time zone): what "today" means on the tiles. */
export function shopToday(now: Date, tz = DEFAULT_TIME_ZONE): TimeWindow {
  const from = startOfShopDay(now, tz);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** The paid summary's window: the last 7 days up to `now`. */
export function paidSummaryWindow(now: Date): TimeWindow {
  return { from: new Date(now.getTime() - PAID_SUMMARY_DAYS * DAY_MS), to: new Date(now.getTime() + 1) };
}

/**
 * A report range 'YYYY-MM-DD'..'YYYY-MM-DD' (both days included, checked by `checkReportRange`) as the instants
 * [start of the first shop day, start of the shop day after the last) in the shop's time zone.
 */
export function reportWindow(start: string, end: string, tz = DEFAULT_TIME_ZONE): TimeWindow {
  const [y, m, d] = end.split('-').map(Number);
  const next = new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
  return { from: fromZonedTime(`${start}T00:00:00`, tz), to: fromZonedTime(`${next}T00:00:00`, tz) };
}

export interface ReportInvoice {
  total: Cents;
  /** money amount of the customer discount */
  discount: Cents;
  /** {labour, product, …} in cents */
  totals: unknown;
  created_at: When;
  updated_at: When;
}

export interface ReportTransaction {
  amount: Cents;
  method: string;
  created_at: When;
  /** the server keeps removed transactions as reversed rows; devices delete them */
  deleted?: boolean | null;
  /** on a refund: the payment method its money went back by (issue 18) */
  refund_method?: string | null;
}

/** A figure of an invoice's `totals` ({labour, product, …} in cents), 0 when it is missing or not a number. */
export const figure = (totals: unknown, key: 'labour' | 'product' | 'tax'): Cents => {
  const v = (totals as Record<string, unknown> | null | undefined)?.[key];
  const n = typeof v === 'number' ? v : Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** Money received: payments by cash, card, cheque or online — not discounts or points (docs/DECISIONS.md). */
export function isSale(t: Pick<ReportTransaction, 'method' | 'deleted'>): boolean {
  const m = normaliseMethod(t.method);
  return !t.deleted && m !== null && (PAYMENT_METHODS as readonly string[]).includes(m);
}

/** A refund given back on a paid invoice (issue 18): its row's amount is negative. */
export function isRefund(t: Pick<ReportTransaction, 'method' | 'deleted'>): boolean {
  return !t.deleted && t.method === 'refund';
}

/**
 * The payment method a refund's money went back by; cash when the row does not say (a refund made before the
 * method was kept), as the refund's body defaults to (schemas/refund.ts).
 */
export function refundedBy(t: { refund_method?: string | null }): PaymentMethod {
  return PAYMENT_METHODS.find((m) => m === t.refund_method) ?? 'cash';
}

/**
 * Takings, the money reports about money in sum: payments received less refunds given back (issue 18). Without a
 * refund it is exactly the sales (`isSale`).
 */
export function isTaking(t: Pick<ReportTransaction, 'method' | 'deleted'>): boolean {
  return isSale(t) || isRefund(t);
}
