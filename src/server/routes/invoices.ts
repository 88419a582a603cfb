import { and, desc, eq, gt, gte, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mixed, number, object, string } from 'yup';
import type { InvoiceLine } from '../../domain/entities';
import { isId, newId } from '../../domain/ids';
import { displayInvoiceNumber } from '../../domain/jobs';
import { MSG, fill } from '../../domain/messages';
import { LIMITS, boundedText, idField, idPayloadSchema, invoiceFormSchema, itemReturnSchema, productLinesSchema, rowVersion } from '../../domain/schemas';
import { checkInvoiceSave, planItemReturn, storageDaysSince } from '../../domain/totals';
import { formatUSD } from '../../domain/money';
import { planNewInvoice } from '../../domain/writes/invoices';
import { customers, invoices, jobs, transactions } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { defineRoute, type WriteCtx } from '../http/route';
import type { AppServices } from '../http/services';
import { validOrBadRequest } from '../http/validate';
import { adjustPoints, applyStock, figures, invoiceOr404, priceLines, refuseIfLocked, refuseIfStale, saveInvoice } from '../invoices/ledger';
import { takeNumber } from '../numbers';
import { readSettings } from '../settings';
import { invoiceSummary, paidSummaryWindow } from '../../domain/reports';

const createPayload = object({
  id: idField().optional(),
  number: boundedText('Number', LIMITS.short).optional(),
  fetchedData: mixed().optional(),
  formData: mixed().optional(),
  productInvoice: productLinesSchema,
});
const editPayload = object({
  id: idField().required(MSG.invalidId),
  serviceRequest: mixed().optional(),
  formData: mixed().optional(),
  productInvoice: productLinesSchema,
  base_version: rowVersion(),
});

const form = (type: 'service' | 'product', raw: unknown) => validOrBadRequest(invoiceFormSchema(type), raw ?? {});

/**
 * Raises an invoice as src/domain/writes/invoices.ts plans it (the device builds the same row offline), from lines
 * priced by the server; moves stock; returns SPEC's {message, data: {invoice_id}}.
 */
async function createInvoice(
  ctx: WriteCtx<unknown>,
  args: { id?: string; number?: string; type: 'service' | 'product'; form: { work_hour: number; rate_hour: number }; lines: InvoiceLine[]; job?: typeof jobs.$inferSelect; customer?: typeof customers.$inferSelect },
) {
  const plan = planNewInvoice({ ...args, settings: await readSettings(ctx.tx) });
  if (!plan.ok) throw badRequest(plan.message);
  const id = args.id ?? newId();
  const number = await takeNumber(ctx.tx, 'invoice', args.number);
  // totals spread: the jsonb column is typed as a plain record
  await ctx.tx.insert(invoices).values({ id, number, ...plan.row, totals: { ...plan.row.totals }, created_by: ctx.user.username });
  ctx.changed('invoices', id);
  await applyStock(ctx, [], args.lines, 'sold', displayInvoiceNumber(number));
  if (args.job) {
    await ctx.tx.update(jobs).set({ invoice: [...args.job.invoice, id], updated_at: new Date(), version: sql`${jobs.version} + 1` }).where(eq(jobs.id, args.job.id));
    ctx.changed('jobs', args.job.id);
  }
  ctx.log('service', displayInvoiceNumber(number), plan.log);
  return { message: `Invoice ${displayInvoiceNumber(number)} saved`, value: true, data: { invoice_id: id, number } };
}

