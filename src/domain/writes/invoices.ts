import { ValidationError, mixed, number, object, string } from 'yup';
import type { ShopSettings } from '../configSheet';
import type { InvoiceLine } from '../entities';
import { fieldChangeShape } from '../fieldChanges';
import type { DeviceRow } from '../model';
import { invoices as invoiceTable } from '../model/billing';
import { numberRange } from '../model/fields';
import { canGenerateInvoice, displayJobNumber } from '../jobs';
import { MSG, fill } from '../messages';
import { formatUSD } from '../money';
import {
  LIMITS,
  boundedText,
  idField,
  idPayloadSchema,
  invoiceFormSchema,
  itemReturnSchema,
  productLinesSchema,
  rowVersion,
} from '../schemas';
import { taxSnapshot } from '../tax';
import { checkInvoiceSave, invoiceFigures } from '../totals';
import type { WriteCall } from './calls';

/**
 * Raising an invoice (a job's, or a product sale) as a catalogue write (issue 17): the invoice row is built here
 * once, from the job or customer it is for, so the device's row and the server's row are the same row — the same
 * customer profile, the same names, the same figures. Prices come from the caller: the device's product rows, or
 * the server's (src/server/invoices/ledger.ts priceLines, which never trusts a client's prices).
 */
/**
 * A new invoice's call: the job or customer (`fetchedData`, SPEC's name; a sale without a customer 'default'), the
 * work (`formData`, checked by the plan as the invoice's type takes it) and the lines; a device sends the id and
 * number it gave the invoice, and its figures.
 */
const newInvoiceBody = object({
  id: idField().optional(),
  number: boundedText('Number', LIMITS.short).optional(),
  fetchedData: mixed().optional(),
  formData: mixed().optional(),
  productInvoice: productLinesSchema,
});

/** The most days of storage one invoice may charge: the model's invoices.storage_days (MSG.storageDays says it). */
export const STORAGE_DAYS_MAX = numberRange(invoiceTable.fields.storage_days).max;
/** Days of storage a person may ask for (SPEC §4's storage charge): whole, 1 to STORAGE_DAYS_MAX. */
export const isStorageDays = (days: number) => Number.isInteger(days) && days >= 1 && days <= STORAGE_DAYS_MAX;

const storageDays = () =>
  number()
    .typeError(MSG.storageDays)
    .integer(MSG.storageDays)
    .min(1, MSG.storageDays)
    .max(STORAGE_DAYS_MAX, MSG.storageDays)
    .optional();

