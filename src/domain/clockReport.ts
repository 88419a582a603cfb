import { fromZonedTime } from 'date-fns-tz';
import { CONFIG_NAMES } from './configSheet';
import { shopDay } from './dates';
import type { ClockEnd } from './model/jobs';

/**
 * The time clock's figures (issue 18, beyond SPEC): what the stretches of src/domain/model clock_entries add up to,
 * for a job's clock panel, the invoice's suggested work hours and the hours report. Pure over the rows the caller
 * read. A stretch counts from its start to its stop, or to now while it runs. When the shop sets a closing hour
 * (Config `closing_hour`, 0 = off, the default), a stretch that runs past the closing of the shop day it began in
 * counts only to closing and is flagged, so a clock left running overnight is shown, not silently paid. A
 * technician's stretches that overlap (two tablets, offline) count once for that technician. A mended stretch (its
 * stop set afterwards, src/domain/writes/clockMend.ts) counts to that stop and is not flagged.
 */

export interface ClockEntry {
  id: string;
  job_id: string;
  username: string;
  started_at: string;
  stopped_at: string | null;
  ended: ClockEnd;
}

export interface ClockRules {
  timeZone: string;
  /** the shop's closing hour of the day, 17.5 = 5:30 pm; 0 = no closing hour (nothing is flagged) */
  closingHour: number;
  now: Date;
}

/** A stretch as the hours count it: [from, to) in ms, and whether it ran past closing. */
export interface CountedStretch {
  entry: ClockEntry;
  from: number;
  to: number;
  pastClosing: boolean;
}

const HOUR = 3_600_000;

/** Config's closing hour: a number of hours into the day, 0 (off) when missing, not a number or not within a day. */
export function closingHourOf(settings: Readonly<Record<string, number | string>>): number {
  const v = settings[CONFIG_NAMES.closingHour];
  return typeof v === 'number' && v > 0 && v < 24 ? v : 0;
}

/** When the shop closes after `at`: that shop day's closing, or the next day's when `at` is past it; null when off. */
export function closingAfter(at: number, rules: Pick<ClockRules, 'timeZone' | 'closingHour'>): number | null {
  if (!rules.closingHour) return null;
  const minutes = Math.round(rules.closingHour * 60);
  const hm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const closing = (day: string) => fromZonedTime(`${day}T${hm}:00`, rules.timeZone).getTime();
  const today = closing(shopDay(at, rules.timeZone));
  return at < today ? today : closing(shopDay(at + 24 * HOUR, rules.timeZone));
}

export function countStretch(entry: ClockEntry, rules: ClockRules): CountedStretch {
  const from = Date.parse(entry.started_at);
  const end = Math.max(from, entry.stopped_at ? Date.parse(entry.stopped_at) : rules.now.getTime());
  // a mended stop was set by someone who checked it: it counts as set, past closing or not
  const closing = entry.ended === 'mend' ? null : closingAfter(from, rules);
  const pastClosing = closing !== null && end > closing;
  return { entry, from, to: pastClosing ? closing : end, pastClosing };
}

/** The time the intervals cover, each moment once (a technician's overlapping stretches count once). */
export function coveredMs(intervals: readonly Pick<CountedStretch, 'from' | 'to'>[]): number {
  const sorted = [...intervals].sort((a, b) => a.from - b.from);
  let total = 0;
  let reach = -Infinity;
  for (const { from, to } of sorted) {
    const start = Math.max(from, reach);
    if (to > start) total += to - start;
    reach = Math.max(reach, to);
  }
  return total;
}

/** Hours to two decimals, as the invoice's work hours take them. */
export const hoursOf = (ms: number): number => Math.round(ms / (HOUR / 100)) / 100;

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) out.set(key(t), [...(out.get(key(t)) ?? []), t]);
  return out;
}

