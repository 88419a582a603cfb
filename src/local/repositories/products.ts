import { searchTerms } from '../../domain/search';
import { PRODUCT_CALLS } from '../../domain/writes/products';
import { PHOTO_PLACES } from '../../domain/writes/photos';
import type { BayBookDB, ProductRow } from '../db';
import {
  addProduct,
  addSimpleProduct,
  editProduct,
  editSimpleProduct,
  receiveProduct,
  removeProduct,
  type ProductEdit,
  type ProductInput,
  type SimpleProduct,
} from './productWrites';
import { supplierWrites, type SupplierRow } from './suppliers';
import { addPhoto, removePhoto } from './photos';

/**
 * Products, inventory receiving, product photos and suppliers (SPEC §2 Products, Receive Inventory, Suppliers;
 * §7 products/inventory). Stock only moves by deltas (receiving adds, sales subtract), here and on the server.
 * The reads are here; the product writes in productWrites.ts, the supplier writes in suppliers.ts.
 */

export type { ProductInput } from './productWrites';

export type { SupplierRow };

export function productsRepository(db: BayBookDB) {
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

    add: (input: ProductInput) => addProduct(db, input),
    edit: (id: string, changes: ProductEdit) => editProduct(db, id, changes),
    receive: (id: string, amount: number) => receiveProduct(db, id, amount),
    remove: (id: string) => removeProduct(db, PRODUCT_CALLS.remove, id),
    addSimple: (input: SimpleProduct) => addSimpleProduct(db, input),
    editSimple: (id: string, changes: SimpleProduct) => editSimpleProduct(db, id, changes),
    removeSimple: (id: string) => removeProduct(db, PRODUCT_CALLS.removeSimple, id),
    /** POST /upload/product-photo (myfile, product_id) */
    addPhoto: (productId: string, file: Blob, name = 'photo.jpg') =>
      addPhoto(db, PHOTO_PLACES.product, productId, file, name, (title) => `Photo for product ${title}`),
    removePhoto: (id: string) => removePhoto(db, PHOTO_PLACES.product, id, 'Delete product photo'),
    ...supplierWrites(db),
  };
}