/** The calls of the invoice writes (these and writes/invoiceEdits.ts' plans): route and body schema. */
export const INVOICE_CALLS = {
  create: { method: 'POST', path: '/invoice', action: 'invoice.create', body: newInvoiceBody },
  sale: { method: 'POST', path: '/invoice-product', action: 'sale.create', body: newInvoiceBody },
  /** Save & Recal Charges {id, formData, productInvoice, base?, device?}: the fields changed, each with its base (issue 14) */
  edit: {
    method: 'PUT',
    path: '/invoice-details',
    action: 'invoice.edit',
    body: object({
      id: idField().required(MSG.invalidId),
      serviceRequest: mixed().optional(),
      formData: mixed().optional(),
      productInvoice: productLinesSchema,
      base_version: rowVersion(),
      // issue 14: the fields changed, each with the value it was based on (src/domain/billingFields.ts)
      ...fieldChangeShape,
    }),
  },
  /** the storage charge on or off {option, days?, base?, device?}; the invoice's id is in the path (issue 14: base {storage, storage_days}) */
  storage: {
    method: 'PUT',
    path: '/invoice-storage-state/:id',
    action: 'invoice.edit',
    body: object({
      option: string().oneOf(['on', 'off'], 'Choose on or off').required('Choose on or off'),
      days: storageDays(),
      base_version: rowVersion(),
      ...fieldChangeShape,
    }),
  },
  /** an item return {invoice_id, items, comment, base?, device?} (issue 14: base {version}, the invoice it was planned on) */
  returnItems: {
    method: 'POST',
    path: '/invoice-return',
    action: 'invoice.edit',
    body: itemReturnSchema.shape({ base_version: rowVersion(), ...fieldChangeShape }),
  },
  remove: { method: 'DELETE', path: '/invoice', action: 'invoice.delete', body: idPayloadSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

/** Who an invoice is for, as its job or its customer records them. */
interface InvoicePerson {
  first_name: string;
  last_name: string;
  contact: string;
  email: string;
  registration: string;
  vin: string;
}

export interface InvoiceJob extends InvoicePerson {
  id: string;
  number: string;
  status: string;
  customer_id: string | null;
  mileage: number;
  service: readonly string[];
}

export interface InvoiceCustomer extends InvoicePerson {
  id: string;
  active: number;
}

/** the invoice row a plan builds: the model's row less what the store assigns */
export type NewInvoiceRow = Omit<
  DeviceRow<'invoices'>,
  'id' | 'number' | 'created_at' | 'updated_at' | 'version' | '_seq'
>;

export interface NewInvoicePlan {
  /** the row, but for its id and number (the device's series, or the server's) */
  row: Omit<NewInvoiceRow, 'created_by'>;
  /** the activity log's predicate (its subject is the invoice number) */
  log: string;
}

export type PlannedInvoice = ({ ok: true } & NewInvoicePlan) | { ok: false; message: string };

interface NewInvoiceInput {
  type: 'service' | 'product';
  job?: InvoiceJob;
  customer?: InvoiceCustomer;
  form: { work_hour: number; rate_hour: number };
  lines: InvoiceLine[];
  settings: ShopSettings;
}

/** What a job's invoice or a sale must meet before it is raised: SPEC §4 and §5 Invoice save, and Make Sale. */
function refusal({ type, job, customer, lines }: NewInvoiceInput): string | undefined {
  if (type === 'service' && !job) return MSG.invoiceNeedsJob;
  if (job && !canGenerateInvoice(job.status))
    return fill(MSG.invoiceJobStatus, { job: displayJobNumber(job.number), status: job.status });
  if (type === 'product' && lines.length === 0) return MSG.addProductsFirst;
  if (type === 'product' && customer && Number(customer.active) !== 1) return MSG.customerBlocked;
  return undefined;
}

/** Work hours and rate as SPEC §5 takes them (a product sale's are 0), or the field's message: one rule for raising and editing. */
export function invoiceForm(
  type: 'service' | 'product',
  form: unknown,
): { ok: true; form: { work_hour: number; rate_hour: number } } | { ok: false; message: string } {
  try {
    return { ok: true, form: invoiceFormSchema(type).validateSync(form ?? {}) };
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, message: err.message };
    throw err;
  }
}

export function planNewInvoice(input: NewInvoiceInput): PlannedInvoice {
  const refused = refusal(input);
  if (refused) return { ok: false, message: refused };
  const checked = invoiceForm(input.type, input.form);
  if (!checked.ok) return checked;
  const { type, job, customer, settings } = input;
  const form = checked.form;
  // a line as an invoice keeps it: what the device saw of the stock (stock_seen) travels in the call, not in the row
  const lines = input.lines.map((l) => ({
    id: l.id,
    title: l.title,
    description: l.description,
    price: l.price,
    qty: l.qty,
    returned: l.returned ?? 0,
  }));
  const parts = {
    type,
    work_hour: form.work_hour,
    rate_hour: form.rate_hour,
    products: lines,
    discount_percent: 0,
    points_value: 0,
    payment: 0,
    storage: 'off' as const,
    storage_days: 0,
  };
  // the tax it is raised with stays with it (src/domain/tax.ts): every later figure of this invoice uses the same
  const f = invoiceFigures({ ...parts, totals: taxSnapshot(settings.tax) }, settings);
  const check = checkInvoiceSave(type, lines, f.totals.total);
  if (!check.ok) return { ok: false, message: check.message };
  const who = job ?? customer;
  const row = {
    ...parts,
    total: f.total,
    discount: f.discount,
    totals: f.totals,
    request_id: job?.id ?? null,
    customer_id: job ? job.customer_id : (customer?.id ?? null),
    first_name: who?.first_name ?? '',
    last_name: who?.last_name ?? '',
    registration: who?.registration ?? '',
    vin: who?.vin ?? '',
    profile: who
      ? {
          first_name: who.first_name,
          last_name: who.last_name,
          contact: who.contact,
          email: who.email,
          registration: who.registration,
          vin: who.vin,
          ...(job ? { mileage: job.mileage, services: [...job.service] } : {}),
        }
      : {},
    invoice_status: 'open' as const,
  };
  return {
    ok: true,
    row,
    log: `raised for ${who ? `${who.first_name} ${who.last_name}` : 'a walk-in sale'}: ${formatUSD(f.total)} due`,
  };
}
