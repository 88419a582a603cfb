import { CONFIG_NAMES } from '../domain/configSheet';
import { shopTimeZone } from '../domain/dates';
import { fill, MSG } from '../domain/messages';
import { LIMITS } from '../domain/schemas/fields';
import { LOG_CALLS } from '../domain/writes/logLines';
import { refusedWords, type RefusalFacts, type RefusedContext, type RefusedWords } from '../domain/refusals';
import type { BayBookDB, ConflictRow, InvoiceRow, TransactionRow } from '../local/db';
import { LocalWriteError, localWrite } from '../local/write';
import { isFieldConflict } from './decisions';

/**
 * Refused changes a person decides on (issue 14). A discard never throws a change away silently: the conflict row is
 * kept, marked `discarded` (who, when), and a POST /v3/discarded is queued in the same transaction so the server
 * writes the activity-log line (sys_log) once the device is online (docs/DECISIONS.md "Discarding a refused change").
 */

/**
 * A conflict row as this module keeps it: the server's facts about the refusal (money: who settled the invoice, when,
 * where); a discarded one stays, with who discarded it, why, and its log call's entry.
 */
export type KeptConflict = ConflictRow & {
  facts?: RefusalFacts;
  discarded?: { at: string; by: string; reason?: string; logEntry: string };
};

export interface ExplainedConflict extends KeptConflict, RefusedWords {
  /** a discarded change: its activity-log line has reached the server */
  logged: boolean;
}

export const isDiscarded = (c: ConflictRow): boolean => !!(c as KeptConflict).discarded;

/** A change the server refused, still waiting (not discarded, and not a field conflict: decisions.ts keeps those). */
export const isOpenRefusal = (c: ConflictRow): boolean => !isDiscarded(c) && !isFieldConflict(c);

/**
 * The invoice and transaction the refused call was about, as the device has them now (the server's version), the
 * server's facts and the shop's time zone.
 */
async function contextOf(db: BayBookDB, c: KeptConflict): Promise<RefusedContext> {
  const data = (c.entry.body as { data?: Record<string, unknown> } | undefined)?.data ?? {};
  const transaction =
    typeof data.id === 'string' && c.entry.method === 'DELETE'
      ? ((await db.transactions.get(data.id)) as TransactionRow | undefined)
      : undefined;
  const invoiceId = typeof data.invoice_id === 'string' ? data.invoice_id : transaction?.invoice_id;
  const invoice = invoiceId ? ((await db.invoices.get(invoiceId)) as InvoiceRow | undefined) : undefined;
  const zone = await db.config.where('name').equals(CONFIG_NAMES.timeZone).first();
  return { invoice, transaction, facts: c.facts, tz: shopTimeZone(zone?.description) };
}

async function explain(db: BayBookDB, c: KeptConflict): Promise<ExplainedConflict> {
  const words = refusedWords(c.entry, await contextOf(db, c));
  const logEntry = c.discarded?.logEntry;
  const waiting = logEntry
    ? (await db.outbox.where('id').equals(logEntry).count()) + (await db.conflicts.where('id').equals(logEntry).count())
    : 0;
  return { ...c, ...words, logged: !!logEntry && waiting === 0 };
}

/** The refused changes still waiting for a decision, oldest first, with their words. */
export async function openConflicts(db: BayBookDB): Promise<ExplainedConflict[]> {
  const rows = (await db.conflicts.orderBy('at').toArray()).filter(isOpenRefusal);
  return Promise.all(rows.map((c) => explain(db, c)));
}

/** The refused changes someone discarded on this device, newest discard first: kept so the list still shows them. */
export async function discardedConflicts(db: BayBookDB): Promise<ExplainedConflict[]> {
  const rows = (await db.conflicts.toArray()).filter(isDiscarded) as KeptConflict[];
  rows.sort((a, b) => (b.discarded?.at ?? '').localeCompare(a.discarded?.at ?? ''));
  return Promise.all(rows.map((c) => explain(db, c)));
}

/**
 * Drops a refused change for good, by the person signed in, for the reason they gave: its photo is deleted, the row
 * stays marked discarded, and its activity-log line (with the reason) is queued. A refused money entry is never
 * dropped without a reason: money may have been taken for it. A refused log call itself is only marked (no log of a log).
 */
export async function discardConflict(db: BayBookDB, id: string, reason = ''): Promise<void> {
  await localWrite(db, async (w) => {
    const c = await w.db.conflicts.get(id);
    if (!c || isDiscarded(c)) return;
    const why = reason.trim().slice(0, LIMITS.text);
    const words = refusedWords(c.entry, await contextOf(w.db, c));
    if (words.money && !why) throw new LocalWriteError(MSG.discardReasonRequired);
    if (c.entry.blobId) await w.db.blobs.delete(c.entry.blobId);
    let logEntry = '';
    const { method, path } = LOG_CALLS.discarded;
    if (c.entry.path !== path) {
      const { what, money } = words;
      const body = {
        entry_id: c.entry.id,
        what: what.slice(0, LIMITS.note),
        message: (words.reason ?? c.message).slice(0, LIMITS.text),
        reason: why,
        money,
      };
      logEntry = (await w.enqueue({ method, path, body, label: fill(MSG.discardedLogLabel, { what }) })).id;
    }
    const kept: KeptConflict = { ...c, discarded: { at: w.now, by: w.session.username, reason: why, logEntry } };
    await w.db.conflicts.put(kept);
  });
}
