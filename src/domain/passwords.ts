/**
 * Password rules for team members (issue 19): SPEC's Add Member limit of 12 characters was a cap; a password is now
 * 8 to 128 characters, not one of the passwords attackers try first, and not the username itself. Sign-in checks
 * only that a password was given (older accounts keep working); these rules apply when a password is set.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/**
 * The longest password a sign-in takes: room for an account's password set before these rules, while every sign-in
 * hashes a bounded text (the server's scrypt runs on what it is given).
 */
export const SIGN_IN_PASSWORD_MAX = 2 * PASSWORD_MAX;

/**
 * The passwords tried first in every guessing attack (the head of the public breach lists), plus the shop's own
 * words. Compared lower case; a password is refused when it is one of these or one of these with digits added.
 */
const COMMON = new Set(
  (
    'password passw0rd password1 12345678 123456789 1234567890 11111111 00000000 87654321 qwertyui qwertyuiop ' +
    'qwerty123 1q2w3e4r 1qaz2wsx zaq12wsx asdfghjk asdfasdf abcd1234 abcdefgh iloveyou sunshine princess football ' +
    'baseball welcome welcome1 letmein letmein1 trustno1 dragon monkey master superman batman starwars whatever ' +
    'changeme default admin123 administrator admin1234 root1234 secret123 login123 passpass p@ssw0rd p@ssword ' +
    'computer internet michael jennifer jordan23 shadow mustang charlie freedom ginger hunter2 killer summer ' +
    'winter spring autumn liverpool chelsea arsenal manutd garage123 mechanic autoshop baybook baybook1 service1 ' +
    'toyota honda ferrari porsche mercedes corvette'
  ).split(' '),
);

/** The message for a password that breaks a rule, or undefined when it is fine. */
export function passwordProblem(password: string, username = ''): 'short' | 'long' | 'common' | 'username' | undefined {
  if (password.length < PASSWORD_MIN) return 'short';
  if (password.length > PASSWORD_MAX) return 'long';
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || COMMON.has(lower.replace(/\d+$/, '')) || /^(.)\1+$/.test(lower)) return 'common';
  if (username && lower.includes(username.toLowerCase())) return 'username';
  return undefined;
}
