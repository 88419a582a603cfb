import { formatShop } from './dates';
import { METHOD_LABELS, normaliseMethod } from './entities';
import { displayInvoiceNumber } from './jobs';
import { MSG, fill } from './messages';
import { formatUSD } from './money';
import { INVOICE_CALLS } from './writes/invoices';
import { MONEY_CALLS } from './writes/money';

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

/**
 * What the server said about the invoice when it refused a money call (`facts` of its answer): the invoice's number
 * and amount due, and, when it is paid in full, who settled it, when (ISO) and on which device (its receipt number's
 * prefix). The device words them in the shop's time zone; the server sends facts, not sentences.
 */
export interface RefusalFacts {
  invoice: string;
  due: number;
  settled_by: string;
  settled_at: string;
  device: string;
}

/** The facts of a refusal's answer body, when it carries them whole (an older server's answer has none). */
export function factsOf(body: unknown): RefusalFacts | undefined {
  const f = body && typeof body === 'object' ? (body as { facts?: unknown }).facts : undefined;
  if (!f || typeof f !== 'object') return undefined;
  const r = f as Record<string, unknown>;
  const texts = ['invoice', 'settled_by', 'settled_at', 'device'] as const;
  if (!texts.every((k) => typeof r[k] === 'string') || typeof r.due !== 'number') return undefined;
  return {
    invoice: `${r.invoice}`,
    due: r.due,
    settled_by: `${r.settled_by}`,
    settled_at: `${r.settled_at}`,
    device: `${r.device}`,
  };
}

/** What the device still knows about the rows the call was about (the server's version, after the refusal). */
export interface RefusedContext {
  invoice?: { number: string; first_name: string; last_name: string };
  transaction?: { number: string; amount: number; method: string };
  /** the server's facts, kept with the refusal */
  facts?: RefusalFacts;
  /** the shop's time zone, for the time in `reason` */
  tz?: string;
}

export interface RefusedWords {
  /** "Cash payment of $40.00 on INV A1-12"; the outbox label for calls that move no money */
  what: string;
  /** "INV A1-12 · Kim Lee", or null when the call is not about an invoice the device knows */
  record: string | null;
  /** why it was refused, in words, from the server's facts (null when the server gave none: its message says it) */
  reason: string | null;
  /** what to do next */
  advice: string;
  /** what a discard loses, for the confirmation */
  loss: string;
  /** a payment, discount, redemption or receipt removal */
  money: boolean;
}

/** The calls that add money to an invoice or take it off (the catalogue's; an item return is an invoice call). */
const { pay, discount, redeem, removeTransaction } = MONEY_CALLS;
const ADDED_MONEY = [pay, discount, redeem, INVOICE_CALLS.returnItems];
const isCall = (call: RefusedCall, c: { method: string; path: string }) =>
  call.method === c.method && call.path === c.path;
const WHEN = 'MMM d, h:mm a';

const objectOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
const dataOf = (body: unknown) => objectOf(objectOf(body).data);

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

/**
 * Why the server said no, from its facts: the invoice was settled (by whom, where, when in the shop's time), or — for
 * a payment (`asked`: its amount) — less is due than it asked for. Facts that do not explain the refusal (a discount
 * given twice on a part-paid invoice) give no reason: the server's message says it. `what` is the refused thing in a
 * sentence's middle ("$40.00 cash payment").
 */
function reasonOf(ctx: RefusedContext, what: string, asked?: number): string | null {
  const f = ctx.facts;
  if (!f) return null;
  const invoice = displayInvoiceNumber(f.invoice);
  if (f.due > 0)
    return asked !== undefined && asked > f.due
      ? fill(MSG.refusedOverDue, { due: formatUSD(f.due), invoice, what })
      : null;
  if (!f.settled_at) return null;
  return fill(MSG.refusedSettled, {
    invoice,
    where: f.device ? fill(MSG.refusedSettledWhere, { device: f.device }) : '',
    user: f.settled_by,
    when: formatShop(f.settled_at, ctx.tz, WHEN),
    what,
  });
}

type MoneyWords = Omit<RefusedWords, 'record' | 'money'>;

/** A payment, discount, redemption or item return the server refused. */
function addedMoney(call: RefusedCall, ctx: RefusedContext, invoice: string): MoneyWords {
  const d = dataOf(call.body);
  const advice = fill(MSG.refusedAdviceMoney, { invoice });
  if (isCall(call, discount)) {
    const values = { percent: num(d.amount), invoice };
    return {
      what: fill(MSG.refusedDiscount, values),
      reason: reasonOf(ctx, `${values.percent}% discount`),
      advice,
      loss: fill(MSG.discardLossDiscount, values),
    };
  }
  if (isCall(call, redeem)) {
    const values = { points: num(d.points), invoice };
    return {
      what: fill(MSG.refusedRedemption, values),
      reason: reasonOf(ctx, `redemption of ${values.points} points`),
      advice,
      loss: fill(MSG.discardLossRedemption, values),
    };
  }
  if (isCall(call, INVOICE_CALLS.returnItems)) {
    const count = (Array.isArray(d.items) ? d.items : []).reduce((n: number, item) => n + num(objectOf(item).qty), 0);
    return {
      what: fill(MSG.refusedReturn, { count, invoice }),
      reason: reasonOf(ctx, `return of ${count} item(s)`),
      advice,
      loss: fill(MSG.discardLossReturn, { invoice }),
    };
  }
  const amount = formatUSD(num(d.amount));
  const method = methodLabel(d.method);
  const reason = reasonOf(ctx, `${amount} ${method.toLowerCase()} payment`, num(d.amount));
  return {
    what: fill(MSG.refusedPayment, { method, amount, invoice }),
    reason,
    // money taken for an invoice that cannot take it: give it back, or put it where it is owed
    advice: reason ? fill(MSG.refusedAdvicePayment, { amount }) : advice,
    loss: fill(MSG.discardLossPayment, { amount, method: method.toLowerCase(), money: moneyWord(d.method) }),
  };
}

export function refusedWords(call: RefusedCall, ctx: RefusedContext): RefusedWords {
  const invoice = ctx.invoice ? displayInvoiceNumber(ctx.invoice.number) : 'the invoice';
  const customer = ctx.invoice ? `${ctx.invoice.first_name} ${ctx.invoice.last_name}`.trim() : '';
  const record = ctx.invoice ? [invoice, customer].filter(Boolean).join(' · ') : null;
  const other = {
    what: call.label,
    record,
    reason: null,
    advice: MSG.refusedAdvice,
    loss: MSG.discardLossOther,
    money: false,
  };
  if (ADDED_MONEY.some((c) => isCall(call, c))) return { ...addedMoney(call, ctx, invoice), record, money: true };
  if (!isCall(call, removeTransaction)) return other;
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
    reason: null,
    advice: fill(MSG.refusedAdviceMoney, { invoice }),
    loss: fill(MSG.discardLossRemoval, values),
    money: true,
  };
}
