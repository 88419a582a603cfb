import { describe, expect, it } from 'vitest';
import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldErrors } from 'react-hook-form';
import {
  bookingMessage,
  dayBookingSchema,
  eventBookingSchema,
  toInstants,
  type BookingTimes,
} from '../../src/app/jobs/calendar/booking';
import { DEFAULT_TIME_ZONE } from '../../src/domain/dates';
import { MSG, fill } from '../../src/domain/messages';
import { LIMITS, makeBookingDateSchema, validatePayload } from '../../src/domain/schemas';

/**
 * Issue 17: the calendar's booking forms check the times with the domain's booking fields (schemas/job.ts
 * bookingFields), the ones PUT /booking-date checks a whole booking with — not a schema of their own beside it. So
 * each form refuses exactly what the write refuses, in the same words, and takes what it takes.
 */
const TZ = DEFAULT_TIME_ZONE;
const NOW = new Date('2030-06-01T12:00:00Z');
const ID = '0b7e2c1a-1d2e-4f3a-8b4c-5d6e7f8a9b0c';

/** What PUT /booking-date answers for a whole booking: its first refusal in the fields' order, or 'taken'. */
const written = (book_start: string, book_end: string) =>
  validatePayload(
    makeBookingDateSchema(() => NOW),
    { id: ID, book_start, book_end },
  ).then(
    () => 'taken',
    (e: Error) => e.message,
  );

/** react-hook-form's options for a resolver run as the screen runs it (no native validation) */
const OPTIONS = { fields: {}, shouldUseNativeValidation: false };
/** What a form shows under its times: the message bookingMessage picks, 'taken' when there is none. */
const shown = ({ errors }: { errors: FieldErrors<BookingTimes> }) => bookingMessage(errors) ?? 'taken';

const CASES: [string, string, string][] = [
  ['a future hour', '2030-06-02 09:00', '2030-06-02 10:00'],
  ['start after end', '2030-06-02 11:00', '2030-06-02 10:00'],
  ['in the past', '2030-05-01 09:00', '2030-05-01 10:00'],
  ['not a time', 'tomorrow', '2030-06-02 10:00'],
  ['31 June', '2030-06-31 09:00', '2030-06-31 10:00'],
  ['no end', '2030-06-02 09:00', ''],
  ['neither', '', ''],
  ['ISO with an offset', '2030-06-02T09:00:00-05:00', '2030-06-02T10:00:00-05:00'],
  ['a megabyte', 'x'.repeat(1_000_000), '2030-06-02 10:00'],
  ['spaces to the bound', '2030-06-02 09:00'.padEnd(LIMITS.short), '2030-06-02 10:00'],
  ['one past the bound', '2030-06-02 09:00'.padEnd(LIMITS.short + 1), '2030-06-02 10:00'],
];

describe("the calendar's booking forms check with the domain's booking fields (issue 17)", () => {
  const event = eventBookingSchema(TZ, () => NOW);
  const day = dayBookingSchema(TZ, () => NOW);

  it.each(CASES)('%s: each form says what PUT /booking-date says', async (_, book_start, book_end) => {
    const expected = await written(book_start, book_end);
    const onEvent = await yupResolver(event)({ book_start, book_end }, undefined, OPTIONS);
    const onDay = await yupResolver(day)({ job: ID, book_start, book_end }, undefined, OPTIONS);
    expect([shown(onEvent), shown(onDay)]).toEqual([expected, expected]);
  });

  it('the cases cover what the write takes and each way it refuses', async () => {
    const words = await Promise.all(CASES.map(([, s, e]) => written(s, e)));
    const tooLong = fill(MSG.textMax, { field: 'Booking start', max: LIMITS.short });
    expect(new Set(words)).toEqual(new Set(['taken', MSG.invalidDates, MSG.invalidBookingDates, tooLong]));
  });

  it('a time the form took is the instant the write stores, typed either way', () => {
    const typed = { book_start: '2030-06-02 09:00', book_end: '2030-06-02T10:00:00-05:00' };
    expect(toInstants(typed, 'America/Jamaica')).toEqual({
      startIso: '2030-06-02T14:00:00.000Z',
      endIso: '2030-06-02T15:00:00.000Z',
    });
  });
});
