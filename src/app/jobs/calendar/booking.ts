import { addDays, endOfMonth, format, isValid, parse, startOfMonth } from 'date-fns';
import { object, string, type InferType } from 'yup';
import type { FieldErrors } from 'react-hook-form';
import { BOOKING_FORMAT, DAY_FORMAT, bookingInstant, formatShop, parseBooking, shopDay } from '../../../domain/dates';
import { JOB_STATUSES, type JobStatus } from '../../../domain/entities';
import { checkBookingUpdate, checkJobUpdate } from '../../../domain/jobs';
import { bookingFields } from '../../../domain/schemas';
import type { JobRow } from '../../../local/db';

/**
 * The booking calendar's rules for the screen (SPEC §2 Booking calendar, §4, §5): which day a booking falls on in
 * the shop's time zone, the range a month view loads, the times a selected slot prefills, and the forms' schema: the
 * domain's booking fields, read in the shop's zone.
 *
 * Days are keyed 'YYYY-MM-DD'. A react-calendar tile is a local Date at midnight; its key is its local calendar date,
 * and a booking's key is its shop-zone calendar date, so the two meet whatever zone the device is set to.
 */

/** Statuses a job can be booked from on the calendar: those the domain still lets a booking update (not final). */
export const BOOKABLE_STATUSES: readonly JobStatus[] = JOB_STATUSES.filter((s) => checkJobUpdate(s).ok);

/** Chips shown in one day tile before '+N more'. */
export const MAX_CHIPS = 3;

/** Hours offered as one-hour slots in the day panel (a shop's working day). */
export const SLOT_HOURS: readonly number[] = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

/** The key of a react-calendar tile (its local calendar date). */
export const dayKeyOf = (date: Date): string => format(date, DAY_FORMAT);

/** The local Date react-calendar uses for a day key. */
export function dateOfKey(key: string): Date {
  const d = parse(key, DAY_FORMAT, new Date());
  return isValid(d) ? d : new Date();
}

/**
 * The instants a month view loads: from a week before the 1st to two weeks after the month's end, so the
 * neighbouring days shown in the grid have their bookings too.
 */
export function monthRange(activeStart: Date, tz: string): { fromIso: string; toIso: string } {
  const from = dayKeyOf(addDays(startOfMonth(activeStart), -7));
  const to = dayKeyOf(addDays(endOfMonth(activeStart), 15));
  return { fromIso: parseBooking(`${from} 00:00`, tz)!, toIso: parseBooking(`${to} 00:00`, tz)! };
}

/** Bookings by shop day, each day in time order. Canceled jobs free their slot and are left out. */
export function groupByDay(jobs: readonly JobRow[], tz: string): Map<string, JobRow[]> {
  const out = new Map<string, JobRow[]>();
  const sorted = jobs
    .filter((j) => j.book_start && j.status !== 'canceled')
    .sort((a, b) => a.book_start!.localeCompare(b.book_start!));
  for (const j of sorted) {
    const key = shopDay(j.book_start!, tz);
    const list = out.get(key);
    if (list) list.push(j);
    else out.set(key, [j]);
  }
  return out;
}

/** A slot's times as the form holds them */
export type SlotTimes = { book_start: string; book_end: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** The form's from and to for a one-hour slot starting at `hour` on `day` (the last hour of a day ends at 23:59). */
export function slotText(day: string, hour: number): SlotTimes {
  const h = Math.max(0, Math.min(23, Math.floor(hour)));
  return { book_start: `${day} ${pad(h)}:00`, book_end: h < 23 ? `${day} ${pad(h + 1)}:00` : `${day} 23:59` };
}

/** The slot a selected day starts with: 09:00–10:00, or the next whole hour when the day is today and past 08:00. */
export function defaultSlot(day: string, tz: string, now = new Date()): SlotTimes {
  let hour = 9;
  if (day === shopDay(now, tz)) hour = Math.max(hour, Number(formatShop(now, tz, 'H')) + 1);
  return slotText(day, hour);
}

/** A stored booking instant in SPEC's 'YYYY-MM-DD HH:mm', in the shop's zone. */
export const bookingText = (iso: string | null | undefined, tz: string): string =>
  iso ? formatShop(iso, tz, BOOKING_FORMAT) : '';

/** 'HH:mm' of a stored instant in the shop's zone. */
export const timeText = (iso: string | null | undefined, tz: string): string =>
  iso ? formatShop(iso, tz, 'HH:mm') : '';

/**
 * Whether the event dialog offers to change this job's booking: exactly where the repository's book() (and the
 * server) would accept it — the domain's checkBookingUpdate (level 4+, never a complete or canceled job).
 */
export function canRebook(status: string, level: number): boolean {
  return checkBookingUpdate(status, level).ok;
}

/** Matches a job against the day form's search: registration, #number or VIN, ignoring case, spaces and dashes. */
export function matchesJob(job: Pick<JobRow, 'registration' | 'number' | 'vin'>, search: string): boolean {
  const q = search.toUpperCase().replace(/[\s#-]+/g, '');
  if (!q) return true;
  const norm = (s: unknown) =>
    String(s ?? '')
      .toUpperCase()
      .replace(/[\s#-]+/g, '');
  return norm(job.registration).includes(q) || norm(job.number).startsWith(q) || norm(job.vin).startsWith(q);
}

/**
 * The booking forms check the times with the domain's booking fields (schemas/job.ts bookingFields: what PUT
 * /booking-date checks a whole booking with), both needed and read in the shop's zone `tz`: 'YYYY-MM-DD HH:mm' as
 * SPEC §5 gives it (or ISO with an offset, as the write takes it), in the future ('Invalid dates'), start not after
 * end ('Invalid booking dates'), no longer than any time ('Booking start should be at most 64 characters').
 */
export const eventBookingSchema = (tz: string, now?: () => Date) => object(bookingFields(now, tz, true));
export const dayBookingSchema = (tz: string, now?: () => Date) =>
  object({ job: string().default(''), ...bookingFields(now, tz, true) });

/** The form's times: text as typed (null only as the domain's fields default it; a valid form has both) */
export type BookingTimes = InferType<ReturnType<typeof eventBookingSchema>>;
export type DayBooking = InferType<ReturnType<typeof dayBookingSchema>>;

/** The one message shown under both times: the first in the fields' order, the one the server answers with. */
export const bookingMessage = (errors: FieldErrors<BookingTimes>): string | undefined =>
  errors.book_start?.message ?? errors.book_end?.message;

/** The times of a valid form as stored instants (call after the schema passed). */
export function toInstants(v: BookingTimes, tz: string): { startIso: string; endIso: string } {
  return { startIso: bookingInstant(v.book_start, tz)!, endIso: bookingInstant(v.book_end, tz)! };
}
