import type { ShopSettings } from '../../../domain/configSheet';
import type { InvoiceLine } from '../../../domain/entities';
import type { InvoiceRow, JobRow, TransactionRow } from '../../../local/db';
import type { InvoiceDoc } from '../../../pdf';
import { hasEmail } from '../../ui/links';

/**
 * The invoice's documents built on the device (offline), with src/pdf loaded on demand (as the Service History PDF
 * of src/app/customers/serviceHistory.ts): the Invoice PDF and a payment's receipt. Open them with `openPdf`.
 */
function shopOf(s: ShopSettings) {
  return { name: s.shopName, timeZone: s.timeZone, storageFirstDayJmd: s.storageFirstDayJmdCents, storagePerDayJmd: s.storagePerDayJmdCents };
}

/** What the header shows of the customer and vehicle: the job's details when the invoice has one, else its profile. */
export function profileOf(inv: InvoiceRow, job: JobRow | null | undefined): Record<string, unknown> {
  const p = inv.profile ?? {};
  const email = hasEmail(job?.email) ? job?.email : hasEmail(p.email) ? p.email : '';
  return {
    ...p,
    contact: job?.contact || p.contact || '',
    email: email || '',
    ...(job ? { mileage: job.mileage, services: Array.isArray(job.service) ? job.service : [] } : {}),
  };
}

export async function invoicePdfBlob(inv: InvoiceRow, job: JobRow | null | undefined, payments: TransactionRow[], settings: ShopSettings): Promise<Blob> {
  const pdf = await import('../../../pdf');
  const doc: InvoiceDoc = {
    number: inv.number,
    created_at: inv.created_at,
    type: inv.type,
    first_name: inv.first_name,
    last_name: inv.last_name,
    registration: inv.registration,
    vin: inv.vin,
    profile: profileOf(inv, job),
    work_hour: inv.work_hour,
    rate_hour: inv.rate_hour,
    products: (inv.products ?? []) as InvoiceLine[],
    totals: { labour: 0, product: 0, discount: 0, total: 0, ...(inv.totals as Partial<InvoiceDoc['totals']>) },
    storage: inv.storage,
    storage_days: inv.storage_days,
    transactions: payments.map((t) => ({ number: t.number, method: t.method, amount: t.amount, created_at: t.created_at })),
  };
  return new Blob([pdf.invoicePdf(doc, shopOf(settings))], { type: 'application/pdf' });
}

export async function receiptPdfBlob(t: TransactionRow, inv: InvoiceRow, settings: ShopSettings): Promise<Blob> {
  const pdf = await import('../../../pdf');
  const bytes = pdf.receiptPdf(
    { number: t.number, created_at: t.created_at, method: t.method, amount: t.amount, invoice: { number: inv.number, first_name: inv.first_name, last_name: inv.last_name, due: inv.total } },
    shopOf(settings),
  );
  return new Blob([bytes], { type: 'application/pdf' });
}
