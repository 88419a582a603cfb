import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD_FILE,
  firstAdminNotice,
  passwordFileReminder,
  writeAdminPasswordFile,
} from '../../src/server/firstAdmin';

/** Issue 15: the first start's generated password is kept in a file only the owner can read, and printed last, framed. */
describe('the first Super Admin on a first start', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'baybook-first-admin-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const admin = { username: 'admin', password: 'Gq7-ridge-Tn4-brook', generated: true };

  it('writes <dataDir>/first-admin-password.txt with mode 0600, the username, the password and what to do', () => {
    const dir = dataDir();
    const file = writeAdminPasswordFile(dir, admin);
    expect(file).toBe(join(dir, ADMIN_PASSWORD_FILE));
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const text = readFileSync(file!, 'utf8');
    expect(text).toContain('username: admin');
    expect(text).toContain('password: Gq7-ridge-Tn4-brook');
    expect(text).toContain('change the password under Members, then delete this file');
  });

  it('makes the data dir when it is not there yet (PostgreSQL: nothing else wrote to it)', () => {
    const dir = join(dataDir(), 'fresh', 'data');
    expect(writeAdminPasswordFile(dir, admin)).toBe(join(dir, ADMIN_PASSWORD_FILE));
    expect(statSync(join(dir, ADMIN_PASSWORD_FILE)).mode & 0o777).toBe(0o600);
  });

  it('replaces a file left from an earlier start (mode 0644) with a new 0600 one, and never writes through a symlink', () => {
    const dir = dataDir();
    const file = join(dir, ADMIN_PASSWORD_FILE);
    writeFileSync(file, 'old', { mode: 0o644 });
    writeAdminPasswordFile(dir, admin);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(admin.password);
    // a symlink put where the file goes: the link is removed, its target untouched
    const target = join(dir, 'elsewhere.txt');
    writeFileSync(target, 'keep me');
    rmSync(file);
    symlinkSync(target, file);
    writeAdminPasswordFile(dir, admin);
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect(readFileSync(file, 'utf8')).toContain(admin.password);
  });

  it('keeps no file for a password from BAYBOOK_ADMIN_PASSWORD, nor for an in-memory data dir', () => {
    const dir = dataDir();
    expect(writeAdminPasswordFile(dir, { ...admin, generated: false })).toBeNull();
    expect(existsSync(join(dir, ADMIN_PASSWORD_FILE))).toBe(false);
    expect(writeAdminPasswordFile('memory://', admin)).toBeNull();
  });

  it('reminds on later starts while the file is still there, and not once it is deleted', () => {
    const dir = dataDir();
    expect(passwordFileReminder(dir)).toBeNull();
    const file = writeAdminPasswordFile(dir, admin)!;
    expect(passwordFileReminder(dir)).toContain(`${file} still holds the first admin password`);
    rmSync(file);
    expect(passwordFileReminder(dir)).toBeNull();
    expect(passwordFileReminder('memory://')).toBeNull();
  });

  it('prints the account framed, with where the file is and what to do next', () => {
    const notice = firstAdminNotice(admin, '/srv/baybook/data/first-admin-password.txt');
    const lines = notice.split('\n').filter(Boolean);
    // a frame: the first and last lines are the rule, every line between starts and ends with a bar, all one width
    expect(lines[0]).toMatch(/^ {2}\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    for (const l of lines.slice(1, -1)) expect(l).toMatch(/^ {2}\| .* \|$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(notice).toContain('username  admin');
    expect(notice).toContain('password  Gq7-ridge-Tn4-brook');
    expect(notice).toContain('/srv/baybook/data/first-admin-password.txt');
    expect(notice).toContain('then delete that file');
    // from the environment: the password is not printed
    const fromEnv = firstAdminNotice({ ...admin, generated: false }, null);
    expect(fromEnv).not.toContain(admin.password);
    expect(fromEnv).toContain('BAYBOOK_ADMIN_PASSWORD');
  });
});
