import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decideFields, fieldChangeShape, withDevice } from '../../domain/fieldChanges';
import { isId, newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { can } from '../../domain/permissions';
import {
  LIMITS,
  idPayloadSchema,
  lookupSchema,
  inventoryEditSchema,
  inventoryProductSchema,
  simpleProductEditSchema,
  simpleProductSchema,
  supplierEditSchema,
  supplierSchema,
} from '../../domain/schemas';
import type { Db, Tx } from '../db/client';
import { inventoryLog, productPhotos, products, suppliers } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { pageQueryDoc } from '../http/openapi';
import { pageParams } from '../http/paging';
import { conflictAnswers } from '../http/conflicts';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { moveStock } from '../inventory/stock';

type Product = typeof products.$inferSelect;

/** Cost and supplier are for level 5 only (SPEC §2 Products). */
function forLevel<P extends Partial<Product>>(p: P, level: number) {
  if (can('product.manage', level)) return p;
  const { cost: _c, supplier: _s, ...rest } = p as P & { cost?: number; supplier?: string | null };
  return rest;
}

async function productOr404(tx: Tx, id: string): Promise<Product> {
  const [row] = isId(id)
    ? await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.deleted, false)))
    : [];
  if (!row) throw notFound(fill(MSG.noRecordFound, { id }));
  return row;
}

const escapeLike = (t: string) => t.replace(/[\\%_]/g, (m) => `\\${m}`);

const ORDERABLE = {
  title: products.title,
  price: products.price,
  stock: products.stock,
  updated_at: products.updated_at,
  created_at: products.created_at,
  barcode: products.barcode,
} as const;

