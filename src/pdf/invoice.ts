import { METHOD_LABELS, type TransactionMethod } from '../domain/entities';
import { formatShop } from '../domain/dates';
import { displayInvoiceNumber, invoiceHeader } from '../domain/jobs';
import { formatUSD } from '../domain/money';
import { Page } from './layout';
import { documentTotals, dueText, linesOf, storageTerms, totalsBlock, workAndItems, zoneOf, type ShopInfo, type Stamp } from './parts';

/**
 * The one invoice layout (SPEC §7 invoice-pdf/{id}; SPEC §2 Invoice editor's header: customer and vehicle info,
 * registration, contact, email, VIN, mileage, services, work, items, totals) and the receipt of a payment on it.
 * The server's documents route, the Invoices table and the Invoice editor all pass the stored rows here — the
 * invoice, its job and its payments — so an invoice prints the same wherever it is made.
 */

/** The stored invoice row (server or device) with what its PDF reads. */
export interface InvoiceSource {
  number: string;
  created_at: Stamp;
  type: string;
  first_name: string;
  last_name: string;
  registration: string;
  vin: string;
  total: number;
  profile?: Record<string, unknown> | null;
  work_hour: number;
  rate_hour: number;
  products?: readonly unknown[] | null;
  totals?: Record<string, unknown> | null;
  storage: string;
  storage_days: number;
}

/** The invoice's job (service invoices have one): the vehicle's details as checked in. */
export type InvoiceJob = Parameters<typeof invoiceHeader>[1];

/** A transaction on the invoice: payments, and the discount and redemption rows. */
export interface PaymentSource {
  number: string;
  method: string;
  amount: number;
  created_at: Stamp;
}

export function invoicePdf(inv: InvoiceSource, job: InvoiceJob | null | undefined, payments: readonly PaymentSource[], shop: ShopInfo): ArrayBuffer {
  const tz = zoneOf(shop);
  const totals = documentTotals(inv.totals);
  const head = invoiceHeader(inv.profile, job);
  const p = new Page().title(shop.name, displayInvoiceNumber(inv.number));
  p.line(`Date: ${formatShop(inv.created_at, tz)}`);
  p.line(`Customer: ${inv.first_name} ${inv.last_name}`.trim());
  if (inv.type !== 'product') p.line(`Vehicle: ${inv.registration}  VIN ${inv.vin}${head.mileage ? `  Mileage ${head.mileage}` : ''}`);
  const contact = [head.contact, head.email].filter(Boolean).join('  ');
  if (contact) p.line(`Contact: ${contact}`);
  if (head.services.length) p.line(`Services: ${head.services.join(', ')}`);
  p.gap();
  workAndItems(p, { ...inv, products: linesOf(inv.products), totals }, inv.type !== 'product');
  if (inv.storage === 'on') p.line(`Storage (item 10001000): ${inv.storage_days} day(s)`, formatUSD(totals.storage ?? 0));
  p.gap();
  totalsBlock(p, totals, true);
  if (payments.length) {
    p.heading('Payments').table(
      [{ title: 'Receipt', width: 40 }, { title: 'Method', width: 40 }, { title: 'Date', width: 70 }, { title: 'Amount', width: 32, align: 'right' }],
      payments.map((t) => [t.number, methodLabel(t.method), formatShop(t.created_at, tz), formatUSD(t.amount)]),
    );
  }
  storageTerms(p, shop);
  return p.bytes();
}

const methodLabel = (method: string) => METHOD_LABELS[method as TransactionMethod] ?? method;

/** A payment's receipt: what was paid on which invoice, and what is still due on it. */
export function receiptPdf(t: PaymentSource, inv: Pick<InvoiceSource, 'number' | 'first_name' | 'last_name' | 'total'>, shop: ShopInfo): ArrayBuffer {
  const p = new Page().title(`${shop.name}: Receipt`, `RCPT ${t.number}`);
  p.line(`Date: ${formatShop(t.created_at, zoneOf(shop))}`);
  p.line(`Invoice: ${displayInvoiceNumber(inv.number)}  ${inv.first_name} ${inv.last_name}`);
  p.gap().line(methodLabel(t.method), formatUSD(t.amount), true);
  p.line('Amount still due', dueText(inv.total));
  return p.bytes();
}
