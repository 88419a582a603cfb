import {
  RETURN_FIELD,
  STORAGE_FIELD,
  storageValue,
  lineKeys,
  decideEstimateSave,
  decideInvoiceSave,
  type DecidedSave,
  type EstimateSave,
  type InvoiceSave,
} from '../../domain/billingFields';
import { decideFields, type FieldConflict } from '../../domain/fieldChanges';
import { displayInvoiceNumber } from '../../domain/jobs';
import { MSG, fill } from '../../domain/messages';
import { isInvoiceLocked } from '../../domain/totals';
import type { estimates } from '../db/schema';
import { conflictAnswers } from '../http/conflicts';
import type { WriteCtx } from '../http/route';
import { refuseIfStale, type InvoiceRow } from './ledger';

/**
 * PUT /invoice-details and PUT /estimate-details as field changes (issue 14, src/domain/billingFields.ts). A save
 * with `base` is decided field by field against the row as it is now; one without (an older device) keeps the old
 * check: a save based on another version of the invoice is refused as stale.
 */

type Ctx = Pick<WriteCtx<unknown>, 'tx'>;
type EstimateRow = typeof estimates.$inferSelect;

/** The activity-log subject of an estimate's lines. */
export const estimateSubject = (number: string) => `Estimate ${number}`;

/** An invoice save to plan: with base, decided per field (a paid invoice takes none); without, checked for staleness. */
export function invoiceSaveOf(
  inv: InvoiceRow,
  body: InvoiceSave & { base?: Record<string, unknown>; base_version?: number },
): DecidedSave<InvoiceSave> {
  if (!body.base) {
    refuseIfStale(inv, body.base_version);
    return { save: body, landed: [], conflicts: [] };
  }
  return decideInvoiceSave(inv, body, body.base, isInvoiceLocked(inv));
}

/** An estimate save to plan: with base, decided per field; without, applied whole as before. */
export function estimateSaveOf<S extends EstimateSave>(
  row: EstimateRow,
  body: S & { base?: Record<string, unknown> },
): DecidedSave<S> {
  if (!body.base) return { save: body, landed: [], conflicts: [] };
  return decideEstimateSave(row, body, body.base);
}

/** Nothing of the save lands: every field it changed is another person's since. */
export const nothingLands = (d: DecidedSave<unknown>) => d.conflicts.length > 0 && d.landed.length === 0;

/**
 * The conflicts of a save as its answer names them (null when none), with who last saved the record, where and when (a save's log
 * line: `saved…` for an invoice, `changed…` for an estimate; for an invoice paid since, whoever last touched it).
 */
export async function saveConflicts(
  ctx: Ctx,
  record: { entity: 'invoices' | 'estimates'; id: string; number: string },
  conflicts: FieldConflict[],
  /** the start of the log lines that change these fields (a save's by default) */
  logged?: string,
) {
  const invoice = record.entity === 'invoices';
  const subject = invoice ? displayInvoiceNumber(record.number) : estimateSubject(record.number);
  const saved = logged ?? (invoice ? 'saved' : 'changed');
  const answers = await conflictAnswers(
    ctx.tx,
    { entity: record.entity, id: record.id, subject },
    conflicts,
    (_f, l) => (conflicts.some((c) => c.reason === 'blocked') ? true : l.startsWith(saved)),
  );
  return answers.length ? { conflicts: answers, message: fill(MSG.fieldConflicts, { count: answers.length }) } : null;
}

/**
 * Storage on or off with `base` (issue 14): the switch is one field ("on, 5 days" or "off"), decided as a save's
 * fields are — a switch someone else made since (or an invoice paid since) is a conflict and nothing is written;
 * the same switch made twice is no conflict. Without base (an older device) a stale switch is refused as before.
 */
export function storageConflicts(
  inv: InvoiceRow,
  body: { option: string; days?: number; base?: Record<string, unknown>; base_version?: number },
): FieldConflict[] {
  if (!body.base) {
    refuseIfStale(inv, body.base_version);
    return [];
  }
  const changes = { [STORAGE_FIELD]: storageValue(body.option, body.days) };
  const now = { [STORAGE_FIELD]: storageValue(inv.storage, inv.storage_days) };
  return decideFields(now, { changes, base: body.base }, isInvoiceLocked(inv)).conflicts;
}

/**
 * An item return with `base` ({version}: the invoice it was planned on, issue 14). Money and stock never merge
 * blindly: when the invoice changed since (another save, a payment, another return), the return is not re-planned on
 * the server but waits for a person, showing what they returned and the invoice's lines now; use mine re-plans it
 * on the device against the invoice as it is then. Without base (an older device) a stale return is refused.
 */
export function returnConflicts(
  inv: InvoiceRow,
  body: { items: { id: string; qty: number }[]; base?: Record<string, unknown>; base_version?: number },
): FieldConflict[] {
  if (!body.base) {
    refuseIfStale(inv, body.base_version);
    return [];
  }
  if (Number(body.base.version) === inv.version) return [];
  const reason = isInvoiceLocked(inv) ? 'blocked' : 'changed';
  const theirs = lineKeys(inv.products as { id: string; qty: number }[]);
  return [{ field: RETURN_FIELD, mine: lineKeys(body.items), base: null, theirs, reason }];
}

/**
 * A save with base on an invoice or estimate deleted since (issue 14): not a refusal but each field it changed waits
 * as a conflict with reason `deleted` (what is there now: nothing), so the person sees what they wrote and decides.
 * (A save without base, from an older device, is refused as not found, as before.)
 */
export function goneSave(
  entity: 'invoices' | 'estimates',
  id: string,
  changes: Record<string, unknown>,
  base: Record<string, unknown>,
) {
  const { conflicts } = decideFields(null, { changes, base });
  const answers = conflicts.map((c) => ({ ...c, entity, id, by: '', device: '', at: '' }));
  return { value: true, conflicts: answers, message: fill(MSG.fieldConflicts, { count: answers.length }) };
}
