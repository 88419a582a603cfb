import { isValid, parseISO } from 'date-fns';
import { object, string, type InferType } from 'yup';
import { MSG } from '../messages';
import { idField } from './common';
import { cashups } from '../model/billing';
import { blankAsMissing, cents, deviceCode, instantText, modelText } from './fields';

/** this millennium's days: a cash-up is of a day the shop traded (and PostgreSQL has no year 0) */
const DAY = /^2\d{3}-\d{2}-\d{2}$/;

/**
 * The cash-up at closing (issue 18): the shop day, the cash counted in the drawer (cents), a note; the device that
 * made it and when (a cash-up made offline at closing keeps its time when it arrives the next morning).
 */
export const cashupSchema = object({
  id: idField().optional(),
  day: string()
    .required(MSG.cashupDay)
    .test('day', MSG.cashupDay, (v) => DAY.test(v) && isValid(parseISO(v))),
  counted_cash: cents('Counted cash', MSG.cashupCounted).transform(blankAsMissing).required(MSG.cashupCounted),
  note: modelText('Note', cashups.fields.note, MSG.noteMax).trim().default(''),
  device: deviceCode(),
  closed_at: instantText(MSG.invalidDates),
});
export type CashupInput = InferType<typeof cashupSchema>;
