import { formatShop } from '../domain/dates';
import { displayInvoiceNumber, displayJobNumber } from '../domain/jobs';
import { formatUSD } from '../domain/money';
import { A4, Page } from './layout';
import {
  documentTotals,
  dueText,
  letterhead,
  lineTable,
  linesOf,
  textOf,
  totalsBlock,
  zoneOf,
  type ShopInfo,
  type Stamp,
} from './parts';

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
  const p = new Page(A4);
  letterhead(p, shop, {
    title: 'ESTIMATE',
    number: `EST ${est.number}`,
    lines: [`Date: ${formatShop(est.created_at, zoneOf(shop))}`],
  });
  p.text('Prepared for', { bold: true });
  // the profile's names where it has them, else the row's own
  p.text(`${who('first_name') ?? est.first_name} ${who('last_name') ?? est.last_name}`);
  const contact = [who('contact'), who('email')].filter(Boolean).join('   ');
  if (contact) p.text(`Contact: ${contact}`);
  const services = est.services ?? [];
  if (services.length) {
    p.heading('Services');
    services.forEach((sv, i) => p.text(`${i + 1}. ${String(sv)}`));
  }
  p.gap(3);
  lineTable(p, { ...est, products: linesOf(est.products), totals }, true);
  totalsBlock(p, totals, { payments: false });
  p.text('This is an estimate, not an invoice. Prices may change once the vehicle has been inspected.', {
    size: p.size - 1,
  });
  return p.footer(shop.footer ?? '').bytes();
}

/** A vehicle's customer, every job and every invoice of its VIN (newest first), as stored. */
export interface HistorySource {
  customer: {
    first_name: string;
    last_name: string;
    vin: string;
    registration: string;
    contact: string;
    email: string;
  };
  jobs: readonly {
    number: string;
    created_at: Stamp;
    status: string;
    mileage: number | null;
    service: readonly string[] | null;
  }[];
  invoices: readonly { number: string; created_at: Stamp; totals?: Record<string, unknown> | null; total: number }[];
}

/** Table dates: short, so the columns keep their room; in the shop's time zone like every date printed. */
const TABLE_DATE = 'yyyy-MM-dd HH:mm';

/** Every job and every invoice of the vehicle, on as many pages as they need: cells wrap, headers repeat. */
export function serviceHistoryPdf(h: HistorySource, shop: ShopInfo): ArrayBuffer {
  const tz = zoneOf(shop);
  const c = h.customer;
  const p = new Page(A4);
  letterhead(p, shop, {
    title: 'SERVICE HISTORY',
    number: c.registration,
    lines: [`Printed: ${formatShop(new Date(), tz)}`],
  });
  p.text(`${c.first_name} ${c.last_name}`, { bold: true });
  const contact = [c.contact, c.email].filter(Boolean).join('   ');
  if (contact) p.text(`Contact: ${contact}`);
  p.text(`VIN ${c.vin}   Registration ${c.registration}`);
  p.heading(`Jobs (${h.jobs.length})`);
  p.table(
    [
      { title: 'Job', width: 20 },
      { title: 'Date', width: 28 },
      { title: 'Status', width: 20 },
      { title: 'Mileage', width: 18, align: 'right' },
      { title: 'Services', width: 96 },
    ],
    h.jobs.map((j) => [
      displayJobNumber(j.number),
      formatShop(j.created_at, tz, TABLE_DATE),
      j.status,
      String(j.mileage ?? 0),
      (j.service ?? []).join(', '),
    ]),
  );
  p.heading(`Invoices (${h.invoices.length})`);
  p.table(
    [
      { title: 'Invoice', width: 40 },
      { title: 'Date', width: 45 },
      { title: 'Total', width: 45, align: 'right' },
      { title: 'Balance due', width: 45, align: 'right' },
    ],
    h.invoices.map((i) => [
      displayInvoiceNumber(i.number),
      formatShop(i.created_at, tz, TABLE_DATE),
      formatUSD(documentTotals(i.totals).total),
      dueText(i.total),
    ]),
  );
  return p.footer(shop.footer ?? '').bytes();
}
