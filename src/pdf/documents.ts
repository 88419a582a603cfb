import type { InvoiceLine } from '../domain/entities';
import { METHOD_LABELS, type TransactionMethod } from '../domain/entities';
import { DEFAULT_TIME_ZONE, formatShop } from '../domain/dates';
import { displayInvoiceNumber, displayJobNumber } from '../domain/jobs';
import { formatJMD, formatUSD } from '../domain/money';
import { DEFAULT_STORAGE_FIRST_DAY_JMD, DEFAULT_STORAGE_PER_DAY_JMD } from '../domain/totals';
import { Page } from './layout';

/** What every document knows about the shop. */
export interface ShopInfo {
  name: string;
  timeZone?: string;
  storageFirstDayJmd?: number;
  storagePerDayJmd?: number;
}

interface Totals {
  labour: number;
  product: number;
  storage?: number;
  discount: number;
  points?: number;
  total: number;
  paid?: number;
  due?: number;
}

const TOTAL_KEYS = ['labour', 'product', 'storage', 'discount', 'points', 'total', 'paid', 'due'] as const;

/**
 * The figures a document prints, from an invoice's or estimate's stored `totals` (jsonb on the server, IndexedDB on
 * the device; written by the domain's invoiceFigures): each figure that is a number, and 0 for the four every
 * document prints when a row lacks them. The server and the device map rows to documents through this one reader.
 */
export function documentTotals(stored: Record<string, unknown>): Totals {
  const totals: Totals = { labour: 0, product: 0, discount: 0, total: 0 };
  for (const key of TOTAL_KEYS) {
    const value = stored[key];
    if (typeof value === 'number') totals[key] = value;
  }
  return totals;
}

export interface InvoiceDoc {
  number: string;
  created_at: string;
  type: string;
  first_name: string;
  last_name: string;
  registration: string;
  vin: string;
  profile: Record<string, unknown>;
  work_hour: number;
  rate_hour: number;
  products: InvoiceLine[];
  totals: Totals;
  storage: string;
  storage_days: number;
  transactions?: { number: string; method: string; amount: number; created_at: string }[];
}

const lineRows = (lines: InvoiceLine[]) =>
  lines.map((l) => {
    const qty = l.qty - (l.returned ?? 0);
    return [l.title, l.description ?? '', String(qty) + (l.returned ? ` (${l.returned} returned)` : ''), formatUSD(l.price), formatUSD(l.price * qty)];
  });
const LINE_COLS = [
  { title: 'Item', width: 55 },
  { title: 'Description', width: 62 },
  { title: 'Qty', width: 20, align: 'right' as const },
  { title: 'Price', width: 22, align: 'right' as const },
  { title: 'Amount', width: 23, align: 'right' as const },
];

function totalsBlock(p: Page, t: Totals, withPayments: boolean) {
  p.line('Labour', formatUSD(t.labour)).line('Products', formatUSD(t.product));
  if (t.storage) p.line('Storage', formatUSD(t.storage));
  if (t.discount) p.line('Discount', `-${formatUSD(t.discount)}`);
  if (t.points) p.line('Points redeemed', `-${formatUSD(t.points)}`);
  p.line('Total', formatUSD(t.total), true);
  if (withPayments) {
    p.line('Paid', formatUSD(t.paid ?? 0));
    p.line('Amount due', (t.due ?? 0) <= 0 ? 'PAID' : formatUSD(t.due ?? 0), true);
  }
}

function storageTerms(p: Page, shop: ShopInfo) {
  const first = shop.storageFirstDayJmd ?? DEFAULT_STORAGE_FIRST_DAY_JMD;
  const per = shop.storagePerDayJmd ?? DEFAULT_STORAGE_PER_DAY_JMD;
  p.gap(2).line(`Storage: ${formatJMD(first)} the first day and ${formatJMD(per)} each further day. Parts are to be supplied within 5 days after notice; vehicles are to be collected within 7 days after completion.`);
}

export function invoicePdf(inv: InvoiceDoc, shop: ShopInfo): ArrayBuffer {
  const tz = shop.timeZone ?? DEFAULT_TIME_ZONE;
  const p = new Page().title(shop.name, displayInvoiceNumber(inv.number));
  p.line(`Date: ${formatShop(inv.created_at, tz)}`);
  p.line(`Customer: ${inv.first_name} ${inv.last_name}`.trim());
  if (inv.type !== 'product') p.line(`Vehicle: ${inv.registration}  VIN ${inv.vin}${inv.profile.mileage ? `  Mileage ${inv.profile.mileage}` : ''}`);
  const contact = [inv.profile.contact, inv.profile.email].filter(Boolean).join('  ');
  if (contact) p.line(`Contact: ${contact}`);
  if (Array.isArray(inv.profile.services) && inv.profile.services.length) p.line(`Services: ${(inv.profile.services as string[]).join(', ')}`);
  p.gap();
  if (inv.type !== 'product') p.line(`Work: ${inv.work_hour} h at ${formatUSD(inv.rate_hour)}/h`, formatUSD(inv.totals.labour));
  if (inv.products.length) p.heading('Items').table(LINE_COLS, lineRows(inv.products));
  if (inv.storage === 'on') p.line(`Storage (item 10001000): ${inv.storage_days} day(s)`, formatUSD(inv.totals.storage ?? 0));
  p.gap();
  totalsBlock(p, inv.totals, true);
  if (inv.transactions?.length) {
    p.heading('Payments').table(
      [{ title: 'Receipt', width: 40 }, { title: 'Method', width: 40 }, { title: 'Date', width: 70 }, { title: 'Amount', width: 32, align: 'right' }],
      inv.transactions.map((t) => [t.number, METHOD_LABELS[t.method as TransactionMethod] ?? t.method, formatShop(t.created_at, tz), formatUSD(t.amount)]),
    );
  }
  storageTerms(p, shop);
  return p.bytes();
}

