import { OK, refuse, type Check } from './check';
import type { ShopSettings } from './configSheet';
import type { Cents } from './money';
import { formatUSD, percentOf } from './money';
import type { InvoiceLine, InvoiceTotals } from './entities';
import { MSG, fill } from './messages';
import { NO_TAX, taxCents, taxOf, taxSnapshot, type TaxTerms } from './tax';

/** Totals of invoices, estimates and product sales (SPEC §3, §4, §5, §9), in integer cents. */

/** SPEC §9: the special storage line item. */
export const STORAGE_LINE_ID = '10001000';
/** Days in storage since a job was completed (at least one), when storage is switched on without a count. */
export function storageDaysSince(since: string | Date, now: Date): number {
  const t = typeof since === 'string' ? Date.parse(since) : since.getTime();
  return Math.max(1, Math.ceil((now.getTime() - t) / 86_400_000));
}

/** SPEC §9 discount choices: none, or 5 % to 20 % in 1 % steps. */
export const DISCOUNT_CHOICES: readonly number[] = [0, ...Array.from({ length: 16 }, (_, i) => i + 5)];
/** SPEC §5: rate per hour at most 9,999,999,999 (dollars). */
export const MAX_RATE_CENTS = 9_999_999_999 * 100;

export interface InvoiceInput {
  type: 'service' | 'product';
  workHour: number;
  rateCents: Cents;
  lines: readonly Pick<InvoiceLine, 'price' | 'qty' | 'returned'>[];
  discountPercent?: number;
  /** value of the points redeemed, in cents */
  pointsCents?: Cents;
  /** storage charge already converted to USD cents */
  storageCents?: Cents;
  /** Σ payments received */
  paidCents?: Cents;
  /** the tax the document is raised with (src/domain/tax.ts); none when not given */
  tax?: TaxTerms;
}

const nonNeg = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

export function labourCents(workHour: number, rateCents: Cents): Cents {
  return Math.round(nonNeg(workHour) * nonNeg(rateCents));
}

export function productsCents(lines: InvoiceInput['lines']): Cents {
  return lines.reduce(
    (sum, l) =>
      sum + Math.round(nonNeg(l.price)) * Math.max(0, Math.floor(nonNeg(l.qty)) - Math.floor(nonNeg(l.returned ?? 0))),
    0,
  );
}

/**
 * The one computation of an invoice's figures. The customer discount is a percentage of labour plus products
 * (SPEC §9; storage is not discounted); points can reduce the rest to zero, never below; amount due never negative.
 * Tax (issue 18, src/domain/tax.ts taxCents) is on what is charged after the discount, storage included; points are
 * a way of paying, so they come off after it. Added on top, it raises the total; included, the total is unchanged
 * and `tax` says how much of it is tax. At rate 0 the figures are exactly SPEC's, with no tax keys at all.
 */
export function computeInvoice(input: InvoiceInput): InvoiceTotals & { status: 'Paid' | 'Due' } {
  const labour = input.type === 'product' ? 0 : labourCents(input.workHour, input.rateCents);
  const product = productsCents(input.lines);
  const storage = Math.round(nonNeg(input.storageCents ?? 0));
  const percent = Math.min(100, nonNeg(input.discountPercent ?? 0));
  const discount = Math.min(labour + product, percentOf(labour + product, percent));
  const afterDiscount = labour + product + storage - discount;
  const terms = input.tax ?? NO_TAX;
  const tax = taxCents(afterDiscount, terms);
  const charged = terms.inclusive ? afterDiscount : afterDiscount + tax;
  const points = Math.min(charged, Math.round(nonNeg(input.pointsCents ?? 0)));
  const total = charged - points;
  const paid = Math.round(nonNeg(input.paidCents ?? 0));
  const due = Math.max(0, total - paid);
  const taxed = terms.rateBp > 0 ? { tax, ...taxSnapshot(terms) } : {};
  return {
    labour,
    product,
    storage,
    discount,
    points,
    total,
    paid,
    due,
    ...taxed,
    status: isPaid(due) ? 'Paid' : 'Due',
  };
}

/** SPEC §4: Paid when the amount due is at most 0. */
export function isPaid(dueCents: Cents): boolean {
  return dueCents <= 0;
}

/**
 * SPEC §4: a fully paid invoice (amount due 0) shows PAID and locks work hours, rate, products, storage, discount
 * and points, however it was brought to 0 (payments, a discount, points). The one rule of the devices and the server;
 * removing a transaction (a reversal) makes an amount due again and unlocks it.
 */
export function isInvoiceLocked(inv: { total: Cents }): boolean {
  return isPaid(inv.total);
}

/** Storage fee in JMD cents for a number of days (SPEC §9: first day, then each further day). */
export function storageChargeJmd(days: number, fees: Omit<StorageFees, 'jmdPerUsd'>): Cents {
  const d = Math.floor(nonNeg(days));
  return d === 0 ? 0 : fees.storageFirstDayJmdCents + (d - 1) * fees.storagePerDayJmdCents;
}

