import type { ShopSettings } from '../configSheet';
import { METHOD_LABELS, type PaymentMethod, type TransactionMethod } from '../entities';
import { displayInvoiceNumber } from '../jobs';
import { MSG, fill } from '../messages';
import { formatUSD, type Cents } from '../money';
import { discountSchema, idPayloadSchema, paymentSchema, pointsSchema } from '../schemas';
import {
  checkDiscount,
  checkPayment,
  checkPoints,
  invoiceFigures,
  isInvoiceLocked,
  pointsMovedBy,
  pointsValue,
  type InvoiceParts,
} from '../totals';
import type { WriteCall } from './calls';

/**
 * The money writes of the catalogue (issue 17): take a payment, apply the discount, redeem points, remove a
 * transaction. Each is a pure plan from the rows it reads — the invoice, the customer's points, the shop's settings —
 * to the change: the invoice's new parts and derived columns, the transaction row to append, the customer's points
 * delta, the activity-log line and the answer. The device's repository and the server's route both run the same
 * plan and only store it (Dexie or PostgreSQL), so a check, a figure or a message cannot differ between them.
 */

/** The calls of these writes: the route, the permission and the body schema. */
export const MONEY_CALLS = {
  /** {invoice_id, method, amount (cents)}; a device sends the id and receipt number it gave the row, and the vin */
  pay: { method: 'POST', path: '/transaction', action: 'payment.take', body: paymentSchema },
  /** {invoice_id, amount: the percentage}, as SPEC's call carries it */
  discount: { method: 'POST', path: '/discount', action: 'payment.take', body: discountSchema },
  /** {invoice_id, points} */
  redeem: { method: 'POST', path: '/redemption', action: 'payment.take', body: pointsSchema },
  /** {id} of the transaction: a reversal (level 5) */
  removeTransaction: { method: 'DELETE', path: '/transaction', action: 'transaction.delete', body: idPayloadSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

export interface MoneyInvoice extends InvoiceParts {
  id: string;
  number: string;
  customer_id: string | null;
  /** the amount due now */
  total: Cents;
}

/** A transaction row as the plans read it (the one being removed). */
export interface MoneyTransaction {
  method: string;
  amount: Cents;
  point: number;
}

export interface MoneyPlan {
  /** the invoice parts this write changes */
  invoice: Partial<Pick<InvoiceParts, 'payment' | 'discount_percent' | 'points_value'>>;
  /** the invoice's derived money columns after the change (src/domain/totals.ts invoiceFigures) */
  figures: ReturnType<typeof invoiceFigures>;
  /** the transaction row to append, if any */
  append?: { method: TransactionMethod; amount: Cents; point: number; reason?: string; refund_method?: PaymentMethod };
  /** loyalty points to add to the invoice's customer (negative to take; a customer never goes below zero) */
  points: number;
  /** the activity log: subject and predicate (SPEC §3 system log) */
  log: { subject: string; predicate: string };
  /** the answer the person sees */
  message: string;
}

export type Planned<P extends MoneyPlan = MoneyPlan> = ({ ok: true } & P) | { ok: false; message: string };

/** The transaction row a plan appends, as the device and the server both store it (its id, number and who took it). */
export function appendedTransaction(
  invoiceId: string,
  t: NonNullable<MoneyPlan['append']>,
  by: { id: string; number: string; username: string },
) {
  return {
    ...by,
    amount: t.amount,
    method: t.method,
    invoice_id: invoiceId,
    point: t.point,
    reason: t.reason ?? '',
    refund_method: t.refund_method ?? '',
  };
}

/** A payment always appends its row. */
export type PaymentPlan = MoneyPlan & { append: NonNullable<MoneyPlan['append']> };

const no = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** The invoice after `changes`, refused when it would leave less due than has been paid (every invoice write). */
export function refigure(
  inv: MoneyInvoice,
  changes: Partial<InvoiceParts>,
  settings: ShopSettings,
): MoneyPlan['figures'] | string {
  const next = { ...inv, ...changes };
  const figures = invoiceFigures(next, settings);
  return figures.totals.total < next.payment ? fill(MSG.invoiceBelowPaid, { paid: formatUSD(next.payment) }) : figures;
}

function plan(
  inv: MoneyInvoice,
  settings: ShopSettings,
  change: Omit<MoneyPlan, 'figures' | 'log' | 'message'>,
  words: (f: MoneyPlan['figures']) => { log: string; message: string },
): Planned {
  const figures = refigure(inv, change.invoice, settings);
  if (typeof figures === 'string') return no(figures);
  const { log, message } = words(figures);
  return { ok: true, ...change, figures, log: { subject: displayInvoiceNumber(inv.number), predicate: log }, message };
}

/** SPEC §5 Payment: above 0 and at most the amount due; append-only; earns points, which its row records. */
export function planPayment(
  inv: MoneyInvoice,
  settings: ShopSettings,
  method: PaymentMethod,
  amount: Cents,
): Planned<PaymentPlan> {
  const check = checkPayment(amount, inv.total);
  if (!check.ok) return no(check.message);
  const append = { method, amount, point: pointsMovedBy({ method, amount }) };
  const planned = plan(
    inv,
    settings,
    { invoice: { payment: inv.payment + amount }, append, points: append.point },
    (f) => ({
      log: `${METHOD_LABELS[method]} payment ${formatUSD(amount)}; ${f.total > 0 ? `${formatUSD(f.total)} due` : 'PAID'}`,
      message: f.total > 0 ? `Payment received: ${formatUSD(f.total)} still due` : 'Payment received: invoice PAID',
    }),
  );
  return planned.ok ? { ...planned, append } : planned;
}

/**
 * SPEC §5 Discount: one choice (5–20 %, or none), once per invoice, not on a paid invoice; recorded as a row.
 * `null`: 'none' was chosen, and there is nothing to do (the answer is MSG.noDiscountApplied).
 */
export function planDiscount(inv: MoneyInvoice, settings: ShopSettings, percent: number): Planned | null {
  if (isInvoiceLocked(inv)) return no(MSG.invoicePaidLocked);
  const check = checkDiscount(percent);
  if (!check.ok) return no(check.message);
  if (inv.discount_percent > 0) return no(MSG.discountOnce);
  if (percent === 0) return null;
  const figures = refigure(inv, { discount_percent: percent }, settings);
  if (typeof figures === 'string') return no(figures);
  return plan(
    inv,
    settings,
    {
      invoice: { discount_percent: percent },
      append: { method: 'discount', amount: figures.discount, point: 0 },
      points: 0,
    },
    (f) => ({
      log: `discount ${percent}% (${formatUSD(f.discount)})`,
      message: `Discount of ${formatUSD(f.discount)} applied`,
    }),
  );
}

/** SPEC §5 Points: at least 1, at most the customer's points, worth no more than the amount due. */
export function planRedemption(
  inv: MoneyInvoice,
  settings: ShopSettings,
  customerPoints: number | undefined,
  points: number,
): Planned {
  if (isInvoiceLocked(inv)) return no(MSG.invoicePaidLocked);
  if (customerPoints === undefined) return no(MSG.noCustomerForPoints);
  const check = checkPoints(points, customerPoints);
  if (!check.ok) return no(check.message);
  const value = pointsValue(points, settings.pointValueCents);
  if (value > inv.total)
    return no(fill(MSG.pointsOverDue, { points, value: formatUSD(value), due: formatUSD(inv.total) }));
  return plan(
    inv,
    settings,
    {
      invoice: { points_value: inv.points_value + value },
      append: { method: 'redemption', amount: value, point: points },
      points: -points,
    },
    () => ({
      log: `${points} points redeemed (${formatUSD(value)})`,
      message: `${points} points applied`,
    }),
  );
}

/**
 * Why a transaction cannot be removed, or null when it can: a refund (writes/refunds.ts) is never removed, nor a
 * payment the invoice's refunds (`refunded`) still stand on. The one rule of the removal's plan (device and server)
 * and of the Transactions screen's Delete, which is off with this reason shown.
 */
export function removalRefusal(
  inv: Pick<MoneyInvoice, 'payment' | 'number'>,
  t: Pick<MoneyTransaction, 'method' | 'amount'>,
  refunded: Cents,
): string | null {
  if (t.method === 'refund') return MSG.refundFinal;
  const isPayment = t.method !== 'discount' && t.method !== 'redemption';
  if (isPayment && refunded > 0 && inv.payment - t.amount < refunded)
    return fill(MSG.refundKeepsPayment, { invoice: displayInvoiceNumber(inv.number) });
  return null;
}

/**
 * Removing a transaction (level 5) is a reversal: the amount due and the points come back as they were, unless
 * `removalRefusal` keeps it.
 */
export function planTransactionRemoval(
  inv: MoneyInvoice,
  settings: ShopSettings,
  t: MoneyTransaction,
  refunded: Cents = 0,
): Planned {
  const label = METHOD_LABELS[t.method as TransactionMethod] ?? t.method;
  const kept = removalRefusal(inv, t, refunded);
  if (kept) return no(kept);
  const words = () => ({ log: `${label} of ${formatUSD(t.amount)} removed`, message: MSG.transactionRemoved });
  if (t.method === 'discount') return plan(inv, settings, { invoice: { discount_percent: 0 }, points: 0 }, words);
  if (t.method === 'redemption')
    return plan(
      inv,
      settings,
      { invoice: { points_value: Math.max(0, inv.points_value - t.amount) }, points: t.point },
      words,
    );
  return plan(
    inv,
    settings,
    { invoice: { payment: Math.max(0, inv.payment - t.amount) }, points: -pointsMovedBy(t) },
    words,
  );
}
