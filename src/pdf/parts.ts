import type { ReceiptFormat, ShopSettings } from '../domain/configSheet';
import type { InvoiceLine } from '../domain/entities';
import { DEFAULT_TIME_ZONE } from '../domain/dates';
import { formatUSD } from '../domain/money';
import { taxLabel, taxOf } from '../domain/tax';
import { storageTermsText, type StorageTerms } from '../domain/terms';
import { STORAGE_LINE_ID } from '../domain/totals';
import type { Column, Page } from './layout';

/** What every document knows about the shop: its details as the config sheet holds them ('' or absent: none). */
export interface ShopInfo {
  name: string;
  address?: string;
  phone?: string;
  email?: string;
  taxNumber?: string;
  footer?: string;
  receiptFormat?: ReceiptFormat;
  timeZone?: string;
  /** SPEC §9's storage terms as the config sheet sets them */
  storageTerms: StorageTerms;
  /** the shop's logo (a PNG, as the server keeps it: src/server/images.ts keepLogo), drawn atop every document */
  logo?: Uint8Array;
}

/** The shop as documents print it, from the config sheet's settings and its logo (the server's and the device's alike). */
export function shopInfo(s: ShopSettings, logo?: Uint8Array | null): ShopInfo {
  return {
    logo: logo ?? undefined,
    name: s.shopName,
    address: s.shopAddress,
    phone: s.shopPhone,
    email: s.shopEmail,
    taxNumber: s.shopTaxNumber,
    footer: s.documentFooter,
    receiptFormat: s.receiptFormat,
    timeZone: s.timeZone,
    storageTerms: s,
  };
}

export const zoneOf = (shop: ShopInfo) => shop.timeZone ?? DEFAULT_TIME_ZONE;

/** The shop's contact lines under its name: address, phone and e-mail, tax number — each only if the shop has it. */
export function shopLines(shop: ShopInfo): string[] {
  const reach = [shop.phone ? `Tel. ${shop.phone}` : '', shop.email ?? ''].filter(Boolean).join('   ');
  return [shop.address ?? '', reach, shop.taxNumber ? `Tax/Reg. no. ${shop.taxNumber}` : ''].filter(Boolean);
}

/** The most a logo takes on the page (mm), whatever its shape: a letterhead's corner, a roll's top. */
const LOGO_BOX = { a4: { width: 40, height: 22 }, roll: { width: 44, height: 18 } };

/**
 * The head of every document: the shop (logo, name and details) and the document (its title, number and dates). On A4 the
 * shop stands left and the document right; on the 80 mm roll both are centred, one under the other.
 */
export function letterhead(p: Page, shop: ShopInfo, doc: { title: string; number: string; lines: readonly string[] }) {
  const small = p.size - 1;
  if (p.narrow) {
    if (shop.logo) p.y += p.image(shop.logo, LOGO_BOX.roll, 'center').height + 1.5;
    p.text(shop.name, { size: p.size + 3, bold: true, align: 'center' });
    for (const l of shopLines(shop)) p.text(l, { size: small, align: 'center' });
    p.gap(1.5).rule().gap(1.5);
    p.text(`${doc.title} ${doc.number}`, { size: p.size + 1, bold: true, align: 'center' });
    for (const l of doc.lines) p.text(l, { align: 'center' });
    return p.gap(1.5).rule().gap(2);
  }
  const top = p.y;
  // the logo stands at the top left, the shop's name and details beside it
  const logo = shop.logo ? p.image(shop.logo, LOGO_BOX.a4, p.left) : { width: 0, height: 0 };
  const indent = logo.width ? logo.width + 4 : 0;
  const shopWidth = p.width * 0.58 - indent;
  const x = p.left + indent;
  p.text(shop.name, { size: p.size + 6, bold: true, width: shopWidth, x });
  for (const l of shopLines(shop)) p.text(l, { size: small, width: shopWidth, x });
  const shopEnd = Math.max(p.y, top + logo.height);
  p.y = top;
  const docWidth = p.width * 0.42 - 4;
  p.text(doc.title, { size: p.size + 4, bold: true, align: 'right', width: docWidth });
  p.text(doc.number, { size: p.size + 1, bold: true, align: 'right', width: docWidth });
  for (const l of doc.lines) p.text(l, { size: small, align: 'right', width: docWidth });
  p.y = Math.max(p.y, shopEnd);
  return p.gap(3).rule(0.4, 60).gap(4);
}

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
  /** the tax line (issue 18), when the document has a rate: its label ("GCT 15%"), cents, and whether it is included */
  tax?: { label: string; cents: number; inclusive: boolean };
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
  const tax = taxOf(stored);
  if (tax.rateBp > 0 && typeof stored?.tax === 'number')
    totals.tax = { label: taxLabel(tax), cents: stored.tax, inclusive: tax.inclusive };
  return totals;
}

