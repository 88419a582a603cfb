import { newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import type { InvoiceLine } from '../../domain/entities';
import type { EstimateProfile } from '../../domain/model/billing';
import { checkEstimate, estimateLine, planEstimate } from '../../domain/writes/estimates';
import type { BayBookDB, ProductRow, StoredRow } from '../db';
import { LocalWriteError, localWrite, type WriteContext } from '../write';
import { estimatePages } from './estimatePages';
import type { InvoiceForm, Line } from './invoices';

/**
 * An estimate save as the server takes it (src/domain/writes/estimates.ts): checked with the domain's
 * estimateSchema, its lines priced from this device's product rows by the server's rule.
 */
async function planned(
  w: WriteContext,
  profile: EstimateProfile,
  form: InvoiceForm,
  lines: Line[],
  services: string[],
  previous: readonly InvoiceLine[] = [],
) {
  const checked = checkEstimate({ profile, formData: form, productInvoice: lines, serviceInvoice: services });
  if (!checked.ok) throw new LocalWriteError(checked.message);
  const priced: InvoiceLine[] = [];
  for (const l of checked.value.productInvoice) {
    const p = await w.get<ProductRow>('products', l.id);
    const line = estimateLine(
      l,
      p,
      previous.find((x) => x.id === l.id),
    );
    if (!line.ok) throw new LocalWriteError(line.message);
    priced.push(line.line);
  }
  return { value: checked.value, lines: priced };
}

/** Estimates (SPEC §2 Estimate editor and table; §7 POST /estimate, PUT /estimate-details, DELETE /estimate). */

export type { EstimateProfile };

export type EstimateRow = StoredRow<'estimates'>;

export function estimatesRepository(db: BayBookDB) {
  return {
    ...estimatePages(db),
    get: (id: string) => db.estimates.get(id) as Promise<EstimateRow | undefined>,
    list: ({ offset = 0, limit = 500 } = {}) =>
      db.estimates.orderBy('created_at').reverse().offset(offset).limit(limit).toArray(),

    /** POST /estimate/ — numbered from the device's estimate series; the row as the server builds it */
    create(profile: EstimateProfile, form: InvoiceForm, lines: Line[], services: string[]): Promise<EstimateRow> {
      return localWrite(db, async (w) => {
        const { value, lines: priced } = await planned(w, profile, form, lines, services);
        const id = newId();
        const number = await w.nextNumber('estimate');
        const { row: fields } = planEstimate(value, priced, number);
        const row: EstimateRow = {
          id,
          number,
          ...fields,
          created_by: w.session.username,
          created_at: w.now,
          updated_at: w.now,
          version: 1,
        };
        await w.put('estimates', row);
        await w.enqueue({
          method: 'POST',
          path: '/estimate',
          body: {
            data: {
              id,
              number,
              profile: value.profile,
              formData: value.formData,
              productInvoice: priced,
              serviceInvoice: value.serviceInvoice,
              totals: fields.totals,
            },
          },
          creates: [id],
          label: `Estimate ${number} for ${fields.first_name} ${fields.last_name}`,
        });
        return row;
      });
    },

    /** PUT /estimate-details {id, profile, formData, productInvoice, serviceInvoice, totals}; the row as the server builds it */
    edit(
      id: string,
      profile: EstimateProfile,
      form: InvoiceForm,
      lines: Line[],
      services: string[],
    ): Promise<EstimateRow> {
      return localWrite(db, async (w) => {
        const cur = await w.get<EstimateRow>('estimates', id);
        if (!cur) throw new LocalWriteError(fill(MSG.noRecordFound, { id }));
        const { value, lines: priced } = await planned(w, profile, form, lines, services, cur.products);
        const { row: fields } = planEstimate(value, priced);
        const row = await w.patch<EstimateRow>('estimates', id, {
          ...fields,
          updated_at: w.now,
          version: cur.version + 1,
        });
        await w.enqueue({
          method: 'PUT',
          path: '/estimate-details',
          body: {
            data: {
              id,
              profile: value.profile,
              formData: value.formData,
              productInvoice: priced,
              serviceInvoice: value.serviceInvoice,
              totals: fields.totals,
              base_version: cur.version,
            },
          },
          label: `Edit estimate ${cur.number}`,
        });
        return row;
      });
    },

    /** DELETE /estimate {id} */
    remove(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        const cur = await w.get<EstimateRow>('estimates', id);
        await w.remove('estimates', id);
        await w.enqueue({
          method: 'DELETE',
          path: '/estimate',
          body: { data: { id } },
          label: `Delete estimate ${cur?.number ?? id}`,
        });
      });
    },
  };
}
