import { BOOKING_FORMAT, formatShop } from '../domain/dates';
import { AFTER_CLOSING, anyAfterClosing, cashupLines, type CashupFigures, type CashupSheet } from '../domain/cashup';
import { METHOD_LABELS, type PaymentMethod } from '../domain/entities';
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
  /** the refunds paid out by method (a cash-up made before they were kept has none) */
  refunds?: CashupSheet['refunds'];
  counted_cash: Cents;
  difference: Cents;
  note: string;
  closed_by: string;
  closed_at: string | Date;
}

/** What the printout lists after the count: the till's takings since it was closed (issue 30), when there are any. */
export interface CashupPrint extends CashupSource {
  after?: CashupFigures;
}

/**
 * The cash-up at closing (issue 18) for the drawer's envelope or the day's file: the shop day, the till, who closed
 * and when, the takings by payment method, the refunds paid out (how many, how much), the expected (taken less
 * refunds: cashupLines, as the screen shows it), the cash counted and the difference, then what was taken after
 * closing, which is in no cash-up (issue 30). On A4 or the 80 mm roll.
 */
export function cashupPdf(c: CashupPrint, shop: ShopInfo, paper: 'A4' | '80mm'): ArrayBuffer {
  const draw = (p: Page) => drawCashup(p, c, shop);
  if (paper === '80mm') return onRoll(draw);
  const p = new Page(A4);
  draw(p);
  return p.bytes();
}

function drawCashup(p: Page, c: CashupPrint, shop: ShopInfo) {
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
  const { lines, total } = cashupLines(c);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  p.heading(`Takings (${plural(c.payments, 'payment')})`);
  for (const l of lines) p.line(METHOD_LABELS[l.method], formatUSD(l.taken));
  p.line('Total taken', formatUSD(total.taken), true);
  p.rule().gap(1.5);
  p.heading(`Refunds paid out (${plural(total.refunds.count, 'refund')})`);
  for (const l of lines.filter((x) => x.refunds.count))
    p.line(`${METHOD_LABELS[l.method]} (${l.refunds.count})`, formatUSD(0 - l.refunds.cents));
  p.line('Total refunded', formatUSD(0 - total.refunds.cents), true);
  p.rule().gap(1.5);
  p.heading('Expected (taken less refunds)');
  for (const l of lines) p.line(METHOD_LABELS[l.method], formatUSD(l.expected));
  p.line('Total expected', formatUSD(total.expected), true);
  p.rule().gap(1.5);
  p.heading('Cash drawer');
  p.line('Expected cash', formatUSD(c.expected.cash ?? 0));
  p.line('Counted cash', formatUSD(c.counted_cash));
  p.line('Difference', `${formatUSD(c.difference)} (${differenceWords(c.difference)})`, true);
  if (c.note) p.gap(1.5).text(`Note: ${c.note}`);
  if (c.after && anyAfterClosing(c.after)) drawAfterClosing(p.gap(1.5).rule().gap(1.5), c.after);
  p.gap(2);
  p.footer(shop.footer ?? '');
}

function drawAfterClosing(p: Page, after: CashupFigures) {
  const { lines, total } = cashupLines(after);
  p.heading(AFTER_CLOSING.title);
  for (const l of lines.filter((x) => x.taken || x.refunds.count))
    p.line(`${METHOD_LABELS[l.method]}`, formatUSD(l.expected));
  p.line(`Total (${after.payments} payment${after.payments === 1 ? '' : 's'})`, formatUSD(total.expected), true);
  p.gap(1).text(AFTER_CLOSING.advice);
}
