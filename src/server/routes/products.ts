import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isId, newId } from '../../domain/ids';
import { can } from '../../domain/permissions';
import {
  PRODUCT_CALLS,
  planProductDelete,
  planSimpleAdd,
  planSimpleEdit,
  productOr404,
  productSubject,
} from '../../domain/writes/products';
import { decideEdit, editAnswer, editedLine, goneEdit, namedBy } from '../fieldEdits';
import type { Db } from '../db/client';
import { productPhotos, products, suppliers } from '../db/schema';
import { pageQueryDoc } from '../http/openapi';
import { pageParams } from '../http/paging';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { orHttp } from '../http/plans';
import { forLevel, productRow, type Product } from '../inventory/products';
import { API } from '../../domain/apiRoutes';

/**
 * Products (SPEC §2 Add Product, Products): the simple form's writes, the delete of either list, and the product
 * lists and search. The writes are the catalogue's plans (src/domain/writes/products.ts); the inventory product's
 * add, edit and receive are in ./inventory.ts, the suppliers in ./suppliers.ts.
 */

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
  simpleProductForm(app, s);
  productDeletes(app, s);
  productSearch(app, s);
  productPages(app, s);
}

/** The simple product form and list (SPEC §2 Add Product). */
function simpleProductForm(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.products,
    summary: 'Products (not deleted), by title',
    async handler({ user }) {
      const rows = await db.select().from(products).where(eq(products.deleted, false)).orderBy(asc(products.title));
      return { value: true, data: rows.map((p) => forLevel(p, user.permission)) };
    },
  });

  defineRoute(app, s, {
    call: PRODUCT_CALLS.addSimple,
    write: true,
    summary: 'Add a product {title, description, price (cents)}',
    async handler({ tx, body, changed, log }) {
      const plan = planSimpleAdd(body);
      const id = body.id ?? newId();
      await tx.insert(products).values({ ...plan.row, id });
      changed('products', id);
      log('inventory', plan.log.subject, plan.log.predicate);
      return { value: true, message: plan.message, id };
    },
  });

  defineRoute(app, s, {
    call: PRODUCT_CALLS.editSimple,
    write: true,
    summary:
      'Edit a product {id, title, description, price, base?, device?}: with base, the fields it names are decided as field changes (issue 14)',
    async handler({ tx, body, changed, log }) {
      const row = await productRow(tx, body.id, true);
      const record = { entity: 'products' as const, id: body.id, subject: productSubject(row?.title ?? '') };
      // with base, a product deleted since: what the edit changed waits for a decision
      if (row?.deleted && body.base) return goneEdit(tx, record, namedBy(planSimpleEdit(body, row).changes, body.base));
      const p = orHttp(productOr404(body.id, row)).product;
      const plan = planSimpleEdit(body, p);
      const decided = decideEdit(p, plan.changes, body.base);
      if (Object.keys(decided.apply).length) {
        await tx
          .update(products)
          .set({ ...decided.apply, updated_at: new Date(), version: sql`${products.version} + 1` })
          .where(eq(products.id, p.id));
        changed('products', p.id);
        log('inventory', plan.log.subject, editedLine(decided, !!body.base, body.device));
      }
      return editAnswer(tx, record, decided, plan.message);
    },
  });
}

/** DELETE /product and DELETE /v2/inventory/product: a soft delete, so old invoices keep their lines. */
function productDeletes(app: FastifyInstance, s: AppServices) {
  for (const call of [PRODUCT_CALLS.removeSimple, PRODUCT_CALLS.remove]) {
    defineRoute(app, s, {
      call,
      write: true,
      summary: 'Delete a product {id} (hidden from lists; old invoices keep it)',
      async handler({ tx, body, changed, log }) {
        const p = orHttp(productOr404(body.id, await productRow(tx, body.id))).product;
        const plan = planProductDelete(p);
        await tx
          .update(products)
          .set({ deleted: true, updated_at: new Date(), version: sql`${products.version} + 1` })
          .where(eq(products.id, p.id));
        changed('products', p.id, 'delete');
        log('inventory', plan.log.subject, plan.log.predicate);
        return { value: true, message: plan.message };
      },
    });
  }
}

/** The inventory's lookup by what is typed or scanned (SPEC §2 Products, Receive Inventory). */
function productSearch(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.productFetch,
    summary: 'Find products by barcode, title, id or description (3+ characters)',
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
}

/** Not deleted, and the text (if any) in the title or description, or the exact barcode. */
function productsMatching(text: string) {
  return and(
    eq(products.deleted, false),
    text
      ? or(
          ilike(products.title, `%${escapeLike(text)}%`),
          ilike(products.description, `%${escapeLike(text)}%`),
          eq(products.barcode, text),
        )
      : undefined,
  );
}

/** The page's products as the member's level may see them, each with its first photo's thumbnail. */
async function withThumbnails(db: Db, rows: { p: Product; supplier_name: string | null }[], level: number) {
  const ids = rows.map((r) => r.p.id);
  const photos = ids.length
    ? await db
        .select()
        .from(productPhotos)
        .where(inArray(productPhotos.product_id, ids))
        .orderBy(asc(productPhotos.created_at))
    : [];
  return rows.map((r) => {
    const photo = photos.find((ph) => ph.product_id === r.p.id);
    return forLevel(
      {
        ...r.p,
        supplier_name: can('product.manage', level) ? (r.supplier_name ?? '') : undefined,
        thumbnail: photo?.thumbnail ?? null,
      },
      level,
    );
  });
}

/** The Products table, paged and sorted on the server. */
function productPages(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.inventoryProducts,
    summary: 'Products, paged (page, per_page, search, orderBy, orderDirection) with supplier_name and a thumbnail',
    query: {
      ...pageQueryDoc(10),
      orderBy: { type: 'string', description: 'Column to sort by', enum: Object.keys(ORDERABLE), default: 'title' },
      orderDirection: { type: 'string', description: 'Sort direction', enum: ['asc', 'desc'], default: 'asc' },
      search: { type: 'string', description: 'Text found in title or description, or an exact barcode' },
    },
    async handler({ query, user }) {
      const { page, perPage, offset } = pageParams(query, 10);
      const where = productsMatching((query.search ?? '').trim());
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
      const data = await withThumbnails(db, rows, user.permission);
      return { value: true, data: { data, page, total: Number(n) } };
    },
  });
}
