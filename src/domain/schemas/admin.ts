import { number, object, string } from 'yup';
import { checkReportRange } from '../dates';
import { MSG } from '../messages';
import { idField } from './common';

export const idPayloadSchema = object({ id: idField().required(MSG.invalidId) });

/** Config edit (SPEC §5): title read-only; description and amount required; amount a number. */
export const configEditSchema = object({
  title: string().optional(),
  description: string().trim().required(MSG.configDescriptionRequired).min(1, MSG.configDescriptionRequired).max(500),
  amount: number()
    .transform((v, orig) => (orig === '' ? undefined : v))
    .typeError(MSG.configAmountNumber)
    .nullable()
    .optional(),
});

/** Reports (SPEC §5): start and end as YYYY-MM-DD, at most 365 days. */
export const reportSchema = object({
  start_date: string().default(''),
  end_date: string().default(''),
}).test('range', MSG.selectStartDate, function (v) {
  const c = checkReportRange(v?.start_date, v?.end_date);
  return c.ok ? true : this.createError({ message: c.message, path: 'start_date' });
});

/** Photos larger than 10 MB are refused (SPEC §5, §9). */
export const PHOTO_MAX_BYTES = 10_000_000;
export function checkPhotoSize(bytes: number): { ok: true } | { ok: false; message: string } {
  return bytes > PHOTO_MAX_BYTES ? { ok: false, message: MSG.fileTooLarge } : { ok: true };
}
