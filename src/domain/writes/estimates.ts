import type { InvoiceLine, InvoiceTotals } from '../entities';
import { fieldChangeShape } from '../fieldChanges';
import { isId } from '../ids';
import { MSG, fill } from '../messages';
import { estimates } from '../model/billing';
import { numberRange } from '../model/fields';
import { formatUSD } from '../money';
import { estimateSchema, idField, idPayloadSchema, rowVersion, type EstimateInput } from '../schemas';
import type { TaxTerms } from '../tax';
import { computeInvoice } from '../totals';
import type { WriteCall } from './calls';
import type { LineProduct } from './lines';

/** the discount percent an estimate keeps: its model field's range */
const PERCENT = numberRange(estimates.fields.discount_percent);

/**
 * Estimates as catalogue writes (issue 17): the estimate row is built here once. A save is checked with its call's
 * schema (estimateSchema, the rule the editor's form applies too) on the device and by the server's route, so both
 * sides keep the names as the schema trims them and the whole profile (contact and email '' when not given); the
 * lines are priced per `estimateLine` from the product rows each side holds; the figures are the invoice rule without
 * payments.
 */
export const ESTIMATE_CALLS = {
  /** {profile, formData, productInvoice, serviceInvoice}; a device sends its id and number too */
  add: { method: 'POST', path: '/estimate', action: 'estimate.create', body: estimateSchema },
  edit: {
    method: 'PUT',
    path: '/estimate-details',
    action: 'estimate.edit',
    body: estimateSchema.shape({
      id: idField().required(MSG.invalidId),
      base_version: rowVersion(),
      // issue 14: the fields changed, each with the value it was based on (src/domain/billingFields.ts)
      ...fieldChangeShape,
    }),
  },
  remove: { method: 'DELETE', path: '/estimate', action: 'estimate.delete', body: idPayloadSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

export type PricedLine = { ok: true; line: InvoiceLine } | { ok: false; message: string; missing?: true };

/**
 * An estimate's line (estimates never touch stock): the product as it is now; a product deleted after it was put on
 * the estimate keeps its line as quoted; anything else is refused with what to do.
 */
export function estimateLine(
  sent: { id: string; qty: number },
  p: LineProduct | undefined,
  before: InvoiceLine | undefined,
): PricedLine {
  if (!isId(String(sent.id))) return { ok: false, message: fill(MSG.estimateLineNotProduct, { id: String(sent.id) }) };
  if (p && !p.deleted)
    return { ok: true, line: { id: p.id, title: p.title, description: p.description, price: p.price, qty: sent.qty } };
  if (before) return { ok: true, line: { ...before, qty: sent.qty } };
  if (p) return { ok: false, message: fill(MSG.estimateProductRemoved, { title: p.title }), missing: true };
  return { ok: false, message: fill(MSG.estimateNoProduct, { id: sent.id }), missing: true };
}

export interface EstimateRowPlan {
  row: {
    first_name: string;
    last_name: string;
    profile: EstimateInput['profile'];
    products: InvoiceLine[];
    services: string[];
    work_hour: number;
    rate_hour: number;
    discount: number;
    /** the discount percent asked for (issue 14: the field a save changes) */
    discount_percent: number;
    totals: Omit<InvoiceTotals, 'status'>;
    total: number;
  };
  log: string;
  message: string;
}

/**
 * The estimate row for a checked save and its priced lines; `number` is the new estimate's, or undefined on an edit.
 * `tax`: a new estimate's is the shop's (ShopSettings.tax), an edited one keeps what it was saved with (taxOf its
 * totals), so a Config change never rewrites a quote already given.
 */
export function planEstimate(
  v: EstimateInput,
  lines: InvoiceLine[],
  number: string | undefined,
  tax: TaxTerms,
): EstimateRowPlan {
  const { status: _status, ...totals } = computeInvoice({
    type: 'service',
    workHour: v.formData.work_hour,
    rateCents: v.formData.rate_hour,
    lines,
    discountPercent: v.discount,
    tax,
  });
  const { first_name, last_name } = v.profile;
  const row = {
    first_name,
    last_name,
    profile: v.profile,
    products: lines,
    services: v.serviceInvoice,
    work_hour: v.formData.work_hour,
    rate_hour: v.formData.rate_hour,
    discount: totals.discount,
    discount_percent: Math.min(PERCENT.max, Math.max(PERCENT.min, Number(v.discount) || 0)),
    totals,
    total: totals.total,
  };
  if (number === undefined) return { row, log: `changed: ${formatUSD(totals.total)}`, message: MSG.estimateSaved };
  return {
    row,
    log: `for ${first_name} ${last_name}: ${formatUSD(totals.total)}`,
    message: fill(MSG.estimateNumberSaved, { number }),
  };
}
