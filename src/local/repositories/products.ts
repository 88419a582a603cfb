import { changedFields } from '../../domain/fieldChanges';
import { newId } from '../../domain/ids';
import { searchTerms } from '../../domain/search';
import {
  PRODUCT_CALLS,
  planProductAdd,
  planProductEdit,
  planReceive,
  planSimpleAdd,
  planSimpleEdit,
  productEdit,
  productOr404,
} from '../../domain/writes/products';
import { PHOTO_PLACES } from '../../domain/writes/photos';
import { callOf, checkedCall, orRefuse } from '../calls';
import type { BayBookDB, ProductRow } from '../db';
import { decideOpenConflicts, queueFieldChange } from '../fieldCalls';
import { localWrite } from '../write';
import { supplierWrites, type SupplierRow } from './suppliers';
import { addPhoto, removePhoto } from './photos';

/**
 * Products, inventory receiving, product photos and suppliers (SPEC §2 Products, Receive Inventory, Suppliers;
 * §7 products/inventory). Stock only moves by deltas (receiving adds, sales subtract), here and on the server.
 * Each write is the catalogue's (src/domain/writes/products.ts): its body checked as the server's route checks it,
 * then planned from this device's rows by the plan the route runs, so both store the same and refuse in the same
 * words.
 */

export interface ProductInput {
  title: string;
  description: string;
  /** cents */
  price: number;
  cost?: number;
  stock: number;
  low_stock: number;
  barcode?: string;
  supplier?: string | null;
}

export type { SupplierRow };

