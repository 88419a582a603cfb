import type { ShopSettings } from '../configSheet';
import type { InvoiceLine } from '../entities';
import { displayInvoiceNumber } from '../jobs';
import { MSG, fill } from '../messages';
import { formatUSD } from '../money';
import {
  checkInvoiceSave,
  invoiceFigures,
  isInvoiceLocked,
  planItemReturn,
  stockDeltas,
  storageDaysSince,
} from '../totals';
import { STORAGE_DAYS_MAX, invoiceForm, isStorageDays } from './invoices';
import { refigure, type MoneyInvoice, type MoneyPlan } from './money';

/**
 * The invoice writes after it is raised (issue 17): Save & Recal Charges, storage on or off, an item return, a
 * delete. Each plan reads the invoice as it stands and says the whole change — the parts and figures to store, the
 * stock to move and why, the log line, the answer — or why not. The device's repository and the server's route both
 * run it and only store what it says.
 *
 * Staleness (`base_version`) is not part of the plans: it compares a call with the row, and the device always plans
 * against the version it holds, so on the device it could never refuse. The server checks it before planning, in
 * the words of `staleRefusal`.
 */
export interface InvoiceChanges {
  work_hour?: number;
  rate_hour?: number;
  products?: InvoiceLine[];
  storage?: 'on' | 'off';
  storage_days?: number;
}

export interface InvoiceChangePlan {
  invoice: InvoiceChanges;
  figures: MoneyPlan['figures'];
  /** stock to move, product id → delta (negative: taken from stock), with the inventory log's reason */
  stock: { deltas: [string, number][]; reason: string };
  log: { subject: string; predicate: string };
  message: string;
}

export type PlannedChange = ({ ok: true } & InvoiceChangePlan) | { ok: false; message: string };

const no = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** The lines an invoice holds (a jsonb list on the server, a plain array on the device). */
export const linesOf = (inv: Pick<MoneyInvoice, 'products'>) => inv.products as readonly InvoiceLine[];

/** A call based on another version of the invoice than the one stored: what the server answers (409). */
export function staleRefusal(inv: { number: string; version: number }, baseVersion: number | undefined): string | null {
  return baseVersion !== undefined && baseVersion !== inv.version
    ? fill(MSG.invoiceChangedElsewhere, { invoice: displayInvoiceNumber(inv.number) })
    : null;
}

function change(
  inv: MoneyInvoice,
  settings: ShopSettings,
  invoice: InvoiceChanges,
  reason: string,
  words: (f: MoneyPlan['figures']) => { log: string; message: string },
): PlannedChange {
  const figures = refigure(inv, invoice, settings);
  if (typeof figures === 'string') return no(figures);
  const deltas = invoice.products ? [...stockDeltas(linesOf(inv), invoice.products)] : [];
  const { log, message } = words(figures);
  return {
    ok: true,
    invoice,
    figures,
    stock: { deltas, reason },
    log: { subject: displayInvoiceNumber(inv.number), predicate: log },
    message,
  };
}

export type OpenForEdit = { ok: true; form: { work_hour: number; rate_hour: number } } | { ok: false; message: string };

/**
 * Whether Save & Recal Charges may go ahead, before the lines are priced: not on a paid invoice (SPEC §4), and work
 * hours and rate as SPEC §5 takes them (`form` as sent; a product sale's are 0 when missing).
 */
export function openForEdit(inv: MoneyInvoice, form: unknown): OpenForEdit {
  if (isInvoiceLocked(inv)) return no(MSG.invoicePaidLocked);
  return invoiceForm(inv.type === 'product' ? 'product' : 'service', form);
}

/** SPEC §5 Invoice save: the new labour and lines (priced by the caller, src/domain/writes/lines.ts), stock by the difference. */
export function planInvoiceEdit(
  inv: MoneyInvoice,
  form: unknown,
  lines: InvoiceLine[],
  settings: ShopSettings,
): PlannedChange {
  const open = openForEdit(inv, form);
  if (!open.ok) return open;
  const changes = { work_hour: open.form.work_hour, rate_hour: open.form.rate_hour, products: lines };
  const f = invoiceFigures({ ...inv, ...changes }, settings);
  const check = checkInvoiceSave(inv.type === 'product' ? 'product' : 'service', lines, f.totals.total);
  if (!check.ok) return no(check.message);
  return change(inv, settings, changes, 'invoice changed', (after) => ({
    log: `saved: ${formatUSD(after.total)} due`,
    message: MSG.invoiceSaved,
  }));
}

