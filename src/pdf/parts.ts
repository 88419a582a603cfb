import type { ShopSettings } from '../domain/configSheet';
import type { InvoiceLine } from '../domain/entities';
import { DEFAULT_TIME_ZONE } from '../domain/dates';
import { formatJMD, formatUSD } from '../domain/money';
import { DEFAULT_STORAGE_FIRST_DAY_JMD, DEFAULT_STORAGE_PER_DAY_JMD } from '../domain/totals';
import type { Page } from './layout';

/** What every document knows about the shop. */
export interface ShopInfo {
  name: string;
  timeZone?: string;
  storageFirstDayJmd?: number;
  storagePerDayJmd?: number;
}

/** The shop as documents print it, from the config sheet's settings (the server's and the device's alike). */
export function shopInfo(s: ShopSettings): ShopInfo {
  return { name: s.shopName, timeZone: s.timeZone, storageFirstDayJmd: s.storageFirstDayJmdCents, storagePerDayJmd: s.storagePerDayJmdCents };
}

export const zoneOf = (shop: ShopInfo) => shop.timeZone ?? DEFAULT_TIME_ZONE;

/** A stored timestamp: text on the device, a Date from the server's database. */
export type Stamp = string | Date;

export interface Totals {
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
 * document prints when a row lacks them.
 */
export function documentTotals(stored: Record<string, unknown> | null | undefined): Totals {
  const totals: Totals = { labour: 0, product: 0, discount: 0, total: 0 };
  for (const key of TOTAL_KEYS) {
    const value = stored?.[key];
    if (typeof value === 'number') totals[key] = value;
  }
  return totals;
}

/** A row's stored product lines (jsonb / IndexedDB), as the line-items kit wrote them. */
export const linesOf = (stored: readonly unknown[] | null | undefined): InvoiceLine[] => (stored ?? []) as InvoiceLine[];

/** The text of a stored profile field, if it is text. */
export function textOf(stored: object | null | undefined, key: string): string | undefined {
  const value: unknown = stored ? Reflect.get(stored, key) : undefined;
  return typeof value === 'string' ? value : undefined;
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

/** The work line and the items table of an invoice or estimate. */
export function workAndItems(p: Page, doc: { work_hour: number; rate_hour: number; products: InvoiceLine[]; totals: Totals }, withWork: boolean) {
  if (withWork) p.line(`Work: ${doc.work_hour} h at ${formatUSD(doc.rate_hour)}/h`, formatUSD(doc.totals.labour));
  if (doc.products.length) p.heading('Items').table(LINE_COLS, lineRows(doc.products));
}

export function totalsBlock(p: Page, t: Totals, withPayments: boolean) {
  p.line('Labour', formatUSD(t.labour)).line('Products', formatUSD(t.product));
  if (t.storage) p.line('Storage', formatUSD(t.storage));
  if (t.discount) p.line('Discount', `-${formatUSD(t.discount)}`);
  if (t.points) p.line('Points redeemed', `-${formatUSD(t.points)}`);
  p.line('Total', formatUSD(t.total), true);
  if (withPayments) {
    p.line('Paid', formatUSD(t.paid ?? 0));
    p.line('Amount due', dueText(t.due ?? 0), true);
  }
}

/** SPEC §4: an amount due of 0 or less is PAID. */
export const dueText = (due: number) => (due <= 0 ? 'PAID' : formatUSD(due));

/** SPEC §9's storage terms, in Jamaican dollars (SPEC §1), from the shop's config sheet. */
export function storageTerms(p: Page, shop: ShopInfo) {
  const first = shop.storageFirstDayJmd ?? DEFAULT_STORAGE_FIRST_DAY_JMD;
  const per = shop.storagePerDayJmd ?? DEFAULT_STORAGE_PER_DAY_JMD;
  p.gap(2).line(`Storage: ${formatJMD(first)} the first day and ${formatJMD(per)} each further day. Parts are to be supplied within 5 days after notice; vehicles are to be collected within 7 days after completion.`);
}
