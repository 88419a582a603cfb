import { number, object, string } from 'yup';
import { MSG } from '../messages';
import { ASSIGNABLE_LEVELS } from '../levels';
import { SIGN_IN_PASSWORD_MAX, passwordProblem } from '../passwords';
import { SIGN_IN_USERNAME_MAX, hasInvisibleCharacter, normaliseUsername } from '../usernames';
import { idField } from './common';

/**
 * Team members (SPEC §2 Members, §3): a password is never sent back nor kept on a device; lists show this mask in
 * its place (the server answers with it too, and an edit carrying the mask keeps the password).
 */
export const PASSWORD_MASK = '********';

/** Login (SPEC §5): both fields required; a too-short username is 'Enter valid username'. */
export const USERNAME_MIN = 3;
/** Add Member (SPEC §5): a username has at most 12 characters. */
export const MEMBER_MAX = 12;

/** Stored and compared in NFKC, so a full-width or composed twin of a name is that name. */
const username = () => string().transform((v: unknown) => (typeof v === 'string' ? normaliseUsername(v) : v));

export const loginSchema = object({
  username: username()
    .required(MSG.enterValidUsername)
    .min(USERNAME_MIN, MSG.enterValidUsername)
    .max(SIGN_IN_USERNAME_MAX, MSG.enterValidUsername),
  password: string().required(MSG.passwordRequired).max(SIGN_IN_PASSWORD_MAX, MSG.passwordRequired),
});

const memberName = () =>
  username()
    .required(MSG.enterValidUsername)
    .test('visible', MSG.usernameInvisible, (v) => !v || !hasInvisibleCharacter(v))
    .min(USERNAME_MIN, MSG.enterValidUsername)
    .max(MEMBER_MAX, MSG.usernameMax);

const PASSWORD_MESSAGES = {
  short: MSG.passwordMin,
  long: MSG.passwordMax,
  common: MSG.passwordCommon,
  username: MSG.passwordHasUsername,
};

/** A password being set: 8–128 characters, not a common one, not holding the username (issue 19). */
const newPassword = () =>
  string().test('password', '', function (v) {
    if (v === undefined || v === '' || v === PASSWORD_MASK) return true;
    const problem = passwordProblem(v, String(this.parent?.username ?? ''));
    return problem ? this.createError({ message: PASSWORD_MESSAGES[problem] }) : true;
  });

const permission = () =>
  number()
    .typeError(MSG.permissionRange)
    .required(MSG.permissionRange)
    .integer(MSG.permissionRange)
    .oneOf([...ASSIGNABLE_LEVELS], MSG.permissionRange);

export const addMemberSchema = object({
  id: idField().optional(),
  username: memberName(),
  password: newPassword().required(MSG.passwordRequired),
  permission: permission(),
});

/** An empty password or the mask keeps the member's password. */
export const editMemberSchema = object({
  id: idField().required(MSG.invalidId),
  username: memberName(),
  password: newPassword().optional(),
  permission: permission(),
});

/** The Super Admin's unlock: one member's sign-in waits, or everyone's when no username is given. */
export const signInUnlockSchema = object({
  username: username().max(SIGN_IN_USERNAME_MAX, MSG.enterValidUsername).optional(),
});
