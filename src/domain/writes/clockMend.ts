import { object, type InferType } from 'yup';
import { BOOKING_FORMAT, formatShop } from '../dates';
import { MSG, fill } from '../messages';
import { idField } from '../schemas/common';
import { instantText } from '../schemas/fields';
import type { WriteCall } from './calls';
import type { ClockStretch } from './clock';
import { jobSubject } from './jobs';
import { refuse, type Refusal } from './refusals';

/**
 * Mending a clock (issue 18): a stretch left running over closing — or any stretch, whose stop was wrong — is given
 * the time it really stopped, by a member at the level that edits invoices (the desk that accepts the clocked hours
 * as the invoice's work hours is the one that puts them right). The stretch is then stopped, marked 'mend': the hours
 * count it to that stop even past closing (someone checked it), and the log says who mended it, when, and to what.
 */
export const clockMendSchema = object({
  id: idField().required(MSG.invalidId),
  stopped_at: instantText(MSG.clockMendStop).required(MSG.clockMendStop),
});
export type ClockMendInput = InferType<typeof clockMendSchema>;

export const CLOCK_MEND_CALL = {
  method: 'POST',
  path: '/v3/clock/mend',
  action: 'invoice.edit',
  body: clockMendSchema,
} as const satisfies WriteCall<unknown>;

/** What a mend reads: the stretch, its job, the same technician's next stretch (on any job), who mends, the zone. */
export interface ClockMendContext {
  stretch: (ClockStretch & { username: string }) | undefined;
  job: { number: string; registration: string } | undefined;
  next: { started_at: string | Date } | undefined;
  username: string;
  timeZone: string;
  now: Date;
}

/**
 * How far past the present a mended stop may be: a tablet whose clock runs a little ahead of the server's (or the
 * server's ahead of the one that checks again) must not have "now" refused as the future. Two minutes covers the
 * drift of an unsynchronised clock over a shift without letting a stop be set to a time that plainly has not come.
 * The one check, on the device (its own clock) and on the server (its own).
 */
export const CLOCK_SKEW_MS = 2 * 60_000;

export type PlannedClockMend =
  | {
      ok: true;
      id: string;
      apply: { stopped_at: string; ended: 'mend' };
      log: { subject: string; predicate: string };
      message: string;
    }
  | Refusal;

/**
 * The stop must come after the start, not after now (give or take CLOCK_SKEW_MS), and not after the technician
 * clocked on again.
 */
export function planClockMend(v: ClockMendInput, ctx: ClockMendContext): PlannedClockMend {
  const { stretch, job, next, timeZone } = ctx;
  if (!stretch || !job) return refuse(fill(MSG.noRecordFound, { id: v.id }), 404);
  const at = (t: string | Date) => formatShop(t, timeZone, BOOKING_FORMAT);
  const stop = Date.parse(v.stopped_at);
  if (stop <= new Date(stretch.started_at).getTime())
    return refuse(fill(MSG.clockMendBeforeStart, { started: at(stretch.started_at) }), 409);
  if (stop > ctx.now.getTime() + CLOCK_SKEW_MS) return refuse(MSG.clockMendFuture, 409);
  if (next && stop > new Date(next.started_at).getTime())
    return refuse(fill(MSG.clockMendNext, { username: stretch.username, next: at(next.started_at) }), 409);
  const stopped_at = new Date(stop).toISOString();
  const predicate = `${ctx.username} mended ${stretch.username}'s clock started ${at(stretch.started_at)}: stopped at ${at(stopped_at)}`;
  return {
    ok: true,
    id: stretch.id,
    apply: { stopped_at, ended: 'mend' },
    log: { subject: jobSubject(job), predicate },
    message: MSG.clockMended,
  };
}
