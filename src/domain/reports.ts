import { fromZonedTime } from 'date-fns-tz';
import { shopDay, startOfShopDay, DEFAULT_TIME_ZONE } from './dates';
import { PAYMENT_METHODS, normaliseMethod, type PaymentMethod } from './entities';
import type { Cents } from './money';
import { isPaid } from './totals';

/**
 * The money figures of the Invoices table's summary cards and the Dashboard's finance tiles (SPEC §2, §3 "Dashboard
 * payloads", §9 "Paid summary covers the last 7 days"), as pure functions over rows. The device computes them from
 * its own copy (IndexedDB) and the server's GET /v2/util/invoice-status, /dash-report and /transaction-summary answer
 * with the same functions over the rows they read, so a tile never disagrees with the API.
 *
 * Times are ISO strings (or Dates, as the database gives them); money is integer cents.
 */

/** SPEC §9: the paid summary card covers the last 7 days. */
export const PAID_SUMMARY_DAYS = 7;
const DAY_MS = 86_400_000;

type When = string | Date;
const ms = (t: When) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** An instant window [from, to). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

const within = (t: When | null | undefined, w: TimeWindow) => {
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

// --- the Invoices table's cards -----------------------------------------------------------------------------------

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

// --- the Dashboard's finance tiles --------------------------------------------------------------------------------

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
}

export interface DashReport {
  labour: Cents;
  products: Cents;
  discounts: Cents;
  sales: Cents;
}

const figure = (totals: unknown, key: 'labour' | 'product'): Cents => {
  const v = (totals as Record<string, unknown> | null | undefined)?.[key];
  const n = typeof v === 'number' ? v : Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** Money received: payments by cash, card, cheque or online — not discounts or points (docs/DECISIONS.md). */
export function isSale(t: Pick<ReportTransaction, 'method' | 'deleted'>): boolean {
  const m = normaliseMethod(t.method);
  return !t.deleted && m !== null && (PAYMENT_METHODS as readonly string[]).includes(m);
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

/** Money received within a window (the Sales tile). */
export function salesOf(transactions: readonly ReportTransaction[], day: TimeWindow): Cents {
  let sales = 0;
  for (const t of transactions) if (within(t.created_at, day) && isSale(t)) sales += t.amount;
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

// --- the Reports screen (/report) and POST /report, /report-products ---------------------------------------------

/**
 * A report range 'YYYY-MM-DD'..'YYYY-MM-DD' (both days included, checked by `checkReportRange`) as the instants
 * [start of the first shop day, start of the shop day after the last) in the shop's time zone.
 */
export function reportWindow(start: string, end: string, tz = DEFAULT_TIME_ZONE): TimeWindow {
  const [y, m, d] = end.split('-').map(Number);
  const next = new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
  return { from: fromZonedTime(`${start}T00:00:00`, tz), to: fromZonedTime(`${next}T00:00:00`, tz) };
}

/** SPEC §3 Report: an invoice row per shop day (dt 'YYYY-MM-DD'). */
export interface ReportInvoiceDay {
  dt: string;
  labour: Cents;
  products: Cents;
  discounts: Cents;
}

/** SPEC §3 Report: a sales row per shop day. */
export interface ReportSalesDay {
  dt: string;
  sales: Cents;
}

export interface SalesReport {
  invoices: ReportInvoiceDay[];
  sales: ReportSalesDay[];
}

const byDt = <T extends { dt: string }>(m: Map<string, T>) => [...m.values()].sort((a, b) => a.dt.localeCompare(b.dt));

/** Labour, products and discounts of the invoices raised in the window, per shop day; days without invoices left out. */
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
    days.set(dt, row);
  }
  return byDt(days);
}

const addSale = (days: Map<string, ReportSalesDay>, dt: string, cents: Cents) => {
  const row = days.get(dt) ?? { dt, sales: 0 };
  row.sales += cents;
  days.set(dt, row);
};

/** Sales per shop day: money received (`isSale`: payments, not discounts or points, not reversed) in the window. */
export function reportSalesRows(
  transactions: readonly ReportTransaction[],
  w: TimeWindow,
  tz = DEFAULT_TIME_ZONE,
): ReportSalesDay[] {
  const days = new Map<string, ReportSalesDay>();
  for (const t of transactions)
    if (within(t.created_at, w) && isSale(t)) addSale(days, shopDay(t.created_at, tz), Number(t.amount) || 0);
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

/** One product's line in the 'Inventory Depletion' table: Title, Description, Qty, Total (cents). */
export interface DepletionRow {
  id: string;
  title: string;
  description: string;
  qty: number;
  total: Cents;
}

interface DepletionLine {
  id: string;
  title: string;
  description: string;
  price: Cents;
  qty: number;
  returned?: number;
}

/**
 * POST /report-products: the products sold on the invoices raised in the window, per product — quantity net of
 * returns and its total at the invoice's price — most sold first, then by title.
 */
export function inventoryDepletion(
  invoices: readonly { products: unknown; created_at: When }[],
  w: TimeWindow,
): DepletionRow[] {
  const byId = new Map<string, DepletionRow>();
  for (const inv of invoices) {
    if (!within(inv.created_at, w) || !Array.isArray(inv.products)) continue;
    for (const l of inv.products as DepletionLine[]) {
      const qty = (Number(l.qty) || 0) - (Number(l.returned) || 0);
      if (qty <= 0) continue;
      const cur = byId.get(l.id) ?? { id: l.id, title: l.title, description: l.description, qty: 0, total: 0 };
      cur.qty += qty;
      cur.total += qty * (Number(l.price) || 0);
      byId.set(l.id, cur);
    }
  }
  return [...byId.values()].sort((a, b) => b.qty - a.qty || a.title.localeCompare(b.title));
}
