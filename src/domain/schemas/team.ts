/**
 * Team members (SPEC §2 Members, §3): a password is never sent back nor kept on a device; lists show this mask in
 * its place (the server answers with it too, and an edit carrying the mask keeps the password).
 */
export const PASSWORD_MASK = '********';
