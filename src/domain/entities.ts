import type { Cents } from './money';

/**
 * The words and value shapes of SPEC §3's entities: job statuses, payment methods, an invoice's lines and totals.
 * The tables themselves (every synced table's fields, indexes and sync columns) are described once in
 * src/domain/model. Ids are UUIDv7 strings made where the row is created; money is integer cents.
 */

export const JOB_STATUSES = ['booked', 'received', 'active', 'complete', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const PAYMENT_METHODS = ['cash', 'debit_card', 'credit_card', 'online', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * Transaction rows also record discounts and points redemptions (SPEC §9 chips), and refunds (issue 18: money given
 * back on a paid invoice, a row with a negative amount, never edited).
 */
export type TransactionMethod = PaymentMethod | 'discount' | 'redemption' | 'refund';

export const METHOD_LABELS: Record<TransactionMethod, string> = {
  cash: 'Cash',
  debit_card: 'Debit Card',
  credit_card: 'Credit Card',
  online: 'Online',
  cheque: 'Cheque',
  discount: 'Discount',
  redemption: 'Redemption',
  refund: 'Refund',
};

/**
 * One colour per transaction method (SPEC §2 Transactions: the payment type chip is coloured by method; SPEC §9's
 * chips also know cc, dc, discount and redemption, which normaliseMethod maps here). Chakra colour palettes.
 */
export const METHOD_COLOR: Record<TransactionMethod, string> = {
  cash: 'green',
  debit_card: 'blue',
  credit_card: 'purple',
  online: 'cyan',
  cheque: 'orange',
  discount: 'pink',
  redemption: 'yellow',
  refund: 'red',
};

/** SPEC's spellings seen on the wire ('credit card', 'cc', 'dc') → our ids. */
export function normaliseMethod(method: unknown): TransactionMethod | null {
  const m = String(method ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const alias: Record<string, TransactionMethod> = {
    cc: 'credit_card',
    dc: 'debit_card',
    credit: 'credit_card',
    debit: 'debit_card',
    check: 'cheque',
    points: 'redemption',
  };
  if (m in alias) return alias[m];
  return (Object.keys(METHOD_LABELS) as TransactionMethod[]).includes(m as TransactionMethod)
    ? (m as TransactionMethod)
    : null;
}

/** A product line on an invoice, sale or estimate. */
export interface InvoiceLine {
  id: string;
  title: string;
  description: string;
  price: Cents;
  qty: number;
  /** quantity returned through Item Return */
  returned?: number;
}

export interface InvoiceTotals {
  labour: Cents;
  product: Cents;
  storage: Cents;
  discount: Cents;
  points: Cents;
  /** grand total after discount and points, before payments */
  total: Cents;
  paid: Cents;
  due: Cents;
  /** the tax in the total, and the terms it was computed with (issue 18); absent when the document has no tax */
  tax?: Cents;
  tax_name?: string;
  tax_rate_bp?: number;
  tax_inclusive?: boolean;
}
