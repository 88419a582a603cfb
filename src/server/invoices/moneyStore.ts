import { and, eq } from 'drizzle-orm';
import { newId } from '../../domain/ids';
import { appendedTransaction, type MoneyPlan } from '../../domain/writes/money';
import { refundedOf } from '../../domain/writes/refunds';
import type { Tx } from '../db/client';
import { customers, transactions } from '../db/schema';
import { badRequest } from '../http/errors';
import type { WriteCtx } from '../http/route';
import { takeNumber } from '../numbers';
import { adjustPoints, writeInvoice, type InvoiceRow } from './ledger';
import { refusalFacts } from './refusalFacts';

/**
 * Storing a money plan (src/domain/writes/money.ts, refunds.ts) on the server: the appended transaction row with the
 * id and receipt number the device chose, the invoice's parts and figures, the customer's points, the activity log.
 * Each runs in the route's one database transaction, under the invoice row's lock (invoiceOr404(…, true)).
 */

/** Appends a transaction row on the invoice (the device's id and number, else new ones). */
export async function record(
  ctx: WriteCtx<unknown>,
  inv: InvoiceRow,
  t: NonNullable<MoneyPlan['append']> & { id?: string; number?: string },
) {
  const id = t.id ?? newId();
  const number = await takeNumber(ctx.tx, 'receipt', t.number);
  await ctx.tx.insert(transactions).values(appendedTransaction(inv.id, t, { id, number, username: ctx.user.username }));
  ctx.changed('transactions', id);
  return { id, number };
}

/** Stores a plan: the invoice's parts and figures, the appended row (with the id and number the device chose), the points, the log. */
export async function storeMoney(
  ctx: WriteCtx<unknown>,
  inv: InvoiceRow,
  plan: MoneyPlan,
  row: { id?: string; number?: string } = {},
) {
  await writeInvoice(ctx, inv, plan.invoice, plan.figures);
  const t = plan.append ? await record(ctx, inv, { ...row, ...plan.append }) : undefined;
  await adjustPoints(ctx, inv.customer_id, plan.points);
  ctx.log('service', plan.log.subject, plan.log.predicate);
  return t;
}

/** A refusal carries the invoice's facts (amount due; who settled it, when, where) for the device to word (issue 14). */
export async function refuse<P>(
  tx: Tx,
  inv: InvoiceRow,
  plan: ({ ok: true } & P) | { ok: false; message: string },
): Promise<P> {
  if (!plan.ok) throw badRequest(plan.message, { due: inv.total, ...(await refusalFacts(tx, inv)) });
  return plan;
}

/** The invoice's customer, locked: their points move with this write. */
export async function customerOf(tx: Tx, inv: InvoiceRow) {
  if (!inv.customer_id) return undefined;
  const [c] = await tx.select().from(customers).where(eq(customers.id, inv.customer_id)).for('update');
  return c;
}

/** What has been refunded on the invoice (its refund rows; removed rows aside), read in the write's transaction. */
export async function refundedOn(tx: Tx, invoiceId: string) {
  const rows = await tx
    .select({ method: transactions.method, amount: transactions.amount, deleted: transactions.deleted })
    .from(transactions)
    .where(and(eq(transactions.invoice_id, invoiceId), eq(transactions.method, 'refund')));
  return refundedOf(rows);
}