/** JMD cents → USD cents at the config's rate ('jmd_rate', JMD per USD). */
export function jmdToUsdCents(jmdCents: Cents, jmdPerUsd: number): Cents {
  return jmdPerUsd > 0 ? Math.round(jmdCents / jmdPerUsd) : 0;
}

/** Loyalty points earned by a payment: one point per whole dollar paid (docs/DECISIONS.md). */
export function pointsEarned(paidCents: Cents): number {
  return Math.floor(nonNeg(paidCents) / 100);
}

/**
 * The loyalty points a transaction moves by its money: a payment earns `pointsEarned` of it, a refund takes back what
 * its money earned (below zero), a discount or a points redemption earns none. The one rule of the `point` a
 * payment's or a refund's row records (what Transactions shows), of the customer's points after it, on the device and
 * the server alike, and of the receipt's "Points earned" / "Points taken back" (a redemption's row keeps instead the
 * points it spent, writes/money.ts planRedemption).
 */
export function pointsMovedBy(t: { method: string; amount: Cents }): number {
  if (t.method === 'refund') return 0 - pointsEarned(-t.amount);
  return t.method === 'discount' || t.method === 'redemption' ? 0 : pointsEarned(t.amount);
}

/** What `points` are worth at the config sheet's point value (its seed: SPEC §9's 50 cents a point). */
export function pointsValue(points: number, valueCents: Cents): Cents {
  return Math.floor(nonNeg(points)) * valueCents;
}

// --- checks shared by the invoice screen, the repositories and the payment routes ---------------------------------

/** SPEC §5 Payment: value required ('You need to have a value'); above 0 and at most the amount due ('Invalid payment'). */
export function checkPayment(amountCents: Cents | null | undefined, dueCents: Cents): Check {
  if (amountCents === null || amountCents === undefined) return refuse(MSG.needValue);
  if (!Number.isFinite(amountCents) || amountCents <= 0 || amountCents > dueCents) return refuse(MSG.invalidPayment);
  return OK;
}

/** SPEC §5 Points: required, at least 1, not more than the customer's points. */
export function checkPoints(points: number | null | undefined, customerPoints: number): Check {
  if (points === null || points === undefined || !Number.isInteger(points) || points < 1)
    return refuse(MSG.invalidPoints);
  if (points > customerPoints) return refuse(MSG.notEnoughPoints);
  return OK;
}

/** SPEC §5 Discount: one choice must be selected (5–20 %, or none). */
export function checkDiscount(percent: number | null | undefined): Check {
  if (percent === null || percent === undefined || !DISCOUNT_CHOICES.includes(percent))
    return refuse(MSG.chooseDiscount);
  return OK;
}

/** SPEC §5: a product with stock below 1 cannot be added. */
export function checkCanAdd(stock: number): Check {
  return stock < 1 ? refuse(MSG.inventoryLow) : OK;
}

/** The most units of one product on a line (schemas/fields.ts LIMITS.qty): 500 lines of them stay exact in cents. */
export const MAX_LINE_QTY = 9_999;

/**
 * SPEC §5: item qty cannot exceed stock. `available` is the stock plus what this invoice already holds. Nor may it
 * pass MAX_LINE_QTY: the form says so as it is typed, and the server for a product sent on two lines.
 */
export function checkQty(line: { title: string; qty: number }, available: number): Check {
  if (line.qty > MAX_LINE_QTY) return refuse(fill(MSG.qtyWhole, { max: MAX_LINE_QTY }));
  return line.qty > available ? refuse(fill(MSG.onlyInStock, { title: line.title, stock: available })) : OK;
}

