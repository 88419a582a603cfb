import { PAYMENT_METHODS, normaliseMethod, type PaymentMethod } from './entities';
import type { Cents } from './money';
import {
  figure,
  isSale,
  isTaking,
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

/** GET /transaction-summary for a day: totals by payment method (SPEC §3: cash, debit_card, credit_card, online, cheque). */
export function transactionSummary(transactions: readonly ReportTransaction[], day: TimeWindow): TransactionSummary {
  const out = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as TransactionSummary;
  for (const t of transactions) {
    if (!within(t.created_at, day) || !isSale(t)) continue;
    out[normaliseMethod(t.method) as PaymentMethod] += t.amount;
  }
  return out;
}

/** The 'Transactions Today' strip: SPEC §2's labels in its order. */
export const TRANSACTION_STRIP: readonly { method: PaymentMethod; label: string }[] = [
  { method: 'cash', label: 'Cash' },
  { method: 'debit_card', label: 'Debit' },
  { method: 'credit_card', label: 'Credit' },
  { method: 'online', label: 'Online' },
  { method: 'cheque', label: 'Cheque' },
];
