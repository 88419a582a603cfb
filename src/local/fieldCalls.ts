import {
  isLinesField,
  isMoneyField,
  isTimeField,
  lineIds,
  shownValue,
  type Choice,
  type DecidedEntity,
} from '../domain/decisions';
import type { ConflictAnswer, FieldChangeSet } from '../domain/fieldChanges';
import { MSG, fill } from '../domain/messages';
import { CONFIG_CALLS } from '../domain/writes/config';
import { CUSTOMER_CALLS } from '../domain/writes/customers';
import { JOB_CALLS, JOB_FIELD_CALLS } from '../domain/writes/jobs';
import { LOG_CALLS } from '../domain/writes/logLines';
import { PRODUCT_CALLS, SIMPLE_FIELDS } from '../domain/writes/products';
import { SUPPLIER_CALLS } from '../domain/writes/suppliers';
import { TEAM_CALLS } from '../domain/writes/team';
import type { WriteCall } from '../domain/writes/calls';
import { checkedCall } from './calls';
import type { BayBookDB, ConflictRow } from './db';
import type { EnqueueInput, WriteContext } from './write';

/** A field conflict as the device keeps it (issue 14): the server's answer, worded for the list. */
export interface FieldConflict extends ConflictAnswer {
  /** "Job #D1-1 (ABC 123)", "Ann Lee (ABC 123)" */
  record: string;
  /** "Service note" */
  label: string;
}

/** A field conflict in the `conflicts` table: a refused-change row with the field it is about. */
export type FieldConflictRow = ConflictRow & { field: FieldConflict };

export const isFieldConflict = (c: ConflictRow): c is FieldConflictRow =>
  typeof (c as Partial<FieldConflictRow>).field === 'object';

/** One row per record and field: a later conflict on the same field replaces the earlier. */
export const fieldConflictId = (c: Pick<ConflictAnswer, 'entity' | 'id' | 'field'>) =>
  `field:${c.entity}:${c.id}:${c.field}`;

/**
 * The one call that carries field changes of a record (issue 14), with their base values and the device's code:
 * PUT /customer, PUT /customer-status (a block), PUT /v2/auth/user (a team member's name or level) and
 * PUT /v2/inventory/product or PUT /v2/inventory/supplier {id, <fields>, base, device}; a setting by PUT /configsheet/{id} {<fields>, base,
 * device}; a job's field by its own call (writes/jobs.ts JOB_FIELD_CALLS), {id, <key>: value, detail?, base, device}.
 * The repositories' edits and a decision's "use mine" both send by it, so a re-sent value goes exactly as the first
 * one did, only against the newer base.
 */
export function fieldCall(
  entity: DecidedEntity,
  id: string,
  set: FieldChangeSet,
  device: string,
  label: string,
  detail = '',
): EnqueueInput {
  const { call, path, data } = fieldRequest(entity, id, set, device, detail);
  return { method: call.method, path, body: { data }, label };
}

/**
 * Refuses a field change its route would refuse, in the server's words (the call's schema: a length, a number, a
 * required value), before it is queued: a decision's edited value is typed by hand. Before localWrite (checkedCall).
 */
export async function checkFieldChange(db: BayBookDB, entity: DecidedEntity, id: string, set: FieldChangeSet) {
  const { call, data } = fieldRequest(entity, id, set, '', '');
  await checkedCall(db, call, data);
}

/** The catalogue call of a record's field changes, its path and its body's `data`. */
function fieldRequest(entity: DecidedEntity, id: string, set: FieldChangeSet, device: string, detail: string) {
  const extra = device ? { device } : {};
  const whole = { ...set.changes, base: set.base, ...extra };
  const call = fieldWriteCall(entity, set);
  // a setting's id is in its path; a job's field travels under its call's key
  if (entity === 'config') return { call, path: call.path.replace(':id', id), data: whole };
  if (entity !== 'jobs') return { call, path: call.path, data: { id, ...whole } };
  if (call === JOB_CALLS.cancel) return { call, path: call.path, data: { id, base: set.base, ...extra } };
  // the fields that go by the same call travel together (a booking's times)
  const values = Object.entries(set.changes).flatMap(([f, v]) =>
    JOB_FIELD_CALLS[f]?.call === call ? [[JOB_FIELD_CALLS[f].key, v]] : [],
  );
  // a status move and a technician carry the person's detail, as SPEC's calls do
  const [field] = Object.keys(set.changes);
  const data = {
    id,
    ...Object.fromEntries(values),
    ...(field === 'status' || field === 'technician' ? { detail } : {}),
  };
  return { call, path: call.path, data: { ...data, base: set.base, ...extra } };
}

