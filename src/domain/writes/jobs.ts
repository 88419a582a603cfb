import { BOOKING_FORMAT, bookingInstant, checkBooking, formatShop } from '../dates';
import { fieldChangeShape } from '../fieldChanges';
import {
  canCancel,
  checkJobUpdate,
  checkStatusChange,
  displayJobNumber,
  isFinal,
  STATUS_AFTER_BOOKING,
  stampsFor,
} from '../jobs';
import { MSG } from '../messages';
import {
  bookingChangeSchema,
  jobIdSchema,
  jobNoteSchema,
  mileageEditSchema,
  servicesEditSchema,
  statusChangeSchema,
  technicianSchema,
} from '../schemas';
import type { WriteCall } from './calls';

/**
 * Moving a job through the bay as catalogue writes (issue 17): a status change, a cancel, a technician, the notes.
 * Each plan reads the job as it stands and says what changes, the activity-log line and the answer — or why not.
 * The device's repository and the server's route run the same plan, so the same move is allowed, stamped and
 * worded the same on both (the device used to cancel at level 3 and re-send a status the job already had).
 */

/**
 * The calls of a job's edits: the route, the permission and the body schema. Each is a field change
 * with its base values (issue 14: `base`, `device`); the device sends it by src/local/fieldCalls.ts. A new job's
 * call (POST /service) is writes/jobRequests.ts'.
 */
export const JOB_CALLS = {
  status: {
    method: 'PUT',
    path: '/job-action/status',
    action: 'job.status',
    body: statusChangeSchema.shape(fieldChangeShape),
  },
  /** the status field's change to canceled, by its own call (level 4) */
  cancel: {
    method: 'PUT',
    path: '/job-action/cancel',
    action: 'job.cancel',
    body: jobIdSchema.shape(fieldChangeShape),
  },
  technician: {
    method: 'PUT',
    path: '/job-action/technician',
    action: 'job.assign',
    body: technicianSchema.shape(fieldChangeShape),
  },
  comment: {
    method: 'PUT',
    path: '/job-action/comment',
    action: 'job.comment',
    body: jobNoteSchema.shape(fieldChangeShape),
  },
  serviceNote: {
    method: 'PUT',
    path: '/job-action/service-note',
    action: 'job.serviceNote',
    body: jobNoteSchema.shape(fieldChangeShape),
  },
  services: {
    method: 'PUT',
    path: '/job-action/services',
    action: 'job.services',
    body: servicesEditSchema.shape(fieldChangeShape),
  },
  /** SPEC's older name of the services edit, kept for its clients */
  serviceItem: {
    method: 'PUT',
    path: '/serviceItem',
    action: 'job.services',
    body: servicesEditSchema.shape(fieldChangeShape),
  },
  mileage: { method: 'PUT', path: '/service', action: 'job.mileage', body: mileageEditSchema.shape(fieldChangeShape) },
  /** the booking's times: only the ones changed, each with its base */
  booking: {
    method: 'PUT',
    path: '/booking-date',
    action: 'calendar.book',
    body: bookingChangeSchema.shape(fieldChangeShape),
  },
} as const satisfies Record<string, WriteCall<unknown>>;

/**
 * The call each job field a device edits goes by (SPEC §7's job actions: one field a call) and the body key its value
 * travels in (src/local/fieldCalls.ts sends a field change by it). A booking's times travel together, in one call.
 * A status changed to canceled goes by `JOB_CALLS.cancel`.
 */
export const JOB_FIELD_CALLS: Record<string, { call: WriteCall<unknown>; key: string }> = {
  comment: { call: JOB_CALLS.comment, key: 'value' },
  service_note: { call: JOB_CALLS.serviceNote, key: 'value' },
  status: { call: JOB_CALLS.status, key: 'status' },
  technician: { call: JOB_CALLS.technician, key: 'technician' },
  mileage: { call: JOB_CALLS.mileage, key: 'mileage' },
  service: { call: JOB_CALLS.services, key: 'service' },
  book_start: { call: JOB_CALLS.booking, key: 'book_start' },
  book_end: { call: JOB_CALLS.booking, key: 'book_end' },
};

export interface JobNow {
  number: string;
  registration: string;
  status: string;
  technician: string;
  /** ISO time work started, or null */
  active_at: string | null;
  mileage: number;
  service: readonly string[];
}

export interface JobChanges {
  status?: string;
  active_at?: string;
  complete_at?: string | null;
  technician?: string;
  comment?: string;
  service_note?: string;
  mileage?: number;
  service?: string[];
  /** UTC ISO instants */
  book_start?: string;
  book_end?: string;
  start?: string;
}

export interface JobPlan {
  /** empty when the job already is as asked: nothing to store, nothing to send */
  changes: JobChanges;
  log: { subject: string; predicate: string };
  message: string;
}

export type PlannedJob = ({ ok: true } & JobPlan) | { ok: false; message: string };

const no = (message: string): PlannedJob => ({ ok: false, message });
/** The activity-log subject of a job's lines (a field conflict finds who changed the field by it). */
export const jobSubject = (job: Pick<JobNow, 'number' | 'registration'>) =>
  `Job ${displayJobNumber(job.number)} (${job.registration})`;
const withDetail = (what: string, detail?: string) => `${what}${detail ? ` (${detail})` : ''}`;
const done = (job: JobNow, changes: JobChanges, predicate: string, message: string): PlannedJob => ({
  ok: true,
  changes,
  log: { subject: jobSubject(job), predicate },
  message,
});

