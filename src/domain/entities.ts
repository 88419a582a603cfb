import type { Cents } from './money';

/** Entities of SPEC §3. Ids are UUIDv7 strings made where the row is created; money is integer cents. */

export const JOB_STATUSES = ['booked', 'received', 'active', 'complete', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const PAYMENT_METHODS = ['cash', 'debit_card', 'credit_card', 'online', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Transaction rows also record discounts and points redemptions (SPEC §9 chips). */
export type TransactionMethod = PaymentMethod | 'discount' | 'redemption';

export const METHOD_LABELS: Record<TransactionMethod, string> = {
  cash: 'Cash',
  debit_card: 'Debit Card',
  credit_card: 'Credit Card',
  online: 'Online',
  cheque: 'Cheque',
  discount: 'Discount',
  redemption: 'Redemption',
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
};

/** SPEC's spellings seen on the wire ('credit card', 'cc', 'dc') → our ids. */
export function normaliseMethod(method: unknown): TransactionMethod | null {
  const m = String(method ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  const alias: Record<string, TransactionMethod> = { cc: 'credit_card', dc: 'debit_card', credit: 'credit_card', debit: 'debit_card', check: 'cheque', points: 'redemption' };
  if (m in alias) return alias[m];
  return (Object.keys(METHOD_LABELS) as TransactionMethod[]).includes(m as TransactionMethod) ? (m as TransactionMethod) : null;
}

interface Versioned {
  created_at: string;
  updated_at: string;
  version: number;
}

export interface Customer extends Versioned {
  id: string;
  first_name: string;
  last_name: string;
  vin: string;
  registration: string;
  email: string;
  contact: string;
  current_points: number;
  /** percent */
  discount: number;
  note: string;
  /** 1 active, 0 blocked */
  active: 0 | 1;
}

export interface Job extends Versioned {
  id: string;
  /** device series number, shown with a leading '#' */
  number: string;
  customer_id: string | null;
  vin: string;
  registration: string;
  first_name: string;
  last_name: string;
  contact: string;
  /** 'none' when absent */
  email: string;
  mileage: number;
  service: string[];
  status: JobStatus;
  book_start: string | null;
  book_end: string | null;
  start: string | null;
  active_at: string | null;
  complete_at: string | null;
  technician: string;
  customer_note: string;
  service_note: string;
  comment: string;
  /** invoice ids (SPEC shows them comma-separated) */
  invoice: string[];
  /** 'product' for a sale without a vehicle */
  type: 'service' | 'product';
}

export interface ServiceItem {
  id: string;
  title: string;
  description: string;
}

export interface ServicePhoto {
  id: string;
  job_id: string;
  src: string;
  thumbnail: string;
}

export interface ServiceLogEntry {
  id: string;
  job_id: string;
  message: string;
  username: string;
  created_at: string;
}

export interface Product extends Versioned {
  id: string;
  title: string;
  description: string;
  price: Cents;
  cost: Cents;
  stock: number;
  low_stock: number;
  barcode: string;
  supplier: string | null;
  supplier_name?: string;
}

export interface ProductPhoto {
  id: string;
  product_id: string;
  src: string;
  thumbnail: string;
}

export interface Supplier {
  id: string;
  bizname: string;
  email: string;
  address: string;
  contact: string;
}

export interface InventoryLogEntry {
  id: string;
  product_id: string;
  amount: number;
  reason: string;
  ref: string;
  created_at: string;
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
}

export interface Invoice extends Versioned {
  id: string;
  number: string;
  request_id: string | null;
  customer_id: string | null;
  first_name: string;
  last_name: string;
  registration: string;
  vin: string;
  /** amount due */
  total: Cents;
  /** amount paid */
  payment: Cents;
  /** discount as money */
  discount: Cents;
  discount_percent: number;
  points_value: Cents;
  work_hour: number;
  rate_hour: Cents;
  products: InvoiceLine[];
  profile: Record<string, unknown>;
  totals: InvoiceTotals;
  storage: 'on' | 'off';
  storage_days: number;
  invoice_status: 'open' | 'write-off';
  type: 'service' | 'product';
}

export interface Estimate extends Versioned {
  id: string;
  number: string;
  first_name: string;
  last_name: string;
  total: Cents;
  profile: { first_name: string; last_name: string; contact: string; email: string };
  products: InvoiceLine[];
  services: string[];
  work_hour: number;
  rate_hour: Cents;
  discount: Cents;
  totals: InvoiceTotals;
}

export interface Transaction {
  id: string;
  number: string;
  amount: Cents;
  method: TransactionMethod;
  created_at: string;
  invoice_id: string;
  point: number;
  username: string;
}

export interface TeamMember {
  id: string;
  username: string;
  permission: number;
}

export interface SysLogEntry {
  id: string;
  category: string;
  subject: string;
  predicate: string;
  username: string;
  created_at: string;
}

export interface ConfigEntry {
  id: string;
  name: string;
  title: string;
  description: string;
  amount: number | null;
}

export interface SessionToken {
  username: string;
  permission: number;
  exp: number;
}
