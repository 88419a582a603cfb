import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../domain/ids';
import { CLOCK_CALLS, planClockEnd, planClockStart, type ClockContext } from '../../domain/writes/clock';
import type { Tx } from '../db/client';
import { clockEntries, jobs } from '../db/schema';
import { orHttp } from '../http/plans';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { clockListRoute } from './clockList';
import { clockMendRoute } from './clockMend';
import { storeStretchEnd } from './clockStore';

/**
 * What a clock plan reads: the job, the member's running stretch (and its job's number), their last on the job. The
 * member's clock calls take turns (a transaction lock on their name), so two tablets starting the same member's clock
 * at once cannot both find it stopped.
 */
async function clockContext(tx: Tx, jobId: string, username: string): Promise<ClockContext> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clock:${username}`}))`);
  const [[job], [running], [last]] = await Promise.all([
    tx.select().from(jobs).where(eq(jobs.id, jobId)),
    tx
      .select({ stretch: clockEntries, job_number: jobs.number })
      .from(clockEntries)
      .innerJoin(jobs, eq(jobs.id, clockEntries.job_id))
      .where(and(eq(clockEntries.username, username), isNull(clockEntries.stopped_at)))
      .limit(1),
    tx
      .select()
      .from(clockEntries)
      .where(and(eq(clockEntries.username, username), eq(clockEntries.job_id, jobId)))
      .orderBy(desc(clockEntries.started_at))
      .limit(1),
  ]);
  return {
    job,
    running: running && { ...running.stretch, job_number: running.job_number },
    last,
    username,
    now: new Date(),
  };
}

/**
 * The technician time clock (issue 18, level 3): POST /v3/clock/start and /resume add a stretch, /pause and /stop end
 * the signed-in member's running one, as src/domain/writes/clock.ts plans them from the server's own rows;
 * /v3/clock/mend sets a stretch's real stop afterwards (clockMend.ts); GET /v3/clock lists stretches (clockList.ts).
 */
export function clockRoutes(app: FastifyInstance, s: AppServices) {
  for (const call of ['start', 'resume'] as const) {
    defineRoute(app, s, {
      call: CLOCK_CALLS[call],
      write: true,
      summary: `${call === 'start' ? 'Start' : 'Resume'} the signed-in member's clock on a job {job_id, at?, device?}`,
      async handler({ tx, body, user, changed, log }) {
        const plan = orHttp(planClockStart(call, body, await clockContext(tx, body.job_id, user.username)));
        const id = body.id ?? newId();
        await tx.insert(clockEntries).values({ ...plan.row, id, started_at: new Date(plan.row.started_at) });
        changed('clock_entries', id);
        log('service', plan.log.subject, plan.log.predicate);
        return { value: true, message: plan.message, id, data: plan.row };
      },
    });
  }
  for (const call of ['pause', 'stop'] as const) {
    defineRoute(app, s, {
      call: CLOCK_CALLS[call],
      write: true,
      summary: `${call === 'pause' ? 'Pause' : 'Stop'} the signed-in member's clock on a job {job_id, at?}`,
      async handler(ctx) {
        const plan = orHttp(
          planClockEnd(call, ctx.body, await clockContext(ctx.tx, ctx.body.job_id, ctx.user.username)),
        );
        return storeStretchEnd(ctx, plan);
      },
    });
  }
  clockMendRoute(app, s);
  clockListRoute(app, s);
}
