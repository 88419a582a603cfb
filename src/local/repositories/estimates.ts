import { newId } from '../../domain/ids';
import { MSG } from '../../domain/messages';
import type { BayBookDB, Row } from '../db';
import { LocalWriteError, localWrite } from '../write';
import { computeInvoice } from '../../domain/totals';
import type { InvoiceForm, Line } from './invoices';

/** An estimate's figures: the invoice rule without payments (the server computes the same). */
function estimateTotals(form: InvoiceForm, lines: Line[]) {
  const { status: _s, ...t } = computeInvoice({ type: 'service', workHour: form.work_hour, rateCents: form.rate_hour, lines });
  return t;
}

/** Estimates (SPEC §2 Estimate editor and table; §7 POST /estimate, PUT /estimate-details, DELETE /estimate). */

export interface EstimateProfile {
  first_name: string;
  last_name: string;
  contact?: string;
  email?: string;
}

export interface EstimateRow extends Row {
  number: string;
  first_name: string;
  last_name: string;
  total: number;
  profile: EstimateProfile;
  products: Line[];
  services: string[];
  work_hour: number;
  rate_hour: number;
  discount: number;
  totals: Record<string, unknown>;
  created_at: string;
  version: number;
}

function check(profile: EstimateProfile, services: string[], form: InvoiceForm) {
  if (!profile.first_name?.trim()) throw new LocalWriteError(MSG.enterFirstName);
  if (!profile.last_name?.trim()) throw new LocalWriteError(MSG.enterLastName);
  if (!services.length) throw new LocalWriteError(MSG.selectAtLeastOneService);
  if (form.work_hour < 0) throw new LocalWriteError(MSG.enterWorkHours);
  if (form.rate_hour < 0) throw new LocalWriteError(MSG.enterRate);
}

export function estimatesRepository(db: BayBookDB) {
  return {
    get: (id: string) => db.estimates.get(id) as Promise<EstimateRow | undefined>,
    list: ({ offset = 0, limit = 500 } = {}) => db.estimates.orderBy('created_at').reverse().offset(offset).limit(limit).toArray(),

    /** POST /estimate/ — numbered from the device's estimate series */
    create(profile: EstimateProfile, form: InvoiceForm, lines: Line[], services: string[]): Promise<EstimateRow> {
      return localWrite(db, async (w) => {
        check(profile, services, form);
        const id = newId();
        const number = await w.nextNumber('estimate');
        const totals = estimateTotals(form, lines);
        const row: EstimateRow = { id, number, first_name: profile.first_name, last_name: profile.last_name, total: totals.total, profile, products: lines, services, work_hour: form.work_hour, rate_hour: form.rate_hour, discount: 0, totals: { ...totals }, created_by: w.session.username, created_at: w.now, updated_at: w.now, version: 1 };
        await w.put('estimates', row);
        await w.enqueue({ method: 'POST', path: '/estimate', body: { data: { id, number, profile, formData: form, productInvoice: lines, serviceInvoice: services, totals } }, creates: [id], label: `Estimate ${number} for ${profile.first_name} ${profile.last_name}` });
        return row;
      });
    },

    /** PUT /estimate-details {id, profile, formData, productInvoice, serviceInvoice, totals} */
    edit(id: string, profile: EstimateProfile, form: InvoiceForm, lines: Line[], services: string[]): Promise<EstimateRow> {
      return localWrite(db, async (w) => {
        const cur = await w.get<EstimateRow>('estimates', id);
        if (!cur) throw new LocalWriteError(MSG.noRecordFound.replace('{id}', id));
        check(profile, services, form);
        const totals = estimateTotals(form, lines);
        const row = await w.patch<EstimateRow>('estimates', id, { first_name: profile.first_name, last_name: profile.last_name, profile, products: lines, services, work_hour: form.work_hour, rate_hour: form.rate_hour, total: totals.total, totals: { ...totals }, updated_at: w.now, version: cur.version + 1 });
        await w.enqueue({ method: 'PUT', path: '/estimate-details', body: { data: { id, profile, formData: form, productInvoice: lines, serviceInvoice: services, totals, base_version: cur.version } }, label: `Edit estimate ${cur.number}` });
        return row;
      });
    },

    /** DELETE /estimate {id} */
    remove(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        const cur = await w.get<EstimateRow>('estimates', id);
        await w.remove('estimates', id);
        await w.enqueue({ method: 'DELETE', path: '/estimate', body: { data: { id } }, label: `Delete estimate ${cur?.number ?? id}` });
      });
    },
  };
}
