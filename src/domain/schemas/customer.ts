import { number, object, type InferType } from 'yup';
import { textMax } from '../model/fields';
import { MSG, fill } from '../messages';
import { normaliseVin } from '../vin';
import { idField } from './common';
import { customers } from '../model/customers';
import { LIMITS, boundedText, discountPercent, modelText, rowVersion } from './fields';

/** SPEC's {phone} placeholders filled with a 10- and an 11-digit example (docs/DECISIONS.md). */
export const CONTACT_MESSAGE = fill(MSG.contactMin, { phone: '8765551234' }).replace(
  '8765551234 or 8765551234',
  '8765551234 or 18765551234',
);
export const CONTACT_MIN_DIGITS = 10;
export const CONTACT_MAX_DIGITS = 11;
export const NOTE_MAX = textMax(customers.fields.note);
export const LOOKUP_MIN = 3;
/** SPEC §5: a registration number has 2 characters or more. */
export const REGISTRATION_MIN = 2;

/** Upper-cased registration without spaces: the key plate lookups use (DESIGN.md). */
export function registrationKey(registration: string): string {
  return registration.toUpperCase().replace(/[\s-]+/g, '');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const contact = () =>
  modelText('Contact number', customers.fields.contact, CONTACT_MESSAGE)
    .transform((v, orig) => (typeof orig === 'number' ? String(orig) : v))
    .required(CONTACT_MESSAGE)
    .matches(/^\d+$/, CONTACT_MESSAGE)
    .min(CONTACT_MIN_DIGITS, CONTACT_MESSAGE)
    .max(CONTACT_MAX_DIGITS, CONTACT_MESSAGE);

/**
 * Spaces and dashes as typed are allowed (up to LIMITS.short characters of them); the VIN kept (normaliseVin) is at
 * most what the model's field holds.
 */
const vin = () =>
  boundedText('VIN', LIMITS.short, MSG.invalidVin)
    .trim()
    .required(MSG.invalidVin)
    .min(1, MSG.invalidVin)
    .test(
      'vin-length',
      MSG.invalidVin,
      (v) => v === undefined || normaliseVin(v).length <= textMax(customers.fields.vin),
    );

const customerFields = (nameMessage: string) => ({
  id: idField().optional(),
  vin: vin(),
  registration: modelText('Registration Number', customers.fields.registration, MSG.invalidRegistration)
    .trim()
    .required(MSG.invalidRegistration)
    .min(REGISTRATION_MIN, MSG.invalidRegistration),
  first_name: modelText('First name', customers.fields.first_name).trim().required(nameMessage).min(1, nameMessage),
  last_name: modelText('Last name', customers.fields.last_name).trim().required(nameMessage).min(1, nameMessage),
  contact: contact(),
  email: modelText('Email', customers.fields.email, MSG.invalidEmail)
    .trim()
    .default('')
    .test('email', MSG.invalidEmail, (v) => !v || EMAIL.test(v)),
});

/** Add Customer (SPEC §5). */
export const customerSchema = object(customerFields(MSG.nameMin));
/** The customer part of the service request form reads 'at least' (SPEC §5). */
export const serviceCustomerSchema = object(customerFields(MSG.nameMinServiceForm));
export type CustomerInput = InferType<typeof customerSchema>;

/** Inline edit of a customer row (Customers table). */
export const customerEditSchema = object({
  ...customerFields(MSG.nameMin),
  id: idField().required(MSG.invalidId),
  note: modelText('Note', customers.fields.note, MSG.noteMax).default(''),
  discount: discountPercent(customers.fields.discount),
  version: rowVersion(),
});
export type CustomerEditInput = InferType<typeof customerEditSchema>;

export const customerStatusSchema = object({
  id: idField().required(MSG.invalidId),
  active: number()
    .transform((v, orig) => (orig === true ? 1 : orig === false ? 0 : v))
    .oneOf([0, 1], 'Active must be 1 or 0')
    .required('Active must be 1 or 0'),
});

/** Customer lookup needs 3 or more characters (SPEC §5). */
export const lookupSchema = boundedText('Search', LIMITS.title)
  .transform((v, orig) => (typeof orig === 'number' ? String(orig) : v))
  .trim()
  .required(MSG.lookupMin)
  .min(LOOKUP_MIN, MSG.lookupMin);

/** SPEC's form payload keys (§3) → ours. Accepts either. */
export const SPEC_CUSTOMER_KEYS = {
  VIN: 'vin',
  'Registration Number': 'registration',
  'First name': 'first_name',
  'Last name': 'last_name',
  'Contact number': 'contact',
  Email: 'email',
} as const;

export function fromSpecCustomer(payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...payload };
  for (const [spec, ours] of Object.entries(SPEC_CUSTOMER_KEYS)) {
    if (spec in payload && !(ours in payload)) out[ours] = payload[spec];
    delete out[spec];
  }
  return out;
}

/** Search results expose SPEC's keys as well as ours (§3). */
export function toSpecCustomer<
  C extends { first_name: string; last_name: string; registration: string; vin: string; id: string },
>(c: C) {
  return {
    ...c,
    'First name': c.first_name,
    'Last name': c.last_name,
    'Registration Number': c.registration,
    VIN: c.vin,
  };
}