/** A row's stored product lines (jsonb / IndexedDB), as the line-items kit wrote them. */
export const linesOf = (stored: readonly unknown[] | null | undefined): InvoiceLine[] =>
  (stored ?? []) as InvoiceLine[];

/** The text of a stored profile field, if it is text. */
export function textOf(stored: object | null | undefined, key: string): string | undefined {
  const value: unknown = stored ? Reflect.get(stored, key) : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** What the line table of an invoice, an estimate or a receipt lists. */
export interface Billed {
  work_hour: number;
  rate_hour: number;
  products: readonly InvoiceLine[];
  totals: Totals;
  /** the storage line (10001000), when the invoice charges storage */
  storageDays?: number;
}

const A4_COLS: readonly Column[] = [
  { title: 'Item', width: 44 },
  { title: 'Description', width: 62 },
  { title: 'Qty', width: 18, align: 'right' },
  { title: 'Price', width: 27, align: 'right' },
  { title: 'Amount', width: 29, align: 'right' },
];
/** On the roll the description goes under the item: 72 mm has no room for a column of its own. */
const ROLL_COLS: readonly Column[] = [
  { title: 'Item', width: 32 },
  { title: 'Qty', width: 8, align: 'right' },
  { title: 'Price', width: 15, align: 'right' },
  { title: 'Amount', width: 17, align: 'right' },
];

/** Every line billed: labour, each product (with what was returned), storage; descriptions wrap, never cut. */
export function lineTable(p: Page, b: Billed, withWork: boolean) {
  const rows: [string, string, string, string, string][] = [];
  if (withWork)
    rows.push([
      'Labour',
      `${b.work_hour} h at ${formatUSD(b.rate_hour)}/h`,
      String(b.work_hour),
      formatUSD(b.rate_hour),
      formatUSD(b.totals.labour),
    ]);
  for (const l of b.products) {
    const qty = l.qty - (l.returned ?? 0);
    const returned = l.returned ? `${l.returned} returned` : '';
    rows.push([
      l.title,
      [l.description ?? '', returned].filter(Boolean).join('\n'),
      String(qty),
      formatUSD(l.price),
      formatUSD(l.price * qty),
    ]);
  }
  if (b.storageDays !== undefined)
    rows.push([
      `Storage (item ${STORAGE_LINE_ID})`,
      `${b.storageDays} day(s)`,
      String(b.storageDays),
      '',
      formatUSD(b.totals.storage ?? 0),
    ]);
  if (!rows.length) return p;
  if (!p.narrow) return p.table(A4_COLS, rows);
  return p.table(
    ROLL_COLS,
    rows.map(([item, desc, qty, price, amount]) => [desc ? `${item}\n${desc}` : item, qty, price, amount]),
  );
}

/**
 * The totals: what was billed, what came off (discount, points), the total, and — on an invoice or receipt — what
 * was paid and the balance due, PAID when nothing is left (SPEC §4). On A4 the block stands at the right.
 */
export function totalsBlock(p: Page, t: Totals, o: { payments: boolean; discountPercent?: number }) {
  const x = p.narrow ? p.left : p.right - 80;
  const row = (label: string, value: string, bold = false) => p.line(label, value, bold, x);
  if (t.labour) row('Labour', formatUSD(t.labour));
  row('Products', formatUSD(t.product));
  if (t.storage) row('Storage', formatUSD(t.storage));
  row('Subtotal', formatUSD(t.labour + t.product + (t.storage ?? 0)));
  if (t.discount) row(o.discountPercent ? `Discount (${o.discountPercent}%)` : 'Discount', `-${formatUSD(t.discount)}`);
  // tax (issue 18): on top it is charged before points (a way of paying); included, the Total says how much is tax
  if (t.tax && !t.tax.inclusive) row(t.tax.label, formatUSD(t.tax.cents));
  if (t.points) row('Points redeemed', `-${formatUSD(t.points)}`);
  row('Total', formatUSD(t.total), true);
  if (t.tax?.inclusive) row(t.tax.label, formatUSD(t.tax.cents));
  if (o.payments) {
    row('Paid', formatUSD(t.paid ?? 0));
    row('Balance due', dueText(t.due ?? 0), true);
  }
  return p.gap(3);
}

/** SPEC §4: an amount due of 0 or less is PAID. */
export const dueText = (due: number) => (due <= 0 ? 'PAID' : formatUSD(due));

/** SPEC §9's storage terms, in Jamaican dollars (SPEC §1), from the shop's config sheet. */
export function storageTerms(p: Page, shop: ShopInfo) {
  return p.gap(2).text(storageTermsText(shop.storageTerms), { size: p.size - 1 });
}
