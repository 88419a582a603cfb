import { METHOD_LABELS, type TransactionMethod } from '../domain/entities';
import { formatShop } from '../domain/dates';
import { displayInvoiceNumber, invoiceHeader } from '../domain/jobs';
import { formatUSD } from '../domain/money';
import { refundLine, refundSummary } from '../domain/writes/refunds';
import { A4, Page } from './layout';
import {
  documentTotals,
  letterhead,
  lineTable,
  linesOf,
  storageTerms,
  totalsBlock,
  zoneOf,
  type ShopInfo,
  type Stamp,
} from './parts';

/**
 * The one invoice layout (SPEC §7 invoice-pdf/{id}; SPEC §2 Invoice editor's header: customer and vehicle info,
 * registration, contact, email, VIN, mileage, services, work, items, totals), on A4 under the shop's letterhead.
 * A payment's receipt is receipt.ts.
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
  discount_percent?: number;
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

/** A transaction on the invoice: payments, and the discount, redemption and refund rows (a refund's reason and method). */
export interface PaymentSource {
  number: string;
  method: string;
  amount: number;
  created_at: Stamp;
  reason?: string | null;
  refund_method?: string | null;
}

export function invoicePdf(
  inv: InvoiceSource,
  job: InvoiceJob | null | undefined,
  payments: readonly PaymentSource[],
  shop: ShopInfo,
): ArrayBuffer {
  const tz = zoneOf(shop);
  const totals = documentTotals(inv.totals);
  const service = inv.type !== 'product';
  const p = new Page(A4);
  letterhead(p, shop, {
    title: 'INVOICE',
    number: displayInvoiceNumber(inv.number),
    lines: [`Date: ${formatShop(inv.created_at, tz)}`],
  });
  billTo(p, inv, job);
  lineTable(
    p,
    {
      ...inv,
      products: linesOf(inv.products),
      totals,
      storageDays: inv.storage === 'on' ? inv.storage_days : undefined,
    },
    service,
  );
  totalsBlock(p, totals, { payments: true, discountPercent: inv.discount_percent });
  refundLines(p, payments, totals.paid ?? 0);
  if (payments.length) {
    p.heading('Payments').table(
      [
        { title: 'Receipt', width: 30 },
        { title: 'Method', width: 30 },
        { title: 'Date', width: 70 },
        { title: 'Amount', width: 30, align: 'right' },
      ],
      payments.map((t) => [
        t.number,
        t.method === 'refund' ? refundLine(t) : methodLabel(t.method),
        formatShop(t.created_at, tz),
        formatUSD(t.amount),
      ]),
    );
  }
  storageTerms(p, shop);
  return p.footer(shop.footer ?? '').bytes();
}

/** Who the invoice is for: the customer, their contact, and on a service invoice the vehicle and its services. */
function billTo(p: Page, inv: InvoiceSource, job: InvoiceJob | null | undefined) {
  const head = invoiceHeader(inv.profile, job);
  p.text('Bill to', { bold: true });
  p.text(`${inv.first_name} ${inv.last_name}`.trim() || 'Quick Sale');
  const contact = [head.contact, head.email].filter(Boolean).join('   ');
  if (contact) p.text(`Contact: ${contact}`);
  if (inv.type !== 'product')
    p.text(`Vehicle: ${inv.registration}   VIN ${inv.vin}${head.mileage ? `   Mileage ${head.mileage}` : ''}`);
  if (head.services.length) p.text(`Services: ${head.services.join(', ')}`);
  return p.gap(4);
}

/**
 * Refunds (issue 18), under the totals: the domain's refund summary (what was given back, what the shop kept of
 * what was paid), the lines the invoice editor shows too. Nothing when no refund was made.
 */
function refundLines(p: Page, payments: readonly PaymentSource[], paid: number) {
  const lines = refundSummary(paid, payments);
  if (!lines.length) return;
  const x = p.narrow ? p.left : p.right - 80;
  for (const l of lines) p.line(l.label, formatUSD(l.cents), l.strong, x);
  p.gap(3);
}

export const methodLabel = (method: string) => METHOD_LABELS[method as TransactionMethod] ?? method;
