import { LIMITS } from '../schemas/fields';
import { bool, int, money, stamps, text, uuid } from './fields';
import { productKeys, supplierKeys, wordKeys } from './keys';
import { table } from './table';

export const products = table({
  name: 'products',
  level: 3,
  fields: {
    id: uuid().primaryKey(),
    title: text().max(LIMITS.title),
    description: text().max(LIMITS.text).default(''),
    price: money().default(0),
    cost: money().default(0),
    stock: int().default(0),
    low_stock: int().default(0),
    barcode: text().max(LIMITS.short).default(''),
    /** the supplier's id */
    supplier: uuid().nullable(),
    deleted: bool().default(false),
    ...stamps,
  },
  serverIndexes: [
    { name: 'products_barcode_idx', on: ['barcode'] },
    { name: 'products_title_idx', on: ['title'] },
  ],
  device: {
    counted: 'live',
    // the products tables page a live product through `[list_<column>+id]` and search its words (issue 13)
    indexes: [
      'barcode',
      'title_key',
      '[list_title+id]',
      '[list_description+id]',
      '[list_price+id]',
      '[list_stock+id]',
      '[list_low_stock+id]',
      '[list_cost+id]',
      '*word_keys',
    ],
    keys: productKeys,
  },
});

export const productPhotos = table({
  name: 'product_photos',
  level: 3,
  fields: {
    id: uuid().primaryKey(),
    product_id: uuid(),
    src: text(),
    thumbnail: text(),
    // as a service photo's: for GET /photo/:id/:size only
    mime: text().serverOnly(),
    size: int().serverOnly(),
    ...stamps,
  },
  serverIndexes: [{ name: 'product_photos_product_idx', on: ['product_id'] }],
  device: { indexes: ['product_id'] },
});

export const suppliers = table({
  name: 'suppliers',
  level: 5,
  fields: {
    id: uuid().primaryKey(),
    bizname: text().max(LIMITS.title),
    email: text().max(LIMITS.title).default(''),
    address: text().max(LIMITS.note).default(''),
    contact: text().max(LIMITS.phone).default(''),
    deleted: bool().default(false),
    ...stamps,
  },
  device: {
    counted: 'live',
    // Suppliers pages a live supplier through `[list_<column>+id]` and searches its name's words (issue 13)
    indexes: [
      'bizname',
      '[list_bizname+id]',
      '[list_email+id]',
      '[list_address+id]',
      '[list_contact+id]',
      '*word_keys',
    ],
    keys: supplierKeys,
  },
});

/** Every stock movement: a receipt, a sale, a return, a correction (amount signed). */
export const inventoryLog = table({
  name: 'inventory_log',
  level: 5,
  fields: {
    id: uuid().primaryKey(),
    product_id: uuid(),
    amount: int(),
    reason: text().default(''),
    ref: text().default(''),
    username: text().default(''),
    ...stamps,
  },
  serverIndexes: [{ name: 'inventory_log_product_idx', on: ['product_id', 'created_at'] }],
  device: {
    counted: 'all',
    // the Inventory Log pages newest first through `[created_at+id]` and searches the reason and reference's words
    indexes: ['[product_id+created_at]', '[created_at+id]', '[amount+id]', '*word_keys'],
    keys: (l) => ({ word_keys: wordKeys(l.reason, l.ref) }),
  },
});
