import { newRow } from '../../domain/model';
import { estimateDiscount, estimateFields } from '../../domain/billingFields';
import { changedFields } from '../../domain/fieldChanges';
import { newId } from '../../domain/ids';
import type { InvoiceLine } from '../../domain/entities';
import type { EstimateProfile } from '../../domain/model/billing';
import type { EstimateInput } from '../../domain/schemas';
import { taxOf } from '../../domain/tax';
import { missing } from '../../domain/writes/calls';
import { ESTIMATE_CALLS, estimateLine, planEstimate } from '../../domain/writes/estimates';
import { callOf, checkedCall } from '../calls';
import type { BayBookDB } from '../db';
import { decideOpenConflicts } from '../fieldCalls';
import { LocalWriteError, localWrite, type WriteContext } from '../write';
import { estimatePages, type EstimateRow } from './estimatePages';
import type { InvoiceForm, Line } from './invoiceWrites';
import { settings } from './invoiceStore';

/** The save as sent: checked by its call's schema (ESTIMATE_CALLS) before the write, as the server's route checks it. */
const sent = (profile: EstimateProfile, form: InvoiceForm, lines: Line[], services: string[], discount = 0) => ({
  profile,
  formData: form,
  productInvoice: lines,
  serviceInvoice: services,
  discount,
});

/** A checked save's lines priced from this device's product rows by the server's rule (estimateLine). */
async function priced(w: WriteContext, value: EstimateInput, previous: readonly InvoiceLine[] = []) {
  const out: InvoiceLine[] = [];
  for (const l of value.productInvoice) {
    const p = await w.get('products', l.id);
    const line = estimateLine(
      l,
      p,
      previous.find((x) => x.id === l.id),
    );
    if (!line.ok) throw new LocalWriteError(line.message);
    out.push(line.line);
  }
  return out;
}

/** Estimates (SPEC §2 Estimate editor and table; §7 POST /estimate, PUT /estimate-details, DELETE /estimate). */

export type { EstimateProfile };

export type { EstimateRow };

export function estimatesRepository(db: BayBookDB) {
  return {
    ...estimatePages(db),
    get: (id: string) => db.estimates.get(id) as Promise<EstimateRow | undefined>,
    list: ({ offset = 0, limit = 500 } = {}) =>
      db.estimates.orderBy('created_at').reverse().offset(offset).limit(limit).toArray(),

    /** POST /estimate/ — numbered from the device's estimate series; the row as the server builds it */
    async create(profile: EstimateProfile, form: InvoiceForm, lines: Line[], services: string[]): Promise<EstimateRow> {
      const value = await checkedCall(db, ESTIMATE_CALLS.add, sent(profile, form, lines, services));
      return localWrite(db, async (w) => {
        const quoted = await priced(w, value);
        const id = newId();
        const number = await w.nextNumber('estimate');
        const { row: fields } = planEstimate(value, quoted, number, (await settings(w)).tax);
        const row: EstimateRow = newRow(
          'estimates',
          {
            id,
            number,
            ...fields,
            created_by: w.session.username,
          },
          w.now,
        );
        await w.put('estimates', row);
        await w.enqueue({
          ...callOf(ESTIMATE_CALLS.add, { ...value, id, number, productInvoice: quoted, totals: fields.totals }),
          creates: [id],
          label: `Estimate ${number} for ${fields.first_name} ${fields.last_name}`,
        });
        return row;
      });
    },

    /** PUT /estimate-details (`saveEstimate`); the row as the server builds it */
    async edit(
      id: string,
      profile: EstimateProfile,
      form: InvoiceForm,
      lines: Line[],
      services: string[],
      /** the discount percent; when not given, the one the estimate has (the editor does not show it) */
      discount?: number,
    ): Promise<EstimateRow> {
      const percent = discount ?? estimateDiscount((await db.estimates.get(id)) ?? {});
      const body = { ...sent(profile, form, lines, services, percent), id };
      const value = await checkedCall(db, ESTIMATE_CALLS.edit, body);
      return localWrite(db, (w) => saveEstimate(w, id, value));
    },

    /** DELETE /estimate {id} */
    async remove(id: string): Promise<void> {
      await checkedCall(db, ESTIMATE_CALLS.remove, { id });
      return localWrite(db, async (w) => {
        const cur = await w.get('estimates', id);
        await w.remove('estimates', id);
        await w.enqueue({
          ...callOf(ESTIMATE_CALLS.remove, { id }),
          label: `Delete estimate ${cur?.number ?? id}`,
        });
      });
    },
  };
}

/** An estimate save as its call's schema checked it. */
export type EstimateSaveInput = EstimateInput & { id: string };

/**
 * An estimate's save inside a write (the editor's save, and a decision's use mine: src/sync/decisions.ts).
 * PUT /estimate-details {id, profile, formData, productInvoice, serviceInvoice, totals, base, device}: the fields
 * changed (customer details, services, work hours, rate, lines, discount percent), each with the value it was based on (issue 14:
 * src/domain/billingFields.ts).
 */
export async function saveEstimate(w: WriteContext, id: string, value: EstimateSaveInput): Promise<EstimateRow> {
  const cur = await w.get('estimates', id);
  if (!cur) throw new LocalWriteError(missing(id).message);
  const quoted = await priced(w, value, cur.products);
  const { row: fields } = planEstimate(value, quoted, undefined, taxOf(cur.totals));
  const row = await w.patch('estimates', id, { ...fields, updated_at: w.now, version: cur.version + 1 });
  const set = changedFields(estimateFields(cur), estimateFields(fields));
  const device = w.deviceCode ? { device: w.deviceCode } : {};
  await w.enqueue({
    ...callOf(ESTIMATE_CALLS.edit, {
      ...value,
      productInvoice: quoted,
      totals: fields.totals,
      base: set.base,
      ...device,
    }),
    label: `Edit estimate ${cur.number}`,
  });
  await decideOpenConflicts(w, 'estimates', id, set);
  return row;
}
