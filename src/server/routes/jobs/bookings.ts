import type { FastifyInstance } from 'fastify';
import { BOOKING_FORMAT, formatShop, shopTimeZone } from '../../../domain/dates';
import { checkJobUpdate, isFinal, STATUS_AFTER_BOOKING } from '../../../domain/jobs';
import { makeBookingDateSchema } from '../../../domain/schemas';
import { withDevice } from '../../../domain/fieldChanges';
import { JOB_CALLS } from '../../../domain/writes/jobs';
import { defineRoute, type WriteCtx } from '../../http/route';
import type { AppServices } from '../../http/services';
import { validOrBadRequest } from '../../http/validate';
import { readSettings } from '../../settings';
import { bookingOf, fieldConflicts, jobOr404, refuse, updateJob, type Job } from './shared';

/** The booking's two times: each a field a person may change on its own (issue 14). */
const TIMES = ['book_start', 'book_end'] as const;
type Times = { book_start?: string | null; book_end?: string | null };

/**
 * Stores a booking: both times, the start, and status booked (SPEC §4: a booking date update sets booked). The log
 * line says the start in the shop's time zone, as the screens and the other log lines do.
 */
async function storeBooking(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'log'>,
  job: Job,
  times: Times,
  device?: string,
) {
  const { start, end } = await bookingOf(ctx.tx, times);
  const tz = shopTimeZone((await readSettings(ctx.tx)).timeZone);
  await updateJob(
    ctx,
    job,
    { book_start: start, book_end: end, start, status: STATUS_AFTER_BOOKING },
    withDevice(`booked for ${formatShop(start, tz, BOOKING_FORMAT)}`, device),
  );
  return { value: true, message: 'Booking updated' };
}

/** Booking a job or moving its booking. */
export function bookingRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    ...JOB_CALLS.booking,
    write: true,
    summary:
      "Book or move a booking {id, book_start, book_end} (ISO with an offset, or 'YYYY-MM-DD HH:mm' in the shop's time zone): dates in the future, start not after end; sets booked. With base {book_start?, book_end?} only the times changed are sent: a time left out stays, one someone changed since is a conflict",
    async handler(ctx) {
      const { body } = ctx;
      if (!body.base) {
        // a device from before issue 14 sends the whole booking
        const whole = await validOrBadRequest(makeBookingDateSchema(), body);
        const job = await jobOr404(ctx.tx, whole.id);
        refuse(checkJobUpdate(job.status));
        return storeBooking(ctx, job, whole);
      }
      const base = body.base;
      const job = await jobOr404(ctx.tx, body.id, true);
      const changes: Times = Object.fromEntries(TIMES.filter((t) => t in base).map((t) => [t, body[t]]));
      // a job completed or canceled since is another person's decision: a conflict, not a refusal
      const conflicts = await fieldConflicts(ctx, job, changes, base, isFinal(job.status));
      if (conflicts) return conflicts;
      refuse(checkJobUpdate(job.status));
      const now = { book_start: job.book_start?.toISOString() ?? null, book_end: job.book_end?.toISOString() ?? null };
      return storeBooking(ctx, job, { ...now, ...changes }, body.device);
    },
  });
}
