import { eq, sql } from 'drizzle-orm';
import type { InvoiceLine } from '../../domain/entities';
import { withDevice } from '../../domain/fieldChanges';
import { newId } from '../../domain/ids';
import { displayInvoiceNumber } from '../../domain/jobs';
import { invoiceFormSchema } from '../../domain/schemas';
import type { InvoiceChangePlan } from '../../domain/writes/invoiceEdits';
import { planNewInvoice } from '../../domain/writes/invoices';
import { customers, invoices, jobs } from '../db/schema';
import { badRequest } from '../http/errors';
import type { WriteCtx } from '../http/route';
import { validOrBadRequest } from '../http/validate';
import { moveStock } from '../inventory/stock';
import { takeNumber } from '../numbers';
import { readSettings } from '../settings';
import { applyStock, writeInvoice, type InvoiceRow } from './ledger';

/**
 * Storing what the invoice plans say (src/domain/writes/invoices.ts, invoiceEdits.ts) on the server, for the invoice
 * routes (src/server/routes/invoices.ts): a new invoice with its stock and its job's list, a change with its stock
 * moves and log line, a plan's refusal as SPEC's 400.
 */

export const form = (type: 'service' | 'product', raw: unknown) =>
  validOrBadRequest(invoiceFormSchema(type), raw ?? {});

/**
 * Raises an invoice as src/domain/writes/invoices.ts plans it (the device builds the same row offline), from lines
 * priced by the server; moves stock; returns SPEC's {message, data: {invoice_id}}.
 */
export async function createInvoice(
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

export function planned<P>(plan: ({ ok: true } & P) | { ok: false; message: string }): P {
  if (!plan.ok) throw badRequest(plan.message);
  return plan;
}

/** Moves the stock a plan says, each move logged against the invoice. */
export async function moveStockBy(ctx: WriteCtx<unknown>, stock: InvoiceChangePlan['stock'], ref: string) {
  for (const [productId, delta] of stock.deltas) await moveStock(ctx, productId, delta, stock.reason, ref);
}

/** A change's log line with the device it was made on (`· on device B1`: who changed what, where, issue 14). */
export const withDeviceLog = (plan: InvoiceChangePlan, device: string | undefined): InvoiceChangePlan => ({
  ...plan,
  log: { ...plan.log, predicate: withDevice(plan.log.predicate, device) },
});

export const invoiceExists = async (tx: WriteCtx<unknown>['tx'], id: string) =>
  (await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id))).length > 0;

/** Stores an invoice change as src/domain/writes/invoiceEdits.ts planned it (the device stores the same). */
export async function storeChange(ctx: WriteCtx<unknown>, inv: InvoiceRow, plan: InvoiceChangePlan) {
  const saved = await writeInvoice(ctx, inv, plan.invoice, plan.figures);
  await moveStockBy(ctx, plan.stock, plan.log.subject);
  ctx.log('service', plan.log.subject, plan.log.predicate);
  return saved;
}
