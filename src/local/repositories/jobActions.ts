import type { JobStatus } from '../../domain/entities';
import { checkBookingUpdate, checkJobUpdate } from '../../domain/jobs';
import { parseBooking } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import { planAssign, planCancel, planNote, planStatusChange, type PlannedJob } from '../../domain/writes/jobs';
import type { BayBookDB, JobRow } from '../db';
import { shopTimeZone } from '../rows';
import { changedFields, type FieldChangeSet } from '../../domain/fieldChanges';
import { queueFieldChange } from '../fieldCalls';
import { LocalWriteError, localWrite, type EnqueueInput, type WriteContext } from '../write';

/** The server's rule (checkJobUpdate): no change but a status change touches a complete or canceled job. */
function assertOpen(job: JobRow) {
  const check = checkJobUpdate(job.status);
  if (!check.ok) throw new LocalWriteError(check.message);
}

export async function mustGet(w: WriteContext, id: string): Promise<JobRow> {
  const job = await w.get<JobRow>('jobs', id);
  if (!job) throw new LocalWriteError(MSG.noRecordFound.replace('{id}', id));
  return job;
}

/** A booking time as UTC ISO: SPEC's 'YYYY-MM-DD HH:mm' is read in the shop's time zone, anything else as a date. */
export function iso(v: string | null | undefined, tz: string): string | null {
  if (!v) return null;
  const booking = parseBooking(v, tz);
  if (booking) return booking;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The job actions of SPEC §4 (status, cancel, technician, notes), services, mileage and the booking date. */
export function jobActions(db: BayBookDB) {
  return { ...jobMoves(db), ...jobEdits(db) };
}

/** Where the job is in the bay and who works on it, and its two notes. */
function jobMoves(db: BayBookDB) {
  return {
    /** PUT /job-action/status {id, status, detail} (confirmed by the screen first) */
    setStatus(id: string, status: JobStatus, detail = ''): Promise<JobRow> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        const hasInvoice = !!(job.invoice?.length || (await db.invoices.where('request_id').equals(id).count()));
        // the same plan the server runs (level 5 may still move a final job)
        const plan = planStatusChange(job, status, {
          level: w.session.permission,
          hasInvoice,
          now: new Date(w.now),
          detail,
        });
        // sent as a field change: a status someone else moved since is theirs to keep or mine to re-send (issue 14)
        return storeJobPlan(w, job, plan, {
          field: { changes: { status }, base: { status: job.status } },
          label: `Job #${job.number} to ${status}`,
          detail,
        });
      });
    },

    /** PUT /job-action/cancel {id} */
    cancel(id: string): Promise<JobRow> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        // the status it was based on travels with it: a job moved on by someone else meanwhile is a conflict
        return storeJobPlan(w, job, planCancel(job, w.session.permission), {
          field: { changes: { status: 'canceled' }, base: { status: job.status } },
          label: `Cancel job #${job.number}`,
        });
      });
    },

    /** PUT /job-action/technician {id, technician, detail}; skipped when unchanged or empty (SPEC §4) */
    assign(id: string, technician: string, detail = ''): Promise<JobRow | null> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        if (!technician) return null;
        // whether the name is a technician is the server's to say when the call arrives (its team is the authority)
        const plan = planAssign(job, technician, undefined, detail);
        if (plan.ok && Object.keys(plan.changes).length === 0) return null;
        const call = {
          field: { changes: { technician }, base: { technician: job.technician } },
          label: `Assign job #${job.number} to ${technician}`,
          detail,
        };
        return storeJobPlan(w, job, plan, call);
      });
    },

    /** PUT /job-action/comment {id, value} (comment for customer) */
    comment: (id: string, value: string) => textAction(db, id, 'comment', value, 'Customer comment'),
    /** PUT /job-action/service-note {id, value} */
    serviceNote: (id: string, value: string) => textAction(db, id, 'service_note', value, 'Service note'),
  };
}

