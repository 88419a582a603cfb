import { ValidationError } from 'yup';
import { fromCents } from '../../../domain/money';
import { estimateSchema } from '../../../domain/schemas/money';
import type { TaxTerms } from '../../../domain/tax';
import { computeInvoice } from '../../../domain/totals';
import type { EstimateProfile, EstimateRow } from '../../../local/repositories/estimates';
import { labourForm, type LabourField, type LabourValues, type Line } from '../../invoices/lines';

/**
 * The estimate editor's draft (SPEC §2 Estimate editor, §5 Estimate save): what is typed, turned into what
 * repos.estimates.create/edit take, checked with the domain's estimateSchema (the rule the server applies).
 */

export interface EstimateDraft {
  profile: Required<EstimateProfile>;
  /** as typed; the rate in dollars. An empty field counts as 0 (SPEC §5: 0 or more). */
  labour: LabourValues;
  services: string[];
  lines: Line[];
}

export const EMPTY_PROFILE: Required<EstimateProfile> = { first_name: '', last_name: '', contact: '', email: '' };

/** A new estimate: nothing typed, the rate prefilled from the config sheet's labour rate (cents). */
export function newDraft(labourRateCents: number): EstimateDraft {
  return {
    profile: { ...EMPTY_PROFILE },
    labour: { workHours: '', rate: String(fromCents(labourRateCents)) },
    services: [],
    lines: [],
  };
}

/** A saved estimate, as the editor shows it. */
export function draftOf(row: EstimateRow): EstimateDraft {
  const p = row.profile ?? { first_name: row.first_name, last_name: row.last_name };
  return {
    profile: {
      first_name: p.first_name ?? '',
      last_name: p.last_name ?? '',
      contact: p.contact ?? '',
      email: p.email ?? '',
    },
    labour: { workHours: String(row.work_hour ?? 0), rate: String(fromCents(row.rate_hour ?? 0)) },
    services: Array.isArray(row.services) ? [...row.services] : [],
    lines: Array.isArray(row.products) ? row.products.map((l) => ({ ...l })) : [],
  };
}

/** An empty work-hours or rate field counts as 0 on an estimate. */
const orZero = (v: LabourValues): LabourValues => ({
  workHours: v.workHours.trim() || '0',
  rate: v.rate.trim() || '0',
});

/** Work hours and the rate in cents as far as they can be read (for the live summary). */
export function formOf(d: EstimateDraft): { work_hour: number; rate_hour: number } {
  const parsed = labourForm(orZero(d.labour));
  if (parsed.ok) return parsed.form;
  return {
    work_hour: Math.max(0, Number(d.labour.workHours) || 0),
    rate_hour: Math.max(0, Math.round((Number(d.labour.rate) || 0) * 100)),
  };
}

/** The estimate's figures: the repository's rule (an invoice's, without payments) from src/domain/totals. */
export function figuresOf(d: EstimateDraft, tax: TaxTerms) {
  const form = formOf(d);
  const { status: _status, ...figures } = computeInvoice({
    type: 'service',
    workHour: form.work_hour,
    rateCents: form.rate_hour,
    lines: d.lines,
    tax,
  });
  return figures;
}

export type DraftField = 'first_name' | 'last_name' | 'services' | LabourField;
export type DraftErrors = Partial<Record<DraftField, string>>;

const FIELD_OF: Record<string, DraftField> = {
  'profile.first_name': 'first_name',
  profile: 'first_name',
  'profile.last_name': 'last_name',
  serviceInvoice: 'services',
  'formData.work_hour': 'workHours',
  'formData.rate_hour': 'rate',
};

/**
 * SPEC §5 Estimate save: 'Enter first name', 'Enter last name', 'Select at least one service'; work hours and rate 0
 * or more (the rate at most SPEC §9's maximum). Every refusal at once, by field; or the payload to save.
 */
export function checkDraft(
  d: EstimateDraft,
):
  | { ok: true; profile: EstimateProfile; form: { work_hour: number; rate_hour: number } }
  | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const labour = labourForm(orZero(d.labour));
  if (!labour.ok) errors[labour.field] = labour.message;
  const form = formOf(d);
  try {
    estimateSchema.validateSync(
      { profile: d.profile, serviceInvoice: d.services, formData: form, productInvoice: d.lines },
      { abortEarly: false },
    );
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const e of err.inner.length ? err.inner : [err]) {
      const field = FIELD_OF[e.path ?? ''];
      if (field && !errors[field]) errors[field] = e.message;
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const p = d.profile;
  return {
    ok: true,
    profile: {
      first_name: p.first_name.trim(),
      last_name: p.last_name.trim(),
      contact: p.contact.trim(),
      email: p.email.trim(),
    },
    form,
  };
}

/** Whether the draft differs from what is saved (so Print warns that it prints the saved estimate). */
export function sameDraft(a: EstimateDraft, b: EstimateDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
