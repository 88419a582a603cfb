import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CLOCK_MEND_CALL, planClockMend, type ClockMendContext } from '../../domain/writes/clockMend';
import type { Tx } from '../db/client';
import { clockEntries, jobs } from '../db/schema';
import { orHttp } from '../http/plans';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { readSettings } from '../settings';
import { storeStretchEnd } from './clockStore';

/** What a mend plan reads: the stretch, its job, the same technician's next stretch on any job, the shop's zone. */
async function mendContext(tx: Tx, id: string, username: string): Promise<ClockMendContext> {
  const [stretch] = await tx.select().from(clockEntries).where(eq(clockEntries.id, id));
  // the technician's clock calls take turns with the mend (the lock the clock routes take), so no stretch starts
  // between reading the next one and storing the stop
  if (stretch) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clock:${stretch.username}`}))`);
  const [[job], [next], settings] = stretch
    ? await Promise.all([
        tx.select().from(jobs).where(eq(jobs.id, stretch.job_id)),
        tx
          .select({ started_at: clockEntries.started_at })
          .from(clockEntries)
          .where(and(eq(clockEntries.username, stretch.username), gt(clockEntries.started_at, stretch.started_at)))
          .orderBy(asc(clockEntries.started_at))
          .limit(1),
        readSettings(tx),
      ])
    : [[], [], await readSettings(tx)];
  return { stretch, job, next, username, timeZone: settings.timeZone, now: new Date() };
}

/** POST /v3/clock/mend: a stretch's real stop, set afterwards, as src/domain/writes/clockMend.ts plans it. */
export function clockMendRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: CLOCK_MEND_CALL,
    write: true,
    summary: "Mend a clock stretch's stop: the time it really stopped {id, stopped_at} (level 4)",
    async handler(ctx) {
      const plan = orHttp(planClockMend(ctx.body, await mendContext(ctx.tx, ctx.body.id, ctx.user.username)));
      return storeStretchEnd(ctx, plan);
    },
  });
}
