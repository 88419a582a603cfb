import { differenceInCalendarDays, isValid, parseISO } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { MSG } from './messages';
import type { Check } from './check';

/** Times are stored in UTC (ISO 8601) and shown in the shop's time zone (config 'time_zone'). */
export const DEFAULT_TIME_ZONE = 'America/Jamaica';
/**
 * The shop's time zone from the config sheet's value, or the default when it is missing or a zone this runtime does
 * not know (a mistyped setting must not break every date on every screen).
 */
export function shopTimeZone(value: unknown): string {
  const tz = typeof value === 'string' ? value.trim() : '';
  return tz && dayFormat(tz) ? tz : DEFAULT_TIME_ZONE;
}

/** SPEC §9 'YYYY-MM-DD HH:mm' and 'MMM Do YYYY, h:mm:ss a' in date-fns tokens. */
export const BOOKING_FORMAT = 'yyyy-MM-dd HH:mm';
export const LONG_FORMAT = 'MMM do yyyy, h:mm:ss a';
export const DAY_FORMAT = 'yyyy-MM-dd';
/** SPEC §5: reports cover at most 365 days. */
export const MAX_REPORT_DAYS = 365;

export function formatShop(iso: string | Date, tz = DEFAULT_TIME_ZONE, pattern = LONG_FORMAT): string {
  return formatInTimeZone(typeof iso === 'string' ? new Date(iso) : iso, tz, pattern);
}

/**
 * 'YYYY-MM-DD' as a local midnight Date, or null when it is not a day of the calendar (31 February). parseISO, not
 * date-fns' `parse`: the fixed ISO forms need no format-string parser, which is ~7 KB gzip of the first load.
 */
function calendarDay(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const d = parseISO(text);
  return isValid(d) ? d : null;
}

/** 'YYYY-MM-DD HH:mm' read in the shop's time zone → UTC ISO, or null when it is not such a date. */
export function parseBooking(text: string, tz = DEFAULT_TIME_ZONE): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m || !calendarDay(m[1]) || +m[2] > 23 || +m[3] > 59) return null;
  return fromZonedTime(`${m[1]}T${m[2]}:${m[3]}:00`, tz).toISOString();
}

/** ISO 8601 with its offset (Z or ±hh:mm): '2030-06-01T15:00:00Z', '2030-06-01T10:00-05:00'. */
const ISO_WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * A booking time as the API takes it (SPEC §5 'Booking format YYYY-MM-DD HH:mm'), as UTC ISO, or null when it is
 * neither of the two forms: ISO 8601 with an offset (what the devices send: an instant, whatever the zone), or
 * SPEC's 'YYYY-MM-DD HH:mm', read in the shop's time zone `tz` (never the server process's zone). Other text (no
 * offset, 'tomorrow', 31 February) is null: a booking is never guessed.
 */
export function bookingInstant(text: unknown, tz = DEFAULT_TIME_ZONE): string | null {
  if (typeof text !== 'string') return null;
  const t = text.trim();
  const iso = ISO_WITH_OFFSET.exec(t);
  if (!iso) return parseBooking(t, tz);
  const [, day, h, m, sec = '0', oh = '0', om = '0'] = iso;
  if (!calendarDay(day) || +h > 23 || +m > 59 || +sec > 59 || +oh > 18 || +om > 59) return null;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The UTC instant the shop's day containing `now` began. */
export function startOfShopDay(now: Date, tz = DEFAULT_TIME_ZONE): Date {
  return fromZonedTime(`${formatInTimeZone(now, tz, DAY_FORMAT)}T00:00:00`, tz);
}

const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

/**
 * A zone's 'YYYY-MM-DD' formatter, made once per zone (making one is slow, and every write that counts a day asks);
 * null when this runtime does not know the zone. Also the test of a zone that shopTimeZone makes.
 */
function dayFormat(tz: string): Intl.DateTimeFormat | null {
  if (!dayFormats.has(tz)) {
    let f: Intl.DateTimeFormat | null = null;
    try {
      f = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: tz });
    } catch {
      // an unknown zone: null, and the callers fall back to the default
    }
    dayFormats.set(tz, f);
  }
  return dayFormats.get(tz) ?? null;
}

/**
 * The shop's calendar day of an instant, 'YYYY-MM-DD'. On the write path of every job (dashboard counters); an
 * unknown zone falls back to the default rather than failing a write.
 */
export function shopDay(at: string | number | Date, tz = DEFAULT_TIME_ZONE): string {
  const f = dayFormat(tz) ?? dayFormat(DEFAULT_TIME_ZONE);
  return f!.format(new Date(at));
}

/**
 * SPEC §5 booking: dates in the future and start not after end. Each is ISO with an offset or 'YYYY-MM-DD HH:mm' in
 * the shop's zone `tz` (bookingInstant); anything else is 'Invalid dates'.
 */
export function checkBooking(
  start: string | null | undefined,
  end: string | null | undefined,
  now: Date,
  tz = DEFAULT_TIME_ZONE,
): Check {
  const at = (v: string | null | undefined) => {
    const iso = v ? bookingInstant(v, tz) : null;
    return iso ? Date.parse(iso) : Number.NaN;
  };
  const s = at(start);
  const e = at(end);
  if (Number.isNaN(s) || Number.isNaN(e)) return { ok: false, message: MSG.invalidDates };
  if (s <= now.getTime() || e <= now.getTime()) return { ok: false, message: MSG.invalidDates };
  if (s > e) return { ok: false, message: MSG.invalidBookingDates };
  return { ok: true };
}

/**
 * The shop's month so far, the range the Reports screen opens on (issue 30): the 1st of the month `today` ('YYYY-MM-DD',
 * a shop day from shopDay) is in, to today. Never past today: the end date may not lie ahead.
 */
export function monthSoFar(today: string): { start: string; end: string } {
  return { start: `${today.slice(0, 8)}01`, end: today };
}

/** Inclusive day count of a report range given as 'YYYY-MM-DD'. */
export function daysBetween(start: string, end: string): number {
  return differenceInCalendarDays(parseISO(end), parseISO(start)) + 1;
}

/** SPEC §5 Reports: 'Select start date', 'Select end date', 'Do reports within 365 days'. */
export function checkReportRange(start: string | null | undefined, end: string | null | undefined): Check {
  const valid = (d?: string | null) => !!d && calendarDay(d) !== null;
  if (!valid(start)) return { ok: false, message: MSG.selectStartDate };
  if (!valid(end)) return { ok: false, message: MSG.selectEndDate };
  const days = daysBetween(start!, end!);
  if (days < 1) return { ok: false, message: MSG.reportOrder };
  if (days > MAX_REPORT_DAYS) return { ok: false, message: MSG.reportRange };
  return { ok: true };
}
