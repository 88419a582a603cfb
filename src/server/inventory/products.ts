import { and, eq } from 'drizzle-orm';
import { isId } from '../../domain/ids';
import { can } from '../../domain/permissions';
import type { Db, Tx } from '../db/client';
import { products, suppliers } from '../db/schema';

/**
 * What the product and supplier routes share: the rows the catalogue's plans read (src/domain/writes/products.ts,
 * suppliers.ts) and the columns a level may see (a plan's refusal as SPEC's answer: http/plans.ts orHttp).
 */
export type Product = typeof products.$inferSelect;

/** The product, deleted or not (the plan decides what a deleted one means); `lock` for a write that adds to it. */
export async function productRow(tx: Tx | Db, id: string, lock = false): Promise<Product | undefined> {
  if (!isId(id)) return undefined;
  const query = tx.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The supplier, if it is on the list. */
export async function supplierRow(tx: Tx | Db, id: string) {
  if (!isId(id)) return undefined;
  const [row] = await tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.id, id), eq(suppliers.deleted, false)));
  return row;
}

/** Cost and supplier are for level 5 only (SPEC §2 Products). */
export function forLevel<P extends Partial<Product>>(p: P, level: number) {
  if (can('product.manage', level)) return p;
  const { cost: _c, supplier: _s, ...rest } = p as P & { cost?: number; supplier?: string | null };
  return rest;
}
