import { and, desc, eq, gt, gte, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InvoiceLine } from '../../domain/entities';
import { isId, newId } from '../../domain/ids';
import { displayInvoiceNumber } from '../../domain/jobs';
import { MSG, fill } from '../../domain/messages';
import { invoiceFormSchema } from '../../domain/schemas';
import { withDevice } from '../../domain/fieldChanges';
import { INVOICE_CALLS, planNewInvoice } from '../../domain/writes/invoices';
import { invoiceChanges } from '../../domain/billingFields';
import {
  linesOf,
  openForEdit,
  planInvoiceDelete,
  planInvoiceEdit,
  planReturn,
  planStorage,
  type InvoiceChangePlan,
} from '../../domain/writes/invoiceEdits';
import { customers, invoices, jobs, transactions } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { defineRoute, type WriteCtx } from '../http/route';
import type { AppServices } from '../http/services';
import { validOrBadRequest } from '../http/validate';
import { adjustPoints, applyStock, invoiceOr404, priceLines, writeInvoice, type InvoiceRow } from '../invoices/ledger';
import { moveStock } from '../inventory/stock';
import {
  goneSave,
  invoiceSaveOf,
  nothingLands,
  returnConflicts,
  saveConflicts,
  storageConflicts,
} from '../invoices/fieldSaves';
import { refusalFacts } from '../invoices/refusalFacts';
import { takeNumber } from '../numbers';
import { readSettings } from '../settings';
import { invoiceSummary, paidSummaryWindow } from '../../domain/reports';

const form = (type: 'service' | 'product', raw: unknown) => validOrBadRequest(invoiceFormSchema(type), raw ?? {});

/**
 * Raises an invoice as src/domain/writes/invoices.ts plans it (the device builds the same row offline), from lines
 * priced by the server; moves stock; returns SPEC's {message, data: {invoice_id}}.
 */
async function createInvoice(
  ctx: WriteCtx<unknown>,
  args: {
    id?: string;
    number?: string;
    type: 'service' | 'product';
    form: { work_hour: number; rate_hour: number };
    lines: InvoiceLine[];
    job?: typeof jobs.$inferSelect;
    customer?: typeof customers.$inferSelect;
  },
) {
  const plan = planNewInvoice({ ...args, settings: await readSettings(ctx.tx) });
  if (!plan.ok) throw badRequest(plan.message);
  const id = args.id ?? newId();
  const number = await takeNumber(ctx.tx, 'invoice', args.number);
  // totals spread: the jsonb column is typed as a plain record
  await ctx.tx
    .insert(invoices)
    .values({ id, number, ...plan.row, totals: { ...plan.row.totals }, created_by: ctx.user.username });
  ctx.changed('invoices', id);
  await applyStock(ctx, [], args.lines, 'sold', displayInvoiceNumber(number));
  if (args.job) {
    await ctx.tx
      .update(jobs)
      .set({ invoice: [...args.job.invoice, id], updated_at: new Date(), version: sql`${jobs.version} + 1` })
      .where(eq(jobs.id, args.job.id));
    ctx.changed('jobs', args.job.id);
  }
  ctx.log('service', displayInvoiceNumber(number), plan.log);
  return { message: `Invoice ${displayInvoiceNumber(number)} saved`, value: true, data: { invoice_id: id, number } };
}

function planned<P>(plan: ({ ok: true } & P) | { ok: false; message: string }): P {
  if (!plan.ok) throw badRequest(plan.message);
  return plan;
}

/** Moves the stock a plan says, each move logged against the invoice. */
async function moveStockBy(ctx: WriteCtx<unknown>, stock: InvoiceChangePlan['stock'], ref: string) {
  for (const [productId, delta] of stock.deltas) await moveStock(ctx, productId, delta, stock.reason, ref);
}

/** Stores an invoice change as src/domain/writes/invoiceEdits.ts planned it (the device stores the same). */
/** A change's log line with the device it was made on (`· on device B1`: who changed what, where, issue 14). */
const withDeviceLog = (plan: InvoiceChangePlan, device: string | undefined): InvoiceChangePlan => ({
  ...plan,
  log: { ...plan.log, predicate: withDevice(plan.log.predicate, device) },
});

const invoiceExists = async (tx: WriteCtx<unknown>['tx'], id: string) =>
  (await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id))).length > 0;

async function storeChange(ctx: WriteCtx<unknown>, inv: InvoiceRow, plan: InvoiceChangePlan) {
  const saved = await writeInvoice(ctx, inv, plan.invoice, plan.figures);
  await moveStockBy(ctx, plan.stock, plan.log.subject);
  ctx.log('service', plan.log.subject, plan.log.predicate);
  return saved;
}

