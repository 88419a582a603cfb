import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InvoiceLine } from '../../domain/entities';
import { isId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { stockDeltas } from '../../domain/totals';
import { staleRefusal } from '../../domain/writes/invoiceEdits';
import { availableTo, checkLineStock, invoiceLine, sentLines } from '../../domain/writes/lines';
import type { Db, Tx } from '../db/client';
import { customers, inventoryLog, invoices, products } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import type { WriteCtx } from '../http/route';
import { moveStock } from '../inventory/stock';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Prices the lines a client sent from the server's own product rows (a client's prices and totals are never
 * trusted), merges repeats and checks stock. Quantities come validated (productLinesSchema: whole, 1 to LIMITS.qty);
 * they are taken as sent, never rewritten. `previous` are the lines the invoice held
 * before this save: their quantities are available again, and their prices stand (a price change does not
 * rewrite an invoice already raised).
 */
export async function priceLines(
  tx: Tx,
  sent: readonly { id: string; qty: number; stock_seen?: number }[],
  previous: readonly InvoiceLine[] = [],
): Promise<InvoiceLine[]> {
  const merged = sentLines(sent);
  const seen = new Map<string, number>();
  for (const l of sent) if (typeof l.stock_seen === 'number') seen.set(String(l.id), l.stock_seen);
  const ids = merged.map((l) => l.id).filter(isId);
  if (ids.length !== merged.length) throw badRequest(MSG.invoiceLineNotProduct);
  const rows = ids.length ? await tx.select().from(products).where(inArray(products.id, ids)) : [];
  const availableNow = (p: { id: string; stock: number }) =>
    availableTo(
      p.stock,
      previous.find((x) => x.id === p.id),
    );
  // a stock_seen above what is there now is believed only up to what the product could ever have held
  const ceilings = await mostEverInStock(
    tx,
    rows.filter((p) => (seen.get(p.id) ?? -Infinity) > availableNow(p)),
  );
  const out: InvoiceLine[] = [];
  for (const l of merged) {
    const p = rows.find((r) => r.id === l.id);
    const before = previous.find((x) => x.id === l.id);
    if (!p || (p.deleted && !before)) throw notFound(fill(MSG.noRecordFound, { id: l.id }));
    // what was available to this invoice: as the device saw it when the line was checked, else as it is now;
    // a claim above anything the product ever held is not believed, and the stock now counts
    const claimed = seen.get(l.id);
    const now = availableNow(p);
    const available = claimed !== undefined && claimed <= Math.max(now, ceilings.get(l.id) ?? now) ? claimed : now;
    const c = checkLineStock(p.title, l.qty, available, !before);
    if (!c.ok) throw badRequest(c.message);
    out.push(invoiceLine(p, l.qty, before));
  }
  return out;
}

/**
 * The most stock each product can ever have shown on a device: every unit that ever entered it (opening stock,
 * receipts, returns, invoices reduced or deleted), i.e. its stock now plus every unit ever taken out. A device's
 * view is a pulled snapshot plus its own moves, which land before its sale (outbox order), so an honest
 * `stock_seen` never exceeds this — whatever other devices sold in between, and without trusting any clock.
 */
async function mostEverInStock(tx: Tx, rows: readonly { id: string; stock: number }[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (rows.length === 0) return out;
  const taken = await tx
    .select({
      id: inventoryLog.product_id,
      units: sql<number>`coalesce(sum(-${inventoryLog.amount}) filter (where ${inventoryLog.amount} < 0), 0)`.mapWith(
        Number,
      ),
    })
    .from(inventoryLog)
    .where(
      inArray(
        inventoryLog.product_id,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(inventoryLog.product_id);
  for (const r of rows) out.set(r.id, r.stock + (taken.find((t) => t.id === r.id)?.units ?? 0));
  return out;
}

/** Moves stock for the difference between two versions of an invoice's lines, logged against the invoice. */
export async function applyStock(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'user'>,
  before: readonly InvoiceLine[],
  after: readonly InvoiceLine[],
  why: string,
  ref: string,
) {
  for (const [productId, delta] of stockDeltas(before, after)) await moveStock(ctx, productId, delta, why, ref);
}

/** Stores changed parts with the derived columns a domain plan already worked out (src/domain/writes), bumping version. */
export async function writeInvoice(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed'>,
  inv: InvoiceRow,
  changes: Partial<InvoiceRow>,
  columns: Pick<InvoiceRow, 'total' | 'discount' | 'totals'>,
): Promise<InvoiceRow> {
  await ctx.tx
    .update(invoices)
    .set({ ...changes, ...columns, updated_at: new Date(), version: sql`${invoices.version} + 1` })
    .where(eq(invoices.id, inv.id));
  ctx.changed('invoices', inv.id);
  return { ...inv, ...changes, ...columns, version: inv.version + 1 };
}

export async function invoiceOr404(tx: Tx | Db, id: string, forUpdate = false): Promise<InvoiceRow> {
  if (!isId(id)) throw notFound(fill(MSG.noRecordFound, { id }));
  const q = tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound(fill(MSG.noRecordFound, { id }));
  return row;
}

/** Money edits carry the version they were based on: another device's edit in between is a conflict, not a merge. */
export function refuseIfStale(inv: InvoiceRow, baseVersion: number | undefined) {
  const stale = staleRefusal(inv, baseVersion);
  if (stale) throw conflict(stale, { version: inv.version });
}

/** Moves a customer's loyalty points by `delta` (never below 0), in the caller's transaction. */
export async function adjustPoints(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed'>,
  customerId: string | null,
  delta: number,
) {
  if (!customerId || delta === 0) return;
  await ctx.tx
    .update(customers)
    .set({
      current_points: sql`greatest(0, ${customers.current_points} + ${delta})`,
      updated_at: new Date(),
      version: sql`${customers.version} + 1`,
    })
    .where(eq(customers.id, customerId));
  ctx.changed('customers', customerId);
}
