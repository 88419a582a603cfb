import type { JobStatus } from '../../domain/entities';
import { parseBooking } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import {
  JOB_CALLS,
  planAssign,
  planBooking,
  planCancel,
  planMileage,
  planNote,
  planServices,
  planStatusChange,
  type PlannedJob,
} from '../../domain/writes/jobs';
import { checkedCall } from '../calls';
import type { BayBookDB, JobRow } from '../db';
import { shopTimeZone } from '../rows';
import { changedFields, type FieldChangeSet } from '../../domain/fieldChanges';
import { queueFieldChange } from '../fieldCalls';
import { LocalWriteError, localWrite, type EnqueueInput, type WriteContext } from '../write';

export async function mustGet(w: WriteContext, id: string): Promise<JobRow> {
  const job = await w.get('jobs', id);
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
    async setStatus(id: string, status: JobStatus, detail = ''): Promise<JobRow> {
      const v = await checkedCall(db, JOB_CALLS.status, { id, status, detail });
      return localWrite(db, async (w) => {
        const job = await mustGet(w, v.id);
        const hasInvoice = !!(job.invoice?.length || (await db.invoices.where('request_id').equals(id).count()));
        // the same plan the server runs (level 5 may still move a final job)
        const plan = planStatusChange(job, v.status, {
          level: w.session.permission,
          hasInvoice,
          now: new Date(w.now),
          detail: v.detail,
        });
        // sent as a field change: a status someone else moved since is theirs to keep or mine to re-send (issue 14)
        return storeJobPlan(w, job, plan, {
          field: { changes: { status: v.status }, base: { status: job.status } },
          label: `Job #${job.number} to ${v.status}`,
          detail: v.detail,
        });
      });
    },

    /** PUT /job-action/cancel {id} */
    async cancel(id: string): Promise<JobRow> {
      await checkedCall(db, JOB_CALLS.cancel, { id });
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
    async assign(id: string, name: string, detail = ''): Promise<JobRow | null> {
      const { technician } = await checkedCall(db, JOB_CALLS.technician, { id, technician: name, detail });
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
    async setServices(id: string, service: string[]): Promise<JobRow> {
      const v = await checkedCall(db, JOB_CALLS.services, { id, service });
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        return storeJobPlan(w, job, planServices(job, v.service), {
          field: { changes: { service: v.service }, base: { service: job.service } },
          label: `Services of job #${job.number}`,
        });
      });
    },

    /** PUT /service {data: {id, mileage}} (inline mileage edit) */
    async setMileage(id: string, mileage: number): Promise<JobRow> {
      const v = await checkedCall(db, JOB_CALLS.mileage, { id, mileage });
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        return storeJobPlan(w, job, planMileage(job, v.mileage), {
          field: { changes: { mileage: v.mileage }, base: { mileage: job.mileage } },
          label: `Mileage of job #${job.number}`,
        });
      });
    },

    /**
     * PUT /booking-date {id, book_start?, book_end?, base} — a booking date update sets status booked. Only the times
     * changed are sent, each with its base (issue 14): another device's change of the other time stays.
     */
    async book(id: string, bookStart: string, bookEnd: string): Promise<JobRow> {
      const v = await checkedCall(db, JOB_CALLS.booking, { id, book_start: bookStart, book_end: bookEnd });
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        // the plan the server runs: an open job, both times in the future in the shop's zone, start not after end
        const plan = planBooking(job, v, { now: new Date(w.now), tz: await shopTimeZone(db) });
        const times = plan.ok ? { book_start: plan.changes.book_start, book_end: plan.changes.book_end } : {};
        const set = changedFields({ ...job }, times);
        // booked again at the times it has: both go, each based on itself (never a conflict)
        if (Object.keys(set.changes).length === 0) Object.assign(set, { changes: times, base: times });
        return storeJobPlan(w, job, plan, { field: set, label: `Booking of job #${job.number}` });
      });
    },
  };
}

async function textAction(
  db: BayBookDB,
  id: string,
  field: 'comment' | 'service_note',
  sent: string,
  what: string,
): Promise<JobRow> {
  const { value } = await checkedCall(db, field === 'comment' ? JOB_CALLS.comment : JOB_CALLS.serviceNote, {
    id,
    value: sent,
  });
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

/** A field change of the job (issue 14: sent with its base), or another job call as it is. */
type JobCall = EnqueueInput | { field: FieldChangeSet; label: string; detail?: string };

/** Stores a job plan of src/domain/writes/jobs.ts and queues its call; a job already as asked stores and sends nothing. */
async function storeJobPlan(w: WriteContext, job: JobRow, plan: PlannedJob, call: JobCall): Promise<JobRow> {
  if (!plan.ok) throw new LocalWriteError(plan.message);
  if (Object.keys(plan.changes).length === 0) return job;
  const row = await w.patch('jobs', job.id, { ...plan.changes, updated_at: w.now });
  if ('field' in call) await queueFieldChange(w, 'jobs', job.id, call.field, call.label, call.detail);
  else await w.enqueue(call);
  return row;
}
