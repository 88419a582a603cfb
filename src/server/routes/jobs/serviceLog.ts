import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isId, newId } from '../../../domain/ids';
import { displayJobNumber } from '../../../domain/jobs';
import { MSG, fill } from '../../../domain/messages';
import { jobIdSchema, serviceLogSchema } from '../../../domain/schemas';
import { serviceLog } from '../../db/schema';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { AppServices } from '../../http/services';
import { jobOr404 } from './shared';

/** A job's service log: read, add to, delete from. */
export function serviceLogRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    method: 'GET',
    path: '/service-log/:jobId',
    summary: "A job's service log, oldest first",
    async handler({ params }) {
      const id = params.jobId ?? '';
      if (!isId(id)) throw notFound(fill(MSG.noRecordFound, { id }));
      const rows = await db
        .select()
        .from(serviceLog)
        .where(eq(serviceLog.job_id, id))
        .orderBy(asc(serviceLog.created_at));
      return { value: true, data: rows };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/service-log',
    write: true,
    summary: "Add to a job's service log {value, id (the job)}; devices send {id (the entry), job_id}",
    body: serviceLogSchema,
    async handler(ctx) {
      const jobId = ctx.body.job_id ?? ctx.body.id;
      const entryId = ctx.body.job_id ? ctx.body.id : (ctx.body.log_id ?? newId());
      const job = await jobOr404(ctx.tx, jobId);
      await ctx.tx
        .insert(serviceLog)
        .values({ id: entryId, job_id: job.id, message: ctx.body.value, username: ctx.user.username });
      ctx.changed('service_log', entryId);
      ctx.log(
        'service',
        `Job ${displayJobNumber(job.number)} (${job.registration})`,
        `log: ${ctx.body.value.slice(0, 80)}`,
      );
      return { value: true, message: 'Log added', id: entryId };
    },
  });

  defineRoute(app, s, {
    method: 'DELETE',
    path: '/service-log',
    write: true,
    summary: 'Delete a service-log entry {id}',
    body: jobIdSchema,
    async handler(ctx) {
      const [entry] = await ctx.tx.select().from(serviceLog).where(eq(serviceLog.id, ctx.body.id));
      if (!entry) throw notFound(fill(MSG.noRecordFound, { id: ctx.body.id }));
      await ctx.tx.delete(serviceLog).where(eq(serviceLog.id, entry.id));
      ctx.changed('service_log', entry.id, 'delete');
      ctx.log('service', 'Service log', `deleted "${entry.message.slice(0, 15)}"`);
      return { value: true, message: 'Log deleted' };
    },
  });
}
