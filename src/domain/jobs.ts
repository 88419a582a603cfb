import { formatDistanceStrict } from 'date-fns';
import { OK, refuse, type Check } from './check';
import type { JobStatus } from './entities';
import { MSG, fill } from './messages';
import { customerKeys, numberKey } from './model/keys';
import { can } from './permissions';
import { matchesTerms, searchTerms, type SearchKey, type SearchTerm } from './search';

/** The job state machine of SPEC §4. */

/** The status dropdown: every status except booked and canceled (booking and cancel are their own actions). */
export const STATUS_OPTIONS: readonly JobStatus[] = ['received', 'active', 'complete'];
export const FINAL_STATUSES: readonly JobStatus[] = ['complete', 'canceled'];

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
  if (level < 3) return refuse(MSG.forbidden);
  if (isFinal(from) && !canChangeFinal(level)) return refuse(MSG.cannotUpdateFinal);
  if (!(STATUS_OPTIONS as readonly string[]).includes(to)) return refuse(`Invalid status: ${to}`);
  if (to === 'complete' && !hasInvoice) return refuse(MSG.invoiceRequired);
  return OK;
}

/**
 * The "Complete job" beside a paid invoice's PAID badge (issue 30): offered while its job is not complete or canceled
 * and this level may make the change. SPEC §4 lets any open status go to complete given an invoice (the dropdown offers
 * received, active and complete alike), so a received job completes in one step.
 */
export function canCompleteWithInvoice(status: string, level: number): boolean {
  return (
    can('job.status', level) &&
    !isFinal(status) &&
    checkStatusChange({ from: status, to: 'complete', level, hasInvoice: true }).ok
  );
}

/** Any other change to a job (notes, services, mileage, technician, booking): refused once the job is final. */
export function checkJobUpdate(status: string): Check {
  return isFinal(status) ? refuse(MSG.cannotUpdateFinal) : OK;
}

/**
 * A booking date update (the calendar, PUT /booking-date): level 4 and up (SPEC §6 calendar booking) and, like every
 * update other than a status change, never on a complete or canceled job — for level 5 too ('Cannot update final
 * requests'). The screens offer the booking form only where this passes; the call's level (its action) and
 * writes/jobs.ts planBooking apply it on the device and the server.
 */
