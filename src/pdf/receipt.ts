import { formatShop } from '../domain/dates';
import { displayInvoiceNumber } from '../domain/jobs';
import { formatUSD } from '../domain/money';
import { pointsMovedBy } from '../domain/totals';
import { refundLabel } from '../domain/writes/refunds';
import { methodLabel, type InvoiceSource, type PaymentSource } from './invoice';
import { A4, Page, onRoll } from './layout';
import { documentTotals, dueText, letterhead, lineTable, linesOf, totalsBlock, zoneOf, type ShopInfo } from './parts';

/**
 * A payment's receipt, handed over at the counter: the shop's header, the receipt number, what the invoice bills
 * (items, discount, points, total), this payment and its method, and the balance left after it. Printed on an
 * 80 mm thermal roll as long as it needs, or on A4 where the shop's config sheet says so (`receipt_format`).
 */

/**
 * Transactions that are not money taken: the discount and the points redeemed are recorded as rows too, and a refund
 * (issue 18) is money given back — its receipt says what was refunded to date beside what was paid.
 */
const NOT_PAID = new Set(['discount', 'redemption', 'refund']);

const at = (t: PaymentSource) => new Date(t.created_at).getTime();

/** The rows of `method` taken up to and including `t` (an older receipt shows the figures of its day). */
function through(t: PaymentSource, all: readonly PaymentSource[], counts: (method: string) => boolean): number {
  const earlier = (x: PaymentSource) => at(x) < at(t) || (at(x) === at(t) && x.number < t.number);
  const before = all.filter((x) => counts(x.method) && x.number !== t.number && earlier(x));
  return before.reduce((n, x) => n + x.amount, 0) + (counts(t.method) ? t.amount : 0);
}
/** What had been paid on the invoice once this payment was taken. */
const paidThrough = (t: PaymentSource, all: readonly PaymentSource[]) => through(t, all, (m) => !NOT_PAID.has(m));
/** What had been refunded by then (a positive figure). */
const refundedThrough = (t: PaymentSource, all: readonly PaymentSource[]) => -through(t, all, (m) => m === 'refund');

export function receiptPdf(
  t: PaymentSource,
  inv: InvoiceSource,
  payments: readonly PaymentSource[],
  shop: ShopInfo,
): ArrayBuffer {
  const draw = (p: Page) => drawReceipt(p, t, inv, payments, shop);
  if (shop.receiptFormat === 'A4') {
    const p = new Page(A4);
    draw(p);
    return p.bytes();
  }
  return onRoll(draw);
}

function drawReceipt(
  p: Page,
  t: PaymentSource,
  inv: InvoiceSource,
  payments: readonly PaymentSource[],
  shop: ShopInfo,
) {
  const totals = documentTotals(inv.totals);
  const who = `${inv.first_name} ${inv.last_name}`.trim() || 'Quick Sale';
  const lines = [
    `Date: ${formatShop(t.created_at, zoneOf(shop))}`,
    `Invoice: ${displayInvoiceNumber(inv.number)}`,
    `Customer: ${who}`,
  ];
  if (inv.type !== 'product' && inv.registration) lines.push(`Vehicle: ${inv.registration}`);
  letterhead(p, shop, { title: 'RECEIPT', number: `No. ${t.number}`, lines });
  lineTable(
    p,
    {
      ...inv,
      products: linesOf(inv.products),
      totals,
      storageDays: inv.storage === 'on' ? inv.storage_days : undefined,
    },
    inv.type !== 'product',
  );
  totalsBlock(p, totals, { payments: false, discountPercent: inv.discount_percent });
  const x = p.narrow ? p.left : p.right - 80;
  const paid = paidThrough(t, payments);
  p.rule().gap(1.5);
  const refund = t.method === 'refund';
  p.line(refund ? refundLabel(t) : `Payment (${methodLabel(t.method)})`, formatUSD(t.amount), true, x);
  if (refund && t.reason) p.line(`Reason: ${t.reason}`, undefined, false, x);
  p.line('Paid to date', formatUSD(paid), false, x);
  const refunded = refundedThrough(t, payments);
  if (refunded) p.line('Refunded to date', `-${formatUSD(refunded)}`, false, x);
  p.line('Balance due', dueText(Math.max(0, totals.total - paid)), true, x);
  const moved = pointsMovedBy(t);
  if (moved > 0) p.line('Points earned', String(moved), false, x);
  if (moved < 0) p.line('Points taken back', String(-moved), false, x);
  p.gap(2);
  p.footer(shop.footer ?? '');
}