export function productsRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  // --- the simple product form and list (SPEC §2 Add Product) --------------------------------------------------
  defineRoute(app, s, {
    method: 'GET',
    path: '/products',
    summary: 'Products (not deleted), by title',
    async handler({ user }) {
      const rows = await db.select().from(products).where(eq(products.deleted, false)).orderBy(asc(products.title));
      return { value: true, data: rows.map((p) => forLevel(p, user.permission)) };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/product',
    write: true,
    summary: 'Add a product {title, description, price (cents)}',
    body: simpleProductSchema,
    async handler({ tx, body, changed, log }) {
      const id = body.id ?? newId();
      await tx.insert(products).values({ id, title: body.title, description: body.description, price: body.price });
      changed('products', id);
      log('inventory', `Product ${body.title}`, 'added');
      return { value: true, message: 'Product added', id };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/product',
    write: true,
    summary: 'Edit a product {id, title, description, price}',
    body: simpleProductEditSchema,
    async handler({ tx, body, changed, log }) {
      const p = await productOr404(tx, body.id);
      await tx
        .update(products)
        .set({
          title: body.title,
          description: body.description,
          price: body.price,
          updated_at: new Date(),
          version: sql`${products.version} + 1`,
        })
        .where(eq(products.id, p.id));
      changed('products', p.id);
      log('inventory', `Product ${body.title}`, 'edited');
      return { value: true, message: 'Product updated' };
    },
  });

  // DELETE /product and DELETE /v2/inventory/product: a soft delete, so old invoices keep their lines
  for (const path of ['/product', '/v2/inventory/product'] as const) {
    defineRoute(app, s, {
      method: 'DELETE',
      path,
      write: true,
      summary: 'Delete a product {id} (hidden from lists; old invoices keep it)',
      body: idPayloadSchema,
      async handler({ tx, body, changed, log }) {
        const p = await productOr404(tx, body.id);
        await tx
          .update(products)
          .set({ deleted: true, updated_at: new Date(), version: sql`${products.version} + 1` })
          .where(eq(products.id, p.id));
        changed('products', p.id, 'delete');
        log('inventory', `Product ${p.title}`, 'deleted');
        return { value: true, message: 'Product deleted' };
      },
    });
  }

  // --- inventory (SPEC §2 Products, Receive Inventory) ---------------------------------------------------------
  defineRoute(app, s, {
    method: 'POST',
    path: '/v2/inventory/product-fetch',
    summary: 'Find products by barcode, title, id or description (3+ characters)',
    body: lookupSchema,
    async handler({ body, user }) {
      const text = String(body);
      const like = `%${escapeLike(text)}%`;
      const rows = await db
        .select()
        .from(products)
        .where(
          and(
            eq(products.deleted, false),
            or(
              eq(products.barcode, text),
              ilike(products.title, like),
              ilike(products.description, like),
              isId(text) ? eq(products.id, text) : undefined,
            ),
          ),
        )
        .orderBy(asc(products.title))
        .limit(25);
      return { value: true, data: rows.map((p) => forLevel(p, user.permission)) };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/v2/inventory/products_',
    summary: 'Products, paged (page, per_page, search, orderBy, orderDirection) with supplier_name and a thumbnail',
    query: {
      ...pageQueryDoc(10),
      orderBy: { type: 'string', description: 'Column to sort by', enum: Object.keys(ORDERABLE), default: 'title' },
      orderDirection: { type: 'string', description: 'Sort direction', enum: ['asc', 'desc'], default: 'asc' },
      search: { type: 'string', description: 'Text found in title or description, or an exact barcode' },
    },
    async handler({ query, user }) {
      const { page, perPage, offset } = pageParams(query, 10);
      const text = (query.search ?? '').trim();
      const where = and(
        eq(products.deleted, false),
        text
          ? or(
              ilike(products.title, `%${escapeLike(text)}%`),
              ilike(products.description, `%${escapeLike(text)}%`),
              eq(products.barcode, text),
            )
          : undefined,
      );
      const column = ORDERABLE[(query.orderBy ?? 'title') as keyof typeof ORDERABLE] ?? products.title;
      const dir = String(query.orderDirection ?? 'asc').toLowerCase() === 'desc' ? desc : asc;
      const [{ n }] = await db.select({ n: count() }).from(products).where(where);
      const rows = await db
        .select({ p: products, supplier_name: suppliers.bizname })
        .from(products)
        .leftJoin(suppliers, eq(products.supplier, suppliers.id))
        .where(where)
        .orderBy(dir(column), asc(products.id))
        .limit(perPage)
        .offset(offset);
      const ids = rows.map((r) => r.p.id);
      const photos = ids.length
        ? await db
            .select()
            .from(productPhotos)
            .where(inArray(productPhotos.product_id, ids))
            .orderBy(asc(productPhotos.created_at))
        : [];
      const data = rows.map((r) => {
        const photo = photos.find((ph) => ph.product_id === r.p.id);
        return forLevel(
          {
            ...r.p,
            supplier_name: can('product.manage', user.permission) ? (r.supplier_name ?? '') : undefined,
            thumbnail: photo?.thumbnail ?? null,
          },
          user.permission,
        );
      });
      return { value: true, data: { data, page, total: Number(n) } };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/v2/inventory/product',
    write: true,
    summary: 'Add an inventory product; the opening stock is logged as received',
    body: inventoryProductSchema,
    async handler(ctx) {
      const { tx, body } = ctx;
      if (body.supplier) await supplierOr404(tx, body.supplier);
      const id = body.id ?? newId();
      await tx.insert(products).values({
        id,
        title: body.title,
        description: body.description,
        price: body.price,
        cost: body.cost ?? 0,
        stock: 0,
        low_stock: body.low_stock,
        barcode: body.barcode ?? '',
        supplier: body.supplier ?? null,
      });
      ctx.changed('products', id);
      if (body.stock !== 0) await moveStock(ctx, id, body.stock, 'opening stock');
      ctx.log('inventory', `Product ${body.title}`, `added with stock ${body.stock}`);
      return { value: true, message: 'Product added', id };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/v2/inventory/product',
    write: true,
    summary: 'Edit a product; with receival true, add the amount received to stock (stock only ever moves by deltas)',
    body: inventoryEditSchema.shape(fieldChangeShape),
    async handler(ctx) {
      const { tx, body } = ctx;
      const p = await productOr404(tx, body.id);
      if (body.receival) {
        if (!body.amount || body.amount < 1) throw badRequest('Enter the amount received.');
        // each receipt is bounded by the schema; this keeps their sum inside the int4 column too
        if (p.stock + body.amount > LIMITS.stock)
          throw badRequest(
            fill(MSG.stockMax, {
              amount: body.amount,
              title: p.title,
              stock: p.stock + body.amount,
              max: LIMITS.stock,
            }),
          );
        const stock = await moveStock(ctx, p.id, body.amount, 'received');
        ctx.log('inventory', `Product ${p.title}`, `received ${body.amount}, stock now ${stock}`);
        return { value: true, message: `Received ${body.amount} × ${p.title}`, stock };
      }
      if (body.supplier) await supplierOr404(tx, body.supplier);
      const edit = Object.fromEntries(
        Object.entries({
          title: body.title,
          description: body.description,
          low_stock: body.low_stock,
          price: body.price,
          cost: body.cost,
          supplier: body.supplier,
          barcode: body.barcode,
        }).filter(([, v]) => v !== undefined),
      );
      // with base values (issue 14): a price someone changed since stays theirs, the rest of the edit lands
      const [locked] = await tx.select().from(products).where(eq(products.id, p.id)).for('update');
      const decided = body.base
        ? decideFields(locked, { changes: edit, base: body.base })
        : { apply: edit, conflicts: [] };
      const fields = Object.keys(decided.apply);
      if (fields.length > 0) {
        await tx
          .update(products)
          .set({ ...decided.apply, updated_at: new Date(), version: sql`${products.version} + 1` })
          .where(eq(products.id, p.id));
        ctx.changed('products', p.id);
        ctx.log(
          'inventory',
          `Product ${body.title ?? p.title}`,
          withDevice(body.base ? `edited ${fields.join(', ')}` : 'edited', body.device),
        );
      }
      const conflicts = await conflictAnswers(
        tx,
        { entity: 'products', id: p.id, subject: `Product ${p.title}` },
        decided.conflicts,
        (f, line) => line.includes(f),
      );
      return {
        value: true,
        message: conflicts.length ? fill(MSG.fieldConflicts, { count: conflicts.length }) : 'Product updated',
        ...(conflicts.length ? { conflicts } : {}),
      };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/v2/inventory/log/:productId',
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

  // --- suppliers -------------------------------------------------------------------------------------------------
  async function supplierOr404(tx: Tx | Db, id: string) {
    const [row] = isId(id)
      ? await tx
          .select()
          .from(suppliers)
          .where(and(eq(suppliers.id, id), eq(suppliers.deleted, false)))
      : [];
    if (!row) throw notFound(fill(MSG.noRecordFound, { id }));
    return row;
  }

  defineRoute(app, s, {
    method: 'GET',
    path: '/v2/inventory/suppliers',
    summary: 'Suppliers, by business name',
    async handler() {
      return {
        value: true,
        data: await db.select().from(suppliers).where(eq(suppliers.deleted, false)).orderBy(asc(suppliers.bizname)),
      };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/v2/inventory/supplier',
    summary: 'One supplier (?id=)',
    query: { id: { type: 'string', description: "The supplier's id" } },
    async handler({ query }) {
      return { value: true, data: await supplierOr404(db, query.id ?? '') };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/v2/inventory/supplier',
    write: true,
    summary: 'Add a supplier {bizname, email, address, contact}',
    body: supplierSchema,
    async handler({ tx, body, changed, log }) {
      const id = body.id ?? newId();
      await tx.insert(suppliers).values({ ...body, id });
      changed('suppliers', id);
      log('inventory', `Supplier ${body.bizname}`, 'added');
      return { value: true, message: 'Supplier added', id };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/v2/inventory/supplier',
    write: true,
    summary: 'Edit a supplier',
    body: supplierEditSchema,
    async handler({ tx, body, changed, log }) {
      await supplierOr404(tx, body.id);
      await tx
        .update(suppliers)
        .set({
          bizname: body.bizname,
          email: body.email,
          address: body.address,
          contact: body.contact,
          updated_at: new Date(),
          version: sql`${suppliers.version} + 1`,
        })
        .where(eq(suppliers.id, body.id));
      changed('suppliers', body.id);
      log('inventory', `Supplier ${body.bizname}`, 'edited');
      return { value: true, message: 'Supplier updated' };
    },
  });

  defineRoute(app, s, {
    method: 'DELETE',
    path: '/v2/inventory/supplier',
    write: true,
    summary: 'Delete a supplier {id} (soft: products keep the supplier id)',
    body: idPayloadSchema,
    async handler({ tx, body, changed, log }) {
      const row = await supplierOr404(tx, body.id);
      await tx
        .update(suppliers)
        .set({ deleted: true, updated_at: new Date(), version: sql`${suppliers.version} + 1` })
        .where(eq(suppliers.id, row.id));
      changed('suppliers', row.id, 'delete');
      log('inventory', `Supplier ${row.bizname}`, 'deleted');
      return { value: true, message: 'Supplier deleted' };
    },
  });
}
