import { shopSettings } from '../../../domain/configSheet';
import type { InvoiceLine } from '../../../domain/entities';
import type { InvoiceRow } from '../../../local/db';
import type { Repositories } from '../../../local/repositories';
import type { EstimateRow } from '../../../local/repositories/estimates';
import type { ShopInfo } from '../../../pdf';

/**
 * The invoice and estimate PDFs (SPEC §7 invoice-pdf/{id}, estimate-pdf/{id}) built on the device from what it holds,
 * so View PDF works with the network cut: the same src/pdf module and the same row → document mapping as the
 * server's documents route. src/pdf (jsPDF) is loaded on demand, out of the screens' chunks.
 */

async function shop(repos: Repositories): Promise<ShopInfo> {
  const s = shopSettings(await repos.config.list());
  return { name: s.shopName, timeZone: s.timeZone, storageFirstDayJmd: s.storageFirstDayJmdCents, storagePerDayJmd: s.storagePerDayJmdCents };
}

/** An invoice with its payments (oldest first), as the server's GET /invoice-pdf/{id} prints it. */
export async function invoicePdfBlob(repos: Repositories, inv: InvoiceRow): Promise<Blob> {
  const [pdf, txs, info] = await Promise.all([import('../../../pdf'), repos.invoices.transactions(inv.id), shop(repos)]);
  const bytes = pdf.invoicePdf(
    {
      ...inv,
      products: (inv.products ?? []) as InvoiceLine[],
      profile: inv.profile ?? {},
      totals: pdf.documentTotals(inv.totals ?? {}),
      transactions: txs.map((t) => ({ number: t.number, method: t.method, amount: t.amount, created_at: t.created_at })),
    },
    info,
  );
  return new Blob([bytes], { type: 'application/pdf' });
}

/** An estimate, as the server's GET /estimate-pdf/{id} prints it. */
export async function estimatePdfBlob(repos: Repositories, est: EstimateRow): Promise<Blob> {
  const [pdf, info] = await Promise.all([import('../../../pdf'), shop(repos)]);
  const bytes = pdf.estimatePdf(
    {
      ...est,
      profile: est.profile ?? { first_name: est.first_name, last_name: est.last_name },
      services: Array.isArray(est.services) ? est.services : [],
      products: (est.products ?? []) as InvoiceLine[],
      totals: pdf.documentTotals(est.totals ?? {}),
    },
    info,
  );
  return new Blob([bytes], { type: 'application/pdf' });
}
