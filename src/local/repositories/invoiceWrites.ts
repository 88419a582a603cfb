import { STORAGE_FIELD, invoiceFields, storageValue } from '../../domain/billingFields';
import { changedFields } from '../../domain/fieldChanges';
import { stockDeltas } from '../../domain/totals';
import { MSG } from '../../domain/messages';
import { INVOICE_CALLS, planNewInvoice } from '../../domain/writes/invoices';
import {
  linesOf,
  openForEdit,
  planInvoiceDelete,
  planInvoiceEdit,
  planReturn,
  planStorage,
} from '../../domain/writes/invoiceEdits';
import type { WriteCall } from '../../domain/writes/calls';
import { checkedCall } from '../calls';
import type { BayBookDB, CustomerRow, InvoiceRow, JobRow } from '../db';
import { decideOpenConflicts } from '../fieldCalls';
import { LocalWriteError, localWrite, type WriteContext } from '../write';
import {
  adjustPoints,
  makeInvoice,
  moveStock,
  mustGet,
  planOk,
  plannedInvoice,
  priceLines,
  settings,
  storeChange,
} from './invoiceStore';

export interface Line {
  id: string;
  title: string;
  description: string;
  /** cents */
  price: number;
  qty: number;
  /** units given back through Item Return */
  returned?: number;
}

export interface InvoiceForm {
  work_hour: number;
  /** cents per hour */
  rate_hour: number;
}

/**
 * The invoice writes (SPEC §2 Invoice editor, Make Sale; §5 Invoice save): create, sell, edit, storage, return, delete.
 * Each checks what it sends by its call (INVOICE_CALLS: the permission, then the body) before it stores anything, so
 * a write the server's route would refuse — a level-4 member's delete, a return with no reason — is refused here at
 * once in the same words, not by a 403 or 400 when the outbox arrives.
 */
export function invoiceWrites(db: BayBookDB) {
  return {
    create: (jobId: string, form: InvoiceForm, lines: Line[]) => createInvoice(db, jobId, form, lines),
    sale: (customerId: string | null, lines: Line[]) => sellProducts(db, customerId, lines),

    /** PUT /invoice-details (Save & Recal Charges), planned as on the server: `saveInvoice` */
    async edit(id: string, form: InvoiceForm, lines: Line[]): Promise<InvoiceRow> {
      const v = await checkedCall(db, INVOICE_CALLS.edit, { id, formData: form, productInvoice: lines });
      return localWrite(db, (w) => saveInvoice(w, id, form, v.productInvoice));
    },

    /** PUT /invoice-storage-state/{id}: `switchStorage` */
    async setStorage(invoiceId: string, on: boolean, days?: number): Promise<InvoiceRow> {
      const v = await checkedCall(db, INVOICE_CALLS.storage, { option: on ? 'on' : 'off', days });
      return localWrite(db, (w) => switchStorage(w, invoiceId, on, v.days));
    },

    /** POST /invoice-return: `returnItems` */
    async returnItems(invoiceId: string, items: { id: string; qty: number }[], comment: string): Promise<InvoiceRow> {
      const v = await checkedCall(db, INVOICE_CALLS.returnItems, { invoice_id: invoiceId, items, comment });
      return localWrite(db, (w) => returnItems(w, invoiceId, v.items, v.comment));
    },

    remove: (invoiceId: string) => removeInvoice(db, invoiceId),
  };
}

/** POST /invoice {fetchedData, formData, productInvoice, totals} — an invoice for a received or active job. */
async function createInvoice(db: BayBookDB, jobId: string, form: InvoiceForm, lines: Line[]): Promise<InvoiceRow> {
  const sent = { fetchedData: { id: jobId }, formData: form, productInvoice: lines };
  const { productInvoice } = await checkedCall(db, INVOICE_CALLS.create, sent);
  return localWrite(db, async (w) => {
    const job = await w.get('jobs', jobId);
    if (!job) throw new LocalWriteError(MSG.noRecordFound.replace('{id}', jobId));
    const priced = await priceLines(w, productInvoice);
    const plan = plannedInvoice(
      planNewInvoice({ type: 'service', job, form, lines: priced.lines, settings: await settings(w) }),
    );
    const inv = await makeInvoice(w, plan);
    await w.patch('jobs', jobId, { invoice: [...(job.invoice ?? []), inv.id], updated_at: w.now });
    await moveStock(w, [...stockDeltas([], priced.lines)]);
    const fetchedData = jobFetched(job);
    const data = { id: inv.id, number: inv.number, fetchedData, formData: form, productInvoice: priced.send };
    await w.enqueue({
      ...routeOf(INVOICE_CALLS.create),
      body: { data: { ...data, totals: plan.row.totals } },
      creates: [inv.id],
      needs: [jobId],
      label: `Invoice ${inv.number} for job #${job.number}`,
    });
    return inv;
  });
}

