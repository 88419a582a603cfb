import { newRow } from '../../domain/model';
import { SERVER_DEVICE } from '../../domain/cashup';
import {
  clockReport,
  clockStateOf,
  closingHourOf,
  jobClock,
  type ClockReport,
  type ClockState,
  type JobClock,
} from '../../domain/clockReport';
import { displayJobNumber } from '../../domain/jobs';
import { settingsFrom, shopSettings } from '../../domain/configSheet';
import { newId } from '../../domain/ids';
import {
  CLOCK_CALLS,
  planClockEnd,
  planClockStart,
  type ClockCall,
  type ClockContext,
} from '../../domain/writes/clock';
import type { ClockInput } from '../../domain/schemas/clock';
import { callOf, checkedCall } from '../calls';
import { getMeta, type BayBookDB, type ClockRow } from '../db';
import { LocalWriteError, localWrite, type WriteContext } from '../write';
import { mendClock } from './clockMend';

/** What a job's clock panel shows. */
export interface JobClockView extends JobClock {
  /** the signed-in member's own clock on the job */
  mine: ClockState;
  timeZone: string;
}

/** The hours report of a range: the figures, and each job's number and plate as its line is labelled. */
export interface ClockHours extends ClockReport {
  jobs: Record<string, string>;
  timeZone: string;
}

const HOUR = 3_600_000;

/** The member's stretches, oldest first (a technician's few a day: a year is a few thousand rows). */
const stretchesOf = (db: BayBookDB, username: string) =>
  db.clock_entries.where('[username+started_at]').between([username, ''], [username, '\uffff']).toArray();

/** What a clock plan reads on this device, as the server's route reads it from its tables. */
async function clockContext(db: BayBookDB, jobId: string, username: string, now: string): Promise<ClockContext> {
  const [job, mine] = await Promise.all([db.jobs.get(jobId), stretchesOf(db, username)]);
  const running = mine.find((s) => !s.stopped_at);
  const runningJob = running && (await db.jobs.get(running.job_id));
  return {
    job,
    running: running && { ...running, job_number: runningJob?.number ?? '' },
    last: mine.filter((s) => s.job_id === jobId).at(-1),
    username,
    now: new Date(now),
  };
}

/** Starts or resumes the member's clock on the job: a new stretch, created by the call. */
async function startStretch(w: WriteContext, call: 'start' | 'resume', v: ClockInput, ctx: ClockContext) {
  const plan = planClockStart(call, v, ctx);
  if (!plan.ok) throw new LocalWriteError(plan.message);
  const id = newId();
  const row = await w.put('clock_entries', newRow('clock_entries', { id, ...plan.row }, w.now));
  const label = `${plan.log.subject}: ${plan.log.predicate}`;
  await w.enqueue({ ...callOf(CLOCK_CALLS[call], { ...v, id }), creates: [id], needs: [v.job_id], label });
  return row;
}

/** Pauses or stops the member's running stretch on the job. */
async function endStretch(w: WriteContext, call: 'pause' | 'stop', v: ClockInput, ctx: ClockContext) {
  const plan = planClockEnd(call, v, ctx);
  if (!plan.ok) throw new LocalWriteError(plan.message);
  const row = await w.patch('clock_entries', plan.id, plan.apply);
  await w.enqueue({ ...callOf(CLOCK_CALLS[call], v), label: `${plan.log.subject}: ${plan.log.predicate}` });
  return row;
}

/** One clock call at the device's time, checked as the server's route checks it, then planned from this device's rows. */
async function clock(db: BayBookDB, call: ClockCall, jobId: string): Promise<ClockRow> {
  const device = (await getMeta<string>(db, 'deviceCode', '')) || SERVER_DEVICE;
  const v = await checkedCall(db, CLOCK_CALLS[call], { job_id: jobId, at: new Date().toISOString(), device });
  return localWrite(db, async (w) => {
    const ctx = await clockContext(w.db, v.job_id, w.session.username, w.now);
    return call === 'start' || call === 'resume' ? startStretch(w, call, v, ctx) : endStretch(w, call, v, ctx);
  });
}

/**
 * The technician time clock on a job (issue 18, level 3): the signed-in member's start, pause, resume and stop as
 * catalogue writes (src/domain/writes/clock.ts) — made offline like any write, each at the device's time — and the
 * stretches of a job for its clock panel.
 */
export function clockRepository(db: BayBookDB) {
  return {
    /** A job's clock panel: its figures at `now` (closing hour and zone from Config), and `username`'s own clock. */
    async panel(jobId: string, username: string, now: Date): Promise<JobClockView> {
      const [entries, config] = await Promise.all([
        db.clock_entries.where('job_id').equals(jobId).sortBy('started_at'),
        db.config.toArray(),
      ]);
      const rules = { timeZone: shopSettings(config).timeZone, closingHour: closingHourOf(settingsFrom(config)), now };
      return { ...jobClock(entries, rules), mine: clockStateOf(entries, username), timeZone: rules.timeZone };
    },
    /**
     * Hours by technician and by job of the shop days `start`..`end`: the stretches begun in the 14 hours before
     * the first day's UTC midnight to the 38 after the last's cover every zone's days (the report keeps the shop's).
     */
    async hours(start: string, end: string, now: Date): Promise<ClockHours> {
      const from = new Date(Date.parse(`${start}T00:00:00Z`) - 14 * HOUR).toISOString();
      const to = new Date(Date.parse(`${end}T00:00:00Z`) + 38 * HOUR).toISOString();
      const [entries, config] = await Promise.all([
        db.clock_entries.where('started_at').between(from, to, true, false).toArray(),
        db.config.toArray(),
      ]);
      const timeZone = shopSettings(config).timeZone;
      const report = clockReport(
        entries,
        { start, end },
        { timeZone, closingHour: closingHourOf(settingsFrom(config)), now },
      );
      const rows = await db.jobs.bulkGet(report.byJob.map((l) => l.key));
      const jobs = Object.fromEntries(
        rows.flatMap((j) => (j ? [[j.id, `${displayJobNumber(j.number)} (${j.registration})`]] : [])),
      );
      return { ...report, jobs, timeZone };
    },
    start: (jobId: string) => clock(db, 'start', jobId),
    resume: (jobId: string) => clock(db, 'resume', jobId),
    pause: (jobId: string) => clock(db, 'pause', jobId),
    stop: (jobId: string) => clock(db, 'stop', jobId),
    /** A stretch's real stop, set afterwards by level 4 (src/domain/writes/clockMend.ts). */
    mend: (id: string, stoppedAt: string) => mendClock(db, id, stoppedAt),
  };
}
