import { changedFields } from '../../domain/fieldChanges';
import { newId } from '../../domain/ids';
import { MSG } from '../../domain/messages';
import type { BayBookDB, ProductRow, Row, StoredRow } from '../db';
import { queueFieldChange } from '../fieldCalls';
import { LocalWriteError, localWrite } from '../write';
import { checkPhotoSize } from '../../domain/schemas/admin';

/**
 * Products, inventory receiving, product photos and suppliers (SPEC §2 Products, Receive Inventory, Suppliers;
 * §7 products/inventory). Stock only moves by deltas (receiving adds, sales subtract), here and on the server.
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

export type SupplierRow = StoredRow<'suppliers'>;

export function productsRepository(db: BayBookDB) {
  return {
    get: (id: string) => db.products.get(id),
    byBarcode: (code: string) => db.products.where('barcode').equals(code.trim()).toArray(),
    /** product search (3 or more characters): barcode, title prefix, id; then a description scan */
    async search(text: string, limit = 20): Promise<ProductRow[]> {
      const q = text.trim();
      if (q.length < 3) return [];
      const found = new Map<string, ProductRow>();
      for (const p of await db.products.where('barcode').startsWith(q).limit(limit).toArray()) found.set(p.id, p);
      for (const p of await db.products.where('title_key').startsWith(q.toUpperCase()).limit(limit).toArray())
        found.set(p.id, p);
      const byId = await db.products.get(q);
      if (byId) found.set(byId.id, byId);
      if (found.size < limit) {
        const needle = q.toUpperCase();
        for (const p of await db.products
          .filter((p) => String(p.description).toUpperCase().includes(needle) || (p.title_key ?? '').includes(needle))
          .limit(limit)
          .toArray())
          found.set(p.id, p);
      }
      return [...found.values()].filter((p) => !p.deleted).slice(0, limit);
    },
    async page({ offset = 0, limit = 10 } = {}) {
      const coll = db.products.orderBy('title_key').filter((p) => !p.deleted);
      const [rows, total] = await Promise.all([
        coll.clone().offset(offset).limit(limit).toArray(),
        coll.clone().count(),
      ]);
      return { rows, total };
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

    /** POST /v2/inventory/product */
    add(input: ProductInput): Promise<ProductRow> {
      return localWrite(db, async (w) => {
        if (!input.title.trim()) throw new LocalWriteError(MSG.titleMin);
        const id = newId();
        const row: ProductRow = {
          id,
          title: input.title.trim(),
          title_key: '',
          description: input.description,
          price: input.price,
          cost: input.cost ?? 0,
          stock: input.stock,
          low_stock: input.low_stock,
          barcode: input.barcode ?? '',
          supplier: input.supplier ?? null,
          deleted: false,
          created_at: w.now,
          updated_at: w.now,
          version: 1,
        };
        const stored = await w.put('products', row);
        await w.enqueue({
          method: 'POST',
          path: '/v2/inventory/product',
          body: { data: { id, ...input } },
          creates: [id],
          needs: input.supplier ? [input.supplier] : [],
          label: `Add product ${row.title}`,
        });
        return stored;
      });
    },
    /** PUT /v2/inventory/product {id, <changed fields>, base, device} (edit; stock is not set here: receiving and sales move it) */
    edit(id: string, changes: Partial<Omit<ProductInput, 'stock'>>): Promise<ProductRow> {
      return localWrite(db, async (w) => {
        const cur = await w.get<ProductRow>('products', id);
        if (!cur) throw new LocalWriteError(MSG.notFound);
        // only what changed, each with the value it was based on: a price someone changed since is a decision (issue 14)
        const set = changedFields({ ...cur }, { ...changes });
        if (Object.keys(set.changes).length === 0) return cur;
        const row = await w.patch<ProductRow>('products', id, { ...set.changes, updated_at: w.now });
        await queueFieldChange(w, 'products', id, set, `Edit product ${row.title}`);
        return row;
      });
    },
    /** PUT /v2/inventory/product {receival: true, amount}: adds the received amount to stock */
    receive(id: string, amount: number): Promise<ProductRow> {
      return localWrite(db, async (w) => {
        const cur = await w.get<ProductRow>('products', id);
        if (!cur) throw new LocalWriteError(MSG.notFound);
        if (!Number.isInteger(amount) || amount < 1) throw new LocalWriteError('Enter the amount received.');
        const row = await w.patch<ProductRow>('products', id, { stock: cur.stock + amount, updated_at: w.now });
        await w.enqueue({
          method: 'PUT',
          path: '/v2/inventory/product',
          body: { data: { id, receival: true, amount } },
          label: `Receive ${amount} × ${cur.title}`,
        });
        return row;
      });
    },
    /** DELETE /v2/inventory/product */
    remove(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        const cur = await w.get<ProductRow>('products', id);
        await w.remove('products', id);
        await w.enqueue({
          method: 'DELETE',
          path: '/v2/inventory/product',
          body: { data: { id } },
          label: `Delete product ${cur?.title ?? id}`,
        });
      });
    },
    /**
     * The simple product calls of /add-product and /view-products (POST/PUT/DELETE /product, level 4 on the server):
     * title, description and price only; a new product has no stock, low stock, cost, supplier or barcode, as the
     * server's POST /product stores it.
     */
    addSimple(input: { title: string; description: string; price: number }): Promise<ProductRow> {
      return localWrite(db, async (w) => {
        if (!input.title.trim()) throw new LocalWriteError(MSG.titleMin);
        const id = newId();
        const row: ProductRow = {
          id,
          title: input.title.trim(),
          title_key: '',
          description: input.description,
          price: input.price,
          cost: 0,
          stock: 0,
          low_stock: 0,
          barcode: '',
          supplier: null,
          deleted: false,
          created_at: w.now,
          updated_at: w.now,
          version: 1,
        };
        const stored = await w.put('products', row);
        await w.enqueue({
          method: 'POST',
          path: '/product',
          body: { data: { id, title: row.title, description: input.description, price: input.price } },
          creates: [id],
          label: `Add product ${row.title}`,
        });
        return stored;
      });
    },
    editSimple(id: string, changes: { title: string; description: string; price: number }): Promise<ProductRow> {
      return localWrite(db, async (w) => {
        const cur = await w.get<ProductRow>('products', id);
        if (!cur) throw new LocalWriteError(MSG.notFound);
        if (!changes.title.trim()) throw new LocalWriteError(MSG.titleMin);
        const row = await w.patch<ProductRow>('products', id, { ...changes, updated_at: w.now });
        await w.enqueue({
          method: 'PUT',
          path: '/product',
          body: { data: { id, ...changes } },
          label: `Edit product ${row.title}`,
        });
        return row;
      });
    },
    removeSimple(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        const cur = await w.get<ProductRow>('products', id);
        await w.remove('products', id);
        await w.enqueue({
          method: 'DELETE',
          path: '/product',
          body: { data: { id } },
          label: `Delete product ${cur?.title ?? id}`,
        });
      });
    },
    /** POST /upload/product-photo (myfile, product_id); 10 MB checked before queuing */
    addPhoto(productId: string, file: Blob, name = 'photo.jpg'): Promise<Row> {
      const size = checkPhotoSize(file.size);
      if (!size.ok) return Promise.reject(new LocalWriteError(size.message));
      return localWrite(db, async (w) => {
        const blob = await w.storeBlob(file, name);
        const id = newId();
        const row: Row = {
          id,
          product_id: productId,
          src: `blob:${blob.id}`,
          thumbnail: `blob:${blob.id}`,
          mime: blob.mime,
          size: blob.size,
          created_at: w.now,
          local: true,
        };
        await w.put('product_photos', row);
        await w.enqueue({
          method: 'POST',
          path: '/upload/product-photo',
          form: { product_id: productId, id },
          blobId: blob.id,
          creates: [id],
          needs: [productId],
          label: 'Product photo',
        });
        return row;
      });
    },
    removePhoto(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        await w.remove('product_photos', id);
        await w.enqueue({
          method: 'DELETE',
          path: '/productPhoto',
          body: { data: { id } },
          label: 'Delete product photo',
        });
      });
    },
    /** POST /v2/inventory/supplier */
    addSupplier(input: { bizname: string; email?: string; address?: string; contact?: string }): Promise<SupplierRow> {
      return localWrite(db, async (w) => {
        if (!input.bizname.trim()) throw new LocalWriteError('Enter the business name.');
        const id = newId();
        const row: SupplierRow = {
          id,
          bizname: input.bizname.trim(),
          email: input.email ?? '',
          address: input.address ?? '',
          contact: input.contact ?? '',
          deleted: false,
          created_at: w.now,
          updated_at: w.now,
          version: 1,
        };
        await w.put('suppliers', row);
        await w.enqueue({
          method: 'POST',
          path: '/v2/inventory/supplier',
          body: { data: { id, ...input } },
          creates: [id],
          label: `Add supplier ${row.bizname}`,
        });
        return row;
      });
    },
    editSupplier(id: string, changes: Partial<Omit<SupplierRow, 'id'>>): Promise<SupplierRow> {
      return localWrite(db, async (w) => {
        const row = await w.patch<SupplierRow>('suppliers', id, { ...changes, updated_at: w.now });
        await w.enqueue({
          method: 'PUT',
          path: '/v2/inventory/supplier',
          body: { data: { id, ...changes } },
          label: `Edit supplier ${row.bizname}`,
        });
        return row;
      });
    },
    removeSupplier(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        await w.remove('suppliers', id);
        await w.enqueue({
          method: 'DELETE',
          path: '/v2/inventory/supplier',
          body: { data: { id } },
          label: 'Delete supplier',
        });
      });
    },
  };
}
