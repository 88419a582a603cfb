import type { InvoiceLine, PaymentMethod } from '../entities';
import type { Cents } from '../money';
import { LIMITS } from '../schemas/fields';
import { bool, int, json, money, real, stamps, text, time, uuid } from './fields';
import { invoiceKeys, nameKey, numberKey } from './keys';
import { table } from './table';

export const invoices = table({
  name: 'invoices',
  level: 3,
  fields: {
    id: uuid().primaryKey(),
    number: text(),
    /** the job it was raised on */
    request_id: uuid().nullable(),
    customer_id: uuid().nullable(),
    first_name: text().default(''),
    last_name: text().default(''),
    registration: text().default(''),
    vin: text().default(''),
    /** amount due */
    total: money().default(0),
    /** amount paid */
    payment: money().default(0),
    /** discount as money */
    discount: money().default(0),
    discount_percent: int().range(0, LIMITS.percent).default(0),
    points_value: money().default(0),
    work_hour: real().range(0, LIMITS.workHours).default(0),
    rate_hour: money().default(0),
    products: json<InvoiceLine[]>().default([]),
    profile: json<Record<string, unknown>>().default({}),
    totals: json<Record<string, unknown>>().default({}),
    // a link token from the first schema: nothing writes or reads it, and a link token is not for every device to hold
    token: text().default('').serverOnly(),
    storage: text().default('off'),
    /** 0 while the vehicle is not in storage; a write that puts it there gives 1 or more */
    storage_days: int().range(0, LIMITS.storageDays).default(0),
    invoice_status: text().default('open'),
    type: text().default('service'),
    created_by: text().default(''),
    ...stamps,
  },
  serverIndexes: [
    { name: 'invoices_number_uq', on: ['number'], unique: true },
    { name: 'invoices_request_idx', on: ['request_id'] },
    { name: 'invoices_created_idx', on: ['created_at'] },
  ],
  device: {
    counted: 'all',
    // keyset paging reads `[<sort key>+id]` for each column the Invoices table sorts by; the Due and Paid filters
    // and the summary cards read `[is_due+updated_at]` (issue 13)
    indexes: [
      'request_id',
      '[created_at+id]',
      '[number+id]',
      '[number_key+id]',
      '[name_key+id]',
      '[first_key+id]',
      '[registration_key+id]',
      '[vin_key+id]',
      '[vin_end_key+id]',
      '[charged+id]',
      '[discount+id]',
      '[payment+id]',
      '[total+id]',
      '[is_due+updated_at]',
    ],
    keys: invoiceKeys,
  },
});

/** Who an estimate is for: a name at least, the contact and e-mail when given. */
export interface EstimateProfile {
  first_name: string;
  last_name: string;
  contact?: string;
  email?: string;
}

export const estimates = table({
  name: 'estimates',
  level: 3,
  fields: {
    id: uuid().primaryKey(),
    number: text(),
    first_name: text().max(LIMITS.name).default(''),
    last_name: text().max(LIMITS.name).default(''),
    total: money().default(0),
    profile: json<EstimateProfile>().default({}),
    products: json<InvoiceLine[]>().default([]),
    services: json<string[]>().default([]),
    work_hour: real().range(0, LIMITS.workHours).default(0),
    rate_hour: money().default(0),
    /** discount as money */
    discount: money().default(0),
    /** the discount percent asked for (the field a save changes, issue 14); migration 0012 took it out of totals */
    discount_percent: int().range(0, LIMITS.percent).default(0),
    totals: json<Record<string, unknown>>().default({}),
    created_by: text().default(''),
    ...stamps,
  },
  serverIndexes: [{ name: 'estimates_number_uq', on: ['number'], unique: true }],
  device: {
    counted: 'all',
    indexes: ['[created_at+id]', '[number+id]', '[number_key+id]', '[name_key+id]', '[first_key+id]', '[total+id]'],
    keys: (e) => ({
      number_key: numberKey(e.number),
      name_key: nameKey(e.last_name, e.first_name),
      first_key: nameKey(e.first_name, e.last_name),
    }),
  },
});

/** A payment, a discount or a points redemption on an invoice (SPEC §9's chips); `point` is the points it earned. */
export const transactions = table({
  name: 'transactions',
  level: 5,
  fields: {
    id: uuid().primaryKey(),
    number: text(),
    amount: money(),
    method: text(),
    invoice_id: uuid(),
    point: int().default(0),
    username: text().default(''),
    deleted: bool().default(false),
    /** a refund's reason (issue 18), shown on the invoice and its receipt; '' on payments */
    reason: text().max(LIMITS.note).default(''),
    /** how a refund's money went back (a payment method: cash, debit_card …), which the cash-up takes off that
     *  method's takings; '' on payments */
    refund_method: text().default(''),
    ...stamps,
  },
  serverIndexes: [
    { name: 'transactions_number_uq', on: ['number'], unique: true },
    { name: 'transactions_invoice_idx', on: ['invoice_id'] },
    { name: 'transactions_created_idx', on: ['created_at'] },
  ],
  device: {
    counted: 'all',
    indexes: [
      'invoice_id',
      '[created_at+id]',
      '[number+id]',
      '[number_key+id]',
      '[amount+id]',
      '[method+id]',
      '[point+id]',
    ],
    keys: (t) => ({ number_key: numberKey(t.number) }),
  },
});

/**
 * The cash-up at closing (issue 18): a shop day's takings by payment method as the transactions say, the cash
 * counted in the drawer, and the difference. One a day per till — 'shop', or a device's code when the config sheet's
 * cashup_scope is 'device' (the server's unique index keeps it so). Written once, never edited.
 */
export const cashups = table({
  name: 'cashups',
  level: 5,
  fields: {
    id: uuid().primaryKey(),
    /** the shop day, 'YYYY-MM-DD' in the shop's time zone */
    day: text(),
    /** whose drawer: 'shop', or the code of the device whose payments it counts */
    till: text(),
    /** the device that made it ('S' through the API) */
    device: text().default('S'),
    /** cents by payment method (cash, debit_card, credit_card, online, cheque): the day's payments, not reversed,
     *  less the refunds paid out by that method */
    expected: json<Record<PaymentMethod, Cents>>().default({}),
    /** how many payments `expected` sums */
    payments: int().default(0),
    /** the refunds paid out that day by method (issue 18): how many and the cents that went back, which `expected`
     *  is already net of; {} on a cash-up made before they were kept */
    refunds: json<Partial<Record<PaymentMethod, { count: number; cents: Cents }>>>().default({}),
    counted_cash: money(),
    /** counted cash less expected cash: negative when the drawer is short */
    difference: money(),
    note: text().max(LIMITS.note).default(''),
    closed_by: text().default(''),
    closed_at: time(),
    ...stamps,
  },
  serverIndexes: [{ name: 'cashups_day_till_uq', on: ['day', 'till'], unique: true }],
  device: { indexes: ['[day+till]', 'day', 'closed_at'] },
});
