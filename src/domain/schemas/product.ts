import { boolean, object, type InferType } from 'yup';
import { MSG, fill } from '../messages';
import { idField } from './common';
import { products, suppliers } from '../model/stock';
import { LIMITS, blankAsMissing, cents, modelText, wholeNumber } from './fields';

/**
 * Money on the wire is integer cents (docs/DECISIONS.md): the forms convert what staff type (dollars) with
 * src/domain/money.ts before building a payload. Every field is bounded (src/domain/schemas/fields.ts).
 */
const price = (field: string, invalid: string) => cents(field, invalid, LIMITS.priceCents);
const required = (field: string) => fill(MSG.inventoryFieldRequired, { field });
const lowStock = () =>
  wholeNumber('Low stock', 0, LIMITS.stock, fill(MSG.inventoryNumber, { field: 'Low stock' })).min(
    0,
    fill(MSG.inventoryNumber, { field: 'Low stock' }),
  );
const title = () => modelText('Title', products.fields.title).trim();
const description = () => modelText('Description', products.fields.description).trim();
const barcode = () => modelText('Barcode', products.fields.barcode).trim();
const cost = () => price('Cost', fill(MSG.inventoryNumber, { field: 'Cost' }));

/** The simple form's fields as it checks them, less `required` (an edit with base names only some: issue 14). */
export const simpleProductFields = {
  title: () => title().min(1, MSG.titleMin),
  description: () => description().min(1, MSG.descriptionMin),
  price: () => price('Price', MSG.priceMin).transform(blankAsMissing),
};

/** Add Product, the simple form (SPEC §5). */
export const simpleProductSchema = object({
  id: idField().optional(),
  title: simpleProductFields.title().required(MSG.titleMin),
  description: simpleProductFields.description().required(MSG.descriptionMin),
  price: simpleProductFields.price().required(MSG.priceMin),
});
export const simpleProductEditSchema = simpleProductSchema.shape({ id: idField().required(MSG.invalidId) });

/** Inventory product (SPEC §5): title, description, stock, low_stock and price required; the rest optional. */
export const inventoryProductSchema = object({
  id: idField().optional(),
  title: title().required(required('Title')),
  description: description().required(required('Description')),
  stock: wholeNumber('Stock', -LIMITS.stock, LIMITS.stock, fill(MSG.inventoryNumber, { field: 'Stock' }))
    .transform(blankAsMissing)
    .required(required('Stock')),
  low_stock: lowStock().transform(blankAsMissing).required(required('Low stock')),
  // a missing price is 'Price is required' (it read 'Price must be a number'); text or a fraction of a cent is not a number
  price: price('Price', fill(MSG.inventoryNumber, { field: 'Price' }))
    .transform(blankAsMissing)
    .required(required('Price')),
  cost: cost().default(0),
  supplier: idField().nullable().default(null),
  barcode: barcode().default(''),
});
export type InventoryProductInput = InferType<typeof inventoryProductSchema>;

/** A field an edit may leave out, but not empty: SPEC §5 requires it (the same 'X is required' as on add). */
const keptText = (field: string, text: ReturnType<typeof title>) =>
  text.nonNullable(required(field)).min(1, required(field)).optional();

/**
 * Edit, or with receival:true receive stock: the amount is added (SPEC §4), never set. A field left out is kept; the
 * required ones (title, description, low stock, price) cannot be emptied.
 */
export const inventoryEditSchema = object({
  id: idField().required(MSG.invalidId),
  receival: boolean().default(false),
  // only a receipt carries an amount, and it adds to stock (the route says so when it is missing)
  amount: wholeNumber('Amount', 1, LIMITS.stock, fill(MSG.inventoryNumber, { field: 'Amount' })).optional(),
  title: keptText('Title', title()),
  description: keptText('Description', description()),
  low_stock: lowStock().nonNullable(required('Low stock')).optional(),
  price: price('Price', fill(MSG.inventoryNumber, { field: 'Price' }))
    .nonNullable(required('Price'))
    .optional(),
  cost: cost().optional(),
  supplier: idField().nullable().optional(),
  barcode: barcode().optional(),
});

export const supplierSchema = object({
  id: idField().optional(),
  bizname: modelText('Business name', suppliers.fields.bizname)
    .trim()
    .required(MSG.supplierNameRequired)
    .min(1, MSG.supplierNameRequired),
  email: modelText('Email', suppliers.fields.email).trim().default(''),
  address: modelText('Address', suppliers.fields.address).trim().default(''),
  contact: modelText('Contact', suppliers.fields.contact).trim().default(''),
});
export const supplierEditSchema = supplierSchema.shape({ id: idField().required(MSG.invalidId) });

/** Product search needs 3 or more typed characters (SPEC §5). */
export const PRODUCT_SEARCH_MIN = 3;
/** Inventory receive search starts once the typed length is a multiple of 3 (SPEC §5). */
export const receiveSearchStarts = (typed: string) => typed.length > 0 && typed.length % 3 === 0;
