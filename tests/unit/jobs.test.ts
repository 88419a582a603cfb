import { describe, expect, it } from 'vitest';
import { JOB_STATUSES } from '../../src/domain/entities';
import { MSG } from '../../src/domain/messages';
import { can } from '../../src/domain/permissions';
import {
  STATUS_OPTIONS,
  canCancel,
  canGenerateInvoice,
  checkBookingUpdate,
  checkJobUpdate,
  jobMatchesSearch,
  jobSearchTerms,
  checkStatusChange,
  confirmStatusText,
  isRealDate,
  turnaround,
  ZERO_DATE,
} from '../../src/domain/jobs';
import { known } from '../helpers/present';

describe('job state machine (SPEC §4)', () => {
  it('offers every status except booked and canceled', () => {
    expect(STATUS_OPTIONS).toEqual(['received', 'active', 'complete']);
  });

  /*
   * The whole state machine, written out from SPEC §4 and §6 (not derived from the code under test).
   * Each row is one (from → to); its ten cells are levels 1 to 5, each without and then with an invoice:
   *   F  'You do not have permission to do this.' — status change is for levels above 2 (SPEC §6)
   *   X  'Cannot update final requests' — complete and canceled are terminal for levels 3 and 4 (SPEC §4)
   *   B  'Invalid status: <to>' — the dropdown offers received, active, complete only; booked comes from a booking
   *      date update and canceled from the separate Cancel action (SPEC §4)
   *   I  'An invoice is required to complete job' (SPEC §4)
   *   .  allowed
   */
  const TABLE: Record<string, Record<string, string>> = {
    //            L1  L2  L3  L4  L5
    booked: {
      booked: 'FF' + 'FF' + 'BB' + 'BB' + 'BB',
      received: 'FF' + 'FF' + '..' + '..' + '..',
      active: 'FF' + 'FF' + '..' + '..' + '..',
      complete: 'FF' + 'FF' + 'I.' + 'I.' + 'I.',
      canceled: 'FF' + 'FF' + 'BB' + 'BB' + 'BB',
    },
    received: {
      booked: 'FF' + 'FF' + 'BB' + 'BB' + 'BB',
      received: 'FF' + 'FF' + '..' + '..' + '..',
      active: 'FF' + 'FF' + '..' + '..' + '..',
      complete: 'FF' + 'FF' + 'I.' + 'I.' + 'I.',
      canceled: 'FF' + 'FF' + 'BB' + 'BB' + 'BB',
    },
    active: {
      booked: 'FF' + 'FF' + 'BB' + 'BB' + 'BB',
      received: 'FF' + 'FF' + '..' + '..' + '..',
      active: 'FF' + 'FF' + '..' + '..' + '..',
      complete: 'FF' + 'FF' + 'I.' + 'I.' + 'I.',
      canceled: 'FF' + 'FF' + 'BB' + 'BB' + 'BB',
    },
    // final: only level 5 may still change it (the paged job table, SPEC §2/§4), and completing still needs an invoice
    complete: {
      booked: 'FF' + 'FF' + 'XX' + 'XX' + 'BB',
      received: 'FF' + 'FF' + 'XX' + 'XX' + '..',
      active: 'FF' + 'FF' + 'XX' + 'XX' + '..',
      complete: 'FF' + 'FF' + 'XX' + 'XX' + 'I.',
      canceled: 'FF' + 'FF' + 'XX' + 'XX' + 'BB',
    },
    canceled: {
      booked: 'FF' + 'FF' + 'XX' + 'XX' + 'BB',
      received: 'FF' + 'FF' + 'XX' + 'XX' + '..',
      active: 'FF' + 'FF' + 'XX' + 'XX' + '..',
      complete: 'FF' + 'FF' + 'XX' + 'XX' + 'I.',
      canceled: 'FF' + 'FF' + 'XX' + 'XX' + 'BB',
    },
  };
  const meaning = (cell: string, to: string) =>
    ({
      F: 'You do not have permission to do this.',
      X: 'Cannot update final requests',
      B: `Invalid status: ${to}`,
      I: 'An invoice is required to complete job',
      '.': 'allowed',
    })[cell];

  it('covers every status, as SPEC §4 lists them', () => {
    expect(Object.keys(TABLE)).toEqual([...JOB_STATUSES]);
    for (const row of Object.values(TABLE)) expect(Object.keys(row)).toEqual([...JOB_STATUSES]);
  });

  const cases = Object.entries(TABLE).flatMap(([from, row]) =>
    Object.entries(row).flatMap(([to, cells]) =>
      [1, 2, 3, 4, 5].flatMap((level) =>
        [false, true].map((hasInvoice) => ({
          from,
          to,
          level,
          hasInvoice,
          expected: meaning(
            known(cells[(level - 1) * 2 + (hasInvoice ? 1 : 0)], 'cells[(level - 1) * 2 + (hasInvoice ? 1 : 0)]'),
            to,
          ),
        })),
      ),
    ),
  );
  it('has 250 cases (5 from × 5 to × 5 levels × invoice or not)', () => {
    expect(cases).toHaveLength(250);
  });
  it.each(cases)(
    '$from → $to at level $level (invoice $hasInvoice): $expected',
    ({ from, to, level, hasInvoice, expected }) => {
      const c = checkStatusChange({ from, to, level, hasInvoice });
      expect(c.ok ? 'allowed' : c.message).toBe(expected);
    },
  );

  // SPEC §4 "Generate Invoice is offered only for received or active jobs", SPEC §6 "above 3: Generate Invoice"
  const GENERATE_INVOICE: Record<string, string> = {
    //          L1 L2 L3 L4 L5
    booked: '-  -  -  -  -',
    received: '-  -  -  y  y',
    active: '-  -  -  y  y',
    complete: '-  -  -  -  -',
    canceled: '-  -  -  -  -',
  };
  it.each(
    Object.entries(GENERATE_INVOICE).flatMap(([status, cells]) =>
      cells.split(/\s+/).map((c, i) => ({ status, level: i + 1, offered: c === 'y' })),
    ),
  )('Generate Invoice on a $status job at level $level: $offered', ({ status, level, offered }) => {
    expect(canGenerateInvoice(status) && can('invoice.create', level)).toBe(offered);
  });
  it.each([
    ['booked', false],
    ['received', true],
    ['active', true],
    ['complete', false],
    ['canceled', false],
  ])('Generate Invoice for %s (any level allowed to raise one): %s', (status, offered) => {
    expect(canGenerateInvoice(status)).toBe(offered);
  });

  // SPEC §4 Cancel is its own action; §6 "above 3: Cancel"; a final job is not cancelled again, not even by level 5
  const CANCEL: Record<string, string> = {
    //          L1 L2 L3 L4 L5
    booked: '-  -  -  y  y',
    received: '-  -  -  y  y',
    active: '-  -  -  y  y',
    complete: '-  -  -  -  -',
    canceled: '-  -  -  -  -',
  };
  it.each(
    Object.entries(CANCEL).flatMap(([status, cells]) =>
      cells.split(/\s+/).map((c, i) => ({ status, level: i + 1, allowed: c === 'y' })),
    ),
  )('Cancel a $status job at level $level: $allowed', ({ status, level, allowed }) => {
    expect(canCancel(status, level)).toBe(allowed);
    expect(canCancel(status, level) && can('job.cancel', level)).toBe(allowed);
  });

  it('refuses any other update of a final job', () => {
    expect(checkJobUpdate('complete')).toEqual({ ok: false, message: MSG.cannotUpdateFinal });
    expect(checkJobUpdate('active')).toEqual({ ok: true });
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

describe('the job search (SPEC §2 Job table): the shop search', () => {
  const job = {
    registration: 'PK 1234',
    vin: '1HGCM82633A004352',
    number: 'B2-17',
    first_name: 'Maya',
    last_name: 'Brown',
    email: 'Maya.Brown@Mail.test',
    contact: '876-555-1234',
  };
  const finds = (q: string, j: typeof job = job) => jobMatchesSearch(j, jobSearchTerms(q));

  it('matches registration and VIN by their start, the VIN by its end from 4 characters, ignoring case, spaces and dashes', () => {
    expect(['pk12', 'PK-12', 'p', '1hgcm', '4352', 'A004352', '33a004352'].every((q) => finds(q))).toBe(true);
    expect(['K12', '435', 'HGCM'].some((q) => finds(q))).toBe(false);
  });

  it('matches the job number by its start, with or without its # and dash', () => {
    expect(['#B2-1', 'b2-17', 'B21', '#b217', 'b2'].every((q) => finds(q))).toBe(true);
    expect(['2-17', '#2-17', '#B3'].some((q) => finds(q))).toBe(false);
    // '#' says a number: '#pk' is not looked for among the plates
    expect(finds('#pk')).toBe(false);
  });

  it('matches a name either order, a phone number by the start of its digits, an email by its start', () => {
    expect(
      [
        'm',
        'Maya',
        'BROWN',
        'maya brown',
        'brown maya',
        'brown   m',
        '8',
        '876555',
        '(876) 555-12',
        'maya.brown@m',
      ].every((q) => finds(q)),
    ).toBe(true);
    expect(['nobody', 'maya green', '999'].some((q) => finds(q))).toBe(false);
  });

  it('no longer matches a part inside a name, an email or a contact', () => {
    expect(['aya', 'rown', 'mail.test', '@mail', '5551234', 'y'].some((q) => finds(q))).toBe(false);
  });

  it('matches everything when empty (or only the # of a number)', () => {
    expect(['', '   ', '#'].every((q) => finds(q))).toBe(true);
  });

  it("never matches the 'none' of a job without email", () => {
    expect(finds('none', { ...job, email: 'none' })).toBe(false);
    expect(finds('no', { ...job, email: 'NONE' })).toBe(false);
    expect(finds('none', { ...job, email: 'none.such@mail.test' })).toBe(true);
  });
});