/** POST /invoice-product — a product sale for a customer, or anonymous ('default', Quick Sale) */
async function sellProducts(db: BayBookDB, customerId: string | null, lines: Line[]): Promise<InvoiceRow> {
  const sent = { fetchedData: customerId ? { id: customerId } : 'default', productInvoice: lines };
  const { productInvoice } = await checkedCall(db, INVOICE_CALLS.sale, sent);
  return localWrite(db, async (w) => {
    const form = { work_hour: 0, rate_hour: 0 };
    const customer = customerId ? await w.get('customers', customerId) : undefined;
    if (customerId && !customer) throw new LocalWriteError(MSG.customerNotFoundUpper);
    // the server's rules (POST /invoice-product): some products, and a blocked customer cannot buy
    const priced = await priceLines(w, productInvoice);
    const plan = plannedInvoice(
      planNewInvoice({ type: 'product', customer, form, lines: priced.lines, settings: await settings(w) }),
    );
    const inv = await makeInvoice(w, plan);
    await moveStock(w, [...stockDeltas([], priced.lines)]);
    const fetchedData = customer ? customerFetched(customer) : 'default';
    const data = { id: inv.id, number: inv.number, fetchedData, formData: form, productInvoice: priced.send };
    await w.enqueue({
      ...routeOf(INVOICE_CALLS.sale),
      body: { data: { ...data, totals: plan.row.totals, productInvoiceFlag: true } },
      creates: [inv.id],
      needs: customerId ? [customerId] : [],
      label: `Sale ${inv.number}${customer ? ` for ${customer.first_name} ${customer.last_name}` : ''}`,
    });
    return inv;
  });
}

/** The job's fields a service invoice's call carries as its fetchedData (SPEC §7 POST /invoice). */
const jobFetched = (job: JobRow) => ({
  id: job.id,
  vin: job.vin,
  registration: job.registration,
  first_name: job.first_name,
  last_name: job.last_name,
  contact: job.contact,
  email: job.email,
  mileage: job.mileage,
  service: job.service,
});

/** The customer's fields a sale's call carries as its fetchedData (SPEC §7 POST /invoice-product). */
const customerFetched = (customer: CustomerRow) => ({
  id: customer.id,
  vin: customer.vin,
  registration: customer.registration,
  first_name: customer.first_name,
  last_name: customer.last_name,
  contact: customer.contact,
  email: customer.email,
});

/** DELETE /invoice {id}: only while an amount is due and nothing has been paid (SPEC §6), planned as on the server */
async function removeInvoice(db: BayBookDB, invoiceId: string): Promise<void> {
  await checkedCall(db, INVOICE_CALLS.remove, { id: invoiceId });
  return localWrite(db, async (w) => {
    const inv = await mustGet(w, invoiceId);
    // the device keeps the discount and redemption rows it makes (writes/money.ts), so it reverses them as the server does
    const onIt = await w.db.transactions.where('invoice_id').equals(invoiceId).toArray();
    const job = inv.request_id ? await w.get('jobs', inv.request_id) : undefined;
    const plan = planOk(planInvoiceDelete(inv, onIt, job && { invoice: job.invoice ?? [] }));
    for (const id of plan.remove) await w.remove('transactions', id);
    await adjustPoints(w, inv.customer_id, plan.points);
    await moveStock(w, plan.stock.deltas);
    if (job && plan.jobInvoices) await w.patch('jobs', job.id, { invoice: plan.jobInvoices, updated_at: w.now });
    await w.remove('invoices', invoiceId);
    await w.enqueue({
      ...routeOf(INVOICE_CALLS.remove),
      body: { data: { id: invoiceId } },
      label: `Delete invoice ${inv.number}`,
    });
  });
}

