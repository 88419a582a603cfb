import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { STATUS_OPTIONS, canCancel, canGenerateInvoice, checkBookingUpdate, checkJobUpdate, jobMatchesSearch, checkStatusChange, confirmStatusText, isRealDate, turnaround, ZERO_DATE } from '../../src/domain/jobs';

describe('job state machine (SPEC §4)', () => {
  it('offers every status except booked and canceled', () => {
    expect(STATUS_OPTIONS).toEqual(['received', 'active', 'complete']);
  });

  const OK = 'ok';
  it.each([
    // from, to, level, hasInvoice, expected
    ['received', 'active', 3, false, OK],
    ['booked', 'received', 3, false, OK],
    ['active', 'complete', 3, false, MSG.invoiceRequired],
    ['active', 'complete', 4, true, OK],
    ['received', 'active', 2, false, MSG.forbidden],
    ['complete', 'active', 3, true, MSG.cannotUpdateFinal],
    ['complete', 'active', 4, true, MSG.cannotUpdateFinal],
    ['canceled', 'received', 4, false, MSG.cannotUpdateFinal],
    ['complete', 'active', 5, true, OK],
    ['canceled', 'received', 5, false, OK],
    ['received', 'canceled', 5, false, 'Invalid status: canceled'],
    ['received', 'booked', 5, false, 'Invalid status: booked'],
  ])('%s → %s at level %i (invoice %s)', (from, to, level, hasInvoice, expected) => {
    const c = checkStatusChange({ from, to, level, hasInvoice });
    expect(c.ok ? OK : c.message).toBe(expected);
  });

  it.each([
    ['booked', false],
    ['received', true],
    ['active', true],
    ['complete', false],
    ['canceled', false],
  ])('Generate Invoice for %s: %s', (status, offered) => {
    expect(canGenerateInvoice(status)).toBe(offered);
  });

  it('refuses any other update of a final job', () => {
    expect(checkJobUpdate('complete')).toEqual({ ok: false, message: MSG.cannotUpdateFinal });
    expect(checkJobUpdate('active')).toEqual({ ok: true });
  });

  it('lets level 4 and up cancel open jobs only', () => {
    expect(canCancel('active', 4)).toBe(true);
    expect(canCancel('active', 3)).toBe(false);
    expect(canCancel('complete', 5)).toBe(false);
  });

  it('words the confirmation as SPEC does', () => {
    expect(confirmStatusText('B2-17', 'active')).toBe('Update job #B2-17 to active?');
  });

  it('humanizes turnaround only for complete jobs with a real date', () => {
    expect(isRealDate(ZERO_DATE)).toBe(false);
    const job = { status: 'complete', active_at: '2026-11-20T10:00:00Z', complete_at: '2026-11-20T13:00:00Z' };
    expect(turnaround(job)).toBe('3 hours');
    expect(turnaround({ ...job, complete_at: ZERO_DATE })).toBe('');
    expect(turnaround({ ...job, status: 'active' })).toBe('');
  });
});

describe('booking updates (SPEC §4, §6)', () => {
  it('needs level 4 and an open job, for level 5 too', () => {
    expect(checkBookingUpdate('received', 4).ok).toBe(true);
    expect(checkBookingUpdate('booked', 5).ok).toBe(true);
    expect(checkBookingUpdate('active', 3)).toEqual({ ok: false, message: MSG.forbidden });
    expect(checkBookingUpdate('complete', 5)).toEqual({ ok: false, message: MSG.cannotUpdateFinal });
    expect(checkBookingUpdate('canceled', 5)).toEqual({ ok: false, message: MSG.cannotUpdateFinal });
  });
});

describe('the job search (SPEC §2 Job table)', () => {
  const job = { registration: 'PK 1234', vin: '1HGCM82633A004352', number: 'B2-17', first_name: 'Maya', last_name: 'Brown', email: 'Maya.Brown@Mail.test', contact: '8765551234' };
  const finds = (q: string) => jobMatchesSearch(job, q);

  it('matches registration, VIN and #number by their start, ignoring case, spaces and dashes', () => {
    expect(['pk12', 'PK-12', '1hgcm', '#B2-1', 'b2-17'].every(finds)).toBe(true);
    expect(['4352', 'A004352', '2-17'].some(finds)).toBe(false);
  });

  it('matches names, email and contact anywhere from 2 characters, a contact by its digits', () => {
    expect(['aya', 'BROWN', 'maya brown', 'brown maya', 'brown@mail', 'mail.test', '5551234', '876-555-1234', '(876) 555'].every(finds)).toBe(true);
    expect(['nobody', 'maya green', '999'].some(finds)).toBe(false);
  });

  it('matches only starts with one character, and everything when empty', () => {
    expect(['m', 'B', 'p', '8', '1'].every(finds)).toBe(true);
    expect(['a', 'y', '@', '5'].some(finds)).toBe(false);
    expect(finds('')).toBe(true);
    expect(finds('   ')).toBe(true);
  });

  it("never matches the 'none' of a job without email", () => {
    expect(jobMatchesSearch({ ...job, email: 'none' }, 'none')).toBe(false);
    expect(jobMatchesSearch({ ...job, email: 'none' }, 'no')).toBe(false);
  });
});
