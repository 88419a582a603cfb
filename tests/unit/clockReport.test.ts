import { describe, expect, it } from 'vitest';
import {
  closingAfter,
  closingHourOf,
  clockReport,
  jobClock,
  type ClockEntry,
  type ClockRules,
} from '../../src/domain/clockReport';
import type { ClockEnd } from '../../src/domain/model/jobs';
import { nth } from '../helpers/present';

/** The time clock's figures (issue 18): hours, pauses, overlaps and clocks left running past closing. */
const TZ = 'America/Jamaica'; // UTC-5, no daylight saving
let n = 0;
/** A stretch of `user` on `job` between two shop times ('2026-03-02 08:00'), running when `to` is null. */
function stretch(user: string, job: string, from: string, to: string | null, ended: ClockEnd = to ? 'stop' : '') {
  const at = (t: string) => new Date(`${t.replace(' ', 'T')}:00-05:00`).toISOString();
  return { id: `k${n++}`, job_id: job, username: user, started_at: at(from), stopped_at: to && at(to), ended };
}
const rules = (now: string, closingHour = 0): ClockRules => ({
  timeZone: TZ,
  closingHour,
  now: new Date(`${now.replace(' ', 'T')}:00-05:00`),
});

describe('the time clock figures (src/domain/clockReport.ts)', () => {
  it('adds a job’s stretches, pauses left out, and says who is on it and who paused', () => {
    const entries: ClockEntry[] = [
      stretch('ann', 'j1', '2026-03-02 08:00', '2026-03-02 10:00', 'pause'),
      stretch('ann', 'j1', '2026-03-02 10:30', '2026-03-02 11:00', 'pause'),
      stretch('bob', 'j1', '2026-03-02 09:00', null),
    ];
    const clock = jobClock(entries, rules('2026-03-02 11:15'));
    expect(clock).toMatchObject({ running: ['bob'], paused: ['ann'], hours: 4.75, pastClosing: [] });
    expect(clock.byTechnician).toEqual([
      { username: 'ann', hours: 2.5 },
      { username: 'bob', hours: 2.25 },
    ]);
  });

  it('counts a technician’s overlapping stretches once (two tablets, offline), each job its own', () => {
    const entries = [
      stretch('ann', 'j1', '2026-03-02 08:00', '2026-03-02 10:00'),
      stretch('ann', 'j2', '2026-03-02 09:00', '2026-03-02 11:00'),
    ];
    const report = clockReport(entries, { start: '2026-03-02', end: '2026-03-02' }, rules('2026-03-03 08:00'));
    expect(report.byTechnician).toEqual([{ key: 'ann', hours: 3, stretches: 2, pastClosing: 0, with: ['j1', 'j2'] }]);
    expect(report.byJob.map((l) => [l.key, l.hours])).toEqual([
      ['j1', 2],
      ['j2', 2],
    ]);
    expect(report.hours).toBe(3);
  });

  it('flags a clock left running past closing and counts it only to closing; off by default', () => {
    const left = stretch('bob', 'j1', '2026-03-02 16:00', null);
    const late = stretch('ann', 'j1', '2026-03-02 17:00', '2026-03-02 19:00');
    const range = { start: '2026-03-02', end: '2026-03-02' };
    const flagged = clockReport([left, late], range, rules('2026-03-03 08:00', 17.5));
    expect(flagged.byTechnician.map((l) => [l.key, l.hours, l.pastClosing])).toEqual([
      ['bob', 1.5, 1],
      ['ann', 0.5, 1],
    ]);
    expect(flagged.pastClosing.map((c) => c.entry.id)).toEqual([left.id, late.id]);
    // with no closing hour, every minute counts and nothing is flagged
    const off = clockReport([left, late], range, rules('2026-03-03 08:00'));
    expect([off.hours, off.pastClosing]).toEqual([18, []]);
  });

  it('counts a mended stretch to the stop that was set, past closing or not, and no longer flags it', () => {
    const range = { start: '2026-03-02', end: '2026-03-02' };
    const now = rules('2026-03-03 08:00', 17.5);
    const left = stretch('bob', 'j1', '2026-03-02 16:00', null);
    expect(clockReport([left], range, now).pastClosing).toHaveLength(1);
    // the desk mends it: bob really stopped at 18:30 (overtime) — counted in full, not flagged
    const mended = { ...left, stopped_at: new Date('2026-03-02T18:30:00-05:00').toISOString(), ended: 'mend' as const };
    const report = clockReport([mended], range, now);
    expect([report.hours, report.pastClosing, nth(report.byTechnician, 0).pastClosing]).toEqual([2.5, [], 0]);
    expect(jobClock([mended], now)).toMatchObject({ running: [], paused: [], hours: 2.5, pastClosing: [] });
  });

  it('closes at the next day’s closing for a clock started after hours; reads the setting safely', () => {
    const evening = Date.parse('2026-03-02T19:00:00-05:00');
    expect(new Date(closingAfter(evening, { timeZone: TZ, closingHour: 17 })!).toISOString()).toBe(
      '2026-03-03T22:00:00.000Z',
    );
    expect(closingAfter(evening, { timeZone: TZ, closingHour: 0 })).toBeNull();
    expect([closingHourOf({ closing_hour: 17.5 }), closingHourOf({ closing_hour: '5pm' }), closingHourOf({})]).toEqual([
      17.5, 0, 0,
    ]);
  });

  it('reports only the stretches begun within the range, in the shop’s days', () => {
    const entries = [
      stretch('ann', 'j1', '2026-03-01 23:30', '2026-03-02 00:30'),
      stretch('ann', 'j1', '2026-03-02 08:00', '2026-03-02 09:00'),
      stretch('ann', 'j1', '2026-03-03 08:00', '2026-03-03 09:00'),
    ];
    const report = clockReport(entries, { start: '2026-03-02', end: '2026-03-02' }, rules('2026-03-04 08:00'));
    expect([report.hours, nth(report.byJob, 0).stretches]).toEqual([1, 1]);
  });
});
