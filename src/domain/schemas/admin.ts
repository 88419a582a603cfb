import { object } from 'yup';
import { checkReportRange } from '../dates';
import { MSG } from '../messages';
import { idField } from './common';
import { configAmount, configDescription } from './config';
import { LIMITS, boundedText } from './fields';

export const idPayloadSchema = object({ id: idField().required(MSG.invalidId) });

/** Config edit (SPEC §5): title read-only; description and amount required; amount a number. */
export const configEditSchema = object({
  title: boundedText('Title', LIMITS.title).optional(),
  description: configDescription(),
  amount: configAmount().nullable().optional(),
});

/** Reports (SPEC §5): start and end as YYYY-MM-DD, at most 365 days. */
export const reportSchema = object({
  start_date: boundedText('Start date', LIMITS.short).default(''),
  end_date: boundedText('End date', LIMITS.short).default(''),
}).test('range', MSG.selectStartDate, function (v) {
  const c = checkReportRange(v?.start_date, v?.end_date);
  return c.ok ? true : this.createError({ message: c.message, path: 'start_date' });
});

/** Photos larger than 10 MB are refused (SPEC §5, §9). */
export const PHOTO_MAX_BYTES = 10_000_000;
export function checkPhotoSize(bytes: number): { ok: true } | { ok: false; message: string } {
  return bytes > PHOTO_MAX_BYTES ? { ok: false, message: MSG.fileTooLarge } : { ok: true };
}
