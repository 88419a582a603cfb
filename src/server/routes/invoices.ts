import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoiceChanges } from '../../domain/billingFields';
import { isId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { INVOICE_CALLS } from '../../domain/writes/invoices';
import {
  linesOf,
  openForEdit,
  planInvoiceDelete,
  planInvoiceEdit,
  planReturn,
  planStorage,
} from '../../domain/writes/invoiceEdits';
import { customers, invoices, jobs, transactions } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { adjustPoints, invoiceOr404, priceLines } from '../invoices/ledger';
import {
  goneSave,
  invoiceSaveOf,
  nothingLands,
  returnConflicts,
  saveConflicts,
  storageConflicts,
} from '../invoices/fieldSaves';
import { refusalFacts } from '../invoices/refusalFacts';
import {
  createInvoice,
  form,
  invoiceExists,
  moveStockBy,
  planned,
  storeChange,
  withDeviceLog,
} from '../invoices/store';
import { readSettings } from '../settings';
import { invoiceReadRoutes } from './invoiceReads';

/**
 * The invoice writes (SPEC §5): raise for a job or as a product sale, Save & Recal Charges, delete, storage on/off,
 * an item return — one function per call; each plans by src/domain/writes and stores by src/server/invoices/store.ts.
 * The reads are invoiceReads.ts'.
 */
export function invoicesRoutes(app: FastifyInstance, s: AppServices) {
  raiseRoute(app, s);
  saleRoute(app, s);
  editRoute(app, s);
  deleteRoute(app, s);
  storageRoute(app, s);
  returnRoute(app, s);
  invoiceReadRoutes(app, s);
}

function raiseRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: INVOICE_CALLS.create,
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
}

function saleRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: INVOICE_CALLS.sale,
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
}

function editRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: INVOICE_CALLS.edit,
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
}

function deleteRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: INVOICE_CALLS.remove,
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
}

function storageRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: INVOICE_CALLS.storage,
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
}

function returnRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: INVOICE_CALLS.returnItems,
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
}