/**
 * Save & Recal Charges inside a write (the editor's save, and a decision's use mine: src/sync/decisions.ts), planned
 * as on the server. PUT /invoice-details {id, serviceRequest, formData, productInvoice, totals, base, device}: the
 * fields changed (work hours, rate, lines), each with the value it was based on (issue 14: src/domain/billingFields.ts);
 * a save that changed nothing still goes, and re-prices what is there now.
 */
export async function saveInvoice(
  w: WriteContext,
  id: string,
  form: InvoiceForm,
  lines: readonly Pick<Line, 'id' | 'qty'>[],
): Promise<InvoiceRow> {
  const inv = await mustGet(w, id);
  const open = planOk(openForEdit(inv, form));
  const priced = await priceLines(w, lines, linesOf(inv));
  const plan = planOk(planInvoiceEdit(inv, open.form, priced.lines, await settings(w)));
  const row = await storeChange(w, inv, plan);
  const set = changedFields(invoiceFields(inv), invoiceFields({ ...open.form, products: priced.lines }));
  const data = { id, serviceRequest: inv.request_id, formData: open.form, productInvoice: priced.send };
  await w.enqueue({
    ...routeOf(INVOICE_CALLS.edit),
    body: { data: { ...data, totals: plan.figures.totals, base: set.base, ...deviceOf(w) } },
    label: `Edit invoice ${inv.number}`,
  });
  await decideOpenConflicts(w, 'invoices', id, set);
  return row;
}

/**
 * Storage on or off inside a write (the editor's switch, and a decision's use mine), planned as on the server: days
 * since the job was completed unless given. PUT /invoice-storage-state/{id} {option, days, base, device}: the option
 * and days with what they were based on (issue 14), so a switch someone made since is a conflict, not a refusal.
 */
export async function switchStorage(w: WriteContext, invoiceId: string, on: boolean, days?: number) {
  const inv = await mustGet(w, invoiceId);
  const job = inv.request_id ? await w.get('jobs', inv.request_id) : undefined;
  const ask = { on, days, completedAt: job?.complete_at, createdAt: inv.created_at, now: new Date(w.now) };
  const row = await storeChange(w, inv, planOk(planStorage(inv, await settings(w), ask)));
  const option = on ? 'on' : 'off';
  const changes = { [STORAGE_FIELD]: storageValue(option, row.storage_days) };
  const base = { [STORAGE_FIELD]: storageValue(inv.storage, inv.storage_days) };
  await w.enqueue({
    ...routeOf(INVOICE_CALLS.storage, invoiceId),
    body: { data: { option, days: on ? row.storage_days : undefined, base, ...deviceOf(w) } },
    label: `Storage ${option} for ${inv.number}`,
  });
  await decideOpenConflicts(w, 'invoices', invoiceId, { changes, base });
  return row;
}

/**
 * An item return inside a write (the editor's, and a decision's use mine: re-planned against the invoice as the
 * device holds it then), planned as on the server. POST /invoice-return {invoice_id, items, comment, base: {version},
 * device}: the server takes it only on the version it was planned on, else it waits for a person (issue 14).
 */
export async function returnItems(
  w: WriteContext,
  invoiceId: string,
  items: { id: string; qty: number }[],
  comment: string,
) {
  const inv = await mustGet(w, invoiceId);
  const row = await storeChange(w, inv, planOk(planReturn(inv, items, comment, await settings(w))));
  await w.enqueue({
    ...routeOf(INVOICE_CALLS.returnItems),
    body: { data: { invoice_id: invoiceId, items, comment, base: { version: inv.version }, ...deviceOf(w) } },
    label: `Return on ${inv.number}`,
  });
  return row;
}

/** The device's code for a call's log line (`· on device B1`), when it has one. */
const deviceOf = (w: WriteContext) => (w.deviceCode ? { device: w.deviceCode } : {});

/** A catalogue call's method and route (src/domain/writes/invoices.ts INVOICE_CALLS); `id` fills a path's :id. */
const routeOf = (c: Pick<WriteCall<unknown>, 'method' | 'path'>, id?: string) => ({
  method: c.method,
  path: id ? c.path.replace(':id', id) : c.path,
});
