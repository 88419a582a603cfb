import { PAYMENT_METHODS, normaliseMethod, type PaymentMethod } from './entities';
import type { Cents } from './money';
import {
  figure,
  isRefund,
  isSale,
  isTaking,
  refundedBy,
  within,
  type ReportInvoice,
  type ReportTransaction,
  type TimeWindow,
  type When,
} from './reportsBasis';
import { isPaid } from './totals';

/** The Dashboard's finance tiles (SPEC §3 "Dashboard payloads"): GET /dash-report and /transaction-summary. */

export interface DashReport {
  labour: Cents;
  products: Cents;
  discounts: Cents;
  sales: Cents;
}

export type DashFigure = 'labour' | 'products' | 'discounts';

/**
 * What an invoice adds to the finance tiles, and on which day (`dayOf` maps an instant to a day; a falsy day is none):
 * Labour and Products on the day it was last changed when it is paid in full (amount due ≤ 0), Discounts on the day
 * it was raised. dashReport sums them over one day; the device keeps them as counters per shop day
 * (src/local/rows.ts), so the Dashboard reads four counters instead of every invoice.
 */
export function invoiceDashShares<D>(
  inv: ReportInvoice,
  dayOf: (t: When) => D,
): { day: D; figure: DashFigure; cents: Cents }[] {
  const out: { day: D; figure: DashFigure; cents: Cents }[] = [];
  if (isPaid(inv.total)) {
    const day = dayOf(inv.updated_at);
    out.push(
      { day, figure: 'labour', cents: figure(inv.totals, 'labour') },
      { day, figure: 'products', cents: figure(inv.totals, 'product') },
    );
  }
  out.push({ day: dayOf(inv.created_at), figure: 'discounts', cents: Number(inv.discount) || 0 });
  return out.filter((s) => s.day && s.cents);
}

/**
 * GET /dash-report for a day: Labour and Products of invoices paid in full that day (amount due ≤ 0, last changed
 * that day), Discounts of invoices raised that day, Sales = money received that day.
 */
export function dashReport(
  invoices: readonly ReportInvoice[],
  transactions: readonly ReportTransaction[],
  day: TimeWindow,
): DashReport {
  const out: DashReport = { labour: 0, products: 0, discounts: 0, sales: 0 };
  for (const inv of invoices) for (const s of invoiceDashShares(inv, (t) => within(t, day))) out[s.figure] += s.cents;
  out.sales = salesOf(transactions, day);
  return out;
}

/** Money received within a window, less refunds given back in it (the Sales tile). */
export function salesOf(transactions: readonly ReportTransaction[], day: TimeWindow): Cents {
  let sales = 0;
  for (const t of transactions) if (within(t.created_at, day) && isTaking(t)) sales += t.amount;
  return sales;
}

export type TransactionSummary = Record<PaymentMethod, Cents>;

/** A payment method's refunds paid out (issue 18): how many, and the cents that went back (positive). */
export interface RefundTally {
  count: number;
  cents: Cents;
}
export type RefundSummary = Record<PaymentMethod, RefundTally>;

/** A window's money by payment method: what came in, what went back out, and what stays. */
export interface MethodTakings {
  /** payments received (not discounts, points or reversed ones) */
  taken: TransactionSummary;
  /** how many payments `taken` sums */
  payments: number;
  /** refunds paid out, by the method their money went back by */
  refunds: RefundSummary;
  /** taken less refunds paid out: what the drawer and the card terminal should hold */
  net: TransactionSummary;
}

const byMethod = <T>(zero: () => T) =>
  Object.fromEntries(PAYMENT_METHODS.map((m) => [m, zero()])) as Record<PaymentMethod, T>;

/**
 * The one count of money by method (issue 18): GET /transaction-summary, the Dashboard's strip and the cash-up
 * (src/domain/cashup.ts) all read it, so a refund paid out in cash comes off cash everywhere, and the methods sum
 * to the Sales tile (`salesOf`).
 */
export function takingsByMethod(transactions: readonly ReportTransaction[], w: TimeWindow): MethodTakings {
  const out: MethodTakings = {
    taken: byMethod(() => 0),
    payments: 0,
    refunds: byMethod(() => ({ count: 0, cents: 0 })),
    net: byMethod(() => 0),
  };
  for (const t of transactions) {
    if (!within(t.created_at, w)) continue;
    if (isSale(t)) {
      out.taken[normaliseMethod(t.method) as PaymentMethod] += t.amount;
      out.payments += 1;
    } else if (isRefund(t)) {
      const r = out.refunds[refundedBy(t)];
      r.count += 1;
      r.cents -= t.amount; // a refund's amount is negative
    }
  }
  for (const m of PAYMENT_METHODS) out.net[m] = out.taken[m] - out.refunds[m].cents;
  return out;
}

/**
 * GET /transaction-summary for a day: totals by payment method (SPEC §3: cash, debit_card, credit_card, online,
 * cheque), each net of the refunds paid out by that method that day (issue 18; the same five keys).
 */
export function transactionSummary(transactions: readonly ReportTransaction[], day: TimeWindow): TransactionSummary {
  return takingsByMethod(transactions, day).net;
}

/** The 'Transactions Today' strip: SPEC §2's labels in its order. */
export const TRANSACTION_STRIP: readonly { method: PaymentMethod; label: string }[] = [
  { method: 'cash', label: 'Cash' },
  { method: 'debit_card', label: 'Debit' },
  { method: 'credit_card', label: 'Credit' },
  { method: 'online', label: 'Online' },
  { method: 'cheque', label: 'Cheque' },
];
