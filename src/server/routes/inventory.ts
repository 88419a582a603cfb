import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decideFields } from '../../domain/fieldChanges';
import { isId, newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import {
  PRODUCT_CALLS,
  planProductAdd,
  planProductEdit,
  planReceive,
  productEdit,
  productOr404,
  productSubject,
  type ProductEditCall,
} from '../../domain/writes/products';
import { inventoryLog, products } from '../db/schema';
import { conflictAnswers } from '../http/conflicts';
import { notFound } from '../http/errors';
import { defineRoute, type WriteCtx } from '../http/route';
import type { AppServices } from '../http/services';
import { orHttp } from '../http/plans';
import { goneEdit } from '../fieldEdits';
import { productRow, supplierRow, type Product } from '../inventory/products';
import { moveStock } from '../inventory/stock';
import { API } from '../../domain/apiRoutes';

/**
 * The inventory product's writes (SPEC §2 Products, Receive Inventory; level 5): add, edit, receive — each the
 * catalogue's plan (src/domain/writes/products.ts), stored here; stock only ever moves by deltas, each with its
 * inventory-log row (src/server/inventory/stock.ts). And a product's inventory log.
 */

/** Receive: the amount is added to stock (the product locked, so the log's "stock now" is this receipt's). */
async function receive(ctx: WriteCtx<ProductEditCall>, p: Product) {
  const plan = orHttp(planReceive(p, ctx.body.amount));
  const stock = await moveStock(ctx, p.id, plan.stock.delta, plan.stock.reason);
  ctx.log('inventory', plan.log.subject, plan.log.predicate);
  return { value: true, message: plan.message, stock };
}

/** An edit of changed fields: with base values (issue 14), a price someone changed since stays theirs, the rest lands. */
async function edit(ctx: WriteCtx<ProductEditCall>, p: Product) {
  const { tx, body } = ctx;
  const fields = productEdit(body);
  const decided = body.base ? decideFields(p, { changes: fields, base: body.base }) : { apply: fields, conflicts: [] };
  const supplier =
    typeof decided.apply.supplier === 'string' ? await supplierRow(tx, decided.apply.supplier) : undefined;
  const plan = orHttp(planProductEdit(p, decided, { supplier, based: !!body.base, device: body.device }));
  if (plan.log) {
    await tx
      .update(products)
      .set({ ...decided.apply, updated_at: new Date(), version: sql`${products.version} + 1` })
      .where(eq(products.id, p.id));
    ctx.changed('products', p.id);
    ctx.log('inventory', plan.log.subject, plan.log.predicate);
  }
  const conflicts = await conflictAnswers(
    tx,
    { entity: 'products', id: p.id, subject: productSubject(p.title) },
    decided.conflicts,
    (f, line) => line.includes(f),
  );
  return { value: true, message: plan.message, ...(conflicts.length ? { conflicts } : {}) };
}

export function inventoryRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: PRODUCT_CALLS.add,
    write: true,
    summary: 'Add an inventory product; the opening stock is logged as received',
    async handler(ctx) {
      const { tx, body } = ctx;
      const plan = orHttp(planProductAdd(body, body.supplier ? await supplierRow(tx, body.supplier) : undefined));
      const id = body.id ?? newId();
      await tx.insert(products).values({ ...plan.row, id });
      ctx.changed('products', id);
      if (plan.stock) await moveStock(ctx, id, plan.stock.delta, plan.stock.reason);
      ctx.log('inventory', plan.log.subject, plan.log.predicate);
      return { value: true, message: plan.message, id };
    },
  });

  defineRoute(app, s, {
    call: PRODUCT_CALLS.edit,
    write: true,
    summary: 'Edit a product; with receival true, add the amount received to stock (stock only ever moves by deltas)',
    async handler(ctx) {
      const row = await productRow(ctx.tx, ctx.body.id, true);
      // with base, a product deleted since: what the edit changed waits for a decision (issue 14); a receipt is refused
      const { base, receival } = ctx.body;
      if (row?.deleted && base && !receival) {
        const record = { entity: 'products' as const, id: row.id, subject: productSubject(row.title) };
        return goneEdit(ctx.tx, record, { changes: productEdit(ctx.body), base });
      }
      const p = orHttp(productOr404(ctx.body.id, row)).product;
      return receival ? receive(ctx, p) : edit(ctx, p);
    },
  });

  defineRoute(app, s, {
    call: API.inventoryLog,
    summary: 'Recent inventory movements of a product, newest first',
    async handler({ params }) {
      const id = params.productId ?? '';
      if (!isId(id)) throw notFound(fill(MSG.noRecordFound, { id }));
      const rows = await db
        .select()
        .from(inventoryLog)
        .where(eq(inventoryLog.product_id, id))
        .orderBy(desc(inventoryLog.created_at))
        .limit(50);
      return { value: true, data: rows };
    },
  });
}
