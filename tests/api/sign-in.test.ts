import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, fill } from '../../src/domain/messages';
import { signInWaitSeconds, waitInWords } from '../../src/domain/signInLimits';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { loginAttempts } from '../../src/server/db/schema';
import { bootstrap } from '../../src/server/seed/bootstrap';
import type { Answer, Refusal } from '../helpers/answers';
import { ADMIN, DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * Issue 19: a stranger cannot lock the owner out. Each test signs in from addresses of its own (the server trusts
 * X-Forwarded-For here, as behind a reverse proxy), with the limit per address + name at 5 and per address at 30.
 */
describe.each(DATABASES)('sign-in limits on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { loginMaxFailures: 5, loginMaxPerAddress: 30, trustProxy: true });
  });
  afterAll(() => s?.close());

  const signIn = <T = Answer>(password: string, address: string, username = ADMIN.username) =>
    s.api<T>('POST', '/login', { body: { username, password }, token: null, headers: { 'x-forwarded-for': address } });
  /** as if the current wait of every key had run out (the test cannot sit through 30 s) */
  const waitRunsOut = () => s.database.db.update(loginAttempts).set({ blocked_until: new Date(Date.now() - 1000) });

  it('five wrong passwords for the Super Admin from a stranger: the stranger waits, the owner signs in at once', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('guess-guess', '198.51.100.66')).status).toBe(401);
    const stranger = await signIn('guess-again', '198.51.100.66');
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toBe(fill(MSG.loginRateLimited, { wait: '30 seconds' }));
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(25);
    // even the right password waits at the stranger's address: the guess cannot be confirmed there
    expect((await signIn(ADMIN.password, '198.51.100.66')).status).toBe(429);
    const owner = await signIn(ADMIN.password, '192.0.2.10');
    expect(owner.status).toBe(200);
    expect(owner.body.value).toBe(true);
  });

  it('the wait doubles with each further miss, and the message names the real wait', async () => {
    const from = '198.51.100.77';
    for (let i = 0; i < 5; i++) await signIn('guess-guess', from);
    const seen: string[] = [];
    for (let round = 0; round < 3; round++) {
      await waitRunsOut();
      expect((await signIn('still-guessing', from)).status).toBe(401);
      seen.push((await signIn<Refusal>('still-guessing', from)).body.message);
    }
    expect(seen).toEqual(['1 minute', '2 minutes', '4 minutes'].map((wait) => fill(MSG.loginRateLimited, { wait })));
    expect((await signIn(ADMIN.password, '192.0.2.11')).status).toBe(200);
  });

  it('fifty guesses sent at once: no more than five reach the password check', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(`burst-${i}-guess`, '198.51.100.88')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => st === 401)).toHaveLength(5);
    expect(statuses.filter((st) => st === 429)).toHaveLength(45);
    expect((await signIn(ADMIN.password, '192.0.2.12')).status).toBe(200);
  });

  it('an address that tries many names waits too, whatever name it tries next', async () => {
    const from = '198.51.100.99';
    for (let i = 0; i < 30; i++) expect((await signIn('nope-nope', from, `name${i}`)).status).toBe(401);
    const next = await signIn(ADMIN.password, from, ADMIN.username);
    expect(next.status).toBe(429);
    expect((await signIn(ADMIN.password, '192.0.2.13')).status).toBe(200);
  });

  it('a name that waits, tried again and again, does not make its address wait for the other names', async () => {
    const from = '198.51.100.133';
    for (let i = 0; i < 5; i++) expect((await signIn('guess-guess', from, 'kimbay')).status).toBe(401);
    // past the address's 30 attempts: each is told the name's wait, none is counted on the address
    for (let i = 0; i < 40; i++) expect((await signIn('guess-guess', from, 'kimbay')).status).toBe(429);
    expect((await signIn(ADMIN.password, from)).status).toBe(200);
  });

  it('forgets the counts of a window gone by, so names a stranger makes up cannot fill the table', async () => {
    const from = '198.51.100.122';
    for (let i = 0; i < 3; i++) expect((await signIn('nope-nope', from, `madeup${i}`)).status).toBe(401);
    const ours = like(loginAttempts.key, '%198.51.100.12_%');
    const keys = async () => (await s.database.db.select().from(loginAttempts).where(ours)).map((r) => r.key).sort();
    expect(await keys()).toHaveLength(4);
    // as if the window had gone by; one key of another address is still in its wait
    const longAgo = new Date(Date.now() - (s.config.loginWindowSeconds + 60) * 1000);
    await s.database.db.update(loginAttempts).set({ window_start: longAgo, blocked_until: null }).where(ours);
    const waiting = 'pair:198.51.100.123\nadmin';
    await s.database.db
      .insert(loginAttempts)
      .values({ key: waiting, failures: 9, window_start: longAgo, blocked_until: new Date(Date.now() + 600_000) });
    expect((await signIn(ADMIN.password, '192.0.2.14')).status).toBe(200);
    expect(await keys()).toEqual([waiting]);
  });

  it('the Super Admin can let a member sign in again at once; a level 4 cannot', async () => {
    const from = '198.51.100.111';
    for (let i = 0; i < 5; i++) await signIn('guess-guess', from);
    expect((await signIn(ADMIN.password, from)).status).toBe(429);
    const manager = await s.userToken(4);
    const refused = await s.api('DELETE', '/v3/sign-in-limits', {
      body: { data: { username: ADMIN.username } },
      token: manager,
    });
    expect(refused.status).toBe(403);
    const unlock = await s.api('DELETE', '/v3/sign-in-limits', { body: { data: { username: ADMIN.username } } });
    expect(unlock.status).toBe(200);
    expect(unlock.body.cleared).toBeGreaterThan(0);
    expect((await signIn(ADMIN.password, from)).status).toBe(200);
  });
});

describe('the sign-in wait', () => {
  it('starts at the limit with 30 seconds, doubles, and stops at the window', () => {
    expect([4, 5, 6, 7, 12, 40].map((f) => signInWaitSeconds(f, 5, 900))).toEqual([0, 30, 60, 120, 900, 900]);
    expect([1, 30, 59, 60, 61, 899].map(waitInWords)).toEqual([
      '1 second',
      '30 seconds',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '15 minutes',
    ]);
  });
});

describe('npm run unlock-sign-in', () => {
  it('clears the waits of one name from the command line (server stopped, PGlite)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'baybook-unlock-'));
    try {
      const database = await openDatabase(loadConfig({}, { dataDir }));
      await bootstrap(database.db, { adminUser: 'admin', adminPassword: 'unlock-pw-1' });
      await database.db.insert(loginAttempts).values([
        { key: 'pair:203.0.113.5\nadmin', failures: 9, blocked_until: new Date(Date.now() + 600_000) },
        { key: 'pair:203.0.113.5\nkim', failures: 9, blocked_until: new Date(Date.now() + 600_000) },
      ]);
      await database.close();
      const run = spawnSync('npx', ['tsx', 'src/server/unlockSignIn.ts', 'admin'], {
        env: { ...process.env, BAYBOOK_DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('Cleared 1 sign-in wait for admin');
      const after = await openDatabase(loadConfig({}, { dataDir }));
      expect((await after.db.select().from(loginAttempts)).map((r) => r.key)).toEqual(['pair:203.0.113.5\nkim']);
      await after.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
