import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { CLOCK_SKEW_MS, planClockMend, type ClockMendContext } from '../../src/domain/writes/clockMend';

/** planClockMend's "not in the future" edge (issue 18): the device and the server both plan with it, each at its now. */
describe('a mended stop ahead of the clock that checks it', () => {
  const now = new Date('2026-03-02T17:00:00.000Z');
  const ctx: ClockMendContext = {
    stretch: {
      id: 's1',
      username: 'ann',
      job_id: 'j1',
      started_at: '2026-03-02T14:00:00.000Z',
      stopped_at: null,
      ended: '',
    },
    job: { number: 'B1-1', registration: 'ABC 1' },
    next: undefined,
    username: 'desk',
    timeZone: 'America/Jamaica',
    now,
  };
  const plan = (aheadMs: number) =>
    planClockMend({ id: 's1', stopped_at: new Date(now.getTime() + aheadMs).toISOString() }, ctx);

  it('takes a stop up to CLOCK_SKEW_MS (2 minutes) past now, the edge included', () => {
    expect(plan(0)).toMatchObject({ ok: true });
    expect(plan(CLOCK_SKEW_MS)).toMatchObject({ ok: true, apply: { ended: 'mend' } });
  });

  it('refuses one a millisecond past the tolerance', () => {
    expect(plan(CLOCK_SKEW_MS + 1)).toEqual({ ok: false, message: MSG.clockMendFuture, status: 409 });
  });
});
