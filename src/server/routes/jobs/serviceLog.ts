import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isId, newId } from '../../../domain/ids';
import { displayJobNumber } from '../../../domain/jobs';
import { MSG, fill } from '../../../domain/messages';
import { SERVICE_LOG_CALLS, logEntryOr404, planLogDelete, planLogEntry } from '../../../domain/writes/serviceLog';
import { serviceLog } from '../../db/schema';
import { notFound } from '../../http/errors';
import { orHttp } from '../../http/plans';
import { defineRoute } from '../../http/route';
import type { AppServices } from '../../http/services';
import { jobOr404 } from './shared';
import { API } from '../../../domain/apiRoutes';

/** A job's service log: read, add to, delete from. */
export function serviceLogRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.serviceLog,
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
    call: SERVICE_LOG_CALLS.add,
    write: true,
    summary: "Add to a job's service log {value, id (the job)}; devices send {id (the entry), job_id}",
    async handler(ctx) {
      const plan = planLogEntry(ctx.body);
      const entryId = plan.id ?? newId();
      const job = await jobOr404(ctx.tx, plan.job_id);
      await ctx.tx
        .insert(serviceLog)
        .values({ id: entryId, job_id: job.id, message: plan.message, username: ctx.user.username });
      ctx.changed('service_log', entryId);
      ctx.log(
        'service',
        `Job ${displayJobNumber(job.number)} (${job.registration})`,
        `log: ${plan.message.slice(0, 80)}`,
      );
      return { value: true, message: plan.answer, id: entryId };
    },
  });

  defineRoute(app, s, {
    call: SERVICE_LOG_CALLS.remove,
    write: true,
    summary: 'Delete a service-log entry {id}',
    async handler(ctx) {
      const [found] = await ctx.tx.select().from(serviceLog).where(eq(serviceLog.id, ctx.body.id));
      const { entry } = orHttp(logEntryOr404(ctx.body.id, found));
      await ctx.tx.delete(serviceLog).where(eq(serviceLog.id, entry.id));
      ctx.changed('service_log', entry.id, 'delete');
      const plan = planLogDelete(entry);
      ctx.log('service', 'Service log', plan.predicate);
      return { value: true, message: plan.answer };
    },
  });
}
