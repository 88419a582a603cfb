import { formatShop } from '../domain/dates';
import { displayInvoiceNumber, displayJobNumber } from '../domain/jobs';
import { formatUSD } from '../domain/money';
import { Page } from './layout';
import { documentTotals, dueText, linesOf, textOf, totalsBlock, workAndItems, zoneOf, type ShopInfo, type Stamp } from './parts';

/**
 * The estimate and the service history. Like the invoice (invoice.ts), each takes the stored rows as the server's
 * database and the device's IndexedDB hold them, so the server's documents route and the screens print the same.
 */

/** The stored estimate row (server or device). */
export interface EstimateSource {
  number: string;
  created_at: Stamp;
  first_name: string;
  last_name: string;
  profile?: object | null;
  services?: readonly unknown[] | null;
  products?: readonly unknown[] | null;
  work_hour: number;
  rate_hour: number;
  totals?: Record<string, unknown> | null;
}

export function estimatePdf(est: EstimateSource, shop: ShopInfo): ArrayBuffer {
  const who = (key: string) => textOf(est.profile, key);
  const totals = documentTotals(est.totals);
  const p = new Page().title(`${shop.name}: Estimate`, `EST ${est.number}`);
  p.line(`Date: ${formatShop(est.created_at, zoneOf(shop))}`);
  // the profile's names where it has them, else the row's own
  p.line(`For: ${who('first_name') ?? est.first_name} ${who('last_name') ?? est.last_name}`);
  const contact = [who('contact'), who('email')].filter(Boolean).join('  ');
  if (contact) p.line(`Contact: ${contact}`);
  p.gap().heading('Services');
  (est.services ?? []).forEach((sv, i) => p.line(`${i + 1}. ${String(sv)}`));
  p.gap();
  workAndItems(p, { ...est, products: linesOf(est.products), totals }, true);
  p.gap();
  totalsBlock(p, totals, false);
  p.gap().line('This is an estimate, not an invoice. Prices may change once the vehicle has been inspected.');
  return p.bytes();
}

/** A vehicle's customer, every job and every invoice of its VIN (newest first), as stored. */
export interface HistorySource {
  customer: { first_name: string; last_name: string; vin: string; registration: string; contact: string; email: string };
  jobs: readonly { number: string; created_at: Stamp; status: string; mileage: number | null; service: readonly string[] | null }[];
  invoices: readonly { number: string; created_at: Stamp; totals?: Record<string, unknown> | null; total: number }[];
}

export function serviceHistoryPdf(h: HistorySource, shop: ShopInfo): ArrayBuffer {
  const tz = zoneOf(shop);
  const c = h.customer;
  const p = new Page().title(`${shop.name}: Service history`, c.registration);
  p.line(`${c.first_name} ${c.last_name}  ${c.contact}  ${c.email}`);
  p.line(`VIN ${c.vin}  Registration ${c.registration}`);
  p.gap().heading(`Jobs (${h.jobs.length})`);
  p.table(
    [{ title: 'Job', width: 22 }, { title: 'Date', width: 48 }, { title: 'Status', width: 22 }, { title: 'Mileage', width: 20, align: 'right' }, { title: 'Services', width: 70 }],
    h.jobs.map((j) => [displayJobNumber(j.number), formatShop(j.created_at, tz), j.status, String(j.mileage ?? 0), (j.service ?? []).join(', ')]),
  );
  p.heading(`Invoices (${h.invoices.length})`);
  p.table(
    [{ title: 'Invoice', width: 40 }, { title: 'Date', width: 60 }, { title: 'Total', width: 40, align: 'right' }, { title: 'Due', width: 40, align: 'right' }],
    h.invoices.map((i) => [displayInvoiceNumber(i.number), formatShop(i.created_at, tz), formatUSD(documentTotals(i.totals).total), dueText(i.total)]),
  );
  return p.bytes();
}
