import { CLOCK_SKEW_MS } from './writes/clockMend';

/**
 * When a change pushed from a device's outbox was made (issue 30: ten actions made offline 01:07–01:11 all read
 * 01:12, the time they synced). The push sends, with each entry, the time the device made it and the device's clock
 * as it sends it; the server records the first, bounded, on the activity-log line (`sys_log.done_at`) beside its own
 * time (`created_at`), which stays what it was.
 */

/** The device's time of the action (its outbox entry's `createdAt`), ISO. */
export const DONE_AT_HEADER = 'x-done-at';
/** The device's clock as it sends the entry, ISO: how far that clock is off the server's. */
export const SENT_AT_HEADER = 'x-sent-at';

const instant = (iso: string | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * How far the device's clock as it sends may be from the server's and still be read as right: well above a push's
 * time on the wire (which would otherwise move the time by as much), and below half of SYNCED_LATER_MS (logs.ts), so
 * a clock off by less never makes a change sent at once read as "synced" later.
 */
const CLOCK_AGREES_MS = 30_000;

/**
 * The time a change was done, by the server's clock, from what the device says — or null when it cannot be trusted
 * (the line then shows the server's time, as lines logged before issue 30 do). A tablet's clock can be wrong:
 * - off now by more than CLOCK_AGREES_MS from the server's: the time is moved by as much, since on a clock that is
 *   merely set wrong the time between making and sending is still right (an offline tablet that never synchronised);
 * - never after the server received it: up to CLOCK_SKEW_MS ahead (the time clock's allowance for a tablet's drift)
 *   is taken as the server's time; further ahead means the clock went back after the entry was made, and nothing is
 *   left to trust;
 * - never before the entry could exist: not before `earliest` (the server gives the time the member who made it was
 *   added: an action cannot come before its author). A time that early is a clock that was reset: null.
 */
export function deviceDoneAt(claim: { done?: string; sent?: string }, now: Date, earliest?: Date): Date | null {
  const done = instant(claim.done);
  if (!Number.isFinite(done)) return null;
  const sent = instant(claim.sent);
  const off = Number.isFinite(sent) && Math.abs(now.getTime() - sent) > CLOCK_AGREES_MS ? now.getTime() - sent : 0;
  const at = done + off;
  if (at > now.getTime() + CLOCK_SKEW_MS) return null;
  if (earliest && at < earliest.getTime()) return null;
  return new Date(Math.min(at, now.getTime()));
}

/**
 * Whether a time is far enough before now for the earliest bound to be asked: within CLOCK_SKEW_MS it is taken as it
 * is (the bound could refuse it only for a member added in those two minutes), and the server reads no row for it.
 */
export const beforeNow = (at: Date, now: Date) => at.getTime() < now.getTime() - CLOCK_SKEW_MS;
