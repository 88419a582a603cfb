import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The first Super Admin as bootstrap made it (src/server/seed/bootstrap.ts). */
export interface CreatedAdmin {
  username: string;
  password: string;
  /** made up by bootstrap (false: it came from BAYBOOK_ADMIN_PASSWORD, which the operator already knows) */
  generated: boolean;
}

export const ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

/**
 * Keeps a generated password where the request log cannot scroll it away (issue 15): `<dataDir>/first-admin-
 * password.txt`, readable and writable by the owner only (0600). A file left from an earlier first start is removed
 * first, so the new one is created with that mode (a mode given to writeFileSync counts only on creation) and a
 * symlink planted in its place is not followed ('wx'). Returns the file's path, or null when there is nothing to
 * keep (a password from the environment) or nowhere to keep it (an in-memory data dir).
 */
export function writeAdminPasswordFile(dataDir: string, admin: CreatedAdmin): string | null {
  if (!admin.generated || dataDir === 'memory://') return null;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, ADMIN_PASSWORD_FILE);
  rmSync(file, { force: true });
  const text = [
    'BayBook: the first Super Admin',
    `username: ${admin.username}`,
    `password: ${admin.password}`,
    '',
    'Sign in with these, change the password under Members, then delete this file.',
    '',
  ].join('\n');
  writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  return file;
}

/**
 * What `npm start` prints last on a first start: the account in a frame, where the file is, and what to do next.
 * ASCII only, so any terminal draws the frame.
 */
export function firstAdminNotice(admin: CreatedAdmin, file: string | null): string {
  const lines = [
    'BayBook: first Super Admin created',
    '',
    `  username  ${admin.username}`,
    admin.generated ? `  password  ${admin.password}` : '  password  the one in BAYBOOK_ADMIN_PASSWORD',
    '',
    ...(file ? [`Also written to ${file}`, '(readable by this user only).'] : []),
    admin.generated
      ? `Sign in, change the password under Members${file ? ', then delete that file' : ''}.`
      : 'Sign in with it; change it under Members if others have seen it.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `  +${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((l) => `  | ${l.padEnd(width)} |`), rule, ''].join('\n');
}

/** On a later start, while the file is still there: a reminder, since it holds a password that may still work. */
export function passwordFileReminder(dataDir: string): string | null {
  const file = join(dataDir, ADMIN_PASSWORD_FILE);
  if (dataDir === 'memory://' || !existsSync(file)) return null;
  return `  ${file} still holds the first admin password: once it is changed under Members, delete the file.`;
}