export function invoicesRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    method: 'POST',
    path: '/invoice',
    write: true,
    summary: 'Create an invoice for a job {fetchedData (the job), formData {work_hour, rate_hour}, productInvoice [{id, qty}]}',
    body: createPayload,
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
    method: 'POST',
    path: '/invoice-product',
    write: true,
    summary: "A product sale, with a customer (fetchedData {id}) or without ('default')",
    body: createPayload,
    async handler(ctx) {
      const fetched = ctx.body.fetchedData as { id?: string } | string | undefined;
      const customerId = typeof fetched === 'object' && fetched ? fetched.id : undefined;
      let customer;
      if (customerId) {
        [customer] = isId(customerId) ? await ctx.tx.select().from(customers).where(eq(customers.id, customerId)) : [];
        if (!customer) throw notFound(fill(MSG.noRecordFound, { id: customerId }));
      }
      const lines = await priceLines(ctx.tx, ctx.body.productInvoice);
      return createInvoice(ctx, { id: ctx.body.id, number: ctx.body.number, type: 'product', form: { work_hour: 0, rate_hour: 0 }, lines, customer });
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/invoice-details',
    write: true,
    summary: 'Save & recalculate an invoice {id, formData, productInvoice, base_version?}: stock moves by the difference',
    body: editPayload,
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.body.id, true);
      refuseIfStale(inv, ctx.body.base_version);
      refuseIfLocked(inv);
      const type = inv.type === 'product' ? 'product' : 'service';
      const f = await form(type, ctx.body.formData);
      const before = inv.products as InvoiceLine[];
      const lines = await priceLines(ctx.tx, ctx.body.productInvoice, before);
      const settings = await readSettings(ctx.tx);
      const check = checkInvoiceSave(type, lines, figures({ ...inv, work_hour: f.work_hour, rate_hour: f.rate_hour, products: lines }, settings).totals.total);
      if (!check.ok) throw badRequest(check.message);
      const saved = await saveInvoice(ctx, inv, { work_hour: f.work_hour, rate_hour: f.rate_hour, products: lines }, settings);
      await applyStock(ctx, before, lines, 'invoice changed', displayInvoiceNumber(inv.number));
      ctx.log('service', displayInvoiceNumber(inv.number), `saved: ${saved.total / 100} due`);
      return { value: true, message: 'Invoice saved', data: { invoice_id: inv.id, version: saved.version, total: saved.total } };
    },
  });

  defineRoute(app, s, {
    method: 'DELETE',
    path: '/invoice',
    write: true,
    summary: 'Delete an invoice {id}: only while an amount is due and nothing has been paid; its stock comes back, a discount or points on it are reversed (the points go back to the customer)',
    body: idPayloadSchema,
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.body.id, true);
      if (inv.total <= 0) throw badRequest(MSG.invoiceDeletePaid);
      const live = await ctx.tx.select().from(transactions).where(and(eq(transactions.invoice_id, inv.id), eq(transactions.deleted, false))).for('update');
      // money received is never undone by a delete: the cashier reverses each payment under Transactions first
      if (inv.payment > 0 || live.some((t) => t.method !== 'discount' && t.method !== 'redemption')) {
        throw badRequest(MSG.invoiceHasPayments);
      }
      // a discount or points redemption on the invoice goes with it, in this same transaction: no transaction row is
      // left pointing at a gone invoice, and the customer gets the redeemed points back
      let pointsBack = 0;
      for (const t of live) {
        await ctx.tx.update(transactions).set({ deleted: true, updated_at: new Date(), version: sql`${transactions.version} + 1` }).where(eq(transactions.id, t.id));
        ctx.changed('transactions', t.id, 'delete');
        if (t.method === 'redemption') pointsBack += t.point;
      }
      await adjustPoints(ctx, inv.customer_id, pointsBack);
      await applyStock(ctx, inv.products as InvoiceLine[], [], 'invoice deleted', displayInvoiceNumber(inv.number));
      if (inv.request_id) {
        const [job] = await ctx.tx.select().from(jobs).where(eq(jobs.id, inv.request_id));
        if (job) {
          await ctx.tx.update(jobs).set({ invoice: job.invoice.filter((x) => x !== inv.id), updated_at: new Date(), version: sql`${jobs.version} + 1` }).where(eq(jobs.id, job.id));
          ctx.changed('jobs', job.id);
        }
      }
      await ctx.tx.delete(invoices).where(eq(invoices.id, inv.id));
      ctx.changed('invoices', inv.id, 'delete');
      const reversed = [live.some((t) => t.method === 'discount') ? 'its discount was reversed' : '', pointsBack > 0 ? `${pointsBack} points went back to the customer` : ''].filter(Boolean).join('; ');
      ctx.log('service', displayInvoiceNumber(inv.number), `deleted${reversed ? ` (${reversed})` : ''}`);
      return { value: true, message: `Invoice ${displayInvoiceNumber(inv.number)} deleted${reversed ? `; ${reversed}` : ''}`, data: { reversed: live.map((t) => t.id), points_returned: pointsBack } };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/invoice-storage-state/:id',
    write: true,
    summary: "Switch the storage charge (line 10001000, JMD terms at the config's exchange rate) {option on|off, days?}",
    body: object({ option: string().oneOf(['on', 'off'], 'Choose on or off').required('Choose on or off'), days: number().integer().min(1).max(3650).optional(), base_version: rowVersion() }),
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.params.id ?? '', true);
      refuseIfStale(inv, ctx.body.base_version);
      refuseIfLocked(inv);
      let days = ctx.body.days ?? inv.storage_days;
      if (ctx.body.option === 'on' && !ctx.body.days) {
        // days in storage since the job was completed (at least one)
        const [job] = inv.request_id ? await ctx.tx.select().from(jobs).where(eq(jobs.id, inv.request_id)) : [];
        days = storageDaysSince(job?.complete_at ?? inv.created_at, new Date());
      }
      const saved = await saveInvoice(ctx, inv, { storage: ctx.body.option, storage_days: ctx.body.option === 'on' ? days : 0 }, await readSettings(ctx.tx));
      ctx.log('service', displayInvoiceNumber(inv.number), `storage ${ctx.body.option}${ctx.body.option === 'on' ? ` (${days} days)` : ''}`);
      return { value: true, message: `Storage charge ${ctx.body.option}`, data: { total: saved.total, storage_days: saved.storage_days } };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/invoice-return',
    write: true,
    summary: 'Item return {invoice_id, items [{id, qty}], comment (the reason)}: stock comes back, the invoice is reduced; not on a paid invoice, nor for more than is still due',
    body: itemReturnSchema.shape({ base_version: rowVersion() }),
    async handler(ctx) {
      const inv = await invoiceOr404(ctx.tx, ctx.body.invoice_id, true);
      refuseIfStale(inv, ctx.body.base_version);
      const name = displayInvoiceNumber(inv.number);
      const settings = await readSettings(ctx.tx);
      const before = inv.products as InvoiceLine[];
      // the device's rule (src/domain/totals.ts): not on a paid invoice, at most what was sold, at most what is due
      const plan = planItemReturn({ ...inv, products: before }, name, ctx.body.items, ctx.body.comment, settings);
      if (!plan.ok) throw badRequest(plan.message);
      const { products: after, taken } = plan;
      const saved = await saveInvoice(ctx, inv, { products: after }, settings);
      await applyStock(ctx, before, after, `returned: ${ctx.body.comment}`, name);
      ctx.log('service', name, `items returned (${ctx.body.comment}): ${formatUSD(taken)} off, ${formatUSD(saved.total)} due`);
      return { value: true, message: `Items returned: ${formatUSD(taken)} off ${name}, ${formatUSD(saved.total)} due`, data: { total: saved.total } };
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
      const paid = await db.select().from(invoices).where(and(lte(invoices.total, 0), gte(invoices.updated_at, paidSummaryWindow(now).from))).orderBy(desc(invoices.updated_at));
      const unpaid = await db.select().from(invoices).where(gt(invoices.total, 0)).orderBy(desc(invoices.created_at));
      const cards = invoiceSummary([...paid, ...unpaid], now);
      return { value: true, data: { data: { paid, unpaid, total: { paid: cards.paid.sum, unpaid: cards.unpaid.sum } } } };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/invoice/:id',
    summary: 'One invoice with its transactions and its job',
    async handler({ params }) {
      const inv = await invoiceOr404(db, params.id ?? '');
      const txs = await db.select().from(transactions).where(and(eq(transactions.invoice_id, inv.id), ne(transactions.deleted, true))).orderBy(desc(transactions.created_at));
      const [job] = inv.request_id ? await db.select().from(jobs).where(eq(jobs.id, inv.request_id)) : [];
      return { value: true, data: { ...inv, transactions: txs, job: job ?? null } };
    },
  });
}
