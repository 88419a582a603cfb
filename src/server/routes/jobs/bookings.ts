import type { FastifyInstance } from 'fastify';
import { checkJobUpdate, STATUS_AFTER_BOOKING } from '../../../domain/jobs';
import { makeBookingDateSchema } from '../../../domain/schemas';
import { defineRoute } from '../../http/route';
import type { AppServices } from '../../http/services';
import { bookingOf, jobOr404, refuse, updateJob } from './shared';

/** Booking a job or moving its booking. */
export function bookingRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    method: 'PUT',
    path: '/booking-date',
    write: true,
    summary:
      "Book or move a booking {id, book_start, book_end} (ISO with an offset, or 'YYYY-MM-DD HH:mm' in the shop's time zone): dates in the future, start not after end; sets booked",
    body: makeBookingDateSchema(),
    async handler(ctx) {
      const job = await jobOr404(ctx.tx, ctx.body.id);
      refuse(checkJobUpdate(job.status));
      const { start, end } = await bookingOf(ctx.tx, ctx.body);
      await updateJob(
        ctx,
        job,
        { book_start: start, book_end: end, start, status: STATUS_AFTER_BOOKING },
        `booked for ${start.toISOString()}`,
      );
      return { value: true, message: 'Booking updated' };
    },
  });
}