/** What the job is (services, mileage) and when it is booked. */
function jobEdits(db: BayBookDB) {
  return {
    /** PUT /job-action/services {id, service[]} (Edit services) */
    setServices(id: string, service: string[]): Promise<JobRow> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        assertOpen(job);
        if (!service.length) throw new LocalWriteError(MSG.selectOneService);
        return storeJobField(w, job, { service }, `Services of job #${job.number}`);
      });
    },

    /** PUT /service {data: {id, mileage}} (inline mileage edit) */
    setMileage(id: string, mileage: number): Promise<JobRow> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        assertOpen(job);
        if (!Number.isFinite(mileage) || mileage < 0) throw new LocalWriteError(MSG.invalidMileage);
        return storeJobField(w, job, { mileage }, `Mileage of job #${job.number}`);
      });
    },

    /**
     * PUT /booking-date {id, book_start?, book_end?, base} — a booking date update sets status booked. Only the times
     * changed are sent, each with its base (issue 14): another device's change of the other time stays.
     */
    book(id: string, bookStart: string, bookEnd: string): Promise<JobRow> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        // the rule the calendar offers its form by: level 4+, never a final job
        const check = checkBookingUpdate(job.status, w.session.permission);
        if (!check.ok) throw new LocalWriteError(check.message);
        const tz = await shopTimeZone(db);
        const start = iso(bookStart, tz);
        const end = iso(bookEnd, tz);
        if (!start || !end || start > end) throw new LocalWriteError(MSG.invalidBookingDates);
        const times = { book_start: start, book_end: end };
        const set = changedFields({ ...job }, times);
        if (Object.keys(set.changes).length === 0) {
          if (job.status === 'booked') return job;
          // booked again at the times it has: both go, each based on itself (never a conflict)
          Object.assign(set, { changes: times, base: times });
        }
        const row = await w.patch<JobRow>('jobs', id, { ...times, start, status: 'booked', updated_at: w.now });
        await queueFieldChange(w, 'jobs', id, set, `Booking of job #${job.number}`);
        return row;
      });
    },
  };
}

function textAction(
  db: BayBookDB,
  id: string,
  field: 'comment' | 'service_note',
  value: string,
  what: string,
): Promise<JobRow> {
  return localWrite(db, async (w) => {
    const job = await mustGet(w, id);
    // the note it was based on travels with it: a note someone else wrote since is never replaced (issue 14)
    const call = {
      field: { changes: { [field]: value }, base: { [field]: job[field] } },
      label: `${what} on job #${job.number}`,
    };
    return storeJobPlan(w, job, planNote(job, field, value), call);
  });
}

/** Stores a job field and queues it as a field change with its base (issue 14); nothing when it is already so. */
async function storeJobField(w: WriteContext, job: JobRow, edit: Partial<JobRow>, label: string): Promise<JobRow> {
  const set = changedFields({ ...job }, { ...edit });
  if (Object.keys(set.changes).length === 0) return job;
  const row = await w.patch<JobRow>('jobs', job.id, { ...set.changes, updated_at: w.now });
  await queueFieldChange(w, 'jobs', job.id, set, label);
  return row;
}

/** A field change of the job (issue 14: sent with its base), or another job call as it is. */
type JobCall = EnqueueInput | { field: FieldChangeSet; label: string; detail?: string };

/** Stores a job plan of src/domain/writes/jobs.ts and queues its call; a job already as asked stores and sends nothing. */
async function storeJobPlan(w: WriteContext, job: JobRow, plan: PlannedJob, call: JobCall): Promise<JobRow> {
  if (!plan.ok) throw new LocalWriteError(plan.message);
  if (Object.keys(plan.changes).length === 0) return job;
  const row = await w.patch<JobRow>('jobs', job.id, { ...plan.changes, updated_at: w.now });
  if ('field' in call) await queueFieldChange(w, 'jobs', job.id, call.field, call.label, call.detail);
  else await w.enqueue(call);
  return row;
}
