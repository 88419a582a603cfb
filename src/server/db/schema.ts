import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one schema of BayBook, for PGlite and PostgreSQL alike (migrations are generated from it by drizzle-kit).
 * Money is integer cents in bigint columns read as JS numbers (safe to 2^53 cents). Times are timestamptz.
 * Every synced table has `updated_at` and `version` so the pull can ship whole rows and edits can be checked
 * against the version they were based on.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });
const stamps = {
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
};

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  username: text('username').notNull(),
  permission: integer('permission').notNull(),
  password_hash: text('password_hash').notNull(),
  deleted: boolean('deleted').notNull().default(false),
  ...stamps,
}, (t) => [uniqueIndex('users_username_uq').on(t.username)]);

export const devices = pgTable('devices', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull(),
  username: text('username').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
  last_seen_at: ts('last_seen_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('devices_code_uq').on(t.code)]);

/** Server-side number series (for rows created through the API without a device number). */
export const numberSeries = pgTable('number_series', {
  name: text('name').primaryKey(),
  last: integer('last').notNull().default(0),
});

export const customers = pgTable('customers', {
  id: uuid('id').primaryKey(),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  vin: text('vin').notNull(),
  registration: text('registration').notNull(),
  /** upper-cased registration without spaces: the key lookups use */
  registration_key: text('registration_key').notNull(),
  email: text('email').notNull().default(''),
  contact: text('contact').notNull().default(''),
  current_points: integer('current_points').notNull().default(0),
  discount: integer('discount').notNull().default(0),
  note: text('note').notNull().default(''),
  active: integer('active').notNull().default(1),
  ...stamps,
}, (t) => [
  index('customers_vin_idx').on(t.vin),
  index('customers_reg_idx').on(t.registration_key),
  index('customers_contact_idx').on(t.contact),
]);

export const services = pgTable('services', {
  id: uuid('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  ...stamps,
}, (t) => [uniqueIndex('services_title_uq').on(t.title)]);

export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey(),
  number: text('number').notNull(),
  customer_id: uuid('customer_id'),
  vin: text('vin').notNull().default(''),
  registration: text('registration').notNull().default(''),
  first_name: text('first_name').notNull().default(''),
  last_name: text('last_name').notNull().default(''),
  contact: text('contact').notNull().default(''),
  email: text('email').notNull().default('none'),
  mileage: integer('mileage').notNull().default(0),
  service: jsonb('service').$type<string[]>().notNull().default([]),
  status: text('status').notNull(),
  book_start: ts('book_start'),
  book_end: ts('book_end'),
  start: ts('start'),
  active_at: ts('active_at'),
  complete_at: ts('complete_at'),
  technician: text('technician').notNull().default(''),
  customer_note: text('customer_note').notNull().default(''),
  service_note: text('service_note').notNull().default(''),
  comment: text('comment').notNull().default(''),
  invoice: jsonb('invoice').$type<string[]>().notNull().default([]),
  type: text('type').notNull().default('service'),
  created_by: text('created_by').notNull().default(''),
  ...stamps,
}, (t) => [
  uniqueIndex('jobs_number_uq').on(t.number),
  index('jobs_status_idx').on(t.status, t.created_at),
  index('jobs_vin_idx').on(t.vin),
  index('jobs_customer_idx').on(t.customer_id),
]);

export const servicePhotos = pgTable('service_photos', {
  id: uuid('id').primaryKey(),
  job_id: uuid('job_id').notNull(),
  src: text('src').notNull(),
  thumbnail: text('thumbnail').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  ...stamps,
}, (t) => [index('service_photos_job_idx').on(t.job_id)]);

export const serviceLog = pgTable('service_log', {
  id: uuid('id').primaryKey(),
  job_id: uuid('job_id').notNull(),
  message: text('message').notNull(),
  username: text('username').notNull().default(''),
  ...stamps,
}, (t) => [index('service_log_job_idx').on(t.job_id)]);

export const suppliers = pgTable('suppliers', {
  id: uuid('id').primaryKey(),
  bizname: text('bizname').notNull(),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  contact: text('contact').notNull().default(''),
  deleted: boolean('deleted').notNull().default(false),
  ...stamps,
});

export const products = pgTable('products', {
  id: uuid('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  price: money('price').notNull().default(0),
  cost: money('cost').notNull().default(0),
  stock: integer('stock').notNull().default(0),
  low_stock: integer('low_stock').notNull().default(0),
  barcode: text('barcode').notNull().default(''),
  supplier: uuid('supplier'),
  deleted: boolean('deleted').notNull().default(false),
  ...stamps,
}, (t) => [index('products_barcode_idx').on(t.barcode), index('products_title_idx').on(t.title)]);

export const productPhotos = pgTable('product_photos', {
  id: uuid('id').primaryKey(),
  product_id: uuid('product_id').notNull(),
  src: text('src').notNull(),
  thumbnail: text('thumbnail').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  ...stamps,
}, (t) => [index('product_photos_product_idx').on(t.product_id)]);

export const inventoryLog = pgTable('inventory_log', {
  id: uuid('id').primaryKey(),
  product_id: uuid('product_id').notNull(),
  amount: integer('amount').notNull(),
  reason: text('reason').notNull().default(''),
  ref: text('ref').notNull().default(''),
  username: text('username').notNull().default(''),
  ...stamps,
}, (t) => [index('inventory_log_product_idx').on(t.product_id, t.created_at)]);

export const invoices = pgTable('invoices', {
  id: uuid('id').primaryKey(),
  number: text('number').notNull(),
  request_id: uuid('request_id'),
  customer_id: uuid('customer_id'),
  first_name: text('first_name').notNull().default(''),
  last_name: text('last_name').notNull().default(''),
  registration: text('registration').notNull().default(''),
  vin: text('vin').notNull().default(''),
  /** amount due */
  total: money('total').notNull().default(0),
  /** amount paid */
  payment: money('payment').notNull().default(0),
  /** discount as money */
  discount: money('discount').notNull().default(0),
  discount_percent: integer('discount_percent').notNull().default(0),
  points_value: money('points_value').notNull().default(0),
  work_hour: doublePrecision('work_hour').notNull().default(0),
  rate_hour: money('rate_hour').notNull().default(0),
  products: jsonb('products').$type<unknown[]>().notNull().default([]),
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  totals: jsonb('totals').$type<Record<string, unknown>>().notNull().default({}),
  token: text('token').notNull().default(''),
  storage: text('storage').notNull().default('off'),
  storage_days: integer('storage_days').notNull().default(0),
  invoice_status: text('invoice_status').notNull().default('open'),
  type: text('type').notNull().default('service'),
  created_by: text('created_by').notNull().default(''),
  ...stamps,
}, (t) => [
  uniqueIndex('invoices_number_uq').on(t.number),
  index('invoices_request_idx').on(t.request_id),
  index('invoices_created_idx').on(t.created_at),
]);

export const estimates = pgTable('estimates', {
  id: uuid('id').primaryKey(),
  number: text('number').notNull(),
  first_name: text('first_name').notNull().default(''),
  last_name: text('last_name').notNull().default(''),
  total: money('total').notNull().default(0),
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  products: jsonb('products').$type<unknown[]>().notNull().default([]),
  services: jsonb('services').$type<unknown[]>().notNull().default([]),
  work_hour: doublePrecision('work_hour').notNull().default(0),
  rate_hour: money('rate_hour').notNull().default(0),
  discount: money('discount').notNull().default(0),
  totals: jsonb('totals').$type<Record<string, unknown>>().notNull().default({}),
  created_by: text('created_by').notNull().default(''),
  ...stamps,
}, (t) => [uniqueIndex('estimates_number_uq').on(t.number)]);

export const transactions = pgTable('transactions', {
  id: uuid('id').primaryKey(),
  number: text('number').notNull(),
  amount: money('amount').notNull(),
  method: text('method').notNull(),
  invoice_id: uuid('invoice_id').notNull(),
  point: integer('point').notNull().default(0),
  username: text('username').notNull().default(''),
  deleted: boolean('deleted').notNull().default(false),
  ...stamps,
}, (t) => [
  uniqueIndex('transactions_number_uq').on(t.number),
  index('transactions_invoice_idx').on(t.invoice_id),
  index('transactions_created_idx').on(t.created_at),
]);

export const sysLog = pgTable('sys_log', {
  id: uuid('id').primaryKey(),
  category: text('category').notNull(),
  subject: text('subject').notNull(),
  predicate: text('predicate').notNull(),
  username: text('username').notNull().default(''),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [index('sys_log_category_idx').on(t.category, t.created_at)]);

export const config = pgTable('config', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  amount: doublePrecision('amount'),
  ...stamps,
}, (t) => [uniqueIndex('config_name_uq').on(t.name)]);

/**
 * The pull feed. `seq` is handed out under a transaction-level advisory lock taken at the end of each writing
 * transaction, so seq order is commit order and a cursor never skips a row that commits late (DESIGN.md).
 */
export const changeLog = pgTable('change_log', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  entity: text('entity').notNull(),
  row_id: uuid('row_id').notNull(),
  op: text('op').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
}, (t) => [
  // a device catching up on the tables a higher level may see reads one table's changes in seq order
  index('change_log_entity_seq_idx').on(t.entity, t.seq),
]);

/** Idempotency-Key → the first response, written in the same transaction as the mutation it answers. */
export const idempotency = pgTable('idempotency', {
  key: text('key').primaryKey(),
  username: text('username').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  request_hash: text('request_hash').notNull(),
  status: integer('status').notNull(),
  response: jsonb('response').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** Failed sign-ins, per username and per address, for the login rate limit (kept in the database so several
 * stateless server instances share it). */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_start: ts('window_start').notNull().defaultNow(),
  /** no sign-in is tried for this key before this time (the backoff after too many failures) */
  blocked_until: ts('blocked_until'),
});

export const blobs = pgTable('blobs', {
  id: text('id').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
