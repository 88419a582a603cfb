import { eq, sql } from 'drizzle-orm';
import { newId } from '../../domain/ids';
import { inventoryLog, products } from '../db/schema';
import type { WriteCtx } from '../http/route';

/**
 * The one way stock changes: a delta (never an absolute value, so two offline sales of the last unit both land
 * and stock goes ≤ 0 — DESIGN.md), an inventory log row saying why, and the change feed, in the caller's
 * transaction. Returns the new stock, or null when the product does not exist.
 */
export async function moveStock(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'user'>,
  productId: string,
  delta: number,
  reason: string,
  ref = '',
): Promise<number | null> {
  if (!Number.isInteger(delta)) throw new Error('stock delta must be a whole number');
  if (delta === 0) {
    const [row] = await ctx.tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    return row ? row.stock : null;
  }
  const [row] = await ctx.tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${delta}`, updated_at: new Date(), version: sql`${products.version} + 1` })
    .where(eq(products.id, productId))
    .returning({ stock: products.stock });
  if (!row) return null;
  const id = newId();
  await ctx.tx
    .insert(inventoryLog)
    .values({ id, product_id: productId, amount: delta, reason, ref, username: ctx.user.username });
  ctx.changed('products', productId);
  ctx.changed('inventory_log', id);
  return row.stock;
}
