import { boolean, number, object, string, type InferType } from 'yup';
import { MSG, fill } from '../messages';
import { idField } from './common';

/**
 * Money on the wire is integer cents (docs/DECISIONS.md): the forms convert what staff type (dollars) with
 * src/domain/money.ts before building a payload.
 */
const cents = (required: string) =>
  number().transform((v, orig) => (orig === '' || orig === null ? undefined : v)).typeError(required).required(required).integer(required).min(0, required);
const whole = (field: string) =>
  number()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .typeError(fill(MSG.inventoryNumber, { field }))
    .required(fill(MSG.inventoryFieldRequired, { field }))
    .integer(fill(MSG.inventoryNumber, { field }));

/** Add Product, the simple form (SPEC §5). */
export const simpleProductSchema = object({
  id: idField().optional(),
  title: string().trim().required(MSG.titleMin).min(1, MSG.titleMin).max(200),
  description: string().trim().required(MSG.descriptionMin).min(1, MSG.descriptionMin).max(2000),
  price: cents(MSG.priceMin),
});
export const simpleProductEditSchema = simpleProductSchema.shape({ id: idField().required(MSG.invalidId) });

/** Inventory product (SPEC §5): title, description, stock, low_stock and price required; the rest optional. */
export const inventoryProductSchema = object({
  id: idField().optional(),
  title: string().trim().required(fill(MSG.inventoryFieldRequired, { field: 'Title' })).max(200),
  description: string().trim().required(fill(MSG.inventoryFieldRequired, { field: 'Description' })).max(2000),
  stock: whole('Stock'),
  low_stock: whole('Low stock').min(0, fill(MSG.inventoryNumber, { field: 'Low stock' })),
  // a missing price is 'Price is required' (it read 'Price must be a number'); text or a fraction of a cent is not a number
  price: whole('Price').min(0, fill(MSG.inventoryNumber, { field: 'Price' })),
  cost: number().typeError(fill(MSG.inventoryNumber, { field: 'Cost' })).integer().min(0).default(0),
  supplier: idField().nullable().default(null),
  barcode: string().trim().max(64).default(''),
});
export type InventoryProductInput = InferType<typeof inventoryProductSchema>;

/** A field an edit may leave out, but not empty: SPEC §5 requires it (the same 'X is required' as on add). */
const keptText = (field: string, max: number) => {
  const required = fill(MSG.inventoryFieldRequired, { field });
  return string().trim().nonNullable(required).min(1, required).max(max).optional();
};
const keptWhole = (field: string) =>
  number()
    .typeError(fill(MSG.inventoryNumber, { field }))
    .nonNullable(fill(MSG.inventoryFieldRequired, { field }))
    .integer(fill(MSG.inventoryNumber, { field }))
    .min(0, fill(MSG.inventoryNumber, { field }))
    .optional();

/**
 * Edit, or with receival:true receive stock: the amount is added (SPEC §4), never set. A field left out is kept; the
 * required ones (title, description, low stock, price) cannot be emptied.
 */
export const inventoryEditSchema = object({
  id: idField().required(MSG.invalidId),
  receival: boolean().default(false),
  amount: number().typeError(fill(MSG.inventoryNumber, { field: 'Amount' })).integer(fill(MSG.inventoryNumber, { field: 'Amount' })).optional(),
  title: keptText('Title', 200),
  description: keptText('Description', 2000),
  low_stock: keptWhole('Low stock'),
  price: keptWhole('Price'),
  cost: number().typeError(fill(MSG.inventoryNumber, { field: 'Cost' })).integer().min(0).optional(),
  supplier: idField().nullable().optional(),
  barcode: string().trim().max(64).optional(),
});

export const supplierSchema = object({
  id: idField().optional(),
  bizname: string().trim().required(MSG.supplierNameRequired).min(1, MSG.supplierNameRequired).max(200),
  email: string().trim().max(200).default(''),
  address: string().trim().max(500).default(''),
  contact: string().trim().max(40).default(''),
});
export const supplierEditSchema = supplierSchema.shape({ id: idField().required(MSG.invalidId) });

/** Product search needs 3 or more typed characters (SPEC §5). */
export const PRODUCT_SEARCH_MIN = 3;
/** Inventory receive search starts once the typed length is a multiple of 3 (SPEC §5). */
export const receiveSearchStarts = (typed: string) => typed.length > 0 && typed.length % 3 === 0;