/** The catalogue call (src/domain/writes) a record's field changes go by. */
function fieldWriteCall(entity: DecidedEntity, set: FieldChangeSet): WriteCall<unknown> {
  // a block goes by its own call (level 5), an edit of the other fields by PUT /customer (level 3)
  if (entity === 'customers') return 'active' in set.changes ? CUSTOMER_CALLS.status : CUSTOMER_CALLS.edit;
  if (entity === 'users') return TEAM_CALLS.edit;
  // a product's title, description and price by the simple form's call (level 4), its other fields by level 5's
  if (entity === 'products') return simpleOnly(set) ? PRODUCT_CALLS.editSimple : PRODUCT_CALLS.edit;
  if (entity === 'suppliers') return SUPPLIER_CALLS.edit;
  if (entity === 'config') return CONFIG_CALLS.edit;
  // an invoice's or an estimate's fields go by their whole save (src/local/repositories invoiceWrites, estimates)
  if (entity === 'invoices' || entity === 'estimates') throw new Error(`${entity}' fields are sent by their save`);
  const [field] = Object.keys(set.changes);
  if (field === 'status' && set.changes.status === 'canceled') return JOB_CALLS.cancel;
  const { call } = JOB_FIELD_CALLS[field] ?? {};
  if (!call) throw new Error(`A job's ${field} is not sent as a field change`);
  return call;
}

const simpleOnly = (set: FieldChangeSet) =>
  Object.keys(set.changes).every((f) => (SIMPLE_FIELDS as readonly string[]).includes(f));

/** Queues POST /v3/decided: the activity-log line of a decision, by the person signed in. */
export async function queueDecided(w: WriteContext, f: FieldConflict, choice: Choice, value?: unknown) {
  // lines go worded with their products' titles, which the server's log line cannot look up
  const lines = isLinesField(f.entity, f.field);
  const titles = lines ? await productTitles(w, [f.mine, f.theirs, value].flatMap(lineIds)) : {};
  const as = (v: unknown) => (lines && v !== undefined ? shownValue(v, { titles }) : v);
  const body = {
    record: f.record,
    field: f.label,
    choice,
    mine: as(f.mine),
    theirs: as(f.theirs),
    value: as(value),
    money: isMoneyField(f.entity, f.field),
    time: isTimeField(f.entity, f.field),
  };
  return w.enqueue({
    method: LOG_CALLS.decided.method,
    path: LOG_CALLS.decided.path,
    body,
    label: fill(MSG.decidedLogLabel, { field: f.label, record: f.record }),
  });
}

/** The titles of the products a list of lines names, as this device holds them. */
async function productTitles(w: Pick<WriteContext, 'db'>, ids: string[]): Promise<Record<string, string>> {
  const rows = await w.db.products.bulkGet([...new Set(ids)]);
  return Object.fromEntries(rows.flatMap((p) => (p ? [[p.id, p.title]] : [])));
}

/**
 * Queues a field change (`fieldCall`). A conflict still open on a field the person now writes again is decided by
 * this edit — it was made with what is there now in view — so it leaves the list, with its activity-log line.
 */
export async function queueFieldChange(
  w: WriteContext,
  entity: DecidedEntity,
  id: string,
  set: FieldChangeSet,
  label: string,
  detail = '',
) {
  const entry = await w.enqueue(fieldCall(entity, id, set, w.deviceCode, label, detail));
  await decideOpenConflicts(w, entity, id, set);
  return entry;
}

/** The open conflicts on the fields a new edit writes are decided by it ('edited', with its activity-log line). */
export async function decideOpenConflicts(w: WriteContext, entity: DecidedEntity, id: string, set: FieldChangeSet) {
  for (const [field, value] of Object.entries(set.changes)) {
    const open = await w.db.conflicts.get(fieldConflictId({ entity, id, field }));
    if (!open || !isFieldConflict(open)) continue;
    await queueDecided(w, open.field, 'edited', value);
    await w.db.conflicts.delete(open.id);
  }
}
