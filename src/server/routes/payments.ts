import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { METHOD_LABELS, type TransactionMethod } from '../../domain/entities';
import { newId } from '../../domain/ids';
import { displayInvoiceNumber } from '../../domain/jobs';
import { MSG, fill } from '../../domain/messages';
import { formatUSD } from '../../domain/money';
import { discountSchema, idPayloadSchema, paymentSchema, pointsSchema } from '../../domain/schemas';
import { checkPayment, checkPoints, pointsEarned, pointsValue } from '../../domain/totals';
import type { Tx } from '../db/client';
import { customers, invoices, transactions } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { defineRoute, type WriteCtx } from '../http/route';
import type { AppServices } from '../http/services';
import { adjustPoints, invoiceOr404, refuseIfLocked, saveInvoice, type InvoiceRow } from '../invoices/ledger';
import { takeNumber } from '../numbers';
import { readSettings } from '../settings';

/**
 * Money moves. Each call is one database transaction holding the invoice row lock: its transaction row, the
 * invoice's new figures, the customer's points, the activity log and the change feed commit together or not at
 * all. Payments are append-only and re-checked against the amount due when they arrive, so an offline tablet's
 * payment can never take an invoice below zero.
 */
async function record(ctx: WriteCtx<unknown>, inv: InvoiceRow, t: { id?: string; number?: string; method: TransactionMethod; amount: number; point?: number }) {
  const id = t.id ?? newId();
  const number = await takeNumber(ctx.tx, 'receipt', t.number);
  await ctx.tx.insert(transactions).values({ id, number, amount: t.amount, method: t.method, invoice_id: inv.id, point: t.point ?? 0, username: ctx.user.username });
  ctx.changed('transactions', id);
  return { id, number };
}

async function customerOf(tx: Tx, inv: InvoiceRow) {
  if (!inv.customer_id) return undefined;
  const [c] = await tx.select().from(customers).where(eq(customers.id, inv.customer_id)).for('update');
  return c;
}

export function paymentsRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    method: 'POST',
    path: '/transaction',
    write: true,
    summary: 'Take a payment {method, invoice_id, amount (cents), vin}: above 0 and at most the amount due',
    body: paymentSchema,
    async handler(ctx) {
      const { body } = ctx;
      const inv = await invoiceOr404(ctx.tx, body.invoice_id, true);
      const check = checkPayment(body.amount, inv.total);
      if (!check.ok) throw badRequest(check.message, { due: inv.total });
      const t = await record(ctx, inv, { id: body.id, number: body.number, method: body.method as TransactionMethod, amount: body.amount });
      const saved = await saveInvoice(ctx, inv, { payment: inv.payment + body.amount }, await readSettings(ctx.tx));
      await adjustPoints(ctx, inv.customer_id, pointsEarned(body.amount));
      ctx.log('service', displayInvoiceNumber(inv.number), `${METHOD_LABELS[body.method as TransactionMethod]} payment ${formatUSD(body.amount)}; ${saved.total > 0 ? `${formatUSD(saved.total)} due` : 'PAID'}`);
      return { value: true, message: saved.total > 0 ? `Payment received: ${formatUSD(saved.total)} still due` : 'Payment received: invoice PAID', data: { transaction_id: t.id, number: t.number, due: saved.total } };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/discount',
    write: true,
    summary: 'Apply the customer discount once {invoice_id, amount: percent 5–20}, on labour plus products',
    body: discountSchema,
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.body.invoice_id, true);
      refuseIfLocked(inv);
      if (inv.discount_percent > 0) throw badRequest(MSG.discountOnce);
      if (ctx.body.amount === 0) return { value: true, message: 'No discount applied' };
      const saved = await saveInvoice(ctx, inv, { discount_percent: ctx.body.amount }, await readSettings(ctx.tx));
      await record(ctx, inv, { id: ctx.body.id, method: 'discount', amount: saved.discount });
      ctx.log('service', displayInvoiceNumber(inv.number), `discount ${ctx.body.amount}% (${formatUSD(saved.discount)})`);
      return { value: true, message: `Discount of ${formatUSD(saved.discount)} applied`, data: { discount: saved.discount, due: saved.total } };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/redemption',
    write: true,
    summary: "Redeem loyalty points {invoice_id, points}: at least 1, no more than the customer's points",
    body: pointsSchema,
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.body.invoice_id, true);
      refuseIfLocked(inv);
      const customer = await customerOf(ctx.tx, inv);
      if (!customer) throw badRequest('This invoice has no customer whose points could be used.');
      const check = checkPoints(ctx.body.points, customer.current_points);
      if (!check.ok) throw badRequest(check.message);
      const settings = await readSettings(ctx.tx);
      const value = pointsValue(ctx.body.points, settings.pointValueCents);
      if (value > inv.total) throw badRequest(`${ctx.body.points} points are worth ${formatUSD(value)}, more than the ${formatUSD(inv.total)} due.`);
      const saved = await saveInvoice(ctx, inv, { points_value: inv.points_value + value }, settings);
      await record(ctx, inv, { id: ctx.body.id, method: 'redemption', amount: value, point: ctx.body.points });
      await adjustPoints(ctx, customer.id, -ctx.body.points);
      ctx.log('service', displayInvoiceNumber(inv.number), `${ctx.body.points} points redeemed (${formatUSD(value)})`);
      return { value: true, message: `${ctx.body.points} points applied`, data: { points_value: value, due: saved.total } };
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
    method: 'DELETE',
    path: '/transaction',
    write: true,
    summary: 'Remove a transaction {id}: a reversal that restores the amount due (and points), kept in the log',
    body: idPayloadSchema,
    async handler(ctx) {
      const [t] = await ctx.tx.select().from(transactions).where(and(eq(transactions.id, ctx.body.id), eq(transactions.deleted, false)));
      if (!t) throw notFound(fill(MSG.noRecordFound, { id: ctx.body.id }));
      const inv = await invoiceOr404(ctx.tx, t.invoice_id, true);
      const settings = await readSettings(ctx.tx);
      const method = t.method as TransactionMethod;
      if (method === 'discount') await saveInvoice(ctx, inv, { discount_percent: 0 }, settings);
      else if (method === 'redemption') {
        await saveInvoice(ctx, inv, { points_value: Math.max(0, inv.points_value - t.amount) }, settings);
        await adjustPoints(ctx, inv.customer_id, t.point);
      } else {
        await saveInvoice(ctx, inv, { payment: Math.max(0, inv.payment - t.amount) }, settings);
        await adjustPoints(ctx, inv.customer_id, -pointsEarned(t.amount));
      }
      await ctx.tx.update(transactions).set({ deleted: true, updated_at: new Date(), version: sql`${transactions.version} + 1` }).where(eq(transactions.id, t.id));
      ctx.changed('transactions', t.id, 'delete');
      ctx.log('service', displayInvoiceNumber(inv.number), `${METHOD_LABELS[method] ?? method} of ${formatUSD(t.amount)} removed`);
      return { value: true, message: 'Transaction removed' };
    },
  });
}
