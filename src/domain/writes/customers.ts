import { object } from 'yup';
import { decideFields, fieldChangeShape, type FieldConflict } from '../fieldChanges';
import { MSG, fill } from '../messages';
import { idField } from '../schemas/common';
import {
  customerEditSchema,
  customerSchema,
  customerStatusSchema,
  fromSpecCustomer,
  serviceCustomerSchema,
  type CustomerEditInput,
  type CustomerInput,
} from '../schemas/customer';
import { normaliseVin } from '../vin';
import type { WriteCall } from './calls';
import { checked, refuse, type Refusal } from './refusals';

/** The fields an inline edit may change. */
export const CUSTOMER_EDITABLE = [
  'first_name',
  'last_name',
  'vin',
  'registration',
  'contact',
  'email',
  'note',
  'discount',
] as const;

/**
 * Customers as catalogue writes (issue 17): add a customer with their vehicle, edit fields in place, block and
 * unblock. Each plan reads the customer as it stands (and the one holding a VIN, when a VIN is being set) and says
 * the columns to store, the activity-log line and the answer — or the refusal in SPEC's words. The device's
 * repository and the server's route both run it, so a customer added or edited offline is the row the server stores
 * (the device used to keep a VIN with its inner spaces and names untrimmed) and is refused for the same reasons.
 * An edit and a block are field changes with a base (issue 14): what someone changed since comes back as a conflict.
 */
export const CUSTOMER_CALLS = {
  /** SPEC's form keys ('VIN', 'Registration Number', …) or ours, both accepted */
  add: {
    method: 'POST',
    path: '/customer',
    action: 'customer.add',
    body: customerSchema.transform((v) =>
      v && typeof v === 'object' ? fromSpecCustomer(v as Record<string, unknown>) : v,
    ),
  },
  /** {id, <changed fields>, base?, device?}: the fields are the plan's to check (planCustomerEdit) */
  edit: {
    method: 'PUT',
    path: '/customer',
    action: 'customer.edit',
    body: object({ id: idField().required(MSG.invalidId), ...fieldChangeShape }).unknown(true),
    fields: customerEditSchema.pick([...CUSTOMER_EDITABLE]),
  },
  status: {
    method: 'PUT',
    path: '/customer-status',
    action: 'customer.block',
    body: customerStatusSchema.shape(fieldChangeShape),
  },
} as const satisfies Record<string, WriteCall<unknown>>;

/** The customer as the plans read it (a device row or a server row). */
export interface CustomerNow {
  id: string;
  first_name: string;
  last_name: string;
  vin: string;
  active: number;
  [field: string]: unknown;
}

/** The customer already holding a VIN. */
export type VinHolder = { id: string; first_name: string; last_name: string } | undefined;

export interface CustomerLog {
  subject: string;
  predicate: string;
}

/** The activity-log subject of a customer's lines (a field conflict finds who changed the field by it). */
export const customerSubject = (c: { first_name: string; last_name: string }) =>
  `Customer ${c.first_name} ${c.last_name}`;

/** The customer a write names is not there (anymore). */
export const customerMissing = (id: string) => refuse(fill(MSG.noRecordFound, { id }), 404);

const vinTaken = (twin: NonNullable<VinHolder>) =>
  refuse(fill(MSG.vinTaken, { name: `${twin.first_name} ${twin.last_name}` }), 409, twin.id);

/** A new customer's person and vehicle, as the table keeps them. */
export interface NewCustomerRow {
  vin: string;
  registration: string;
  first_name: string;
  last_name: string;
  contact: string;
  email: string;
}

export type PlannedNewCustomer = { ok: true; row: NewCustomerRow; log: CustomerLog; message: string } | Refusal;

/**
 * Add Customer's payload (SPEC's form keys or ours) checked by Add Customer's schema, or by the service request's
 * when a new customer comes with a job (its name message reads 'at least').
 */
export function checkNewCustomer(sent: Record<string, unknown>, withJob = false) {
  return checked(withJob ? serviceCustomerSchema : customerSchema, fromSpecCustomer(sent));
}

