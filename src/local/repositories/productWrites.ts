import { changedFields } from '../../domain/fieldChanges';
import { newId } from '../../domain/ids';
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
import { callOf, checkedCall, orRefuse } from '../calls';
import type { BayBookDB, ProductRow } from '../db';
import { decideOpenConflicts, queueFieldChange } from '../fieldCalls';
import { localWrite } from '../write';

/**
 * The product writes of the products repository (SPEC §2 Products, Receive Inventory; §7 products/inventory), each
 * the catalogue's (src/domain/writes/products.ts): its body checked as the server's route checks it, then planned
 * from this device's rows by the plan the route runs, so both store the same and refuse in the same words.
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

/** An inventory product's edit: stock is not set here (receiving and sales move it). */
export type ProductEdit = Partial<Omit<ProductInput, 'stock'>>;

/** The simple product form of /add-product and /view-products: title, description and price only. */
export type SimpleProduct = { title: string; description: string; price: number };

/** The fields of a product row the device makes itself (the server makes the same). */
const newRow = (now: string) => ({ title_key: '', deleted: false, created_at: now, updated_at: now, version: 1 });

/** POST /v2/inventory/product: the opening stock is the product's first stock move (server: an inventory-log line) */
export async function addProduct(db: BayBookDB, input: ProductInput): Promise<ProductRow> {
  const v = await checkedCall(db, PRODUCT_CALLS.add, input);
  return localWrite(db, async (w) => {
    const supplier = v.supplier ? await w.get('suppliers', v.supplier) : undefined;
    const plan = orRefuse(planProductAdd(v, supplier));
    const id = newId();
    const stored = await w.put('products', {
      id,
      ...plan.row,
      stock: plan.row.stock + (plan.stock?.delta ?? 0),
      ...newRow(w.now),
    });
    await w.enqueue({
      ...callOf(PRODUCT_CALLS.add, { ...v, id }),
      creates: [id],
      needs: v.supplier ? [v.supplier] : [],
      label: `Add product ${v.title}`,
    });
    return stored;
  });
}

/** PUT /v2/inventory/product {id, <changed fields>, base, device} (edit; stock is not set here: receiving and sales move it) */
export async function editProduct(db: BayBookDB, id: string, changes: ProductEdit): Promise<ProductRow> {
  const edit = productEdit(await checkedCall(db, PRODUCT_CALLS.edit, { ...changes, id }));
  return localWrite(db, async (w) => {
    const cur = orRefuse(productOr404(id, await w.get('products', id))).product;
    // only what changed, each with the value it was based on: a price someone changed since is a decision (issue 14)
    const set = changedFields({ ...cur }, { ...edit });
    if (Object.keys(set.changes).length === 0) return cur;
    const supplier = set.changes.supplier;
    orRefuse(
      planProductEdit(
        cur,
        { apply: set.changes, conflicts: [] },
        {
          supplier: typeof supplier === 'string' ? await w.get('suppliers', supplier) : undefined,
          based: true,
        },
      ),
    );
    const row = await w.patch('products', id, { ...set.changes, updated_at: w.now });
    await queueFieldChange(w, 'products', id, set, `Edit product ${row.title}`);
    return row;
  });
}

/** PUT /v2/inventory/product {receival: true, amount}: adds the received amount to stock */
export async function receiveProduct(db: BayBookDB, id: string, amount: number): Promise<ProductRow> {
  // an empty amount field (NaN) is a call without an amount: 'Enter the amount received.', as the server says
  const given = Number.isNaN(amount) ? {} : { amount };
  const v = await checkedCall(db, PRODUCT_CALLS.edit, { id, receival: true, ...given });
  return localWrite(db, async (w) => {
    const cur = orRefuse(productOr404(id, await w.get('products', id))).product;
    const plan = orRefuse(planReceive(cur, v.amount));
    const row = await w.patch('products', id, {
      stock: cur.stock + plan.stock.delta,
      updated_at: w.now,
    });
    await w.enqueue({
      ...callOf(PRODUCT_CALLS.edit, { id, receival: true, amount: plan.stock.delta }),
      label: `Receive ${plan.stock.delta} × ${cur.title}`,
    });
    return row;
  });
}

/** DELETE /v2/inventory/product or /product (the simple list's): the same delete by either call */
export async function removeProduct(
  db: BayBookDB,
  c: typeof PRODUCT_CALLS.remove | typeof PRODUCT_CALLS.removeSimple,
  id: string,
) {
  await checkedCall(db, c, { id });
  return localWrite(db, async (w) => {
    const cur = orRefuse(productOr404(id, await w.get('products', id))).product;
    await w.remove('products', id);
    await w.enqueue({ ...callOf(c, { id }), label: `Delete product ${cur.title}` });
  });
}

/**
 * POST /product (the simple calls are level 4 on the server): a new product has no stock, low stock, cost, supplier
 * or barcode, as the server's POST /product stores it.
 */
export async function addSimpleProduct(db: BayBookDB, input: SimpleProduct): Promise<ProductRow> {
  const v = await checkedCall(db, PRODUCT_CALLS.addSimple, input);
  return localWrite(db, async (w) => {
    const plan = planSimpleAdd(v);
    const id = newId();
    const stored = await w.put('products', { id, ...plan.row, ...newRow(w.now) });
    await w.enqueue({
      ...callOf(PRODUCT_CALLS.addSimple, { ...v, id }),
      creates: [id],
      label: `Add product ${v.title}`,
    });
    return stored;
  });
}

/** PUT /product: the whole row as SPEC's call has it, with base naming what changed (issue 14) and the device */
export async function editSimpleProduct(db: BayBookDB, id: string, changes: SimpleProduct): Promise<ProductRow> {
  const v = await checkedCall(db, PRODUCT_CALLS.editSimple, { ...changes, id });
  return localWrite(db, async (w) => {
    const cur = orRefuse(productOr404(id, await w.get('products', id))).product;
    const set = changedFields({ ...cur }, planSimpleEdit(v, cur).changes);
    if (Object.keys(set.changes).length === 0) return cur;
    const row = await w.patch('products', id, { ...set.changes, updated_at: w.now });
    const device = w.deviceCode ? { device: w.deviceCode } : {};
    await w.enqueue({
      ...callOf(PRODUCT_CALLS.editSimple, { ...v, base: set.base, ...device }),
      label: `Edit product ${v.title}`,
    });
    await decideOpenConflicts(w, 'products', id, set);
    return row;
  });
}
