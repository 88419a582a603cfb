import type { Cents } from './money';
import { paidSummaryWindow, within, type When } from './reportsBasis';
import { isPaid } from './totals';

/** The Invoices table's summary cards (SPEC §2, §9 "Paid summary covers the last 7 days"). */

/** What the cards need of an invoice. `total` is the amount due (SPEC §3), `payment` the amount paid. */
export interface SummaryInvoice {
  total: Cents;
  payment: Cents;
  /** the last change: an invoice paid in full changes no more (SPEC §4 lock), so this is when it was paid */
  updated_at: When;
}

export interface InvoiceSummary {
  /** invoices paid in full (amount due ≤ 0) in the last 7 days, and what was paid on them */
  paid: { count: number; sum: Cents };
  /** invoices with an amount due, and the sum due */
  unpaid: { count: number; sum: Cents };
}

/** Paid in full within the paid summary's window (SPEC §9). */
export function isPaidRecently(inv: SummaryInvoice, now: Date): boolean {
  return isPaid(inv.total) && within(inv.updated_at, paidSummaryWindow(now));
}

/** The summary cards: paid (last 7 days: count and amount paid), unpaid (count and amount due). */
export function invoiceSummary(invoices: readonly SummaryInvoice[], now: Date): InvoiceSummary {
  const out: InvoiceSummary = { paid: { count: 0, sum: 0 }, unpaid: { count: 0, sum: 0 } };
  for (const inv of invoices) {
    if (!isPaid(inv.total)) {
      out.unpaid.count += 1;
      out.unpaid.sum += inv.total;
    } else if (isPaidRecently(inv, now)) {
      out.paid.count += 1;
      out.paid.sum += inv.payment;
    }
  }
  return out;
}
