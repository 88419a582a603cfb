import { eq, sql } from 'drizzle-orm';
import { bookingInstant, checkBooking, shopTimeZone } from '../../../domain/dates';
import { isId } from '../../../domain/ids';
import { JOB_NOTES, jobSubject, type BookingNow, type JobChanges, type PlannedJob } from '../../../domain/writes/jobs';
import { MSG, fill } from '../../../domain/messages';
import { decideFields, withDevice } from '../../../domain/fieldChanges';
import type { Db, Tx } from '../../db/client';
import { jobs } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { conflictAnswers } from '../../http/conflicts';
import type { WriteCtx } from '../../http/route';
import { readSettings } from '../../settings';

/** What the job routes' files share: reading a job, storing a job plan, and the field-conflict answer. */
export type Job = typeof jobs.$inferSelect;

/** inside a writing route's transaction, or straight on the database for a read */
export async function jobOr404(tx: Tx | Db, id: string, forUpdate = false): Promise<Job> {
  const q = tx.select().from(jobs).where(eq(jobs.id, id));
  const [job] = !isId(id) ? [] : forUpdate ? await q.for('update') : await q;
  if (!job) throw notFound(fill(MSG.noRecordFound, { id }));
  return job;
}

export function refuse(check: { ok: true } | { ok: false; message: string }) {
  if (!check.ok) throw badRequest(check.message);
}

/**
 * The booking's instants: ISO with an offset as sent, or SPEC's 'YYYY-MM-DD HH:mm' read in the shop's zone (config
 * time_zone), never the server process's. The schema checked the text; the dates are checked again here in the
 * shop's zone with SPEC's 'Invalid dates' / 'Invalid booking dates'.
 */
export async function bookingOf(
  tx: Tx,
  body: { book_start?: string | null; book_end?: string | null },
): Promise<{ start: Date; end: Date }> {
  const tz = shopTimeZone((await readSettings(tx)).timeZone);
  refuse(checkBooking(body.book_start, body.book_end, new Date(), tz));
  return { start: new Date(bookingInstant(body.book_start, tz)!), end: new Date(bookingInstant(body.book_end, tz)!) };
}

/** Every job update goes through here: one place bumps version and updated_at and records the change. */
export async function updateJob(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'log'>,
  job: Job,
  set: Partial<typeof jobs.$inferInsert>,
  what: string,
) {
  await ctx.tx
    .update(jobs)
    .set({ ...set, updated_at: new Date(), version: sql`${jobs.version} + 1` })
    .where(eq(jobs.id, job.id));
  ctx.changed('jobs', job.id);
  ctx.log('service', jobSubject(job), what);
}

/** The job as the plans of src/domain/writes/jobs.ts read it (its times as UTC ISO, as a device holds them). */
export const jobNow = (job: Job): BookingNow => ({
  ...job,
  active_at: job.active_at?.toISOString() ?? null,
  book_start: job.book_start?.toISOString() ?? null,
  book_end: job.book_end?.toISOString() ?? null,
});

/** A plan's changes as the jobs table takes them: its times (UTC ISO in the plan) as dates. */
function jobColumns(changes: JobChanges): Partial<typeof jobs.$inferInsert> {
  const { active_at, complete_at, book_start, book_end, start, ...rest } = changes;
  const date = (v: string | null) => (v ? new Date(v) : null);
  const times = Object.entries({ active_at, complete_at, book_start, book_end, start }).filter(
    (e): e is [string, string | null] => e[1] !== undefined,
  );
  return { ...rest, ...Object.fromEntries(times.map(([k, v]) => [k, date(v)])) };
}

/** Stores a job plan (nothing when the job already is as asked) and answers with its message; a refusal is a 400. */
export async function storeJobPlan(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'log'>,
  job: Job,
  plan: PlannedJob,
  device?: string,
) {
  if (!plan.ok) throw badRequest(plan.message);
  if (Object.keys(plan.changes).length > 0)
    await updateJob(ctx, job, jobColumns(plan.changes), withDevice(plan.log.predicate, device));
  return { value: true, message: plan.message };
}

/** How a job's activity-log lines (the plans of writes/jobs.ts and the routes here) begin when a field changed. */
const JOB_LINES: Record<string, string[]> = {
  status: ['status ', 'canceled'],
  book_start: ['booked for '],
  book_end: ['booked for '],
  technician: ['assigned to '],
  mileage: ['mileage '],
  service: ['services: '],
  comment: [JOB_NOTES.comment],
  service_note: [JOB_NOTES.service_note],
};
const jobLineMentions = (field: string, line: string) =>
  (JOB_LINES[field] ?? [field]).some((start) => line.startsWith(start));

/**
 * A job call carrying base values (issue 14): the answer naming the fields someone else changed since, or null when
 * every field may land. A call without base (an older device) is never a conflict. `closed`: the job may no longer
 * be edited (completed or canceled since the edit was based on it), so a changed field is a conflict, not a refusal.
 */
export async function fieldConflicts(
  ctx: Pick<WriteCtx<unknown>, 'tx'>,
  job: Job,
  changes: Record<string, unknown>,
  base: Record<string, unknown> | undefined,
  closed = false,
) {
  if (!base) return null;
  const { conflicts } = decideFields(job, { changes, base }, closed);
  if (conflicts.length === 0) return null;
  const answers = await conflictAnswers(
    ctx.tx,
    { entity: 'jobs', id: job.id, subject: jobSubject(job) },
    conflicts,
    // closed: who completed or canceled the job is who changed it since, whichever field the edit was
    closed ? (_field, line) => jobLineMentions('status', line) : jobLineMentions,
  );
  return { value: true, message: fill(MSG.fieldConflicts, { count: answers.length }), conflicts: answers };
}
