import { decideFields, type FieldConflict } from './fieldChanges';

/**
 * An invoice's or an estimate's save as field changes (issue 14), not a whole row refused when stale. The fields a
 * person edits on the editors: an invoice's work hours, rate per hour and lines; an estimate's customer details,
 * services, work hours, rate and lines. A line is its product and quantity (the price is the product's, set by
 * whoever prices the save), so two lists of lines are the same when they name the same products in the same
 * quantities. A save names only the fields the person changed, each with the value it was based on; the server
 * plans the save from what is there now with the fields whose base still holds, and answers the others as
 * conflicts. A save that changed nothing still goes: Save & Recal Charges re-prices what is there now.
 */

/** A line as a field value: which product, how many. */
export interface LineKey {
  id: string;
  qty: number;
}

export const lineKeys = (lines: readonly { id: string | number; qty: number | string }[]): LineKey[] =>
  lines.map((l) => ({ id: String(l.id), qty: Number(l.qty) }));

/** The field an item return waits under when the invoice changed since (issue 14): its value is the items returned. */
export const RETURN_FIELD = 'returned';

/**
 * The storage switch as one field (issue 14): the option and its days are one person's one act, so they are decided
 * and shown together — "on, 5 days" or "off".
 */
export const STORAGE_FIELD = 'storage';
export const storageValue = (option: string | null | undefined, days: number | null | undefined): string =>
  option === 'on' ? `on, ${Number(days ?? 0)} days` : 'off';
/**
 * The switch a storage value asks for: off, or on with its days — as shown ("on, 5 days") or as a person types it in
 * the decision list ("5"); null when it says neither.
 */
export function storageAsk(value: unknown): { on: boolean; days?: number } | null {
  const text = String(value).trim().toLowerCase();
  if (text === 'off') return { on: false };
  const m = /^(?:on, )?(\d+)(?: days?)?$/.exec(text);
  return m ? { on: true, days: Number(m[1]) } : null;
}

/** The fields of an invoice's save, as the row holds them. */
export const INVOICE_SAVE_FIELDS = ['work_hour', 'rate_hour', 'products'] as const;
/** The fields of an estimate's save, as the row holds them. */
export const ESTIMATE_SAVE_FIELDS = ['profile', 'services', 'work_hour', 'rate_hour', 'products', 'discount'] as const;

type Labour = { work_hour: number | string; rate_hour: number | string };
type Lines = { products: readonly { id: string | number; qty: number | string }[] };

export const invoiceFields = (row: Labour & Lines): Record<string, unknown> => ({
  work_hour: Number(row.work_hour),
  rate_hour: Number(row.rate_hour),
  products: lineKeys(row.products),
});

export interface EstimateProfileFields {
  first_name?: string;
  last_name?: string;
  contact?: string;
  email?: string;
}

/** The customer details of an estimate in one order, so both sides compare them alike. */
const profileOf = (p: EstimateProfileFields | null | undefined) => ({
  first_name: String(p?.first_name ?? ''),
  last_name: String(p?.last_name ?? ''),
  contact: String(p?.contact ?? ''),
  email: String(p?.email ?? ''),
});

/** The discount percent an estimate was saved with (0 for a row stored before estimates had the column). */
export const estimateDiscount = (row: { discount_percent?: number | null }): number =>
  Number(row.discount_percent ?? 0);

export const estimateFields = (
  row: Labour &
    Lines & { profile: EstimateProfileFields | null; services: readonly string[]; discount_percent?: number | null },
): Record<string, unknown> => ({
  profile: profileOf(row.profile),
  services: [...row.services],
  ...invoiceFields(row),
  discount: estimateDiscount(row),
});

/** An invoice save as sent: labour in formData, lines in productInvoice. */
export interface InvoiceSave {
  formData?: unknown;
  productInvoice: readonly (LineKey & { stock_seen?: number })[];
}

