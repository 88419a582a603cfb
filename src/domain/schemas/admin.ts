import { number, object, string } from 'yup';
import { checkReportRange } from '../dates';
import { MSG } from '../messages';
import { idField } from './common';

/** Login (SPEC §5): both fields required; a too-short username is 'Enter valid username'. */
export const USERNAME_MIN = 3;
export const loginSchema = object({
  username: string().trim().required(MSG.enterValidUsername).min(USERNAME_MIN, MSG.enterValidUsername).max(64, MSG.enterValidUsername),
  password: string().required(MSG.passwordRequired).max(256, MSG.passwordRequired),
});

/** Add Member (SPEC §5): username and password at most 12 characters; permission from 2 to 5. */
export const MEMBER_MAX = 12;
const permission = () =>
  number().typeError(MSG.permissionRange).required(MSG.permissionRange).integer(MSG.permissionRange).min(2, MSG.permissionRange).max(5, MSG.permissionRange);
export const addMemberSchema = object({
  id: idField().optional(),
  username: string().trim().required(MSG.enterValidUsername).min(USERNAME_MIN, MSG.enterValidUsername).max(MEMBER_MAX, MSG.usernameMax),
  password: string().required(MSG.passwordRequired).max(MEMBER_MAX, MSG.passwordMax),
  permission: permission(),
});
export const editMemberSchema = object({
  id: idField().required(MSG.invalidId),
  username: string().trim().required(MSG.enterValidUsername).min(USERNAME_MIN, MSG.enterValidUsername).max(MEMBER_MAX, MSG.usernameMax),
  password: string().max(MEMBER_MAX, MSG.passwordMax).optional(),
  permission: permission(),
});

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
