import type { ShopSettings } from '../configSheet';
import { METHOD_LABELS, normaliseMethod, type InvoiceLine, type PaymentMethod } from '../entities';
import { displayInvoiceNumber } from '../jobs';
import { MSG, fill } from '../messages';
import { formatUSD, type Cents } from '../money';
import { refundedBy } from '../reportsBasis';
import { refundSchema } from '../schemas/refund';
import { invoiceFigures, isInvoiceLocked, pointsMovedBy, returnLines, stockDeltas } from '../totals';
import type { WriteCall } from './calls';
import type { InvoiceChangePlan } from './invoiceEdits';
import type { MoneyInvoice, MoneyPlan } from './money';

/**
 * A refund after payment (issue 18; beyond SPEC, off until one is made): money given back on a paid invoice, with a
 * reason. It is a transaction row of its own with a negative amount — appended, never an edit of the payment —, so
 * the invoice's `payment` stays what was paid and what was refunded is the sum of its refund rows (`refundedOf`).
 * Items that come back go back in stock by the item return's line rule (totals.ts `returnLines`), and the points the
 * refunded money earned are taken back. Gated like removing a transaction (`transaction.delete`, its call's action).
 */
export const REFUND_CALLS = {
  /** {invoice_id, amount (cents), reason, refund_method, items [{id, qty}]}; a device sends the id and receipt number it chose */
  refund: { method: 'POST', path: '/v3/refund', action: 'transaction.delete', body: refundSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

export interface RefundPlan {
  /** the invoice's lines with the returned units, when items come back (else the invoice row is not touched) */
  invoice?: { products: InvoiceLine[] };
  figures: MoneyPlan['figures'];
  /** the refund row: a negative amount, the points it took back (negative), the reason and how the money went back */
  append: { method: 'refund'; amount: Cents; point: number; reason: string; refund_method: PaymentMethod };
  /** loyalty points to add to the customer (negative: the points the refunded money earned) */
  points: number;
  stock: InvoiceChangePlan['stock'];
  /** what has been refunded on the invoice with this one */
  refunded: Cents;
  log: { subject: string; predicate: string };
  message: string;
}

export type PlannedRefund = ({ ok: true } & RefundPlan) | { ok: false; message: string };

export interface RefundAsk {
  amount: Cents;
  reason: string;
  /** how the money went back (the cash-up takes it off that method's takings) */
  refund_method: PaymentMethod;
  items: readonly { id: string; qty: number }[];
}

/** What has been refunded on an invoice: its refund rows (negative amounts), removed rows aside. */
export function refundedOf(rows: readonly { method: string; amount: Cents; deleted?: boolean | null }[]): Cents {
  return rows.reduce((sum, t) => sum + (t.method === 'refund' && !t.deleted ? -t.amount : 0), 0);
}

/** One line under an invoice's Paid once money was given back: its words, its signed figure, and whether it is bold. */
export interface RefundSummaryLine {
  key: 'refunded' | 'net-paid';
  label: string;
  cents: Cents;
  strong: boolean;
}

/**
 * The lines under Paid once money was given back: what was refunded (below zero) and what the shop kept of what
 * was paid. None when nothing was refunded, so an invoice without a refund reads as before. The invoice PDF and the
 * invoice editor's summary both print these, so the screen and the paper show the same figures in the same words.
 */
export function refundSummary(
  paid: Cents,
  rows: readonly { method: string; amount: Cents; deleted?: boolean | null }[],
): RefundSummaryLine[] {
  const refunded = refundedOf(rows);
  if (refunded === 0) return [];
  return [
    { key: 'refunded', label: 'Refunded', cents: -refunded, strong: false },
    { key: 'net-paid', label: 'Net paid', cents: paid - refunded, strong: true },
  ];
}

/** How a refund reads on the invoice and its receipt: 'Refund (Cash)', the way its money went back. */
export const refundLabel = (t: { refund_method?: string | null }): string => `Refund (${METHOD_LABELS[refundedBy(t)]})`;

/**
 * A transaction's Payment type as the Transactions table, its filter and its CSV read it: 'Refund (Cash)' for a
 * refund (how its money went back), the method's label otherwise ('cc' → Credit Card), an unknown one as written.
 */
export function transactionType(t: { method: string; refund_method?: string | null }): string {
  if (t.method === 'refund') return refundLabel(t);
  const m = normaliseMethod(t.method);
  return m ? METHOD_LABELS[m] : t.method;
}

/** A refund's line among the invoice's payments (screen and PDF): how the money went back, and why. */
export const refundLine = (t: { refund_method?: string | null; reason?: string | null }): string =>
  [refundLabel(t), t.reason].filter(Boolean).join(': ');

const no = (message: string): { ok: false; message: string } => ({ ok: false, message });

/**
 * The refund: on a paid invoice only (nothing due, something paid), above 0 and at most what was paid less what was
 * refunded, with a reason. The money the shop keeps after it never exceeds what the invoice charges once the items
 * come back (so items worth $30 coming back on a paid invoice mean at least $30 refunded).
 */
export function planRefund(
  inv: MoneyInvoice & { products: readonly InvoiceLine[] },
  settings: ShopSettings,
  refunded: Cents,
  ask: RefundAsk,
): PlannedRefund {
  const name = displayInvoiceNumber(inv.number);
  const reason = ask.reason.trim();
  if (!reason) return no(MSG.refundReason);
  if (!Number.isInteger(ask.amount) || ask.amount <= 0) return no(MSG.refundAmount);
  if (!isInvoiceLocked(inv) || inv.payment <= 0) return no(fill(MSG.refundNotPaid, { invoice: name }));
  const left = inv.payment - refunded;
  if (ask.amount > left) {
    const values = { left: formatUSD(Math.max(0, left)), invoice: name, paid: formatUSD(inv.payment) };
    return no(fill(MSG.refundOverPaid, { ...values, refunded: formatUSD(refunded) }));
  }
  const back = returnLines(inv.products, name, ask.items);
  if (!back.ok) return back;
  const figures = invoiceFigures({ ...inv, products: back.products }, settings);
  const kept = left - ask.amount;
  if (kept > figures.totals.total) {
    const worth = invoiceFigures(inv, settings).totals.total - figures.totals.total;
    const least = formatUSD(left - figures.totals.total);
    return no(fill(MSG.refundBelowReturned, { worth: formatUSD(worth), least, invoice: name }));
  }
  const points = pointsMovedBy({ method: 'refund', amount: -ask.amount });
  const units = ask.items.reduce((n, i) => n + i.qty, 0);
  const stocked = units > 0 ? `; ${units} item${units === 1 ? '' : 's'} back in stock` : '';
  return {
    ok: true,
    ...(units > 0 ? { invoice: { products: back.products } } : {}),
    figures,
    append: { method: 'refund', amount: -ask.amount, point: points, reason, refund_method: ask.refund_method },
    points,
    stock: { deltas: [...stockDeltas(inv.products, back.products)], reason: `refunded: ${reason}` },
    refunded: refunded + ask.amount,
    log: { subject: name, predicate: `refund ${formatUSD(ask.amount)} (${reason})${stocked}` },
    message: fill(MSG.refundDone, { amount: formatUSD(ask.amount), invoice: name }),
  };
}