export function productsRepository(db: BayBookDB) {
  /** DELETE /v2/inventory/product or /product (the simple list's): the same delete by either call */
  async function removeProduct(c: typeof PRODUCT_CALLS.remove | typeof PRODUCT_CALLS.removeSimple, id: string) {
    await checkedCall(db, c, { id });
    return localWrite(db, async (w) => {
      const cur = orRefuse(productOr404(id, await w.get<ProductRow>('products', id))).product;
      await w.remove('products', id);
      await w.enqueue({ ...callOf(c, { id }), label: `Delete product ${cur.title}` });
    });
  }

  return {
    get: (id: string) => db.products.get(id),
    byBarcode: (code: string) => db.products.where('barcode').equals(code.trim()).toArray(),
    /**
     * product search (3 or more characters), the shop search's (src/domain/search.ts): a live product by the start of
     * its title, of a word of its description, of its barcode or of its id, through its `word_keys` (version 6)
     */
    async search(text: string, limit = 20): Promise<ProductRow[]> {
      const q = text.trim();
      const [term] = q.length < 3 ? [] : searchTerms(q, ['word_keys']);
      if (!term) return [];
      const found = await db.products.where('word_keys').startsWith(term.prefix).distinct().limit(limit).toArray();
      return found.sort((a, b) => String(a.title_key).localeCompare(String(b.title_key)));
    },
    inventoryLog: (productId: string) =>
      db.inventory_log
        .where('[product_id+created_at]')
        .between([productId, ''], [productId, '\uffff'])
        .reverse()
        .toArray(),
    photos: (productId: string) => db.product_photos.where('product_id').equals(productId).toArray(),
    /** the stored bytes of a photo added on this device and not sent yet ('blob:<id>') */
    async localPhoto(src: string): Promise<Blob | null> {
      if (!src.startsWith('blob:')) return null;
      return (await db.blobs.get(src.slice(5)))?.blob ?? null;
    },
    suppliers: () =>
      db.suppliers
        .orderBy('bizname')
        .filter((s) => !s.deleted)
        .toArray(),

    /** POST /v2/inventory/product: the opening stock is the product's first stock move (server: an inventory-log line) */
    async add(input: ProductInput): Promise<ProductRow> {
      const v = await checkedCall(db, PRODUCT_CALLS.add, input);
      return localWrite(db, async (w) => {
        const supplier = v.supplier ? await w.get<SupplierRow>('suppliers', v.supplier) : undefined;
        const plan = orRefuse(planProductAdd(v, supplier));
        const id = newId();
        const stored = await w.put<ProductRow>('products', {
          id,
          ...plan.row,
          stock: plan.row.stock + (plan.stock?.delta ?? 0),
          title_key: '',
          deleted: false,
          created_at: w.now,
          updated_at: w.now,
          version: 1,
        });
        await w.enqueue({
          ...callOf(PRODUCT_CALLS.add, { ...v, id }),
          creates: [id],
          needs: v.supplier ? [v.supplier] : [],
          label: `Add product ${v.title}`,
        });
        return stored;
      });
    },
    /** PUT /v2/inventory/product {id, <changed fields>, base, device} (edit; stock is not set here: receiving and sales move it) */
    async edit(id: string, changes: Partial<Omit<ProductInput, 'stock'>>): Promise<ProductRow> {
      const edit = productEdit(await checkedCall(db, PRODUCT_CALLS.edit, { ...changes, id }));
      return localWrite(db, async (w) => {
        const cur = orRefuse(productOr404(id, await w.get<ProductRow>('products', id))).product;
        // only what changed, each with the value it was based on: a price someone changed since is a decision (issue 14)
        const set = changedFields({ ...cur }, { ...edit });
        if (Object.keys(set.changes).length === 0) return cur;
        const supplier = set.changes.supplier;
        orRefuse(
          planProductEdit(
            cur,
            { apply: set.changes, conflicts: [] },
            {
              supplier: typeof supplier === 'string' ? await w.get<SupplierRow>('suppliers', supplier) : undefined,
              based: true,
            },
          ),
        );
        const row = await w.patch<ProductRow>('products', id, { ...set.changes, updated_at: w.now });
        await queueFieldChange(w, 'products', id, set, `Edit product ${row.title}`);
        return row;
      });
    },
    /** PUT /v2/inventory/product {receival: true, amount}: adds the received amount to stock */
    async receive(id: string, amount: number): Promise<ProductRow> {
      // an empty amount field (NaN) is a call without an amount: 'Enter the amount received.', as the server says
      const given = Number.isNaN(amount) ? {} : { amount };
      const v = await checkedCall(db, PRODUCT_CALLS.edit, { id, receival: true, ...given });
      return localWrite(db, async (w) => {
        const cur = orRefuse(productOr404(id, await w.get<ProductRow>('products', id))).product;
        const plan = orRefuse(planReceive(cur, v.amount));
        const row = await w.patch<ProductRow>('products', id, {
          stock: cur.stock + plan.stock.delta,
          updated_at: w.now,
        });
        await w.enqueue({
          ...callOf(PRODUCT_CALLS.edit, { id, receival: true, amount: plan.stock.delta }),
          label: `Receive ${plan.stock.delta} × ${cur.title}`,
        });
        return row;
      });
    },
    /** DELETE /v2/inventory/product */
    remove: (id: string) => removeProduct(PRODUCT_CALLS.remove, id),
    /**
     * The simple product calls of /add-product and /view-products (POST/PUT/DELETE /product, level 4 on the server):
     * title, description and price only; a new product has no stock, low stock, cost, supplier or barcode, as the
     * server's POST /product stores it.
     */
    async addSimple(input: { title: string; description: string; price: number }): Promise<ProductRow> {
      const v = await checkedCall(db, PRODUCT_CALLS.addSimple, input);
      return localWrite(db, async (w) => {
        const plan = planSimpleAdd(v);
        const id = newId();
        const stored = await w.put<ProductRow>('products', {
          id,
          ...plan.row,
          title_key: '',
          deleted: false,
          created_at: w.now,
          updated_at: w.now,
          version: 1,
        });
        await w.enqueue({
          ...callOf(PRODUCT_CALLS.addSimple, { ...v, id }),
          creates: [id],
          label: `Add product ${v.title}`,
        });
        return stored;
      });
    },
    /** PUT /product: the whole row as SPEC's call has it, with base naming what changed (issue 14) and the device */
    async editSimple(id: string, changes: { title: string; description: string; price: number }): Promise<ProductRow> {
      const v = await checkedCall(db, PRODUCT_CALLS.editSimple, { ...changes, id });
      return localWrite(db, async (w) => {
        const cur = orRefuse(productOr404(id, await w.get<ProductRow>('products', id))).product;
        const set = changedFields({ ...cur }, planSimpleEdit(v, cur).changes);
        if (Object.keys(set.changes).length === 0) return cur;
        const row = await w.patch<ProductRow>('products', id, { ...set.changes, updated_at: w.now });
        const device = w.deviceCode ? { device: w.deviceCode } : {};
        await w.enqueue({
          ...callOf(PRODUCT_CALLS.editSimple, { ...v, base: set.base, ...device }),
          label: `Edit product ${v.title}`,
        });
        await decideOpenConflicts(w, 'products', id, set);
        return row;
      });
    },
    removeSimple: (id: string) => removeProduct(PRODUCT_CALLS.removeSimple, id),
    /** POST /upload/product-photo (myfile, product_id) */
    addPhoto: (productId: string, file: Blob, name = 'photo.jpg') =>
      addPhoto(db, PHOTO_PLACES.product, productId, file, name, (title) => `Photo for product ${title}`),
    removePhoto: (id: string) => removePhoto(db, PHOTO_PLACES.product, id, 'Delete product photo'),
    ...supplierWrites(db),
  };
}