const formOf = (v: unknown): Partial<Record<'work_hour' | 'rate_hour', unknown>> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** The fields an invoice save names (those in its base), with the values it sends. */
export function invoiceChanges(sent: InvoiceSave, base: Record<string, unknown>): Record<string, unknown> {
  const form = formOf(sent.formData);
  const values: Record<string, unknown> = {
    work_hour: form.work_hour,
    rate_hour: form.rate_hour,
    products: lineKeys(sent.productInvoice),
  };
  return Object.fromEntries(INVOICE_SAVE_FIELDS.filter((f) => f in base).map((f) => [f, values[f]]));
}

export interface DecidedSave<S> {
  /** the save to plan: what is there now, with the fields that land */
  save: S;
  /** the fields that land */
  landed: string[];
  conflicts: FieldConflict[];
}

/**
 * An invoice save with its base values, decided against the invoice as it is now: labour and lines that land are the
 * sent ones (with the stock each line saw), the rest are the invoice's. `locked`: the invoice was paid since (SPEC
 * §4 locks a paid invoice), so nothing lands and every field sent waits for a decision.
 */
export function decideInvoiceSave(
  now: Labour & Lines,
  sent: InvoiceSave,
  base: Record<string, unknown>,
  locked: boolean,
): DecidedSave<InvoiceSave> {
  const current = invoiceFields(now);
  const { apply, conflicts } = decideFields(current, { changes: invoiceChanges(sent, base), base }, locked);
  const form = formOf(sent.formData);
  const landed = Object.keys(apply);
  const save: InvoiceSave = {
    formData: {
      work_hour: 'work_hour' in apply ? form.work_hour : current.work_hour,
      rate_hour: 'rate_hour' in apply ? form.rate_hour : current.rate_hour,
    },
    productInvoice: 'products' in apply ? sent.productInvoice : lineKeys(now.products),
  };
  return { save, landed, conflicts };
}

/** An estimate save as sent (estimateSchema's shape). */
export interface EstimateSave {
  profile: EstimateProfileFields;
  serviceInvoice: string[];
  formData: { work_hour: number; rate_hour: number };
  productInvoice: LineKey[];
  /** the discount percent */
  discount?: number;
}

/** The values of an estimate save, by field. */
const estimateValues = (sent: EstimateSave): Record<string, unknown> => ({
  profile: profileOf(sent.profile),
  services: sent.serviceInvoice,
  work_hour: sent.formData.work_hour,
  rate_hour: sent.formData.rate_hour,
  products: lineKeys(sent.productInvoice),
  discount: Number(sent.discount ?? 0),
});

/** The fields an estimate save names (those in its base), with the values it sends. */
export function estimateChanges(sent: EstimateSave, base: Record<string, unknown>): Record<string, unknown> {
  const values = estimateValues(sent);
  return Object.fromEntries(ESTIMATE_SAVE_FIELDS.filter((f) => f in base).map((f) => [f, values[f]]));
}

/** An estimate save with its base values, decided against the estimate as it is now (as `decideInvoiceSave`). */
export function decideEstimateSave<S extends EstimateSave>(
  now: Parameters<typeof estimateFields>[0],
  sent: S,
  base: Record<string, unknown>,
): DecidedSave<S> {
  const current = estimateFields(now);
  const values = estimateValues(sent);
  const changes = estimateChanges(sent, base);
  const { apply, conflicts } = decideFields(current, { changes, base });
  const pick = (f: string) => (f in apply ? values[f] : current[f]);
  const save: S = {
    ...sent,
    profile: { ...sent.profile, ...(pick('profile') as EstimateProfileFields) },
    serviceInvoice: pick('services') as string[],
    formData: { work_hour: Number(pick('work_hour')), rate_hour: Number(pick('rate_hour')) },
    productInvoice: pick('products') as LineKey[],
    discount: Number(pick('discount')),
  };
  return { save, landed: Object.keys(apply), conflicts };
}