/** SPEC §4's state machine: who may move a job where, complete only with an invoice; stamps active_at/complete_at. */
export function planStatusChange(
  job: JobNow,
  to: string,
  by: { level: number; hasInvoice: boolean; now: Date; detail?: string },
): PlannedJob {
  if (job.status === to) return done(job, {}, '', `Job ${displayJobNumber(job.number)} is already ${to}`);
  const check = checkStatusChange({ from: job.status, to, level: by.level, hasInvoice: by.hasInvoice });
  if (!check.ok) return no(check.message);
  const stamps = stampsFor(to, by.now, job);
  return done(
    job,
    { status: to, ...stamps },
    withDetail(`status ${job.status} → ${to}`, by.detail),
    `Job ${displayJobNumber(job.number)} updated to ${to}`,
  );
}

/**
 * Cancel: level 4 and up, never a complete job (SPEC §4, §6). A job already canceled (by another device meanwhile)
 * is as asked: the same edit made twice, nothing to store (issue 14).
 */
export function planCancel(job: JobNow, level: number): PlannedJob {
  if (job.status === 'canceled') return done(job, {}, '', `Job ${displayJobNumber(job.number)} is already canceled`);
  if (isFinal(job.status) || !canCancel(job.status, level)) return no(MSG.cannotUpdateFinal);
  return done(job, { status: 'canceled' }, 'canceled', `Job ${displayJobNumber(job.number)} canceled`);
}

/**
 * Assign a technician (a level-3 member). `isTechnician` is what the caller knows of the name: the server always
 * knows; a device that has not pulled the team yet passes undefined and the server decides when the call arrives.
 */
export function planAssign(
  job: JobNow,
  technician: string,
  isTechnician: boolean | undefined,
  detail?: string,
): PlannedJob {
  const open = checkJobUpdate(job.status);
  if (!open.ok) return no(open.message);
  if (!technician) return no(MSG.selectTechnician);
  if (technician === job.technician)
    return done(job, {}, '', `Job ${displayJobNumber(job.number)} is already assigned to ${technician}`);
  if (isTechnician === false) return no(`${technician} is not a technician.`);
  return done(
    job,
    { technician },
    withDetail(`assigned to ${technician}`, detail),
    `Job ${displayJobNumber(job.number)} assigned to ${technician}`,
  );
}

export const JOB_NOTES = { comment: 'comment for customer', service_note: 'service note' } as const;

/** The comment for the customer, or the service note: any open job. */
export function planNote(job: JobNow, field: keyof typeof JOB_NOTES, value: string): PlannedJob {
  const open = checkJobUpdate(job.status);
  if (!open.ok) return no(open.message);
  const what = JOB_NOTES[field];
  return done(
    job,
    { [field]: value },
    `${what}: ${value.slice(0, 80)}`,
    `${what.charAt(0).toUpperCase()}${what.slice(1)} saved`,
  );
}

/** Edit services (level 4): any open job, at least one service (the call's schema); the same list is no change. */
export function planServices(job: JobNow, service: string[]): PlannedJob {
  const open = checkJobUpdate(job.status);
  if (!open.ok) return no(open.message);
  const same = service.length === job.service.length && service.every((s, i) => s === job.service[i]);
  return done(job, same ? {} : { service }, `services: ${service.join(', ')}`, 'Services updated');
}

/** The inline mileage edit (level 4): any open job; the mileage it has already is no change. */
export function planMileage(job: JobNow, mileage: number): PlannedJob {
  const open = checkJobUpdate(job.status);
  if (!open.ok) return no(open.message);
  const same = mileage === job.mileage;
  return done(job, same ? {} : { mileage }, `mileage ${job.mileage} → ${mileage}`, 'Mileage updated');
}

/** A job's booking as it stands (UTC ISO, or null when not booked). */
export interface BookingNow extends JobNow {
  book_start: string | null;
  book_end: string | null;
}

/**
 * Book a job or move its booking (SPEC §4, §5; level 4 by the call): any open job. `times` are the times changed — a
 * time left out stays as the job has it — each ISO with an offset or SPEC's 'YYYY-MM-DD HH:mm' read in the shop's
 * zone `tz`; both in the future, start not after end. The job becomes booked and starts at the booking's start; the
 * log line says the start in the shop's zone. The times and status it has already are no change.
 */
export function planBooking(
  job: BookingNow,
  times: { book_start?: string | null; book_end?: string | null },
  at: { now: Date; tz: string },
): PlannedJob {
  const open = checkJobUpdate(job.status);
  if (!open.ok) return no(open.message);
  const whole = { book_start: job.book_start, book_end: job.book_end, ...times };
  const check = checkBooking(whole.book_start, whole.book_end, at.now, at.tz);
  if (!check.ok) return no(check.message);
  const start = bookingInstant(whole.book_start, at.tz)!;
  const end = bookingInstant(whole.book_end, at.tz)!;
  const same = start === job.book_start && end === job.book_end && job.status === STATUS_AFTER_BOOKING;
  const changes = { book_start: start, book_end: end, start, status: STATUS_AFTER_BOOKING };
  return done(job, same ? {} : changes, `booked for ${formatShop(start, at.tz, BOOKING_FORMAT)}`, 'Booking updated');
}
