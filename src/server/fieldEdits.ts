import { decideFields, withDevice, type FieldChangeSet, type FieldDecision } from '../domain/fieldChanges';
import { MSG, fill } from '../domain/messages';
import type { SyncEntityName } from '../domain/sync';
import type { Tx } from './db/client';
import { conflictAnswers } from './http/conflicts';

/**
 * Edits sent as SPEC's whole-row calls (PUT /product, PUT /v2/inventory/supplier) that name, in `base`, the fields
 * the person changed with the values they were based on (issue 14): each of those is decided as any field change;
 * a call without base (an older device) sets every field, as before. And an edit with base of a record deleted since.
 */

/** A record whose activity-log lines (`subject`) say who changed or deleted it. */
export interface LoggedRecord {
  entity: SyncEntityName;
  id: string;
  subject: string;
}

/** What lands of a whole-row edit: with base, the fields it names decided against the row now; without, all of them. */
export function decideEdit(
  current: Record<string, unknown>,
  fields: Record<string, unknown>,
  base: Record<string, unknown> | undefined,
): FieldDecision {
  return base ? decideFields(current, namedBy(fields, base)) : { apply: fields, conflicts: [] };
}

/** The fields of a whole-row call that its base names, with their base: what the person changed. */
export const namedBy = (fields: Record<string, unknown>, base: Record<string, unknown>): FieldChangeSet => ({
  changes: Object.fromEntries(Object.entries(fields).filter(([f]) => f in base)),
  base,
});

/** The log line of an edit: with base, the fields that landed (a later conflict finds who changed a field by it). */
export const editedLine = (decided: FieldDecision, based: boolean, device: string | undefined) =>
  withDevice(based ? `edited ${Object.keys(decided.apply).join(', ')}` : 'edited', device);

/** An edit's answer: its message, or with conflicts how many wait for a decision, each with who changed it. */
export async function editAnswer(tx: Tx, record: LoggedRecord, decided: FieldDecision, message: string) {
  const conflicts = await conflictAnswers(tx, record, decided.conflicts, (f, line) => line.includes(f));
  if (!conflicts.length) return { value: true, message };
  return { value: true, message: fill(MSG.fieldConflicts, { count: conflicts.length }), conflicts };
}

/** A delete's activity-log line: a product's or a supplier's 'deleted', a team member's 'removed'. */
const isDeleteLine = (_field: string, predicate: string) => /^(deleted|removed)\b/.test(predicate);

/**
 * An edit with base of a record deleted since (issue 14): not a not-found refusal, and never a re-create — each field
 * it changed waits in the device's "Needs your decision" with reason `deleted`, nothing as what is there now, and who
 * deleted it and when (the delete's log line). Keep theirs drops the edit.
 */
export async function goneEdit(tx: Tx, record: LoggedRecord, set: FieldChangeSet) {
  const { conflicts } = decideFields(null, set);
  const answers = await conflictAnswers(tx, record, conflicts, isDeleteLine);
  return { value: true, message: fill(MSG.fieldConflicts, { count: answers.length }), conflicts: answers };
}
