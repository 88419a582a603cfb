import { shopSettings } from '../../domain/configSheet';
import type { CashupRow, CustomerRow, InvoiceRow, TransactionRow } from '../../local/db';
import type { Repositories } from '../../local/repositories';
import type { EstimateRow } from '../../local/repositories/estimates';
import type { CashupPrint } from '../../pdf';
import { fetchShopLogo } from '../../sync/photos';
import { currentUser } from '../session/session';

/**
 * The documents (SPEC §7 invoice-pdf/{id}, estimate-pdf/{id}, service-history/{vin}, and a payment's receipt) built
 * on the device from the rows it holds, so they work with the network cut. The layouts are src/pdf's, the same the
 * server's documents route prints with; this file only reads the rows. src/pdf (jsPDF) is loaded on demand, so it
 * stays out of the first load and the screens' chunks.
 */

const loadPdf = () => import('../../pdf');
const asPdf = (bytes: ArrayBuffer) => new Blob([bytes], { type: 'application/pdf' });

async function shop(repos: Repositories) {
  const [pdf, rows, logo] = await Promise.all([loadPdf(), repos.config.list(), fetchShopLogo(currentUser()?.token)]);
  return { pdf, shop: pdf.shopInfo(shopSettings(rows), logo) };
}

/** An invoice with its job's details and its transactions (oldest first), as the server's GET /invoice-pdf/{id}. */
export async function invoicePdfBlob(repos: Repositories, inv: InvoiceRow): Promise<Blob> {
  const [{ pdf, shop: info }, job, payments] = await Promise.all([
    shop(repos),
    inv.request_id ? repos.jobs.get(inv.request_id) : undefined,
    repos.invoices.transactions(inv.id),
  ]);
  return asPdf(pdf.invoicePdf(inv, job, payments, info));
}

/** A payment's receipt on its invoice: 80 mm roll or A4, as the config sheet says; the balance it left. */
export async function receiptPdfBlob(repos: Repositories, t: TransactionRow, inv: InvoiceRow): Promise<Blob> {
  const [{ pdf, shop: info }, payments] = await Promise.all([shop(repos), repos.invoices.transactions(inv.id)]);
  return asPdf(pdf.receiptPdf(t, inv, payments, info));
}

/** An estimate, as the server's GET /estimate-pdf/{id}. */
export async function estimatePdfBlob(repos: Repositories, est: EstimateRow): Promise<Blob> {
  const { pdf, shop: info } = await shop(repos);
  return asPdf(pdf.estimatePdf(est, info));
}

/** SPEC §2 Service History (PDF): the vehicle's jobs and invoices the device holds, as GET /service-history/{vin}. */
export async function serviceHistoryBlob(repos: Repositories, c: CustomerRow): Promise<Blob> {
  const [{ pdf, shop: info }, jobs, invoices] = await Promise.all([
    shop(repos),
    repos.jobs.forVin(c.vin),
    repos.invoices.forVin(c.vin),
  ]);
  return asPdf(pdf.serviceHistoryPdf({ customer: c, jobs, invoices }, info));
}

/** A cash-up at closing (issue 18) on A4 or the counter's 80 mm roll. */
export async function cashupPdfBlob(
  repos: Repositories,
  c: CashupRow & Pick<CashupPrint, 'after'>,
  paper: 'A4' | '80mm',
): Promise<Blob> {
  const { pdf, shop: info } = await shop(repos);
  return asPdf(pdf.cashupPdf(c, info, paper));
}

/** Saves what an object URL holds as a file, through a temporary link (nothing leaves the device). */
export function saveAs(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Opens a PDF in a new tab; where pop-ups are blocked it downloads instead. */
export function openPdf(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  if (!window.open(url, '_blank')) saveAs(url, fileName);
  // the new tab has loaded it by then; a minute is generous on a slow tablet
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
