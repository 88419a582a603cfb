import { describe, expect, it } from 'vitest';
import {
  bookingInstant,
  checkReportRange,
  daysBetween,
  monthSoFar,
  parseBooking,
  shopDay,
} from '../../src/domain/dates';
import { MSG } from '../../src/domain/messages';

describe('calendar days in the fixed ISO forms', () => {
  it('reads a booking in the shop’s zone and refuses a day or time the calendar does not have', () => {
    expect(parseBooking('2030-06-01 10:00', 'America/Jamaica')).toBe('2030-06-01T15:00:00.000Z');
    expect(parseBooking('2028-02-29 08:30', 'UTC')).toBe('2028-02-29T08:30:00.000Z');
    for (const bad of [
      '2030-02-31 10:00',
      '2029-02-29 10:00',
      '2030-13-01 10:00',
      '2030-06-01 24:00',
      '2030-06-01 10:60',
      '2030-6-1 10:00',
    ]) {
      expect(parseBooking(bad, 'UTC')).toBeNull();
    }
    expect(bookingInstant('2030-02-31T10:00:00Z')).toBeNull();
    expect(bookingInstant('2030-03-01T10:00:00Z')).toBe('2030-03-01T10:00:00.000Z');
  });

  it('counts report days inclusively across a month end and refuses impossible days', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(3);
    expect(checkReportRange('2026-02-30', '2026-03-02')).toEqual({ ok: false, message: MSG.selectStartDate });
    expect(checkReportRange('2026-02-01', '2026-02-29')).toEqual({ ok: false, message: MSG.selectEndDate });
    expect(checkReportRange('2026-02-01', '2026-02-28')).toEqual({ ok: true });
  });

  it("the Reports screen's first range is the shop's month so far, a valid report range (issue 30)", () => {
    // 22:00 on 31 March in Jamaica is already 1 April in UTC: the shop's month is still March
    const today = shopDay('2026-04-01T03:00:00.000Z', 'America/Jamaica');
    expect(monthSoFar(today)).toEqual({ start: '2026-03-01', end: '2026-03-31' });
    expect(monthSoFar('2026-03-01')).toEqual({ start: '2026-03-01', end: '2026-03-01' });
    const { start, end } = monthSoFar(today);
    expect(checkReportRange(start, end)).toEqual({ ok: true });
  });
});
