import { isFinal, displayJobNumber } from '../jobs';
import { MSG, fill } from '../messages';
import type { ClockEnd } from '../model/jobs';
import { clockSchema, type ClockInput } from '../schemas/clock';
import type { WriteCall } from './calls';
import { jobSubject } from './jobs';
import { refuse, type Refusal } from './refusals';

/**
 * The technician time clock as catalogue writes (issue 18, level 3): start, pause, resume and stop the signed-in
 * member's clock on a job. A start or resume adds a stretch; a pause or stop ends the running one (a stop after a
 * pause marks the paused stretch stopped). Each technician has one clock at a time, so several technicians on one
 * job never write the same row. The device's repository and the server's route read the same rows and store what
 * these plans say.
 */
export const CLOCK_CALLS = {
  start: { method: 'POST', path: '/v3/clock/start', action: 'job.clock', body: clockSchema },
  resume: { method: 'POST', path: '/v3/clock/resume', action: 'job.clock', body: clockSchema },
  pause: { method: 'POST', path: '/v3/clock/pause', action: 'job.clock', body: clockSchema },
  stop: { method: 'POST', path: '/v3/clock/stop', action: 'job.clock', body: clockSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

export type ClockCall = keyof typeof CLOCK_CALLS;

/** A stretch as the plans read it (times as ISO on the device, Dates on the server). */
export interface ClockStretch {
  id: string;
  job_id: string;
  started_at: string | Date;
  stopped_at: string | Date | null;
  ended: ClockEnd;
}

/** What a clock plan reads besides the body. */
export interface ClockContext {
  job: { id: string; number: string; registration: string; status: string } | undefined;
  /** the member's running stretch, on any job, and its job's number */
  running: (ClockStretch & { job_number: string }) | undefined;
  /** the member's last stretch on this job */
  last: ClockStretch | undefined;
  username: string;
  now: Date;
}

/** A stretch a start or resume adds (its id and stamps are the caller's). */
export interface NewStretch {
  job_id: string;
  username: string;
  started_at: string;
  stopped_at: null;
  ended: '';
  device: string;
}

type Log = { subject: string; predicate: string };
export type PlannedClockStart = { ok: true; row: NewStretch; log: Log; message: string } | Refusal;
export type PlannedClockEnd =
  { ok: true; id: string; apply: { stopped_at?: string; ended: ClockEnd }; log: Log; message: string } | Refusal;

const iso = (t: string | Date) => new Date(t).toISOString();

/** Start (or resume after a pause) the member's clock on the job: never two clocks at once, never on a closed job. */
export function planClockStart(call: 'start' | 'resume', v: ClockInput, ctx: ClockContext): PlannedClockStart {
  const { job, running, last } = ctx;
  if (!job) return refuse(fill(MSG.noRecordFound, { id: v.job_id }), 404);
  const number = displayJobNumber(job.number);
  if (isFinal(job.status)) return refuse(fill(MSG.clockJobClosed, { number, status: job.status }), 409);
  if (running) return refuse(fill(MSG.clockRunning, { number: displayJobNumber(running.job_number) }), 409);
  if (call === 'resume' && last?.ended !== 'pause') return refuse(fill(MSG.clockNotPaused, { number }), 409);
  const row: NewStretch = {
    job_id: job.id,
    username: ctx.username,
    started_at: iso(v.at ?? ctx.now),
    stopped_at: null,
    ended: '',
    device: v.device,
  };
  const predicate = `${ctx.username} ${call === 'start' ? 'started' : 'resumed'} the clock`;
  return { ok: true, row, log: { subject: jobSubject(job), predicate }, message: MSG.clockStarted };
}

/**
 * Pause or stop the member's running clock on the job, at the device's time (never before the stretch began). A
 * stop while paused marks the paused stretch stopped: its hours stay as they were.
 */
export function planClockEnd(call: 'pause' | 'stop', v: ClockInput, ctx: ClockContext): PlannedClockEnd {
  const { job, running, last } = ctx;
  if (!job) return refuse(fill(MSG.noRecordFound, { id: v.job_id }), 404);
  const number = displayJobNumber(job.number);
  const message = call === 'pause' ? MSG.clockPaused : MSG.clockStopped;
  const log = {
    subject: jobSubject(job),
    predicate: `${ctx.username} ${call === 'pause' ? 'paused' : 'stopped'} the clock`,
  };
  if (running?.job_id === job.id) {
    const at = Math.max(Date.parse(iso(v.at ?? ctx.now)), new Date(running.started_at).getTime());
    return { ok: true, id: running.id, apply: { stopped_at: iso(new Date(at)), ended: call }, log, message };
  }
  if (call === 'stop' && last?.ended === 'pause')
    return { ok: true, id: last.id, apply: { ended: 'stop' }, log, message };
  return refuse(fill(MSG.clockNotRunning, { number }), 409);
}
