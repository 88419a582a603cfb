import { RETURN_FIELD } from '../domain/billingFields';
import { fieldLabel, isDecidedEntity, recordLabel, type Choice } from '../domain/decisions';
import type { ConflictAnswer, FieldChangeSet } from '../domain/fieldChanges';
import { MSG } from '../domain/messages';
import type { SyncEntityName } from '../domain/sync';
import type { BayBookDB, OutboxEntry } from '../local/db';
import {
  checkFieldChange,
  fieldCall,
  fieldConflictId,
  isFieldConflict,
  queueDecided,
  type FieldConflict,
  type FieldConflictRow,
} from '../local/fieldCalls';
import { LocalWriteError, localWrite } from '../local/write';
import { resendSave } from './saveDecisions';

/**
 * Field conflicts a person decides (issue 14). An update's answer names the fields someone else changed since the
 * device read them; each is kept in the device's `conflicts` table beside the refused changes, one row per record
 * and field (a later conflict on the same field is the person's later edit, and replaces the earlier; an item return
 * is not an edit of a value but an act of its own, so each waits in a row of its own), until someone
 * decides: keep theirs, use mine (re-sent against what is there now), or edit and send. The decision goes to the
 * activity log by POST /v3/decided, queued in the same write.
 */

export { isFieldConflict, type FieldConflictRow } from '../local/fieldCalls';

function isAnswer(v: unknown): v is ConflictAnswer {
  const c = v as Partial<ConflictAnswer> | null;
  return !!c && typeof c.entity === 'string' && typeof c.id === 'string' && typeof c.field === 'string';
}

/** The field conflicts an update's answer names (none for an answer from before issue 14). */
export function answerConflicts(data: unknown): ConflictAnswer[] {
  const list = (data as { conflicts?: unknown } | null)?.conflicts;
  return Array.isArray(list) ? list.filter(isAnswer) : [];
}

/**
 * Keeps the conflicts of an answer, worded for the list. Call inside a 'rw' transaction over the conflicts table
 * and the records' tables (the push's, when the answer named any).
 */
export async function keepFieldConflicts(
  db: BayBookDB,
  entry: OutboxEntry,
  answers: ConflictAnswer[],
  at: string,
): Promise<void> {
  const rows: FieldConflictRow[] = [];
  for (const a of answers) {
    if (!isDecidedEntity(a.entity)) continue;
    const row = await db.entity(a.entity).get(a.id);
    const field: FieldConflict = {
      ...a,
      record: recordLabel(a.entity, row ? { ...row } : undefined),
      label: fieldLabel(a.entity, a.field),
    };
    rows.push({
      // each item return is one person's act of money and stock: two are two decisions, never one replacing the other
      id: a.field === RETURN_FIELD ? `${fieldConflictId(a)}:${entry.id}` : fieldConflictId(a),
      entry: { ...entry, state: 'rejected' },
      status: 200,
      message: MSG.needsDecision,
      at,
      field,
    });
  }
  await db.conflicts.bulkPut(rows);
}

/** The field conflicts waiting for a decision, oldest first (one Dexie promise chain: useLiveQuery follows it). */
export function fieldConflicts(db: BayBookDB): Promise<FieldConflictRow[]> {
  return db.conflicts
    .orderBy('at')
    .toArray()
    .then((rows) => rows.filter(isFieldConflict));
}

/** A typed value as the field holds it: a number field stays a number. */
function asFieldValue(value: unknown, like: unknown): unknown {
  if (typeof like === 'number' && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

/** What a decision sends: this device's value again ('mine'), or the value typed, as the field holds it. */
const sentValue = (f: FieldConflict, choice: Exclude<Choice, 'theirs'>, value: unknown) =>
  choice === 'mine' ? f.mine : asFieldValue(value, f.mine ?? f.theirs);

/** The field change a decision sends: against what is there now, so it lands unless someone changes it once more. */
const sentChange = (f: FieldConflict, send: unknown): FieldChangeSet => ({
  changes: { [f.field]: send },
  base: { [f.field]: f.theirs },
});

/**
 * Decides a field conflict by the person signed in: 'theirs' keeps what is there now; 'mine' sends what this device
 * wrote again, and 'edited' sends `value`, each against what is there now (so it lands unless someone changes the
 * field once more). The row on the device shows the value sent at once; the decision's log line is queued with it.
 */
export async function decideFieldConflict(db: BayBookDB, id: string, choice: Choice, value?: unknown): Promise<void> {
  if (choice === 'edited') await checkEdited(db, id, value);
  await localWrite(db, async (w) => {
    const c = await w.db.conflicts.get(id);
    if (!c || !isFieldConflict(c)) return;
    const f = c.field;
    if (choice !== 'theirs' && (f.entity === 'invoices' || f.entity === 'estimates')) {
      // the save again with this field as the person wants it (its conflict is decided first, not by the save)
      await queueDecided(w, f, choice, value);
      await w.db.conflicts.delete(id);
      await resendSave(w, f, sentValue(f, choice, value), c.entry.body);
      return;
    }
    if (choice !== 'theirs') {
      if (!isDecidedEntity(f.entity))
        throw new LocalWriteError(`${f.record}: ${f.label} cannot be sent from this list.`);
      const send = sentValue(f, choice, value);
      const entity: SyncEntityName = f.entity;
      if (await w.get(entity, f.id)) await w.patch(entity, f.id, { [f.field]: send, updated_at: w.now });
      const label = `${f.label} of ${f.record}`;
      await w.enqueue(fieldCall(f.entity, f.id, sentChange(f, send), w.deviceCode, label));
    }
    await queueDecided(w, f, choice, value);
    await w.db.conflicts.delete(id);
  });
}

/**
 * An edited value is typed by hand: refused here, in the server's words, when the field's call would refuse it (a
 * note past its length, a name left empty), so the decision stays open instead of coming back as a refused change.
 * An invoice's or an estimate's field goes again inside its whole save (resendSave), and only the server checks it.
 */
async function checkEdited(db: BayBookDB, id: string, value: unknown) {
  const c = await db.conflicts.get(id);
  if (!c || !isFieldConflict(c)) return;
  const f = c.field;
  if (f.entity === 'invoices' || f.entity === 'estimates' || !isDecidedEntity(f.entity)) return;
  await checkFieldChange(db, f.entity, f.id, sentChange(f, sentValue(f, 'edited', value)));
}
