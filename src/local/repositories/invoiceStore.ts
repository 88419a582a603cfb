import { newRow } from '../../domain/model';
import { newId } from '../../domain/ids';
import { shopSettings, type ShopSettings } from '../../domain/configSheet';
import { fill, MSG } from '../../domain/messages';
import type { InvoiceLine } from '../../domain/entities';
import type { NewInvoicePlan, PlannedInvoice } from '../../domain/writes/invoices';
import type { InvoiceChangePlan } from '../../domain/writes/invoiceEdits';
import { availableTo, checkLineStock, invoiceLine, sentLines } from '../../domain/writes/lines';
import { appendedTransaction, type MoneyPlan, type Planned } from '../../domain/writes/money';
import type { WriteCall } from '../../domain/writes/calls';
import { callOf } from '../calls';
import type { InvoiceRow, TransactionRow } from '../db';
import { LocalWriteError, type WriteContext } from '../write';

/**
 * The steps the invoice writes share (src/local/repositories/invoiceWrites.ts, invoiceMoney.ts): pricing lines from
 * this device's products, storing a plan's figures, stock moves, points, and numbering new invoices and transactions.
 * Each runs inside a localWrite.
 */

/** The shop's settings as this device knows them (the config sheet it pulled). */
export async function settings(w: WriteContext): Promise<ShopSettings> {
  return shopSettings(await w.db.config.toArray());
}

/** A money plan refused on the device says what the server would say. */
export function planned<P extends MoneyPlan>(plan: Planned<P>): P {
  if (!plan.ok) throw new LocalWriteError(plan.message);
  return plan;
}

/** Stores a money plan on the device: the invoice's parts with the plan's figures, and the customer's points. */
export async function storePlan(w: WriteContext, inv: InvoiceRow, plan: MoneyPlan): Promise<InvoiceRow> {
  const { total, discount, totals } = plan.figures;
  const row = await w.patch('invoices', inv.id, {
    ...plan.invoice,
    total,
    discount,
    totals,
    updated_at: w.now,
    version: inv.version + 1,
  });
  await adjustPoints(w, inv.customer_id, plan.points);
  return row;
}

/**
 * The lines as this device prices them (src/domain/writes/lines.ts, the server's rule): from its product rows, or as
 * the invoice already held them, checked against the stock it sees. `send` is what the call carries: each line with
 * the stock this device saw (`stock_seen`), which the server applies the stock rule to (an offline sale of the last
 * unit still lands); the stored lines never carry it.
 */
export async function priceLines(
  w: WriteContext,
  sent: readonly { id: string; qty: number }[],
  previous: readonly InvoiceLine[] = [],
) {
  const lines: InvoiceLine[] = [];
  const send: (InvoiceLine & { stock_seen?: number })[] = [];
  for (const l of sentLines(sent)) {
    const p = await w.get('products', l.id);
    const before = previous.find((x) => x.id === l.id);
    // a product gone from this device keeps the line the invoice held (the server keeps a deleted product's line too)
    if (!p) {
      if (!before) throw new LocalWriteError(fill(MSG.noRecordFound, { id: l.id }));
      lines.push(invoiceLine(before, l.qty, before));
      send.push(invoiceLine(before, l.qty, before));
      continue;
    }
    const available = availableTo(p.stock, before);
    const c = checkLineStock(p.title, l.qty, available, !before);
    if (!c.ok) throw new LocalWriteError(c.message);
    const line = invoiceLine(p, l.qty, before);
    lines.push(line);
    send.push({ ...line, stock_seen: available });
  }
  return { lines, send };
}

/** Stock moves by the deltas a plan says (src/domain stockDeltas), as on the server. */
export async function moveStock(w: WriteContext, deltas: readonly [string, number][]) {
  for (const [id, d] of deltas) {
    const p = await w.get('products', id);
    if (p) await w.patch('products', id, { stock: p.stock + d });
  }
}

/** Stores an invoice change as src/domain/writes/invoiceEdits.ts planned it: parts, figures, stock. */
export async function storeChange(w: WriteContext, inv: InvoiceRow, plan: InvoiceChangePlan): Promise<InvoiceRow> {
  const { total, discount, totals } = plan.figures;
  const row = await w.patch('invoices', inv.id, {
    ...plan.invoice,
    total,
    discount,
    totals,
    updated_at: w.now,
    version: inv.version + 1,
  });
  await moveStock(w, plan.stock.deltas);
  return row;
}

export function planOk<P>(plan: ({ ok: true } & P) | { ok: false; message: string }): P {
  if (!plan.ok) throw new LocalWriteError(plan.message);
  return plan;
}

export async function mustGet(w: WriteContext, id: string): Promise<InvoiceRow> {
  const inv = await w.get('invoices', id);
  if (!inv) throw new LocalWriteError(MSG.noRecordFound.replace('{id}', id));
  return inv;
}

/** The invoice a plan describes, numbered from this device's series (the server stores the same row under that number). */
export async function makeInvoice(w: WriteContext, plan: NewInvoicePlan): Promise<InvoiceRow> {
  const inv: InvoiceRow = newRow(
    'invoices',
    {
      ...plan.row,
      totals: { ...plan.row.totals },
      id: newId(),
      number: await w.nextNumber('invoice'),
      created_by: w.session.username,
    },
    w.now,
  );
  await w.put('invoices', inv);
  return inv;
}

export function plannedInvoice(plan: PlannedInvoice): NewInvoicePlan {
  if (!plan.ok) throw new LocalWriteError(plan.message);
  return plan;
}

/**
 * Appends a plan's transaction row, numbered from this device's receipt series, and queues its catalogue call
 * (src/domain/writes/money.ts MONEY_CALLS) that makes the same row (same id and number) on the server. `data` is the
 * body as the call's schema checked it (a discount's percentage in `amount`, a redemption's points).
 */
export async function appendTransaction<B extends Record<string, unknown>>(
  w: WriteContext,
  inv: InvoiceRow,
  t: NonNullable<MoneyPlan['append']>,
  call: { call: WriteCall<B>; data: B; label: string },
): Promise<TransactionRow> {
  const id = newId();
  const number = await w.nextNumber('receipt');
  const row: TransactionRow = newRow(
    'transactions',
    {
      ...appendedTransaction(inv.id, t, { id, number, username: w.session.username }),
    },
    w.now,
  );
  await w.put('transactions', row);
  await w.enqueue({
    // SPEC §5's bodies carry the method and the amount (a redemption's its value in cents); a call's own data wins
    // (a payment's amount as typed, a discount's percent)
    ...callOf(call.call, {
      method: t.method,
      amount: t.amount,
      ...call.data,
      id,
      number,
      vin: inv.vin,
      base_version: inv.version,
    }),
    creates: [id],
    needs: [inv.id],
    label: call.label,
  });
  return row;
}

/** Loyalty points move with payments and redemptions, as on the server (never below zero). */
export async function adjustPoints(w: WriteContext, customerId: string | null, delta: number) {
  if (!customerId || delta === 0) return;
  const c = await w.get('customers', customerId);
  if (c) await w.patch('customers', c.id, { current_points: Math.max(0, c.current_points + delta) });
}
