import { shopSettings } from '../../domain/configSheet';
import { CLOCK_MEND_CALL, planClockMend, type ClockMendContext } from '../../domain/writes/clockMend';
import { callOf, checkedCall } from '../calls';
import { type BayBookDB, type ClockRow } from '../db';
import { LocalWriteError, localWrite } from '../write';

/** What a mend plan reads on this device, as the server's route reads it from its tables. */
async function mendContext(db: BayBookDB, id: string, username: string, now: string): Promise<ClockMendContext> {
  const [stretch, config] = await Promise.all([db.clock_entries.get(id), db.config.toArray()]);
  const [job, next] = stretch
    ? await Promise.all([
        db.jobs.get(stretch.job_id),
        // the same technician's next stretch, on any job: the mended stop may not run into it
        db.clock_entries
          .where('[username+started_at]')
          .between([stretch.username, stretch.started_at], [stretch.username, '\uffff'], false, true)
          .first(),
      ])
    : [undefined, undefined];
  return { stretch, job, next, username, timeZone: shopSettings(config).timeZone, now: new Date(now) };
}

/**
 * POST /v3/clock/mend {id, stopped_at} — level 4 (issue 18): a stretch's real stop, set afterwards (a clock left
 * running over closing), offline like any write; the stretch is then stopped and marked 'mend'.
 */
export async function mendClock(db: BayBookDB, id: string, stoppedAt: string): Promise<ClockRow> {
  const v = await checkedCall(db, CLOCK_MEND_CALL, { id, stopped_at: stoppedAt });
  return localWrite(db, async (w) => {
    const plan = planClockMend(v, await mendContext(w.db, v.id, w.session.username, w.now));
    if (!plan.ok) throw new LocalWriteError(plan.message);
    const row = await w.patch('clock_entries', plan.id, plan.apply);
    await w.enqueue({
      ...callOf(CLOCK_MEND_CALL, v),
      needs: [v.id],
      label: `${plan.log.subject}: ${plan.log.predicate}`,
    });
    return row;
  });
}