export function invoicesRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    ...INVOICE_CALLS.create,
    write: true,
    summary:
      'Create an invoice for a job {fetchedData (the job), formData {work_hour, rate_hour}, productInvoice [{id, qty}]}',
    async handler(ctx) {
      const jobId = (ctx.body.fetchedData as { id?: string } | undefined)?.id ?? '';
      const [job] = isId(jobId) ? await ctx.tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update') : [];
      if (!job) throw notFound(fill(MSG.noRecordFound, { id: jobId }));
      const f = await form('service', ctx.body.formData);
      const lines = await priceLines(ctx.tx, ctx.body.productInvoice);
      return createInvoice(ctx, { id: ctx.body.id, number: ctx.body.number, type: 'service', form: f, lines, job });
    },
  });

  defineRoute(app, s, {
    ...INVOICE_CALLS.sale,
    write: true,
    summary: "A product sale, with a customer (fetchedData {id}) or without ('default')",
    async handler(ctx) {
      const fetched = ctx.body.fetchedData as { id?: string } | string | undefined;
      const customerId = typeof fetched === 'object' && fetched ? fetched.id : undefined;
      let customer;
      if (customerId) {
        [customer] = isId(customerId) ? await ctx.tx.select().from(customers).where(eq(customers.id, customerId)) : [];
        if (!customer) throw notFound(fill(MSG.noRecordFound, { id: customerId }));
      }
      const lines = await priceLines(ctx.tx, ctx.body.productInvoice);
      return createInvoice(ctx, {
        id: ctx.body.id,
        number: ctx.body.number,
        type: 'product',
        form: { work_hour: 0, rate_hour: 0 },
        lines,
        customer,
      });
    },
  });

  defineRoute(app, s, {
    ...INVOICE_CALLS.edit,
    write: true,
    summary:
      'Save & recalculate an invoice {id, formData, productInvoice, base_version?}: stock moves by the difference',
    async handler(ctx) {
      // with base, an invoice deleted since: what the save changed waits for a decision (issue 14)
      const { base } = ctx.body;
      if (base && !(await invoiceExists(ctx.tx, ctx.body.id)))
        return goneSave('invoices', ctx.body.id, invoiceChanges(ctx.body, base), base);
      const inv = await invoiceOr404(ctx.tx, ctx.body.id, true);
      // with base: the fields someone changed since are conflicts, the rest land (issue 14, invoices/fieldSaves.ts)
      const decided = invoiceSaveOf(inv, ctx.body);
      const conflicts = await saveConflicts(ctx, { entity: 'invoices', ...inv }, decided.conflicts);
      if (nothingLands(decided)) return { value: true, ...conflicts };
      const open = openForEdit(inv, decided.save.formData);
      if (!open.ok) throw badRequest(open.message);
      const lines = await priceLines(ctx.tx, decided.save.productInvoice, linesOf(inv));
      const plan = planned(planInvoiceEdit(inv, open.form, lines, await readSettings(ctx.tx)));
      const saved = await storeChange(ctx, inv, withDeviceLog(plan, ctx.body.device));
      return {
        value: true,
        data: { invoice_id: inv.id, version: saved.version, total: saved.total },
        ...(conflicts ?? { message: plan.message }),
      };
    },
  });

  defineRoute(app, s, {
    ...INVOICE_CALLS.remove,
    write: true,
    summary:
      'Delete an invoice {id}: only while an amount is due and nothing has been paid; its stock comes back, a discount or points on it are reversed (the points its redemptions took go back to the customer)',
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.body.id, true);
      const live = await ctx.tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.invoice_id, inv.id), eq(transactions.deleted, false)))
        .for('update');
      const [job] = inv.request_id
        ? await ctx.tx.select().from(jobs).where(eq(jobs.id, inv.request_id)).for('update')
        : [];
      const plan = planned(planInvoiceDelete(inv, live, job));
      // the discount and redemption rows go with it, in this same transaction: none is left pointing at a gone invoice
      for (const id of plan.remove) {
        await ctx.tx
          .update(transactions)
          .set({ deleted: true, updated_at: new Date(), version: sql`${transactions.version} + 1` })
          .where(eq(transactions.id, id));
        ctx.changed('transactions', id, 'delete');
      }
      await adjustPoints(ctx, inv.customer_id, plan.points);
      await moveStockBy(ctx, plan.stock, plan.log.subject);
      if (job && plan.jobInvoices) {
        await ctx.tx
          .update(jobs)
          .set({ invoice: plan.jobInvoices, updated_at: new Date(), version: sql`${jobs.version} + 1` })
          .where(eq(jobs.id, job.id));
        ctx.changed('jobs', job.id);
      }
      await ctx.tx.delete(invoices).where(eq(invoices.id, inv.id));
      ctx.changed('invoices', inv.id, 'delete');
      ctx.log('service', plan.log.subject, plan.log.predicate);
      return { value: true, message: plan.message, data: { reversed: plan.remove, points_returned: plan.points } };
    },
  });

  defineRoute(app, s, {
    ...INVOICE_CALLS.storage,
    write: true,
    summary:
      "Switch the storage charge (line 10001000, JMD terms at the config's exchange rate) {option on|off, days?}",
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.params.id ?? '', true);
      // with base: a switch someone made since is a conflict to decide, not a refusal (issue 14)
      const conflicts = await saveConflicts(
        ctx,
        { entity: 'invoices', ...inv },
        storageConflicts(inv, ctx.body),
        'storage',
      );
      if (conflicts) return { value: true, ...conflicts };
      const [job] = inv.request_id ? await ctx.tx.select().from(jobs).where(eq(jobs.id, inv.request_id)) : [];
      const ask = {
        on: ctx.body.option === 'on',
        days: ctx.body.days,
        completedAt: job?.complete_at,
        createdAt: inv.created_at,
        now: new Date(),
      };
      const plan = planned(planStorage(inv, await readSettings(ctx.tx), ask));
      const saved = await storeChange(ctx, inv, withDeviceLog(plan, ctx.body.device));
      return { value: true, message: plan.message, data: { total: saved.total, storage_days: saved.storage_days } };
    },
  });

  defineRoute(app, s, {
    ...INVOICE_CALLS.returnItems,
    write: true,
    summary:
      'Item return {invoice_id, items [{id, qty}], comment (the reason)}: stock comes back, the invoice is reduced; not on a paid invoice, nor for more than is still due',
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.body.invoice_id, true);
      // with base: the invoice changed since makes the return a decision, re-planned on the device (issue 14)
      const conflicts = await saveConflicts(ctx, { entity: 'invoices', ...inv }, returnConflicts(inv, ctx.body), '');
      if (conflicts) return { value: true, ...conflicts };
      const plan = planReturn(inv, ctx.body.items, ctx.body.comment, await readSettings(ctx.tx));
      // a refused return carries the invoice's facts for the device to word, as a refused payment does (issue 14)
      if (!plan.ok) throw badRequest(plan.message, await refusalFacts(ctx.tx, inv));
      const saved = await storeChange(ctx, inv, withDeviceLog(plan, ctx.body.device));
      return { value: true, message: plan.message, data: { total: saved.total } };
    },
  });

  // --- reads -----------------------------------------------------------------------------------------------------
  defineRoute(app, s, {
    method: 'GET',
    path: '/invoices/:filter',
    summary: 'Invoices: all, due (amount due above 0) or paid',
    async handler({ params }) {
      const filter = params.filter;
      if (!['all', 'due', 'paid'].includes(filter ?? '')) throw badRequest('Choose all, due or paid.');
      const where = filter === 'due' ? gt(invoices.total, 0) : filter === 'paid' ? lte(invoices.total, 0) : undefined;
      return { value: true, data: await db.select().from(invoices).where(where).orderBy(desc(invoices.created_at)) };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/v2/util/invoice-status',
    summary: 'Summary cards: invoices paid in the last 7 days and unpaid invoices, with totals',
    async handler() {
      // SPEC §9's 7 days and the cards' sums: the devices' rule (src/domain/reports.ts)
      const now = new Date();
      const paid = await db
        .select()
        .from(invoices)
        .where(and(lte(invoices.total, 0), gte(invoices.updated_at, paidSummaryWindow(now).from)))
        .orderBy(desc(invoices.updated_at));
      const unpaid = await db.select().from(invoices).where(gt(invoices.total, 0)).orderBy(desc(invoices.created_at));
      const cards = invoiceSummary([...paid, ...unpaid], now);
      return {
        value: true,
        data: { data: { paid, unpaid, total: { paid: cards.paid.sum, unpaid: cards.unpaid.sum } } },
      };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/invoice/:id',
    summary: 'One invoice with its transactions and its job',
    async handler({ params }) {
      const inv = await invoiceOr404(db, params.id ?? '');
      const txs = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.invoice_id, inv.id), ne(transactions.deleted, true)))
        .orderBy(desc(transactions.created_at));
      const [job] = inv.request_id ? await db.select().from(jobs).where(eq(jobs.id, inv.request_id)) : [];
      return { value: true, data: { ...inv, transactions: txs, job: job ?? null } };
    },
  });
}