/** SPEC §5: on invoices a quantity below 1 becomes 1. */
export function normaliseQty(qty: unknown): number {
  const n = Math.floor(Number(qty));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** SPEC §5: a product already in the list is not added twice (its quantity grows instead). */
export function addLine<L extends { id: string; qty: number }>(lines: readonly L[], line: L): L[] {
  const found = lines.find((l) => l.id === line.id);
  if (!found) return [...lines, line];
  return lines.map((l) => (l.id === line.id ? { ...l, qty: l.qty + line.qty } : l));
}

/** SPEC §5 Invoice save: 'Cannot save a zero invoice' / 'Please add some products first.' */
export function checkInvoiceSave(type: 'service' | 'product', lines: readonly unknown[], totalCents: Cents): Check {
  if (type === 'product' && lines.length === 0) return refuse(MSG.addProductsFirst);
  if (totalCents <= 0) return refuse(MSG.zeroInvoice);
  return OK;
}

/** Stock deltas between two versions of an invoice's lines (negative = taken from stock). */
export function stockDeltas(
  before: readonly { id: string; qty: number; returned?: number }[],
  after: readonly { id: string; qty: number; returned?: number }[],
): Map<string, number> {
  const held = (ls: typeof before) => {
    const m = new Map<string, number>();
    for (const l of ls) if (l.id !== STORAGE_LINE_ID) m.set(l.id, (m.get(l.id) ?? 0) + l.qty - (l.returned ?? 0));
    return m;
  };
  const a = held(before);
  const b = held(after);
  const out = new Map<string, number>();
  for (const id of new Set([...a.keys(), ...b.keys()])) {
    const d = (a.get(id) ?? 0) - (b.get(id) ?? 0);
    if (d !== 0) out.set(id, d);
  }
  return out;
}

/** The parts of an invoice its money columns are derived from. */
export interface InvoiceParts {
  type: string;
  work_hour: number;
  rate_hour: Cents;
  products: readonly unknown[];
  discount_percent: number;
  points_value: Cents;
  payment: Cents;
  storage: string;
  storage_days: number;
  /** the figures stored last: the tax snapshot the invoice was raised with (src/domain/tax.ts taxOf) */
  totals?: unknown;
}

/** The config's storage fees (SPEC §9, JMD cents) and the rate that puts them on a USD invoice, as shopSettings reads them. */
export type StorageFees = Pick<ShopSettings, 'storageFirstDayJmdCents' | 'storagePerDayJmdCents' | 'jmdPerUsd'>;

/** The storage line (10001000) in USD cents: the JMD terms at the configured rate. */
export function storageUsdCents(inv: Pick<InvoiceParts, 'storage' | 'storage_days'>, s: StorageFees): Cents {
  return inv.storage === 'on' ? jmdToUsdCents(storageChargeJmd(inv.storage_days, s), s.jmdPerUsd) : 0;
}

/**
 * The one place an invoice's money columns come from, on the device and on the server alike:
 * `total` (the amount due), `discount` (money) and `totals` (every figure).
 */
export function invoiceFigures(inv: InvoiceParts, s: StorageFees) {
  const t = computeInvoice({
    type: inv.type === 'product' ? 'product' : 'service',
    workHour: inv.work_hour,
    rateCents: inv.rate_hour,
    lines: inv.products as InvoiceLine[],
    discountPercent: inv.discount_percent,
    pointsCents: inv.points_value,
    storageCents: storageUsdCents(inv, s),
    paidCents: inv.payment,
    tax: taxOf(inv.totals),
  });
  const { status, ...totals } = t;
  return { total: t.due, discount: t.discount, totals, status };
}

/**
 * The lines after `items` come back: each a line sold on the invoice, at most what is left of it (sold less already
 * returned). The one rule of an item return and of a refund's returned items (src/domain/writes/refunds.ts).
 */
export function returnLines(
  products: readonly InvoiceLine[],
  invoiceName: string,
  items: readonly { id: string; qty: number }[],
): { ok: true; products: InvoiceLine[] } | { ok: false; message: string } {
  const after = products.map((l) => ({ ...l }));
  for (const item of items) {
    const line = after.find((l) => l.id === item.id);
    if (!line) return { ok: false, message: fill(MSG.itemReturnNoSuchItem, { invoice: invoiceName, id: item.id }) };
    const left = line.qty - (line.returned ?? 0);
    if (item.qty > left) {
      if (left <= 0)
        return { ok: false, message: fill(MSG.itemReturnAllReturned, { title: line.title, invoice: invoiceName }) };
      const returned = line.returned ? `, ${line.returned} already returned` : '';
      const values = { left, title: line.title, sold: line.qty, invoice: invoiceName, returned };
      return { ok: false, message: fill(MSG.itemReturnOnlyLeft, values) };
    }
    line.returned = (line.returned ?? 0) + item.qty;
  }
  return { ok: true, products: after };
}

export type ReturnPlan = { ok: true; products: InvoiceLine[]; taken: Cents } | { ok: false; message: string };

/**
 * Item Return (SPEC §5: a checked item, a quantity up to the sold quantity, a comment stating the reason), the one
 * rule for the device and the server. A paid invoice is locked (SPEC §4), and a return may take off at most what is
 * still due: money already taken is given back by a refund (writes/refunds.ts) or by removing that payment first.
 * `taken` is what the customer is charged less (labour + products + storage − discount, before points).
 */
export function planItemReturn(
  inv: Omit<InvoiceParts, 'products'> & { total: Cents; products: readonly InvoiceLine[] },
  invoiceName: string,
  items: readonly { id: string; qty: number }[],
  comment: string,
  terms: StorageFees,
): ReturnPlan {
  if (!comment.trim() || items.length === 0 || items.some((i) => !Number.isInteger(i.qty) || i.qty < 1))
    return { ok: false, message: MSG.itemReturnInvalid };
  if (isInvoiceLocked(inv)) return { ok: false, message: fill(MSG.itemReturnLocked, { invoice: invoiceName }) };
  const back = returnLines(inv.products, invoiceName, items);
  if (!back.ok) return back;
  const after = back.products;
  const charges = (products: readonly InvoiceLine[]) => {
    const t = invoiceFigures({ ...inv, products }, terms).totals;
    return t.total + t.points;
  };
  const taken = charges(inv.products) - charges(after);
  if (taken > inv.total)
    return {
      ok: false,
      message: fill(MSG.itemReturnOverDue, {
        taken: formatUSD(taken),
        invoice: invoiceName,
        due: formatUSD(inv.total),
      }),
    };
  return { ok: true, products: after, taken };
}
