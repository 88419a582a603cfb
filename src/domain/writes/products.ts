import type { InferType } from 'yup';
import { fieldChangeShape, withDevice, type FieldDecision } from '../fieldChanges';
import { MSG, fill } from '../messages';
import type { DeviceRow } from '../model';
import {
  LIMITS,
  idPayloadSchema,
  inventoryEditSchema,
  inventoryProductSchema,
  simpleProductEditSchema,
  simpleProductFields,
  simpleProductSchema,
  type InventoryProductInput,
} from '../schemas';
import { missing, type Refusal, type WriteCall } from './calls';

/**
 * Products and their stock as catalogue writes (issue 17): add, edit, receive and delete an inventory product, and
 * the simple product form's add, edit and delete. Each plan reads the product (and its supplier) as it stands and
 * says what to store — the row, the fields, the stock move with its inventory-log reason — the activity-log line and
 * the answer, or why not. The device's repository and the server's routes both run it: the device stores the stock
 * move as the new stock at once, the server as a delta with its inventory-log row (src/server/inventory/stock.ts),
 * which reaches the device by the pull (the inventory log is the server's to write).
 */

const SIMPLE = simpleProductFields;

/** The calls of these writes: the route, the permission and the body schema. */
export const PRODUCT_CALLS = {
  add: { method: 'POST', path: '/v2/inventory/product', action: 'product.manage', body: inventoryProductSchema },
  /** an edit of changed fields with their base values (issue 14), or with receival true a receipt */
  edit: {
    method: 'PUT',
    path: '/v2/inventory/product',
    action: 'product.manage',
    body: inventoryEditSchema.shape(fieldChangeShape),
  },
  remove: { method: 'DELETE', path: '/v2/inventory/product', action: 'product.manage', body: idPayloadSchema },
  addSimple: { method: 'POST', path: '/product', action: 'product.edit', body: simpleProductSchema },
  /**
   * the simple form's whole row (level 4); with base, the fields it names are field changes (issue 14) — a decision's
   * use mine sends just its one field, so each is required only without base
   */
  editSimple: {
    method: 'PUT',
    path: '/product',
    action: 'product.edit',
    body: simpleProductEditSchema.shape({
      title: SIMPLE.title().when('base', ([base], s) => (base === undefined ? s.required(MSG.titleMin) : s)),
      description: SIMPLE.description().when('base', ([base], s) =>
        base === undefined ? s.required(MSG.descriptionMin) : s,
      ),
      price: SIMPLE.price().when('base', ([base], s) => (base === undefined ? s.required(MSG.priceMin) : s)),
      ...fieldChangeShape,
    }),
  },
  removeSimple: { method: 'DELETE', path: '/product', action: 'product.edit', body: idPayloadSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

export type SimpleProductInput = InferType<typeof simpleProductSchema>;
export type ProductEditCall = InferType<(typeof PRODUCT_CALLS)['edit']['body']>;

/** A product as the plans read it: none, or one deleted since, is 'No record found'. */
export interface ProductNow {
  id: string;
  title: string;
  stock: number;
  deleted?: boolean | null;
}

/** A change of stock: always a delta, never an absolute value (DESIGN.md), and why, for the inventory log. */
export interface StockMove {
  delta: number;
  reason: string;
}

/** the product row an add builds: the model's row less what the store assigns; its stock comes by `stock` */
export type NewProductRow = Pick<
  DeviceRow<'products'>,
  'title' | 'description' | 'price' | 'cost' | 'stock' | 'low_stock' | 'barcode' | 'supplier'
>;

export interface ProductPlan {
  /** the activity log (category inventory): subject and predicate */
  log: { subject: string; predicate: string };
  /** the answer the person sees */
  message: string;
}

type Plan<P> = { ok: true } & P & ProductPlan;
export type PlannedProduct<P = ProductPlan> = Plan<P> | Refusal;

const no = (message: string): Refusal => ({ ok: false, message });
/** The activity-log subject of a product's lines (a field conflict finds who changed a field by it). */
export const productSubject = (title: string) => `Product ${title}`;

/** The product a write is about, or the 404 it is refused with. */
export function productOr404<P extends ProductNow>(id: string, p: P | undefined): { ok: true; product: P } | Refusal {
  return p && !p.deleted ? { ok: true, product: p } : missing(id);
}

const answer = <P>(extra: P, subject: string, predicate: string, message: string): Plan<P> => ({
  ok: true,
  ...extra,
  log: { subject: productSubject(subject), predicate },
  message,
});

/**
 * Add an inventory product (SPEC §5): its supplier, when it names one, must be on the list. The row starts with no
 * stock; the opening stock is a move like any other, so the inventory log says where every unit came from.
 */
export function planProductAdd(
  v: InventoryProductInput,
  supplier: { deleted?: boolean | null } | undefined,
): PlannedProduct<{ row: NewProductRow; stock: StockMove | null }> {
  if (v.supplier && (!supplier || supplier.deleted)) return missing(v.supplier);
  const row: NewProductRow = {
    title: v.title,
    description: v.description,
    price: v.price,
    cost: v.cost,
    stock: 0,
    low_stock: v.low_stock,
    barcode: v.barcode,
    supplier: v.supplier,
  };
  const stock = v.stock === 0 ? null : { delta: v.stock, reason: 'opening stock' };
  return answer({ row, stock }, v.title, `added with stock ${v.stock}`, MSG.productAdded);
}

/** The simple form's product (SPEC §5 Add Product): title, description and price; nothing in stock, no supplier. */
export function planSimpleAdd(v: SimpleProductInput): Plan<{ row: NewProductRow }> {
  const row: NewProductRow = {
    title: v.title,
    description: v.description,
    price: v.price,
    cost: 0,
    stock: 0,
    low_stock: 0,
    barcode: '',
    supplier: null,
  };
  return answer({ row }, v.title, 'added', MSG.productAdded);
}

/** The simple form's fields, the only ones PUT /product sets (a product's other fields are level 5's). */
export const SIMPLE_FIELDS = ['title', 'description', 'price'] as const;
type SimpleEdit = Partial<Pick<NewProductRow, (typeof SIMPLE_FIELDS)[number]>>;

/** The simple form's edit: title, description and price as given (with base, those it names), logged by its title. */
export function planSimpleEdit(v: SimpleEdit, now: { title: string }): Plan<{ changes: SimpleEdit }> {
  const changes: SimpleEdit = Object.fromEntries(SIMPLE_FIELDS.flatMap((f) => (v[f] === undefined ? [] : [[f, v[f]]])));
  return answer({ changes }, v.title ?? now.title, 'edited', MSG.productUpdated);
}

/** A delete hides the product from every list; old invoices keep their lines (a soft delete on the server). */
export function planProductDelete(p: ProductNow): Plan<object> {
  return answer({}, p.title, 'deleted', MSG.productDeleted);
}

/**
 * Receive Inventory (SPEC §2, §4): the amount received is added to stock — at least one, and never past the most a
 * product may hold (each receipt is bounded by the schema; this keeps their sum inside the int4 column too).
 */
export function planReceive(p: ProductNow, amount: number | undefined): PlannedProduct<{ stock: StockMove }> {
  if (!amount || amount < 1) return no(MSG.receiveAmount);
  const stock = p.stock + amount;
  if (stock > LIMITS.stock) return no(fill(MSG.stockMax, { amount, title: p.title, stock, max: LIMITS.stock }));
  return answer(
    { stock: { delta: amount, reason: 'received' } },
    p.title,
    `received ${amount}, stock now ${stock}`,
    `Received ${amount} × ${p.title}`,
  );
}

/** The fields an inventory edit may set: never stock (receiving and sales move it). */
const EDITABLE = ['title', 'description', 'low_stock', 'price', 'cost', 'supplier', 'barcode'] as const;
export type ProductEdit = Partial<Pick<NewProductRow, (typeof EDITABLE)[number]>>;

/** The fields an edit call sets: those it names (a field left out is kept). */
export function productEdit(body: Partial<Record<(typeof EDITABLE)[number], unknown>>): ProductEdit {
  return Object.fromEntries(EDITABLE.filter((f) => body[f] !== undefined).map((f) => [f, body[f]])) as ProductEdit;
}

/**
 * An inventory edit of changed fields (issue 14): `decided` is what lands — on the device all of it (it edits the
 * row it holds), on the server each field whose base still holds (fieldChanges.ts decideFields). A new supplier
 * must be on the list. Nothing landing is no log line; conflicts are answered with how many need a decision.
 */
export function planProductEdit(
  p: ProductNow,
  decided: FieldDecision,
  call: { supplier?: { deleted?: boolean | null }; based: boolean; device?: string },
): { ok: true; log: ProductPlan['log'] | null; message: string } | Refusal {
  const supplier = decided.apply.supplier;
  if (typeof supplier === 'string' && (!call.supplier || call.supplier.deleted)) return missing(supplier);
  const fields = Object.keys(decided.apply);
  const title = typeof decided.apply.title === 'string' ? decided.apply.title : p.title;
  const predicate = withDevice(call.based ? `edited ${fields.join(', ')}` : 'edited', call.device);
  const message = decided.conflicts.length
    ? fill(MSG.fieldConflicts, { count: decided.conflicts.length })
    : MSG.productUpdated;
  return {
    ok: true,
    log: fields.length ? { subject: productSubject(title), predicate } : null,
    message,
  };
}