/** Each technician's hours over `stretches`, overlaps once: the sum of the technicians' covered time. */
export function technicianMs(stretches: readonly CountedStretch[]): Map<string, number> {
  const byUser = groupBy(stretches, (s) => s.entry.username);
  return new Map([...byUser].map(([u, list]) => [u, coveredMs(list)]));
}

/** The technicians' time over `stretches`, each technician's overlaps once. */
const totalMs = (stretches: readonly CountedStretch[]) =>
  [...technicianMs(stretches).values()].reduce((a, b) => a + b, 0);

/** What a job's clock panel shows: who is on it now, who paused, each technician's time and the total. */
export interface JobClock {
  running: string[];
  paused: string[];
  byTechnician: { username: string; hours: number }[];
  hours: number;
  /** stretches that ran past closing (counted to it) */
  pastClosing: CountedStretch[];
}

export function jobClock(entries: readonly ClockEntry[], rules: ClockRules): JobClock {
  const counted = entries.map((e) => countStretch(e, rules));
  const perUser = technicianMs(counted);
  const latest = [...groupBy(entries, (e) => e.username).values()].map((list) =>
    list.reduce((a, b) => (a.started_at >= b.started_at ? a : b)),
  );
  return {
    running: latest.filter((e) => !e.stopped_at).map((e) => e.username),
    paused: latest.filter((e) => e.ended === 'pause').map((e) => e.username),
    byTechnician: [...perUser].map(([username, ms]) => ({ username, hours: hoursOf(ms) })),
    hours: hoursOf(totalMs(counted)),
    pastClosing: counted.filter((c) => c.pastClosing),
  };
}

/** A member's clock on a job, by their latest stretch there: what the panel offers them (start, pause/resume, stop). */
export type ClockState = 'off' | 'running' | 'paused';

export function clockStateOf(entries: readonly ClockEntry[], username: string): ClockState {
  const mine = entries.filter((e) => e.username === username);
  if (mine.some((e) => !e.stopped_at)) return 'running';
  const latest = mine.reduce<ClockEntry | undefined>((a, b) => (a && a.started_at >= b.started_at ? a : b), undefined);
  return latest?.ended === 'pause' ? 'paused' : 'off';
}

/** One line of the hours report: a technician's or a job's hours, its stretches, how many ran past closing. */
export interface ClockLine {
  key: string;
  hours: number;
  stretches: number;
  pastClosing: number;
  /** the technicians on a job's line; the jobs on a technician's */
  with: string[];
}

export interface ClockReport {
  byTechnician: ClockLine[];
  byJob: ClockLine[];
  /** the stretches that ran past closing, oldest first: the desk checks each */
  pastClosing: CountedStretch[];
  hours: number;
}

function lines(groups: Map<string, CountedStretch[]>, other: (c: CountedStretch) => string): ClockLine[] {
  return [...groups]
    .map(([key, list]) => ({
      key,
      hours: hoursOf(totalMs(list)),
      stretches: list.length,
      pastClosing: list.filter((c) => c.pastClosing).length,
      with: [...new Set(list.map(other))].sort(),
    }))
    .sort((a, b) => b.hours - a.hours || a.key.localeCompare(b.key));
}

/** Hours by technician and by job of the stretches begun within the shop days `start`..`end` ('YYYY-MM-DD'). */
export function clockReport(
  entries: readonly ClockEntry[],
  range: { start: string; end: string },
  rules: ClockRules,
): ClockReport {
  const counted = entries
    .filter((e) => {
      const day = shopDay(e.started_at, rules.timeZone);
      return day >= range.start && day <= range.end;
    })
    .map((e) => countStretch(e, rules))
    .sort((a, b) => a.from - b.from);
  return {
    byTechnician: lines(
      groupBy(counted, (c) => c.entry.username),
      (c) => c.entry.job_id,
    ),
    byJob: lines(
      groupBy(counted, (c) => c.entry.job_id),
      (c) => c.entry.username,
    ),
    pastClosing: counted.filter((c) => c.pastClosing),
    hours: hoursOf(totalMs(counted)),
  };
}
