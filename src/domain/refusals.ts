import { METHOD_LABELS, normaliseMethod } from './entities';
import { displayInvoiceNumber } from './jobs';
import { MSG, fill } from './messages';
import { formatUSD } from './money';

/**
 * A change the server refused, told the way a cashier would tell it (issue 14): "Cash payment of $40.00 on INV A1-12"
 * rather than the outbox's label, the record it was on (invoice, customer), what to do, and what discarding it loses.
 * Pure: the sync engine looks up the invoice and transaction on the device and passes them in.
 */
export interface RefusedCall {
  method: string;
  path: string;
  body: unknown;
  label: string;
}

/** What the device still knows about the rows the call was about (the server's version, after the refusal). */
export interface RefusedContext {
  invoice?: { number: string; first_name: string; last_name: string };
  transaction?: { number: string; amount: number; method: string };
}

export interface RefusedWords {
  /** "Cash payment of $40.00 on INV A1-12"; the outbox label for calls that move no money */
  what: string;
  /** "INV A1-12 · Kim Lee", or null when the call is not about an invoice the device knows */
  record: string | null;
  /** what to do next */
  advice: string;
  /** what a discard loses, for the confirmation */
  loss: string;
  /** a payment, discount, redemption or receipt removal */
  money: boolean;
}

const MONEY_PATHS = ['/transaction', '/discount', '/redemption'];

function dataOf(body: unknown): Record<string, unknown> {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function methodLabel(method: unknown): string {
  const m = normaliseMethod(method);
  return m ? METHOD_LABELS[m] : String(method ?? '');
}

/** Cash is kept aside as cash; a card or online payment leaves a slip or a reference to keep. */
function moneyWord(method: unknown): string {
  const m = normaliseMethod(method);
  return m === 'cash' ? 'cash' : m === 'cheque' ? 'cheque' : 'slip or payment reference';
}

export function refusedWords(call: RefusedCall, ctx: RefusedContext): RefusedWords {
  const invoice = ctx.invoice ? displayInvoiceNumber(ctx.invoice.number) : 'the invoice';
  const customer = ctx.invoice ? `${ctx.invoice.first_name} ${ctx.invoice.last_name}`.trim() : '';
  const record = ctx.invoice ? [invoice, customer].filter(Boolean).join(' · ') : null;
  const d = dataOf(call.body);
  const other = { what: call.label, record, advice: MSG.refusedAdvice, loss: MSG.discardLossOther, money: false };
  if (!MONEY_PATHS.includes(call.path)) return other;
  const moneyAdvice = fill(MSG.refusedAdviceMoney, { invoice });
  if (call.method === 'DELETE') {
    if (call.path !== '/transaction') return other;
    const t = ctx.transaction;
    const values = {
      number: t?.number ?? '',
      amount: formatUSD(num(t?.amount)),
      method: methodLabel(t?.method),
      invoice,
    };
    return {
      what: fill(MSG.refusedRemoval, values),
      record,
      advice: moneyAdvice,
      loss: fill(MSG.discardLossRemoval, values),
      money: true,
    };
  }
  if (call.path === '/discount') {
    const values = { percent: num(d.amount), invoice };
    return {
      what: fill(MSG.refusedDiscount, values),
      record,
      advice: moneyAdvice,
      loss: fill(MSG.discardLossDiscount, values),
      money: true,
    };
  }
  if (call.path === '/redemption') {
    const values = { points: num(d.points), invoice };
    return {
      what: fill(MSG.refusedRedemption, values),
      record,
      advice: moneyAdvice,
      loss: fill(MSG.discardLossRedemption, values),
      money: true,
    };
  }
  const amount = formatUSD(num(d.amount));
  const method = methodLabel(d.method);
  return {
    what: fill(MSG.refusedPayment, { method, amount, invoice }),
    record,
    advice: moneyAdvice,
    loss: fill(MSG.discardLossPayment, { amount, method: method.toLowerCase(), money: moneyWord(d.method) }),
    money: true,
  };
}