export interface StorageAsk {
  on: boolean;
  /** days in storage as entered; when missing, the days since the job was completed (else since the invoice) */
  days?: number;
  completedAt?: string | Date | null;
  createdAt: string | Date;
  now: Date;
}

/** A completion time that is one (a device may hold a job's '0000-…' placeholder). */
const realTime = (t: string | Date | null | undefined) =>
  t && !String(t).startsWith('0000') && Number.isFinite(new Date(t).getTime()) ? t : null;

/** SPEC §4 storage charge (line 10001000): on for a number of days (1 to STORAGE_DAYS_MAX), or off; not on a paid invoice. */
export function planStorage(inv: MoneyInvoice, settings: ShopSettings, ask: StorageAsk): PlannedChange {
  if (isInvoiceLocked(inv)) return no(MSG.invoicePaidLocked);
  if (ask.on && ask.days !== undefined && !isStorageDays(ask.days)) return no(MSG.storageDays);
  const days = ask.on
    ? (ask.days ?? Math.min(STORAGE_DAYS_MAX, storageDaysSince(realTime(ask.completedAt) ?? ask.createdAt, ask.now)))
    : 0;
  const option = ask.on ? 'on' : 'off';
  return change(inv, settings, { storage: option, storage_days: days }, '', () => ({
    log: `storage ${option}${ask.on ? ` (${days} days)` : ''}`,
    message: `Storage charge ${option}`,
  }));
}

/** SPEC §5 Item Return (the rule is src/domain/totals.ts planItemReturn): the units back in stock, the invoice reduced. */
export function planReturn(
  inv: MoneyInvoice,
  items: readonly { id: string; qty: number }[],
  comment: string,
  settings: ShopSettings,
): PlannedChange {
  const name = displayInvoiceNumber(inv.number);
  const why = comment.trim();
  const r = planItemReturn({ ...inv, products: linesOf(inv) }, name, items, why, settings);
  if (!r.ok) return r;
  return change(inv, settings, { products: r.products }, `returned: ${why}`, (f) => ({
    log: `items returned (${why}): ${formatUSD(r.taken)} off, ${formatUSD(f.total)} due`,
    message: `Items returned: ${formatUSD(r.taken)} off ${name}, ${formatUSD(f.total)} due`,
  }));
}

export interface DeletePlan {
  /** the discount and redemption rows that go with the invoice */
  remove: string[];
  /** points back to the invoice's customer: the points its redemption rows took */
  points: number;
  stock: InvoiceChangePlan['stock'];
  /** the job's invoice list without this invoice, when it is a job's */
  jobInvoices?: string[];
  log: InvoiceChangePlan['log'];
  message: string;
}

/**
 * Delete an invoice (SPEC §6): only while an amount is due and nothing has been paid — money received is never
 * undone by a delete (the cashier reverses each payment under Transactions first). A discount or redemption on it
 * goes with it; the customer gets back the points its redemption rows took (whatever a point is worth now).
 */
export function planInvoiceDelete(
  inv: MoneyInvoice,
  onIt: readonly { id: string; method: string; point: number }[],
  job?: { invoice: readonly string[] },
): ({ ok: true } & DeletePlan) | { ok: false; message: string } {
  if (inv.total <= 0) return no(MSG.invoiceDeletePaid);
  if (inv.payment > 0 || onIt.some((t) => t.method !== 'discount' && t.method !== 'redemption'))
    return no(MSG.invoiceHasPayments);
  const points = onIt.reduce((sum, t) => sum + (t.method === 'redemption' ? t.point : 0), 0);
  const name = displayInvoiceNumber(inv.number);
  const reversed = [
    onIt.some((t) => t.method === 'discount') ? 'its discount was reversed' : '',
    points > 0 ? `${points} points went back to the customer` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return {
    ok: true,
    remove: onIt.map((t) => t.id),
    points,
    stock: { deltas: [...stockDeltas(linesOf(inv), [])], reason: 'invoice deleted' },
    jobInvoices: job?.invoice.filter((x) => x !== inv.id),
    log: { subject: name, predicate: `deleted${reversed ? ` (${reversed})` : ''}` },
    message: `Invoice ${name} deleted${reversed ? `; ${reversed}` : ''}`,
  };
}
