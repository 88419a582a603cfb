import type { FastifyInstance } from 'fastify';
import { shopTimeZone } from '../../../domain/dates';
import { isFinal } from '../../../domain/jobs';
import { makeBookingDateSchema } from '../../../domain/schemas';
import { JOB_CALLS, planBooking } from '../../../domain/writes/jobs';
import { defineRoute } from '../../http/route';
import type { AppServices } from '../../http/services';
import { validOrBadRequest } from '../../http/validate';
import { readSettings } from '../../settings';
import { fieldConflicts, jobNow, jobOr404, storeJobPlan } from './shared';

/** The booking's two times: each a field a person may change on its own (issue 14). */
const TIMES = ['book_start', 'book_end'] as const;

/** Booking a job or moving its booking: the catalogue's plan (planBooking), as the device runs it. */
export function bookingRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: JOB_CALLS.booking,
    write: true,
    summary:
      "Book or move a booking {id, book_start, book_end} (ISO with an offset, or 'YYYY-MM-DD HH:mm' in the shop's time zone): dates in the future, start not after end; sets booked. With base {book_start?, book_end?} only the times changed are sent: a time left out stays, one someone changed since is a conflict",
    async handler(ctx) {
      const { body } = ctx;
      const at = { now: new Date(), tz: shopTimeZone((await readSettings(ctx.tx)).timeZone) };
      if (!body.base) {
        // a device from before issue 14 sends the whole booking
        const whole = await validOrBadRequest(makeBookingDateSchema(), body);
        const job = await jobOr404(ctx.tx, whole.id, true);
        return storeJobPlan(ctx, job, planBooking(jobNow(job), whole, at));
      }
      const base = body.base;
      const job = await jobOr404(ctx.tx, body.id, true);
      const changes = Object.fromEntries(TIMES.filter((t) => t in base).map((t) => [t, body[t]]));
      // a job completed or canceled since is another person's decision: a conflict, not a refusal
      const conflicts = await fieldConflicts(ctx, job, changes, base, isFinal(job.status));
      return conflicts ?? storeJobPlan(ctx, job, planBooking(jobNow(job), changes, at), body.device);
    },
  });
}