export function checkBookingUpdate(status: string, level: number): Check {
  if (!can('calendar.book', level)) return refuse(MSG.forbidden);
  return checkJobUpdate(status);
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
export function stampsFor(
  to: string,
  now: Date,
  current: { active_at: string | null },
): { active_at?: string; complete_at?: string | null } {
  if (to === 'active') return { active_at: current.active_at ?? now.toISOString(), complete_at: null };
  if (to === 'complete') return { active_at: current.active_at ?? now.toISOString(), complete_at: now.toISOString() };
  return { complete_at: null };
}

export const confirmStatusText = (number: string, status: string) =>
  fill(MSG.confirmStatus, { id: displayJobNumber(number), status });
export const confirmAssignText = (number: string, user: string) =>
  fill(MSG.confirmAssign, { id: displayJobNumber(number), user });

export function displayJobNumber(number: string): string {
  return number.startsWith('#') ? number : `#${number}`;
}

/**
 * The Jobs screen (/view-request) at one job: searched by its #number, its panel open (issue 30: Make Service
 * Request's link to the job it made). The screen reads the same two parameters.
 */
export const JOB_LINK_PARAMS = { search: 'search', open: 'open' } as const;
export function jobLink(job: { id: string; number: string }): string {
  const q = new URLSearchParams({
    [JOB_LINK_PARAMS.search]: displayJobNumber(job.number),
    [JOB_LINK_PARAMS.open]: job.id,
  });
  return `/view-request?${q.toString()}`;
}

export function displayInvoiceNumber(number: string): string {
  return `INV ${number}`;
}

/** SPEC's zero date: not completed. */
/** SPEC §3: a job's email is 'none' when absent. */
export const hasEmail = (email: unknown): email is string =>
  typeof email === 'string' && email.trim() !== '' && email.trim().toLowerCase() !== 'none';

/**
 * What an invoice's header shows of the customer and vehicle (SPEC §2 Invoice editor: contact, email, mileage,
 * services): its job's details when it has a job, else what its own profile holds. The editor's header and the
 * invoice PDF both read it, so they cannot disagree.
 */
export function invoiceHeader(
  profile: Readonly<Record<string, unknown>> | null | undefined,
  job: { contact: string; email: string; mileage: number | null; service: readonly string[] | null } | null | undefined,
): { contact: string; email: string; mileage: number | null; services: string[] } {
  const p = profile ?? {};
  const email = hasEmail(job?.email) ? job.email : hasEmail(p.email) ? p.email : '';
  const contact = job?.contact || (typeof p.contact === 'string' ? p.contact : '');
  if (job) return { contact, email, mileage: job.mileage, services: [...(job.service ?? [])] };
  const mileage = typeof p.mileage === 'number' ? p.mileage : null;
  return { contact, email, mileage, services: Array.isArray(p.services) ? p.services.map(String) : [] };
}

export const ZERO_DATE = '0000-00-00 00:00';

export function isRealDate(value: string | null | undefined): value is string {
  if (!value || value.startsWith('0000-00-00')) return false;
  return !Number.isNaN(Date.parse(value));
}

/** Humanized time between active_at and complete_at, for complete jobs with a real completion date. */
export function turnaround(job: {
  status: string;
  active_at: string | null;
  complete_at: string | null;
  created_at?: string;
}): string {
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
export function outstandingServices(
  history: readonly { status: string; service: readonly string[]; mileage: number }[],
  mileage: number,
): string[] {
  const done = new Set<string>();
  const outstanding = new Set<string>();
  for (const j of history) {
    for (const sv of j.service) {
      if (j.status === 'complete') done.add(sv);
      else if (!done.has(sv)) outstanding.add(sv);
    }
  }
  const lastOil = history.find((j) => j.status === 'complete' && j.service.some((x) => /oil/i.test(x)));
  if (lastOil && mileage - lastOil.mileage >= OIL_INTERVAL)
    outstanding.add(lastOil.service.find((x) => /oil/i.test(x))!);
  return [...outstanding];
}

// ---- the job table's search -------------------------------------------------------------------------------------

/** What the job search reads: the shop search's vehicle and customer keys (src/domain/search.ts) and the number. */
const JOB_SEARCH_KEYS: readonly SearchKey[] = [
  'registration_key',
  'vin_key',
  'vin_end_key',
  'name_key',
  'first_key',
  'phone_key',
  'email_key',
  'number_key',
];

export interface SearchableJob {
  registration?: unknown;
  vin?: unknown;
  number?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  email?: unknown;
  contact?: unknown;
}

/**
 * The job table's search terms (SPEC §2 Job table: the hidden Email and Contact are searchable; registration, VIN,
 * #number and the names too) by the shop search's rule, as every other search box: a registration or a VIN by its
 * start (case, spaces and dashes ignored), a VIN by its end from 4 characters, a name either order, a phone number's
 * digits, an email and the job number by their start ('b2-1' and 'B21' find #B2-17). A search written as the table
 * shows a number ('#B2-1') looks for the number only. Prefixes only, so the device answers from index ranges
 * (src/local/repositories/jobSearch.ts). No terms (an empty search, or '#' alone): every job matches.
 */
export function jobSearchTerms(search: string): SearchTerm[] {
  const q = search.trim();
  if (q.startsWith('#')) return searchTerms(q.slice(1), ['number_key']);
  return searchTerms(q, JOB_SEARCH_KEYS);
}

/** Whether a job matches a search's terms: its keys are a customer's (the job carries its copy) and its number's. */
export function jobMatchesSearch(job: SearchableJob, terms: readonly SearchTerm[]): boolean {
  const keys = customerKeys(job);
  // SPEC §3 stores 'none' for a job without email: not an address to be found by 'no'
  return matchesTerms(
    { ...keys, email_key: hasEmail(job.email) ? keys.email_key : '', number_key: numberKey(job.number) },
    terms,
  );
}
