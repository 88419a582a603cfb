import { ValidationError, type AnySchema } from 'yup';
import { parseBooking } from '../../../domain/dates';
import { MSG } from '../../../domain/messages';
import { lookupSchema } from '../../../domain/schemas/customer';
import { makeServiceRequestSchema } from '../../../domain/schemas/job';
import type { CustomerRow } from '../../../local/db';
import type { Repositories } from '../../../local/repositories';
import { EMPTY_CUSTOMER, type CustomerFieldValues } from '../../customers/CustomerFields';

/** What the Make Service Request form holds: the inline new customer's fields and the request itself, as typed. */
export interface RequestFormValues extends CustomerFieldValues {
  mileage: string;
  service: string[];
  customer_note: string;
  /** 'YYYY-MM-DD HH:mm' in the shop's time zone (SPEC §5 booking format), empty for no booking */
  book_start: string;
  book_end: string;
}

export const EMPTY_REQUEST: RequestFormValues = {
  ...EMPTY_CUSTOMER,
  mileage: '',
  service: [],
  customer_note: '',
  book_start: '',
  book_end: '',
};

export type FormErrors = Record<string, { type: string; message: string }>;

/** Runs a yup schema and returns the first message of each top-level field (react-hook-form's error shape). */
export async function collectErrors(schema: AnySchema, value: unknown): Promise<FormErrors> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const out: FormErrors = {};
    for (const e of err.inner.length ? err.inner : [err]) {
      const key = (e.path ?? '').split(/[.[]/)[0] || 'root';
      if (!out[key]) out[key] = { type: e.type ?? 'validation', message: e.message };
    }
    return out;
  }
}

/** A typed booking time → UTC ISO in the shop's zone; empty → null; anything else stays invalid (→ 'Invalid dates'). */
export function bookingInstant(text: string, timeZone: string): string | null {
  const t = text.trim();
  if (!t) return null;
  return parseBooking(t, timeZone) ?? 'invalid';
}

/** The request part as makeServiceRequestSchema() checks it (the booking only for users who may book). */
export function requestPayload(v: RequestFormValues, timeZone: string, canBook: boolean) {
  return {
    mileage: v.mileage,
    service: v.service,
    customer_note: v.customer_note,
    book_start: canBook ? bookingInstant(v.book_start, timeZone) : null,
    book_end: canBook ? bookingInstant(v.book_end, timeZone) : null,
  };
}

export async function validateRequest(
  v: RequestFormValues,
  timeZone: string,
  canBook: boolean,
  now?: () => Date,
): Promise<FormErrors> {
  return collectErrors(makeServiceRequestSchema(now), requestPayload(v, timeZone, canBook));
}

export type LookupOutcome =
  | { kind: 'error'; message: string }
  | { kind: 'one'; customer: CustomerRow }
  | { kind: 'many'; customers: CustomerRow[] };

/**
 * SPEC §2/§5 VIN or registration lookup on the device's customers: 3 or more characters; an exact VIN or plate
 * wins over prefix and name matches. One customer who is blocked gives 'Customer is Blocked. Please contact Admin.'.
 */
export async function lookupCustomer(customers: Repositories['customers'], text: string): Promise<LookupOutcome> {
  if (!lookupSchema.isValidSync(text)) return { kind: 'error', message: MSG.lookupMin };
  const q = text.trim();
  const exact = new Map<string, CustomerRow>();
  for (const c of [...(await customers.byVin(q)), ...(await customers.byRegistration(q))]) exact.set(c.id, c);
  const found = exact.size ? [...exact.values()] : await customers.search(q);
  if (!found.length) return { kind: 'error', message: MSG.customerNotFoundRetry };
  if (found.length === 1) {
    const only = found[0];
    return isBlocked(only) ? { kind: 'error', message: MSG.customerBlocked } : { kind: 'one', customer: only };
  }
  return { kind: 'many', customers: found };
}

export function isBlocked(c: Pick<CustomerRow, 'active'>): boolean {
  return Number(c.active) === 0;
}

/** The services to show: the catalogue, plus any pre-ticked name the catalogue on this device does not (yet) hold. */
export function checklist(catalogue: readonly { title: string; description: string }[], extra: readonly string[]) {
  const titles = new Set(catalogue.map((s) => s.title));
  return [
    ...catalogue.map((s) => ({ title: s.title, description: s.description })),
    ...extra.filter((t) => !titles.has(t)).map((t) => ({ title: t, description: '' })),
  ];
}
