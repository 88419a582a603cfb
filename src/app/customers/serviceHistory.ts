import { CONFIG_NAMES, DEFAULT_SHOP_SETTINGS } from '../../domain/configSheet';
import type { CustomerRow } from '../../local/db';
import type { Repositories } from '../../local/repositories';
import type { HistoryDoc } from '../../pdf';

/**
 * SPEC §2 Service History (PDF), built on the device (works offline) from what it holds: the vehicle's jobs
 * (repos.jobs.forVin) and invoices (repos.invoices.forVin), the shop's name and time zone from the config sheet.
 * src/pdf (jsPDF) is loaded on demand so it stays out of the main chunk.
 */
export async function serviceHistoryBlob(repos: Repositories, c: CustomerRow): Promise<Blob> {
  const [pdf, jobs, invoices, settings] = await Promise.all([
    import('../../pdf'),
    repos.jobs.forVin(c.vin),
    repos.invoices.forVin(c.vin),
    repos.config.settings(),
  ]);
  const text = (name: string, fallback: string) => {
    const v = settings[name];
    return typeof v === 'string' && v.trim() ? v : fallback;
  };
  const doc: HistoryDoc = {
    customer: { first_name: c.first_name, last_name: c.last_name, vin: c.vin, registration: c.registration, contact: c.contact, email: c.email },
    jobs: jobs.map((j) => ({
      number: j.number,
      created_at: j.created_at,
      status: j.status,
      mileage: j.mileage ?? 0,
      service: Array.isArray(j.service) ? j.service : [],
      technician: j.technician ?? '',
      comment: j.comment ?? '',
    })),
    invoices: invoices.map((i) => ({
      number: i.number,
      created_at: i.created_at,
      totals: pdf.documentTotals(i.totals ?? {}),
      total: i.total,
    })),
  };
  const bytes = pdf.serviceHistoryPdf(doc, {
    name: text(CONFIG_NAMES.shopName, DEFAULT_SHOP_SETTINGS.shopName),
    timeZone: text(CONFIG_NAMES.timeZone, DEFAULT_SHOP_SETTINGS.timeZone),
  });
  return new Blob([bytes], { type: 'application/pdf' });
}

/** Opens a PDF in a new tab; where pop-ups are blocked it downloads instead. */
export function openPdf(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const win = window.open(url, '_blank');
  if (!win) {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
  }
  // the new tab has loaded it by then; a minute is generous on a slow tablet
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
