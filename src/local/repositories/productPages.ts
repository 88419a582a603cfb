import { plainDollars } from '../../domain/money';
import { rowCountKey, type BayBookDB, type ProductRow } from '../db';
import { eachOfPages, readPage, type PageQuery, type TablePages } from './pageReader';
import type { SupplierRow } from './suppliers';

/**
 * The Products (inventory), Product List and Suppliers tables' pages (issue 13, src/local/repositories/pageReader.ts):
 * each sortable column reads its `[list_<column>+id]` index (version 6), which holds only the live rows (a deleted
 * one has no list keys: src/domain/model/keys.ts whileLive), the total comes from the counter of live rows, and the
 * search finds a product by the start of its title, of a word of its description, of its barcode or of its id, and a
 * supplier by the start of a word of its name (`word_keys`).
 */

export const PRODUCT_SORTS = {
  title: 'list_title',
  description: 'list_description',
  price: 'list_price',
  stock: 'list_stock',
  low_stock: 'list_low_stock',
  cost: 'list_cost',
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

export const SUPPLIER_SORTS = {
  bizname: 'list_bizname',
  email: 'list_email',
  address: 'list_address',
  contact: 'list_contact',
} as const;
export type SupplierSort = keyof typeof SUPPLIER_SORTS;

/** A product as the products tables show it: its supplier's name joined from the device's suppliers. */
export interface ListedProduct extends ProductRow {
  supplier_name: string;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const counted = async (db: BayBookDB, entity: 'products' | 'suppliers') =>
  (await db.counters.get(rowCountKey(entity)))?.n ?? 0;

function productSpec(db: BayBookDB): TablePages<ProductRow, ProductSort> {
  return {
    table: db.products,
    sorts: PRODUCT_SORTS,
    total: () => counted(db, 'products'),
    searchKeys: ['word_keys'],
    multiKeys: ['word_keys'],
    // the money columns filter by the dollars they show; the Supplier column is a name from another table: the
    // search and the sorts leave it out, so does its filter
    columnText: (p, id) => (id === 'price' || id === 'cost' ? plainDollars(Number(p[id] ?? 0)) : text(p[id])),
  };
}

function supplierSpec(db: BayBookDB): TablePages<SupplierRow, SupplierSort> {
  return {
    table: db.suppliers,
    sorts: SUPPLIER_SORTS,
    total: () => counted(db, 'suppliers'),
    searchKeys: ['word_keys'],
    multiKeys: ['word_keys'],
    columnText: (s, id) => text(s[id]),
  };
}

/** The page's products with their suppliers' names: one bulk read of the suppliers the page names. */
async function withSuppliers(db: BayBookDB, rows: ProductRow[]): Promise<ListedProduct[]> {
  const ids = [...new Set(rows.flatMap((p) => (p.supplier ? [p.supplier] : [])))];
  const found = await db.suppliers.bulkGet(ids);
  const names = new Map(ids.map((id, i) => [id, found[i]?.bizname ?? '']));
  return rows.map((p) => ({ ...p, supplier_name: p.supplier ? (names.get(p.supplier) ?? '') : '' }));
}

type Whole<S extends string> = Omit<PageQuery<S>, 'limit' | 'after' | 'before'>;

export function productPages(db: BayBookDB) {
  const products = productSpec(db);
  const suppliers = supplierSpec(db);
  return {
    /** one page of the products tables, with the total of live products (or of the matches) */
    async productPage(q: PageQuery<ProductSort>) {
      const page = await readPage(products, q);
      return { ...page, rows: await withSuppliers(db, page.rows) };
    },
    /** every live product matching the table's query, a chunk at a time (Export CSV) */
    eachProduct: (q: Whole<ProductSort>, onChunk: (rows: ListedProduct[]) => void) =>
      eachOfPages(products, q, async (rows) => onChunk(await withSuppliers(db, rows))),
    /** one page of Suppliers */
    supplierPage: (q: PageQuery<SupplierSort>) => readPage(suppliers, q),
    eachSupplier: (q: Whole<SupplierSort>, onChunk: (rows: SupplierRow[]) => void) =>
      eachOfPages(suppliers, q, onChunk),
  };
}
