import { describe, expect, it } from 'vitest';
import { adminUsername, bootstrap } from '../../src/server/seed/bootstrap';
import { untouchedDb } from '../helpers/doubles';

describe('the first admin from BAYBOOK_ADMIN_USER', () => {
  it('is "admin" when the variable is unset, and the name (trimmed) when it keeps the username rule', () => {
    expect(adminUsername(undefined)).toBe('admin');
    expect(adminUsername('joe')).toBe('joe');
    expect(adminUsername('  maria  ')).toBe('maria');
    expect(adminUsername('twelve_chars')).toBe('twelve_chars');
  });

  it.each([
    ['jo', 'Enter valid username'],
    ['   ', 'Enter valid username'],
    ['administrator', 'Username should be at most 12 characters'],
  ])('refuses %j naming the variable and the rule', (raw, why) => {
    expect(() => adminUsername(raw)).toThrow(
      `BAYBOOK_ADMIN_USER ${JSON.stringify(raw)} is refused: ${why}. A username has 3 to 12 characters`,
    );
  });

  it('refuses at start, before the database is touched', async () => {
    const db = untouchedDb();
    await expect(bootstrap(db, { adminUser: 'jo', adminPassword: 'secret-pw' })).rejects.toThrow(
      /^BAYBOOK_ADMIN_USER "jo" is refused/,
    );
    await expect(bootstrap(db, { adminUser: 'joe', adminPassword: 'secret-pw' })).rejects.toThrow('database touched');
  });
});
