import { array, mixed, number, object, string, type InferType } from 'yup';
import { normaliseMethod, type TransactionMethod } from '../entities';
import { MSG } from '../messages';
import { DISCOUNT_CHOICES, MAX_RATE_CENTS } from '../totals';
import { idField } from './common';

/** A product line as sent by a form or device: the server prices it from its own rows. */
const line = object({
  id: string().required(),
  qty: number().typeError('Invalid quantity').default(1),
  title: string().optional(),
  price: number().optional(),
  /**
   * The stock the device saw when it checked this line (offline sales). The stock rule is applied where and when
   * the sale was made, so two offline sales of the last unit both land and stock goes below zero (DESIGN.md).
   */
  stock_seen: number().integer().optional(),
});

const nonNegative = (required: string) =>
  number()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .typeError(required)
    .required(required)
    .min(0, required);

/**
 * Invoice save (SPEC §5): work hours and rate required unless the invoice is a product sale (then 0); numbers at
 * least 0; rate at most 9,999,999,999 dollars (in cents here).
 */
export function invoiceFormSchema(type: 'service' | 'product') {
  return object({
    work_hour: type === 'product' ? number().default(0) : nonNegative(MSG.enterWorkHours).max(9999, MSG.enterWorkHours),
    rate_hour: type === 'product' ? number().default(0) : nonNegative(MSG.enterRate).integer(MSG.enterRate).max(MAX_RATE_CENTS, MSG.enterRate),
  });
}
export const productLinesSchema = array(line).default([]).max(500);
export type LineInput = InferType<typeof line>;

const method = () =>
  mixed<TransactionMethod>()
    .transform((v) => normaliseMethod(v) ?? v)
    .test('method', 'Select a payment method', (v) => !!normaliseMethod(v) && v !== 'discount' && v !== 'redemption');

/** Payment (SPEC §5): value required, above 0; at most the amount due is checked against the invoice. */
export const paymentSchema = object({
  id: idField().optional(),
  number: string().optional(),
  invoice_id: idField().required(MSG.invalidId),
  method: method().required('Select a payment method'),
  amount: number()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .typeError(MSG.invalidPayment)
    .required(MSG.needValue)
    .integer(MSG.invalidPayment)
    .moreThan(0, MSG.invalidPayment),
  vin: string().default(''),
  base_version: number().integer().optional(),
});
export type PaymentInput = InferType<typeof paymentSchema>;

/** Discount (SPEC §5): one choice must be selected; `amount` carries the percentage, as SPEC's call does. */
export const discountSchema = object({
  id: idField().optional(),
  invoice_id: idField().required(MSG.invalidId),
  amount: number()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .typeError(MSG.chooseDiscount)
    .required(MSG.chooseDiscount)
    .oneOf([...DISCOUNT_CHOICES], MSG.chooseDiscount),
  method: string().default('discount'),
  vin: string().default(''),
});

/** Points (SPEC §5): required, at least 1; not more than the customer's points is checked against the customer. */
export const pointsSchema = object({
  id: idField().optional(),
  invoice_id: idField().required(MSG.invalidId),
  points: number()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .typeError(MSG.invalidPoints)
    .required(MSG.invalidPoints)
    .integer(MSG.invalidPoints)
    .min(1, MSG.invalidPoints),
  method: string().default('redemption'),
  amount: number().optional(),
  vin: string().default(''),
});

/** Item return (SPEC §5): a checked item with quantity up to the sold quantity and a comment stating the reason. */
export const itemReturnSchema = object({
  invoice_id: idField().required(MSG.invalidId),
  items: array(object({ id: string().required(MSG.itemReturnInvalid), qty: number().typeError(MSG.itemReturnInvalid).integer(MSG.itemReturnInvalid).min(1, MSG.itemReturnInvalid).required(MSG.itemReturnInvalid) }))
    .required(MSG.itemReturnInvalid)
    .min(1, MSG.itemReturnInvalid),
  comment: string().trim().required(MSG.itemReturnInvalid).min(1, MSG.itemReturnInvalid).max(1000),
});

/** Estimate save (SPEC §5). */
export const estimateSchema = object({
  id: idField().optional(),
  number: string().optional(),
  profile: object({
    first_name: string().trim().required(MSG.enterFirstName).min(1, MSG.enterFirstName),
    last_name: string().trim().required(MSG.enterLastName).min(1, MSG.enterLastName),
    contact: string().default(''),
    email: string().default(''),
  }).required(MSG.enterFirstName),
  serviceInvoice: array(string().required()).required(MSG.selectAtLeastOneService).min(1, MSG.selectAtLeastOneService),
  formData: object({
    work_hour: number().typeError(MSG.enterWorkHours).min(0, MSG.enterWorkHours).default(0),
    rate_hour: number().typeError(MSG.enterRate).integer(MSG.enterRate).min(0, MSG.enterRate).max(MAX_RATE_CENTS, MSG.enterRate).default(0),
  }).default({ work_hour: 0, rate_hour: 0 }),
  productInvoice: productLinesSchema,
  discount: number().min(0).max(100).default(0),
});
export type EstimateInput = InferType<typeof estimateSchema>;
