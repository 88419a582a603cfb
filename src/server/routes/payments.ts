import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentMethod, TransactionMethod } from '../../domain/entities';
import { newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import {
  MONEY_CALLS,
  planDiscount,
  planPayment,
  planRedemption,
  planTransactionRemoval,
  type MoneyPlan,
  type Planned,
} from '../../domain/writes/money';
import type { Tx } from '../db/client';
import { customers, invoices, transactions } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { defineRoute, type WriteCtx } from '../http/route';
import type { AppServices } from '../http/services';
import { adjustPoints, invoiceOr404, writeInvoice, type InvoiceRow } from '../invoices/ledger';
import { refusalFacts } from '../invoices/refusalFacts';
import { takeNumber } from '../numbers';
import { readSettings } from '../settings';

/**
 * Money moves. Each call is one database transaction holding the invoice row lock: its transaction row, the
 * invoice's new figures, the customer's points, the activity log and the change feed commit together or not at
 * all. What a move does is planned by src/domain/writes/money.ts, the same plan the device runs offline; this file
 * only reads the rows the plan needs and stores what it says. Payments are append-only and re-planned against the
 * amount due when they arrive, so an offline tablet's payment can never take an invoice below zero.
 */
async function record(
  ctx: WriteCtx<unknown>,
  inv: InvoiceRow,
  t: { id?: string; number?: string; method: TransactionMethod; amount: number; point: number },
) {
  const id = t.id ?? newId();
  const number = await takeNumber(ctx.tx, 'receipt', t.number);
  await ctx.tx.insert(transactions).values({
    id,
    number,
    amount: t.amount,
    method: t.method,
    invoice_id: inv.id,
    point: t.point,
    username: ctx.user.username,
  });
  ctx.changed('transactions', id);
  return { id, number };
}

/** Stores a plan: the invoice's parts and figures, the appended row (with the id and number the device chose), the points, the log. */
async function store(
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
async function refuse<P extends MoneyPlan>(tx: Tx, inv: InvoiceRow, plan: Planned<P>): Promise<P> {
  if (!plan.ok) throw badRequest(plan.message, { due: inv.total, ...(await refusalFacts(tx, inv)) });
  return plan;
}

async function customerOf(tx: Tx, inv: InvoiceRow) {
  if (!inv.customer_id) return undefined;
  const [c] = await tx.select().from(customers).where(eq(customers.id, inv.customer_id)).for('update');
  return c;
}

export function paymentsRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    ...MONEY_CALLS.pay,
    write: true,
    summary: 'Take a payment {method, invoice_id, amount (cents), vin}: above 0 and at most the amount due',
    async handler(ctx) {
      const { body } = ctx;
      const inv = await invoiceOr404(ctx.tx, body.invoice_id, true);
      const plan = await refuse(
        ctx.tx,
        inv,
        planPayment(inv, await readSettings(ctx.tx), body.method as PaymentMethod, body.amount),
      );
      const t = await store(ctx, inv, plan, { id: body.id, number: body.number });
      return {
        value: true,
        message: plan.message,
        data: { transaction_id: t?.id, number: t?.number, due: plan.figures.total },
      };
    },
  });

  defineRoute(app, s, {
    ...MONEY_CALLS.discount,
    write: true,
    summary: 'Apply the customer discount once {invoice_id, amount: percent 5–20}, on labour plus products',
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.body.invoice_id, true);
      const planned = planDiscount(inv, await readSettings(ctx.tx), ctx.body.amount);
      if (planned === null) return { value: true, message: MSG.noDiscountApplied };
      const plan = await refuse(ctx.tx, inv, planned);
      await store(ctx, inv, plan, { id: ctx.body.id, number: ctx.body.number });
      return { value: true, message: plan.message, data: { discount: plan.figures.discount, due: plan.figures.total } };
    },
  });

  defineRoute(app, s, {
    ...MONEY_CALLS.redeem,
    write: true,
    summary: "Redeem loyalty points {invoice_id, points}: at least 1, no more than the customer's points",
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.body.invoice_id, true);
      const customer = await customerOf(ctx.tx, inv);
      const plan = await refuse(
        ctx.tx,
        inv,
        planRedemption(inv, await readSettings(ctx.tx), customer?.current_points, ctx.body.points),
      );
      await store(ctx, inv, plan, { id: ctx.body.id, number: ctx.body.number });
      return {
        value: true,
        message: plan.message,
        data: { points_value: plan.append?.amount, due: plan.figures.total },
      };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/transactions',
    summary: 'Transactions, newest first, with their invoice number',
    async handler() {
      const rows = await db
        .select({ t: transactions, invoice_number: invoices.number })
        .from(transactions)
        .leftJoin(invoices, eq(invoices.id, transactions.invoice_id))
        .where(eq(transactions.deleted, false))
        .orderBy(desc(transactions.created_at));
      return { value: true, data: rows.map((r) => ({ ...r.t, invoice_number: r.invoice_number })) };
    },
  });

  defineRoute(app, s, {
    ...MONEY_CALLS.removeTransaction,
    write: true,
    summary: 'Remove a transaction {id}: a reversal that restores the amount due (and points), kept in the log',
    async handler(ctx) {
      const [t] = await ctx.tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, ctx.body.id), eq(transactions.deleted, false)));
      if (!t) throw notFound(fill(MSG.noRecordFound, { id: ctx.body.id }));
      const inv = await invoiceOr404(ctx.tx, t.invoice_id, true);
      const plan = await refuse(ctx.tx, inv, planTransactionRemoval(inv, await readSettings(ctx.tx), t));
      await store(ctx, inv, plan);
      await ctx.tx
        .update(transactions)
        .set({ deleted: true, updated_at: new Date(), version: sql`${transactions.version} + 1` })
        .where(eq(transactions.id, t.id));
      ctx.changed('transactions', t.id, 'delete');
      return { value: true, message: 'Transaction removed' };
    },
  });
}
