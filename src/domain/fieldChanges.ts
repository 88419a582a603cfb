import { mixed } from 'yup';
import { LIMITS, boundedText } from './schemas/fields';

/**
 * Changes, not rows (issue 14). An update a device queues names only the fields a person changed, each with the value
 * it was based on (`base`: the row's value before the edit). The server applies a field when its value now still
 * equals that base — nobody changed it since — and otherwise keeps what is there and answers with a conflict for a
 * person to decide. Other fields of the same call still land. A call without `base` is a whole-row update from a
 * device older than this rule: it is applied as before. The rule is here once; the routes and the tests use it.
 */

/** The fields of an update with the values they were based on. */
export interface FieldChangeSet {
  changes: Record<string, unknown>;
  base: Record<string, unknown>;
}

/** Why a field was not written. */
export type ConflictReason = 'changed' | 'deleted' | 'blocked';

export interface FieldConflict {
  field: string;
  /** what this device wrote */
  mine: unknown;
  /** what it was based on */
  base: unknown;
  /** what is there now (null when the record is gone) */
  theirs: unknown;
  reason: ConflictReason;
}

export interface FieldDecision {
  /** fields to write: their base still holds */
  apply: Record<string, unknown>;
  conflicts: FieldConflict[];
}

/** Values as both sides hold them: a Date as its ISO text, a missing value as null, arrays and objects by content. */
export function comparable(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value) || typeof value === 'object') return JSON.stringify(value);
  return value;
}

export const sameValue = (a: unknown, b: unknown): boolean => comparable(a) === comparable(b);

/**
 * Decides each field of a change set against the record as it is now. `current` null: the record was deleted since.
 * `closed`: the record may no longer be edited (a customer blocked since the edit was based on it).
 * A field already holding the value asked for is neither written nor a conflict (two people made the same edit).
 */
export function decideFields(
  current: Record<string, unknown> | null,
  set: FieldChangeSet,
  closed = false,
): FieldDecision {
  const apply: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const [field, mine] of Object.entries(set.changes)) {
    const base = set.base[field];
    if (current === null) {
      conflicts.push({ field, mine, base, theirs: null, reason: 'deleted' });
      continue;
    }
    const theirs = current[field];
    if (sameValue(theirs, mine)) continue;
    if (closed) conflicts.push({ field, mine, base, theirs, reason: 'blocked' });
    else if (sameValue(theirs, base)) apply[field] = mine;
    else conflicts.push({ field, mine, base, theirs, reason: 'changed' });
  }
  return { apply, conflicts };
}

/**
 * The fields a person changed, each with its base: the values of `edit` that differ from the row (compared as
 * `comparable` does). Empty when nothing changed: nothing is stored or sent.
 */
export function changedFields(row: Record<string, unknown>, edit: Record<string, unknown>): FieldChangeSet {
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(edit)) {
    if (value === undefined || sameValue(row[field], value)) continue;
    changes[field] = value;
    base[field] = row[field] ?? null;
  }
  return { changes, base };
}

/**
 * The `base` member an update call may carry (the field's value before the edit) and the device code that made it,
 * for the activity log and the other side's conflict ("changed on D1"). Absent on calls from older devices.
 */
export const baseValuesSchema = mixed<Record<string, unknown>>()
  .test(
    'base',
    'Base values must be an object',
    (v) => v === undefined || (v !== null && typeof v === 'object' && !Array.isArray(v)),
  )
  .optional();
export const deviceCodeField = () => boundedText('Device', LIMITS.short).optional();
export const fieldChangeShape = { base: baseValuesSchema, device: deviceCodeField() };

/** One field conflict as the server answers it: the field, both values, and who changed it, where and when. */
export interface ConflictAnswer extends FieldConflict {
  entity: string;
  id: string;
  /** username of whoever last changed the field ('' when the activity log does not say) */
  by: string;
  /** device code it was changed on ('' when not known) */
  device: string;
  /** ISO time of that change ('' when not known) */
  at: string;
}

/** The activity-log line of a field edit names the device it was made on, so a later conflict can say where. */
const DEVICE_MARK = ' · on device ';
export const withDevice = (predicate: string, device: string | undefined) =>
  device ? `${predicate}${DEVICE_MARK}${device}` : predicate;
export function deviceOfLine(predicate: string): string {
  const at = predicate.lastIndexOf(DEVICE_MARK);
  return at < 0 ? '' : predicate.slice(at + DEVICE_MARK.length);
}
