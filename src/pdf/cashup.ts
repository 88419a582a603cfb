import { BOOKING_FORMAT, formatShop } from '../domain/dates';
import { METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../domain/entities';
import { formatUSD, type Cents } from '../domain/money';
import { differenceWords } from '../domain/writes/cashups';
import { A4, Page, onRoll } from './layout';
import { letterhead, zoneOf, type ShopInfo } from './parts';

/** A cash-up as both sides hold it (text times on the device, Dates from the server's database). */
export interface CashupSource {
  day: string;
  till: string;
  expected: Partial<Record<PaymentMethod, Cents>>;
  payments: number;
  counted_cash: Cents;
  difference: Cents;
  note: string;
  closed_by: string;
  closed_at: string | Date;
}

/**
 * The cash-up at closing (issue 18) for the drawer's envelope or the day's file: the shop day, the till, who closed
 * and when, the takings by payment method, the cash counted and the difference. On A4 or on the counter's 80 mm roll.
 */
export function cashupPdf(c: CashupSource, shop: ShopInfo, paper: 'A4' | '80mm'): ArrayBuffer {
  const draw = (p: Page) => drawCashup(p, c, shop);
  if (paper === '80mm') return onRoll(draw);
  const p = new Page(A4);
  draw(p);
  return p.bytes();
}

function drawCashup(p: Page, c: CashupSource, shop: ShopInfo) {
  const tz = zoneOf(shop);
  letterhead(p, shop, {
    title: 'CASH-UP',
    number: c.day,
    lines: [
      `Till: ${c.till === 'shop' ? 'Shop' : c.till}`,
      `Closed by: ${c.closed_by}`,
      `At: ${formatShop(c.closed_at, tz, BOOKING_FORMAT)}`,
    ],
  });
  p.heading(`Takings (${c.payments} payment${c.payments === 1 ? '' : 's'})`);
  let total = 0;
  for (const m of PAYMENT_METHODS) {
    const cents = c.expected[m] ?? 0;
    total += cents;
    p.line(METHOD_LABELS[m], formatUSD(cents));
  }
  p.line('Total taken', formatUSD(total), true);
  p.rule().gap(1.5);
  p.heading('Cash drawer');
  p.line('Expected cash', formatUSD(c.expected.cash ?? 0));
  p.line('Counted cash', formatUSD(c.counted_cash));
  p.line('Difference', `${formatUSD(c.difference)} (${differenceWords(c.difference)})`, true);
  if (c.note) p.gap(1.5).text(`Note: ${c.note}`);
  p.gap(2);
  p.footer(shop.footer ?? '');
}