/** One record per VIN: a second customer with the VIN is refused, naming the one who has it. */
export function planNewCustomer(input: CustomerInput, twin: VinHolder): PlannedNewCustomer {
  if (twin) return vinTaken(twin);
  const row = {
    vin: normaliseVin(input.vin),
    registration: input.registration.trim().toUpperCase(),
    first_name: input.first_name.trim(),
    last_name: input.last_name.trim(),
    contact: input.contact,
    email: input.email ?? '',
  };
  return {
    ok: true,
    row,
    log: {
      subject: customerSubject(row),
      predicate: `registered with VIN ${row.vin}, registration ${row.registration}`,
    },
    message: MSG.customerSaved,
  };
}

type Editable = (typeof CUSTOMER_EDITABLE)[number];
export type CustomerEdit = Partial<Pick<CustomerEditInput, Editable>>;

/** A field's value as the table keeps it (the VIN without spaces, the plate in capitals, names trimmed). */
function kept(field: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (field === 'vin') return normaliseVin(value);
  if (field === 'registration') return value.trim().toUpperCase();
  if (field === 'first_name' || field === 'last_name' || field === 'email') return value.trim();
  return value;
}

/** The editable fields of a sent edit, each as the table keeps it: what a device compares and sends. */
export function keptCustomerEdit(sent: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of CUSTOMER_EDITABLE) if (f in sent && sent[f] !== undefined) out[f] = kept(f, sent[f]);
  return out;
}

export type PlannedCustomerChange =
  | {
      ok: true;
      /** the activity-log subject the customer's lines had before this change (who changed a field is found by it) */
      subject: string;
      /** the columns that land: empty when nothing does */
      set: Record<string, unknown>;
      /** fields someone else changed since the edit was based on them (or the customer was blocked since) */
      conflicts: FieldConflict[];
      /** null when nothing landed */
      log: CustomerLog | null;
      message: string;
    }
  | Refusal;

/**
 * An inline edit {<changed fields>} with the values it was based on (`base`; absent from an older device: merged as
 * a whole). A customer blocked since the base was read takes none of it: every field is the person's to decide.
 * `twin`: who holds the VIN the edit sets, if anyone.
 */
export function planCustomerEdit(
  current: CustomerNow,
  sent: { changes: Record<string, unknown>; base?: Record<string, unknown> },
  twin: VinHolder,
): PlannedCustomerChange {
  const changes = keptCustomerEdit(sent.changes);
  const { base } = sent;
  const decided = base
    ? decideFields(current, { changes, base }, base.active === 1 && current.active === 0)
    : { apply: changes, conflicts: [] };
  const merged = checked(customerEditSchema, { ...current, ...decided.apply, id: current.id });
  if (!merged.ok) return merged;
  const fields = Object.keys(decided.apply);
  const set = Object.fromEntries(fields.map((f) => [f, kept(f, merged.value[f as Editable])]));
  if (set.vin !== undefined && set.vin !== current.vin && twin && twin.id !== current.id) return vinTaken(twin);
  const who = { first_name: String(merged.value.first_name), last_name: String(merged.value.last_name) };
  return {
    ok: true,
    subject: customerSubject(current),
    set,
    conflicts: decided.conflicts,
    log: fields.length ? { subject: customerSubject(who), predicate: `edited ${fields.join(', ')}` } : null,
    message: decided.conflicts.length
      ? fill(MSG.fieldConflicts, { count: decided.conflicts.length })
      : MSG.customerUpdated,
  };
}

/**
 * Block (active 0) or unblock (active 1), a field change based on the status the person saw (`base`, absent from an
 * older device). Blocking a blocked customer changes nothing and says so in the same words.
 */
export function planCustomerStatus(
  current: CustomerNow,
  sent: { active: number; base?: Record<string, unknown> },
): PlannedCustomerChange {
  const decided = decideFields(current, { changes: { active: sent.active }, base: sent.base ?? current });
  const landed = 'active' in decided.apply;
  return {
    ok: true,
    subject: customerSubject(current),
    set: decided.apply,
    conflicts: decided.conflicts,
    log: landed ? { subject: customerSubject(current), predicate: sent.active ? 'unblocked' : 'blocked' } : null,
    message: decided.conflicts.length
      ? fill(MSG.fieldConflicts, { count: decided.conflicts.length })
      : sent.active
        ? MSG.customerNowUnblocked
        : MSG.customerNowBlocked,
  };
}
