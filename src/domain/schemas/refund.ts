import { array, mixed, object } from 'yup';
import { PAYMENT_METHODS, type PaymentMethod } from '../entities';
import { MSG, fill } from '../messages';
import { idField } from './common';
import { transactions } from '../model/billing';
import { LIMITS, blankAsMissing, boundedText, cents, modelText, rowVersion, wholeQty } from './fields';

/**
 * A refund on a paid invoice (issue 18; beyond SPEC): an amount in cents above 0 (at most what was paid less what was
 * already refunded: the plan checks that against the invoice), the reason, and the items that come back, each at most
 * what is left of its line (the item return's rule), and how the money went back (a payment method; cash when not
 * said, as a refund queued before the field existed was). A device sends the id and receipt number it gave the row.
 */
export const refundSchema = object({
  id: idField().optional(),
  number: boundedText('Number', LIMITS.short).optional(),
  invoice_id: idField().required(MSG.invalidId),
  amount: cents('Amount', MSG.refundAmount, LIMITS.moneyCents)
    .transform(blankAsMissing)
    .required(MSG.refundAmount)
    .moreThan(0, MSG.refundAmount),
  reason: modelText('Reason', transactions.fields.reason).trim().required(MSG.refundReason),
  refund_method: mixed<PaymentMethod>()
    .oneOf(PAYMENT_METHODS, 'Select a payment method')
    .default('cash')
    .required('Select a payment method'),
  items: array(
    object({
      id: boundedText('Item', LIMITS.short).required(MSG.itemReturnInvalid),
      qty: wholeQty(MSG.itemReturnInvalid).required(MSG.itemReturnInvalid),
    }),
  )
    .default([])
    .max(LIMITS.lines, fill(MSG.amountMax, { field: 'Lines', max: LIMITS.lines })),
  vin: boundedText('VIN', LIMITS.short).default(''),
  base_version: rowVersion(),
});