export interface EstimateDoc {
  number: string;
  created_at: string;
  profile: { first_name: string; last_name: string; contact?: string; email?: string };
  services: string[];
  products: InvoiceLine[];
  work_hour: number;
  rate_hour: number;
  totals: Totals;
}

/** Who an estimate is for, from its stored `profile`; the row's own names where the profile lacks them. */
export function estimateProfile(stored: Record<string, unknown>, names: { first_name: string; last_name: string }): EstimateDoc['profile'] {
  const text = (key: string) => {
    const value = stored[key];
    return typeof value === 'string' ? value : undefined;
  };
  return { first_name: text('first_name') ?? names.first_name, last_name: text('last_name') ?? names.last_name, contact: text('contact'), email: text('email') };
}

export function estimatePdf(est: EstimateDoc, shop: ShopInfo): ArrayBuffer {
  const p = new Page().title(`${shop.name}: Estimate`, `EST ${est.number}`);
  p.line(`Date: ${formatShop(est.created_at, shop.timeZone ?? DEFAULT_TIME_ZONE)}`);
  p.line(`For: ${est.profile.first_name} ${est.profile.last_name}`);
  const contact = [est.profile.contact, est.profile.email].filter(Boolean).join('  ');
  if (contact) p.line(`Contact: ${contact}`);
  p.gap().heading('Services');
  est.services.forEach((sv, i) => p.line(`${i + 1}. ${sv}`));
  p.gap().line(`Work: ${est.work_hour} h at ${formatUSD(est.rate_hour)}/h`, formatUSD(est.totals.labour));
  if (est.products.length) p.heading('Items').table(LINE_COLS, lineRows(est.products));
  p.gap();
  totalsBlock(p, est.totals, false);
  p.gap().line('This is an estimate, not an invoice. Prices may change once the vehicle has been inspected.');
  return p.bytes();
}

export interface ReceiptDoc {
  number: string;
  created_at: string;
  method: string;
  amount: number;
  invoice: { number: string; first_name: string; last_name: string; due: number };
}

export function receiptPdf(r: ReceiptDoc, shop: ShopInfo): ArrayBuffer {
  const p = new Page().title(`${shop.name}: Receipt`, `RCPT ${r.number}`);
  p.line(`Date: ${formatShop(r.created_at, shop.timeZone ?? DEFAULT_TIME_ZONE)}`);
  p.line(`Invoice: ${displayInvoiceNumber(r.invoice.number)}  ${r.invoice.first_name} ${r.invoice.last_name}`);
  p.gap().line(`${METHOD_LABELS[r.method as TransactionMethod] ?? r.method}`, formatUSD(r.amount), true);
  p.line('Amount still due', r.invoice.due <= 0 ? 'PAID' : formatUSD(r.invoice.due));
  return p.bytes();
}

export interface HistoryDoc {
  customer: { first_name: string; last_name: string; vin: string; registration: string; contact: string; email: string };
  jobs: { number: string; created_at: string; status: string; mileage: number; service: string[]; technician: string; comment: string }[];
  invoices: { number: string; created_at: string; totals: Totals; total: number }[];
}

export function serviceHistoryPdf(h: HistoryDoc, shop: ShopInfo): ArrayBuffer {
  const tz = shop.timeZone ?? DEFAULT_TIME_ZONE;
  const p = new Page().title(`${shop.name}: Service history`, h.customer.registration);
  p.line(`${h.customer.first_name} ${h.customer.last_name}  ${h.customer.contact}  ${h.customer.email}`);
  p.line(`VIN ${h.customer.vin}  Registration ${h.customer.registration}`);
  p.gap().heading(`Jobs (${h.jobs.length})`);
  p.table(
    [{ title: 'Job', width: 22 }, { title: 'Date', width: 48 }, { title: 'Status', width: 22 }, { title: 'Mileage', width: 20, align: 'right' }, { title: 'Services', width: 70 }],
    h.jobs.map((j) => [displayJobNumber(j.number), formatShop(j.created_at, tz), j.status, String(j.mileage), j.service.join(', ')]),
  );
  p.heading(`Invoices (${h.invoices.length})`);
  p.table(
    [{ title: 'Invoice', width: 40 }, { title: 'Date', width: 60 }, { title: 'Total', width: 40, align: 'right' }, { title: 'Due', width: 40, align: 'right' }],
    h.invoices.map((i) => [displayInvoiceNumber(i.number), formatShop(i.created_at, tz), formatUSD(i.totals.total), i.total <= 0 ? 'PAID' : formatUSD(i.total)]),
  );
  return p.bytes();
}
