import { formatDistanceStrict } from 'date-fns';
import type { JobStatus } from './entities';
import { MSG, fill } from './messages';

/** The job state machine of SPEC §4. */

/** The status dropdown: every status except booked and canceled (booking and cancel are their own actions). */
export const STATUS_OPTIONS: readonly JobStatus[] = ['received', 'active', 'complete'];
export const FINAL_STATUSES: readonly JobStatus[] = ['complete', 'canceled'];

export type Check = { ok: true } | { ok: false; message: string };
const OK: Check = { ok: true };
const no = (message: string): Check => ({ ok: false, message });

export function isFinal(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * Complete and canceled are terminal for levels 3 and 4 (they see only a chip). Level 5 may still change the
 * status of a final job (SPEC §2: the paged job table offers it); the server applies the same rule to every client.
 */
export function canChangeFinal(level: number): boolean {
  return level >= 5;
}

export function checkStatusChange(args: { from: string; to: string; level: number; hasInvoice: boolean }): Check {
  const { from, to, level, hasInvoice } = args;
  if (level < 3) return no(MSG.forbidden);
  if (isFinal(from) && !canChangeFinal(level)) return no(MSG.cannotUpdateFinal);
  if (!(STATUS_OPTIONS as readonly string[]).includes(to)) return no(`Invalid status: ${to}`);
  if (to === 'complete' && !hasInvoice) return no(MSG.invoiceRequired);
  return OK;
}

/** Any other change to a job (notes, services, mileage, technician, booking): refused once the job is final. */
export function checkJobUpdate(status: string): Check {
  return isFinal(status) ? no(MSG.cannotUpdateFinal) : OK;
}

export function canCancel(status: string, level: number): boolean {
  return !isFinal(status) && level >= 4;
}

/** Generate Invoice is offered only for received or active jobs (SPEC §4). */
export function canGenerateInvoice(status: string): boolean {
  return status === 'received' || status === 'active';
}

/** A booking date update sets status booked (SPEC §4). */
export const STATUS_AFTER_BOOKING: JobStatus = 'booked';

/** Timestamps a status change stamps: active_at when work starts, complete_at when it completes. */
export function stampsFor(to: string, now: Date, current: { active_at: string | null }): { active_at?: string; complete_at?: string | null } {
  if (to === 'active') return { active_at: current.active_at ?? now.toISOString(), complete_at: null };
  if (to === 'complete') return { active_at: current.active_at ?? now.toISOString(), complete_at: now.toISOString() };
  return { complete_at: null };
}

export const confirmStatusText = (number: string, status: string) => fill(MSG.confirmStatus, { id: displayJobNumber(number), status });
export const confirmAssignText = (number: string, user: string) => fill(MSG.confirmAssign, { id: displayJobNumber(number), user });

export function displayJobNumber(number: string): string {
  return number.startsWith('#') ? number : `#${number}`;
}

export function displayInvoiceNumber(number: string): string {
  return `INV ${number}`;
}

/** SPEC's zero date: not completed. */
export const ZERO_DATE = '0000-00-00 00:00';

export function isRealDate(value: string | null | undefined): value is string {
  if (!value || value.startsWith('0000-00-00')) return false;
  return !Number.isNaN(Date.parse(value));
}

/** Humanized time between active_at and complete_at, for complete jobs with a real completion date. */
export function turnaround(job: { status: string; active_at: string | null; complete_at: string | null; created_at?: string }): string {
  if (job.status !== 'complete' || !isRealDate(job.complete_at)) return '';
  const from = isRealDate(job.active_at) ? job.active_at : job.created_at;
  if (!isRealDate(from)) return '';
  return formatDistanceStrict(new Date(from), new Date(job.complete_at));
}

/** Row colours by status (Chakra colour palettes). */
export const STATUS_COLOR: Record<JobStatus, string> = {
  booked: 'purple',
  received: 'blue',
  active: 'orange',
  complete: 'green',
  canceled: 'gray',
};

/** Dashboard tiles (SPEC §2): which jobs each counts. */
export const TILES = [
  { status: 'active', label: 'Active', scope: 'all' },
  { status: 'complete', label: 'Complete', scope: 'today' },
  { status: 'received', label: 'Received', scope: 'all' },
  { status: 'booked', label: 'Bookings', scope: 'today' },
] as const satisfies readonly { status: JobStatus; label: string; scope: 'all' | 'today' }[];

export const tableTitle = (status: string) => `${status.charAt(0).toUpperCase()}${status.slice(1)} Customers`;

/** An oil change is due again this many miles after the last completed one. */
export const OIL_INTERVAL = 5000;

/**
 * The services to pre-tick on a new request for a vehicle (POST /outstanding-services, and the same offline): work
 * asked for on earlier visits and never completed, plus an oil change when one is due by mileage.
 * `history` is the vehicle's jobs, newest first.
 */
export function outstandingServices(history: readonly { status: string; service: readonly string[]; mileage: number }[], mileage: number): string[] {
  const done = new Set<string>();
  const outstanding = new Set<string>();
  for (const j of history) {
    for (const sv of j.service) {
      if (j.status === 'complete') done.add(sv);
      else if (!done.has(sv)) outstanding.add(sv);
    }
  }
  const lastOil = history.find((j) => j.status === 'complete' && j.service.some((x) => /oil/i.test(x)));
  if (lastOil && mileage - lastOil.mileage >= OIL_INTERVAL) outstanding.add(lastOil.service.find((x) => /oil/i.test(x))!);
  return [...outstanding];
}
