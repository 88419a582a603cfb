import { array, mixed, number, object, type InferType } from 'yup';
import { textMax } from '../model/fields';
import { normaliseMethod, type TransactionMethod } from '../entities';
import { MSG, fill } from '../messages';
import { DISCOUNT_CHOICES, MAX_RATE_CENTS } from '../totals';
import { idField } from './common';
import { estimates, invoices, transactions } from '../model/billing';
import { customers } from '../model/customers';
import {
  LIMITS,
  blankAsMissing,
  boundedText,
  cents,
  discountPercent,
  modelNumber,
  modelText,
  rowVersion,
  wholeNumber,
  wholeQty,
} from './fields';

/** A product line as sent by a form or device: the server prices it from its own rows. */
const line = object({
  id: boundedText('Item', LIMITS.short).required(MSG.invalidId),
  qty: wholeQty().default(1),
  title: boundedText('Title', LIMITS.title).optional(),
  price: cents('Price', fill(MSG.inventoryNumber, { field: 'Price' }), LIMITS.priceCents).optional(),
  /**
   * The stock the device saw when it checked this line (offline sales). The stock rule is applied where and when
   * the sale was made, so two offline sales of the last unit both land and stock goes below zero (DESIGN.md).
   */
  stock_seen: wholeNumber('Stock seen', -LIMITS.version, LIMITS.version).optional(),
});

/** SPEC §5: work hours 0 or more (at most the model's, what the 9-character input holds in whole hours). */
const workHours = () => modelNumber(invoices.fields.work_hour, MSG.enterWorkHours);
/** SPEC §5: rate 0 or more, at most 9,999,999,999 dollars (in cents here). */
const rate = () => cents('Rate', MSG.enterRate).max(MAX_RATE_CENTS, MSG.enterRate);

/**
 * Invoice save (SPEC §5): work hours and rate required unless the invoice is a product sale (then 0); numbers at
 * least 0; rate at most 9,999,999,999 dollars (in cents here).
 */
export function invoiceFormSchema(type: 'service' | 'product') {
  return object({
    work_hour:
      type === 'product' ? workHours().default(0) : workHours().transform(blankAsMissing).required(MSG.enterWorkHours),
    rate_hour: type === 'product' ? rate().default(0) : rate().transform(blankAsMissing).required(MSG.enterRate),
  });
}
export const productLinesSchema = array(line)
  .default([])
  .max(LIMITS.lines, fill(MSG.amountMax, { field: 'Lines', max: LIMITS.lines }));

const method = () =>
  mixed<TransactionMethod>()
    .transform((v) => normaliseMethod(v) ?? v)
    .test(
      'method',
      'Select a payment method',
      (v) => !!normaliseMethod(v) && v !== 'discount' && v !== 'redemption' && v !== 'refund',
    );

/** Payment (SPEC §5): value required, above 0; at most the amount due is checked against the invoice. */
export const paymentSchema = object({
  id: idField().optional(),
  number: boundedText('Number', LIMITS.short).optional(),
  invoice_id: idField().required(MSG.invalidId),
  method: method().required('Select a payment method'),
  amount: cents('Amount', MSG.invalidPayment)
    .transform(blankAsMissing)
    .required(MSG.needValue)
    .moreThan(0, MSG.invalidPayment),
  vin: boundedText('VIN', LIMITS.short).default(''),
  base_version: rowVersion(),
});

/** Discount (SPEC §5): one choice must be selected; `amount` carries the percentage, as SPEC's call does. */
export const discountSchema = object({
  id: idField().optional(),
  /** the receipt number the device gave its row (its own series); the server's series when absent */
  number: boundedText('Number', LIMITS.short).optional(),
  invoice_id: idField().required(MSG.invalidId),
  amount: number()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .typeError(MSG.chooseDiscount)
    .required(MSG.chooseDiscount)
    .oneOf([...DISCOUNT_CHOICES], MSG.chooseDiscount),
  method: boundedText('Method', LIMITS.short).default('discount'),
  vin: boundedText('VIN', LIMITS.short).default(''),
});

/** Points (SPEC §5): required, at least 1; not more than the customer's points is checked against the customer. */
export const pointsSchema = object({
  id: idField().optional(),
  /** the receipt number the device gave its row (its own series); the server's series when absent */
  number: boundedText('Number', LIMITS.short).optional(),
  invoice_id: idField().required(MSG.invalidId),
  points: number()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .typeError(MSG.invalidPoints)
    .required(MSG.invalidPoints)
    .integer(MSG.invalidPoints)
    .min(1, MSG.invalidPoints)
    .max(LIMITS.points, fill(MSG.amountMax, { field: 'Points', max: LIMITS.points })),
  method: boundedText('Method', LIMITS.short).default('redemption'),
  amount: cents('Amount', MSG.invalidPoints).optional(),
  vin: boundedText('VIN', LIMITS.short).default(''),
});

/**
 * An item return's comment: a reason, as short as a refund's (the model's transactions.reason); it is kept in the
 * invoice's log line, not a field of its own. The dialog's input reads it too.
 */
export const RETURN_COMMENT_MAX = textMax(transactions.fields.reason);

/** Item return (SPEC §5): a checked item with quantity up to the sold quantity and a comment stating the reason. */
export const itemReturnSchema = object({
  invoice_id: idField().required(MSG.invalidId),
  items: array(
    object({
      id: boundedText('Item', LIMITS.short).required(MSG.itemReturnInvalid),
      qty: wholeQty(MSG.itemReturnInvalid).required(MSG.itemReturnInvalid),
    }),
  )
    .required(MSG.itemReturnInvalid)
    .min(1, MSG.itemReturnInvalid)
    .max(LIMITS.lines, MSG.itemReturnInvalid),
  comment: boundedText('Comment', RETURN_COMMENT_MAX)
    .trim()
    .required(MSG.itemReturnInvalid)
    .min(1, MSG.itemReturnInvalid),
});

/** Estimate save (SPEC §5). */
export const estimateSchema = object({
  id: idField().optional(),
  number: boundedText('Number', LIMITS.short).optional(),
  profile: object({
    first_name: modelText('First name', estimates.fields.first_name)
      .trim()
      .required(MSG.enterFirstName)
      .min(1, MSG.enterFirstName),
    last_name: modelText('Last name', estimates.fields.last_name)
      .trim()
      .required(MSG.enterLastName)
      .min(1, MSG.enterLastName),
    // the customer's contact and e-mail, as the customer's fields bound them
    contact: modelText('Contact', customers.fields.contact).default(''),
    email: modelText('Email', customers.fields.email).default(''),
  }).required(MSG.enterFirstName),
  serviceInvoice: array(boundedText('Service', LIMITS.title).required())
    .required(MSG.selectAtLeastOneService)
    .min(1, MSG.selectAtLeastOneService)
    .max(LIMITS.services, fill(MSG.amountMax, { field: 'Services', max: LIMITS.services })),
  formData: object({
    work_hour: workHours().default(0),
    rate_hour: rate().default(0),
  }).default({ work_hour: 0, rate_hour: 0 }),
  productInvoice: productLinesSchema,
  discount: discountPercent(estimates.fields.discount_percent),
});
export type EstimateInput = InferType<typeof estimateSchema>;
