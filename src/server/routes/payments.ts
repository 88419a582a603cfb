import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentMethod } from '../../domain/entities';
import { MSG, fill } from '../../domain/messages';
import {
  MONEY_CALLS,
  planDiscount,
  planPayment,
  planRedemption,
  planTransactionRemoval,
} from '../../domain/writes/money';
import { invoices, transactions } from '../db/schema';
import { notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { invoiceOr404 } from '../invoices/ledger';
import { customerOf, refundedOn, refuse, storeMoney } from '../invoices/moneyStore';
import { readSettings } from '../settings';
import { refundRoutes } from './refunds';
import { API } from '../../domain/apiRoutes';

/**
 * Money moves. Each call is one database transaction holding the invoice row lock: its transaction row, the
 * invoice's new figures, the customer's points, the activity log and the change feed commit together or not at
 * all. What a move does is planned by src/domain/writes/money.ts, the same plan the device runs offline; this file
 * only reads the rows the plan needs and stores what it says (src/server/invoices/moneyStore.ts). Payments are
 * append-only and re-planned against the amount due when they arrive, so an offline tablet's payment can never take
 * an invoice below zero. One function per call.
 */
export function paymentsRoutes(app: FastifyInstance, s: AppServices) {
  payRoute(app, s);
  discountRoute(app, s);
  redeemRoute(app, s);
  transactionsRoute(app, s);
  removeTransactionRoute(app, s);
  refundRoutes(app, s);
}

function payRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: MONEY_CALLS.pay,
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
      const t = await storeMoney(ctx, inv, plan, { id: body.id, number: body.number });
      return {
        value: true,
        message: plan.message,
        data: { transaction_id: t?.id, number: t?.number, due: plan.figures.total },
      };
    },
  });
}

function discountRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: MONEY_CALLS.discount,
    write: true,
    summary: 'Apply the customer discount once {invoice_id, amount: percent 5–20}, on labour plus products',
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.body.invoice_id, true);
      const planned = planDiscount(inv, await readSettings(ctx.tx), ctx.body.amount);
      if (planned === null) return { value: true, message: MSG.noDiscountApplied };
      const plan = await refuse(ctx.tx, inv, planned);
      await storeMoney(ctx, inv, plan, { id: ctx.body.id, number: ctx.body.number });
      return { value: true, message: plan.message, data: { discount: plan.figures.discount, due: plan.figures.total } };
    },
  });
}

function redeemRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: MONEY_CALLS.redeem,
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
      await storeMoney(ctx, inv, plan, { id: ctx.body.id, number: ctx.body.number });
      return {
        value: true,
        message: plan.message,
        data: { points_value: plan.append?.amount, due: plan.figures.total },
      };
    },
  });
}

function transactionsRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.transactions,
    summary: 'Transactions, newest first, with their invoice number',
    async handler() {
      const rows = await s.db
        .select({ t: transactions, invoice_number: invoices.number })
        .from(transactions)
        .leftJoin(invoices, eq(invoices.id, transactions.invoice_id))
        .where(eq(transactions.deleted, false))
        .orderBy(desc(transactions.created_at));
      return { value: true, data: rows.map((r) => ({ ...r.t, invoice_number: r.invoice_number })) };
    },
  });
}

function removeTransactionRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: MONEY_CALLS.removeTransaction,
    write: true,
    summary:
      'Remove a transaction {id}: a reversal that restores the amount due (and points), kept in the log; never a refund, nor a payment a refund stands on',
    async handler(ctx) {
      const [t] = await ctx.tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, ctx.body.id), eq(transactions.deleted, false)));
      if (!t) throw notFound(fill(MSG.noRecordFound, { id: ctx.body.id }));
      const inv = await invoiceOr404(ctx.tx, t.invoice_id, true);
      const refunded = await refundedOn(ctx.tx, inv.id);
      const plan = await refuse(ctx.tx, inv, planTransactionRemoval(inv, await readSettings(ctx.tx), t, refunded));
      await storeMoney(ctx, inv, plan);
      await ctx.tx
        .update(transactions)
        .set({ deleted: true, updated_at: new Date(), version: sql`${transactions.version} + 1` })
        .where(eq(transactions.id, t.id));
      ctx.changed('transactions', t.id, 'delete');
      return { value: true, message: 'Transaction removed' };
    },
  });
}
