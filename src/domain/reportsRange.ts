import { shopDay, DEFAULT_TIME_ZONE } from './dates';
import type { Cents } from './money';
import {
  figure,
  isTaking,
  within,
  type ReportInvoice,
  type ReportTransaction,
  type TimeWindow,
  type When,
} from './reportsBasis';

/** The Reports screen (/report) and POST /report: labour, products, discounts and sales per shop day of a range. */

/** SPEC §3 Report: an invoice row per shop day (dt 'YYYY-MM-DD'). */
export interface ReportInvoiceDay {
  dt: string;
  labour: Cents;
  products: Cents;
  discounts: Cents;
  /** the tax charged on that day's invoices (issue 18), only on a day with some, so SPEC's rows are unchanged */
  tax?: Cents;
}

/** SPEC §3 Report: a sales row per shop day. */
export interface ReportSalesDay {
  dt: string;
  /** money received, net of refunds given back that day */
  sales: Cents;
  /** refunds given back that day (issue 18), only on a day with one */
  refunds?: Cents;
}

export interface SalesReport {
  invoices: ReportInvoiceDay[];
  sales: ReportSalesDay[];
}

const byDt = <T extends { dt: string }>(m: Map<string, T>) => [...m.values()].sort((a, b) => a.dt.localeCompare(b.dt));

/**
 * Labour, products, discounts and tax (when any) of the invoices raised in the window, per shop day; days without
 * invoices left out. Tax is counted like the rest, on the day the invoice was raised, as it stands now.
 */
export function reportInvoiceRows(
  invoices: readonly Pick<ReportInvoice, 'discount' | 'totals' | 'created_at'>[],
  w: TimeWindow,
  tz = DEFAULT_TIME_ZONE,
): ReportInvoiceDay[] {
  const days = new Map<string, ReportInvoiceDay>();
  for (const inv of invoices) {
    if (!within(inv.created_at, w)) continue;
    const dt = shopDay(inv.created_at, tz);
    const row = days.get(dt) ?? { dt, labour: 0, products: 0, discounts: 0 };
    row.labour += figure(inv.totals, 'labour');
    row.products += figure(inv.totals, 'product');
    row.discounts += Number(inv.discount) || 0;
    const tax = figure(inv.totals, 'tax');
    if (tax) row.tax = (row.tax ?? 0) + tax;
    days.set(dt, row);
  }
  return byDt(days);
}

const addSale = (days: Map<string, ReportSalesDay>, dt: string, cents: Cents) => {
  const row = days.get(dt) ?? { dt, sales: 0 };
  row.sales += cents;
  // a refund's row is negative: the day's refunds figure is what was given back
  if (cents < 0) row.refunds = (row.refunds ?? 0) - cents;
  days.set(dt, row);
};

/**
 * Sales per shop day: money received (`isTaking`: payments, not discounts or points, not reversed), net of refunds
 * given back that day, in the window; a day with a refund also says how much was refunded.
 */
export function reportSalesRows(
  transactions: readonly ReportTransaction[],
  w: TimeWindow,
  tz = DEFAULT_TIME_ZONE,
): ReportSalesDay[] {
  const days = new Map<string, ReportSalesDay>();
  for (const t of transactions)
    if (within(t.created_at, w) && isTaking(t)) addSale(days, shopDay(t.created_at, tz), Number(t.amount) || 0);
  return byDt(days);
}

/**
 * Sales per shop day on a device that does not hold the payments (below level 5, src/domain/sync.ts): each invoice's
 * paid figure (`payment`, money received on it) on the shop day of its last change (docs/DECISIONS.md "Reports").
 */
export function reportSalesFromInvoices(
  invoices: readonly { payment: Cents; updated_at: When }[],
  w: TimeWindow,
  tz = DEFAULT_TIME_ZONE,
): ReportSalesDay[] {
  const days = new Map<string, ReportSalesDay>();
  for (const inv of invoices) {
    const paid = Number(inv.payment) || 0;
    if (paid > 0 && within(inv.updated_at, w)) addSale(days, shopDay(inv.updated_at, tz), paid);
  }
  return byDt(days);
}

/** POST /report's data: invoice rows and sales rows of the window. */
export function salesReport(
  invoices: readonly Pick<ReportInvoice, 'discount' | 'totals' | 'created_at'>[],
  transactions: readonly ReportTransaction[],
  w: TimeWindow,
  tz = DEFAULT_TIME_ZONE,
): SalesReport {
  return { invoices: reportInvoiceRows(invoices, w, tz), sales: reportSalesRows(transactions, w, tz) };
}
