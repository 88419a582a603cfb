import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { DUMMY_HASH } from '../../src/server/auth/passwords';
import { loadConfig } from '../../src/server/config';
import { sqlRows } from '../../src/server/db/sqlRows';
import type { Data, Row } from '../helpers/answers';
import { ADMIN, DATABASES, startServer, type TestServer } from '../helpers/server';
import { atLeast } from '../helpers/present';

// Every scrypt the server runs goes through this spy (the real function underneath), so a test can count the
// password hashes a request costs without measuring time. The API files share loaded modules: the spy goes at the end.
const scryptSpy = vi.spyOn(crypto, 'scrypt');
afterAll(() => scryptSpy.mockRestore());

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

describe.each(DATABASES)('security basics on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  it('sends security headers (helmet) with a content security policy, and over plain HTTP no HSTS or upgrade', async () => {
    const res = await fetch(`${s.url}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeTruthy();
    // a shop serving BayBook on its LAN address without TLS must not be told to use https only
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    // a client claiming https is no trusted proxy
    const claimed = await fetch(`${s.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS and upgrade-insecure-requests behind a trusted TLS proxy, or always with BAYBOOK_HSTS=on', async () => {
    const httpsOnly = (res: Response) => [
      res.headers.get('strict-transport-security'),
      /upgrade-insecure-requests/.test(res.headers.get('content-security-policy') ?? ''),
    ];
    const proxied = await startServer(kind, {
      trustProxy: loadConfig({ BAYBOOK_TRUST_PROXY: '127.0.0.1' }, { jwtSecret: 'x' }).trustProxy,
    });
    const forced = await startServer(kind, { hsts: loadConfig({ BAYBOOK_HSTS: 'on' }, { jwtSecret: 'x' }).hsts });
    const never = await startServer(kind, { hsts: 'off', trustProxy: true });
    try {
      expect(
        httpsOnly(await fetch(`${proxied.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } })),
      ).toEqual(['max-age=31536000; includeSubDomains', true]);
      expect(httpsOnly(await fetch(`${proxied.url}/api/health`, { headers: { 'x-forwarded-proto': 'http' } }))).toEqual(
        [null, false],
      );
      expect(httpsOnly(await fetch(`${forced.url}/api/health`))).toEqual(['max-age=31536000; includeSubDomains', true]);
      expect(httpsOnly(await fetch(`${never.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } }))).toEqual([
        null,
        false,
      ]);
      expect(
        ['', 'auto', 'nonsense', 'off', 'on'].map((v) => loadConfig({ BAYBOOK_HSTS: v }, { jwtSecret: 'x' }).hsts),
      ).toEqual(['auto', 'auto', 'auto', 'off', 'on']);
    } finally {
      await Promise.all([proxied.close(), forced.close(), never.close()]);
    }
  });

  it('keeps CORS closed by default: no allow-origin for a foreign origin, preflight refused', async () => {
    const res = await fetch(`${s.url}/api/health`, { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await fetch(`${s.url}/api/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens CORS only to the origins BAYBOOK_CORS_ORIGINS names, never to others', async () => {
    const open = await startServer(kind, { corsOrigins: ['https://desk.example'] });
    try {
      const pre = await fetch(`${open.url}/api/login`, {
        method: 'OPTIONS',
        headers: { origin: 'https://desk.example', 'access-control-request-method': 'POST' },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('https://desk.example');
      expect(pre.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
      const res = await fetch(`${open.url}/api/health`, { headers: { origin: 'https://desk.example' } });
      expect(res.headers.get('access-control-allow-origin')).toBe('https://desk.example');
      for (const origin of ['https://evil.example', 'https://desk.example.evil.example']) {
        const other = await fetch(`${open.url}/api/login`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
        expect(other.headers.get('access-control-allow-origin'), origin).toBeNull();
      }
      expect(
        loadConfig({ BAYBOOK_CORS_ORIGINS: ' https://a.example , https://b.example ' } as NodeJS.ProcessEnv)
          .corsOrigins,
      ).toEqual(['https://a.example', 'https://b.example']);
    } finally {
      await open.close();
    }
  });

  it('never sends a password or its hash back, and the JWT secret is not in the token', async () => {
    const login = await s.api('POST', '/login', { body: ADMIN, token: null });
    const text = JSON.stringify(login.body);
    expect(text).not.toContain(ADMIN.password);
    expect(login.body.token).not.toContain(s.config.jwtSecret);
    const users = await s.api('GET', '/v2/auth/users');
    expect(JSON.stringify(users.body)).not.toMatch(/scrypt|password_hash/);
  });

  it('answers an unknown API path with a JSON 404, never the app shell', async () => {
    const res = await s.api('GET', '/no-such-call');
    expect(res.status).toBe(404);
    expect(res.body.value).toBe(false);
  });

  it('checks a password hash for an unknown username too (one scrypt, like a wrong password) and says the same', async () => {
    // the real user's stored hash and the stand-in for unknown names cost the same: same scheme, N, r, p, key length
    const [{ password_hash: stored }] = atLeast(
      await sqlRows<{ password_hash: string }>(
        s.database.db,
        sql`select password_hash from users where username = 'admin'`,
      ),
      1,
    );
    const shape = (h: string) => {
      const [scheme, N, r, p, salt, hash] = atLeast(h.split('$'), 6);
      return { scheme, N, r, p, salt: Buffer.from(salt, 'base64').length, hash: Buffer.from(hash, 'base64').length };
    };
    expect(shape(DUMMY_HASH)).toEqual(shape(stored));
    expect(shape(stored)).toMatchObject({ scheme: 'scrypt', N: '16384' });

    const costOf = async (body: { username: string; password: string }) => {
      scryptSpy.mockClear();
      const res = await s.api('POST', '/login', { body, token: null });
      const calls = scryptSpy.mock.calls.map((c) => ({ keylen: c[2], opts: c[3] }));
      return { status: res.status, body: res.body, calls };
    };
    const wrongPassword = await costOf({ username: 'admin', password: 'not-the-pw1' });
    const unknownUser = await costOf({ username: 'nobody-here', password: 'not-the-pw1' });
    const rightPassword = await costOf(ADMIN);
    expect(rightPassword.status).toBe(200);
    expect(rightPassword.calls).toHaveLength(1);
    // an unknown name runs the same single scrypt, with the same parameters, as a known name with a wrong password
    expect(wrongPassword.calls).toHaveLength(1);
    expect(unknownUser.calls).toHaveLength(1);
    expect(unknownUser.calls).toEqual(wrongPassword.calls);
    expect(unknownUser.calls).toEqual(rightPassword.calls);
    // and the answer gives nothing away
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(unknownUser.body).toEqual({ value: false, message: MSG.loginFailed });
  });
});

describe.each(DATABASES)('passwords never logged on %s', (kind) => {
  let s: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    // the request logger of `npm start`, at its most talkative level, written to memory
    s = await startServer(kind, { logLevel: 'trace' }, { log: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => s?.close());

  it('keeps every password (sign-in, new member, changed password) and every token out of the log and the tables', async () => {
    const first = 'Mbr-Secret1';
    const second = 'Mbr-Secret2';
    const wrong = 'Wrong-Guess9';
    const add = await s.api('POST', '/v2/auth/user', {
      body: { data: { username: 'logcheck', password: first, permission: 3 } },
    });
    expect(add.status).toBe(200);
    const member = (await s.api<Data<Row<'users'>[]>>('GET', '/v2/auth/users')).body.data.find(
      (u) => u.username === 'logcheck',
    );
    if (!member) throw new Error('logcheck is not in the team list');
    const change = await s.api('PUT', '/v2/auth/user', { body: { data: { ...member, password: second } } });
    expect(change.status).toBe(200);
    expect(
      (await s.api('POST', '/login', { body: { username: 'logcheck', password: first }, token: null })).status,
    ).toBe(401);
    const login = await s.api('POST', '/login', {
      body: { data: { username: 'logcheck', password: second } },
      token: null,
    });
    expect(login.status).toBe(200);
    expect(
      (await s.api('POST', '/login', { body: { username: 'logcheck', password: wrong }, token: null })).status,
    ).toBe(401);
    // refusals on the way in: a password too long for a member, a body that is not JSON
    expect(
      (
        await s.api('POST', '/v2/auth/user', {
          body: { data: { username: 'logcheck2', password: `${second}-${'too-long'.repeat(16)}`, permission: 3 } },
        })
      ).status,
    ).toBe(400);
    const broken = await fetch(`${s.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"username":"admin","password":"${wrong}"`,
    });
    expect(broken.status).toBe(400);
    // should any code log a request body, the redaction covers both SPEC body shapes
    s.app.log.info({ body: { username: 'x', password: wrong } }, 'a body, bare');
    s.app.log.info({ body: { data: { username: 'x', password: wrong } } }, 'a body, wrapped');

    const log = lines.join('');
    expect(log).toContain('incoming request'); // the capture works: the request log is there
    expect(log).toContain('"url":"/api/v2/auth/user"');
    for (const secret of [
      ADMIN.password,
      first,
      second,
      wrong,
      `${second}-${'too-long'.repeat(16)}`,
      s.adminToken,
      login.body.token as string,
    ]) {
      expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
    expect(log.match(/\[Redacted\]/g) ?? []).toHaveLength(2);

    // nor kept in plain text anywhere in the database (activity log, idempotency store, change feed...)
    const tables = await sqlRows<{ table_name: string }>(
      s.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const [{ t: dump }] = atLeast(
        await sqlRows<{ t: string }>(
          s.database.db,
          sql`select coalesce(string_agg(x::text, '|'), '') as t from ${sql.identifier(table_name)} x`,
        ),
        1,
      );
      for (const secret of [ADMIN.password, first, second, wrong])
        expect(dump.includes(secret), `${table_name} holds a password`).toBe(false);
    }
  });
});

describe('the JWT secret is never in the repository', () => {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

  it('is generated into the data dir (mode 600), and kept there across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baybook-secret-'));
    try {
      const a = loadConfig({}, { dataDir: dir });
      const file = join(dir, 'jwt-secret');
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8').trim()).toBe(a.jwtSecret);
      expect(a.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({}, { dataDir: dir }).jwtSecret).toBe(a.jwtSecret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lives in a data dir that .gitignore covers, and no tracked file is a secret or holds one', () => {
    // the default data dir (no BAYBOOK_DATA_DIR): ./data of the checkout (a given secret skips generating one here)
    const dataDir = loadConfig({}, { jwtSecret: 'given' }).dataDir;
    expect(dataDir).toBe(join(ROOT, 'data'));
    const secretPath = relative(ROOT, join(dataDir, 'jwt-secret'));
    expect(
      spawnSync('git', ['check-ignore', '-q', secretPath], { cwd: ROOT }).status,
      `${secretPath} is not ignored by git`,
    ).toBe(0);
    expect(
      spawnSync('git', ['check-ignore', '-q', 'data/pg/PG_VERSION'], { cwd: ROOT }).status,
      'the database files are not ignored by git',
    ).toBe(0);

    const tracked = git('ls-files', '-z').split('\0').filter(Boolean);
    expect(tracked.length).toBeGreaterThan(50);
    expect(
      tracked.filter(
        (f) => f === 'data' || f.startsWith('data/') || /(^|\/)jwt-secret$/.test(f) || /(^|\/)\.env(\..*)?$/.test(f),
      ),
    ).toEqual([]);
    // no tracked file sets a JWT secret of its own for the server to run with (tests and benches pass theirs in code)
    expect(
      tracked.filter(
        (f) =>
          /^(src|public|sw|scripts)\//.test(f) &&
          /JWT_SECRET\s*[=:]\s*['"][^'"]+['"]/.test(readFileSync(join(ROOT, f), 'utf8')),
      ),
    ).toEqual([]);
    // the secret this checkout runs with, when it has one, is in no tracked file
    const local = join(dataDir, 'jwt-secret');
    if (existsSync(local)) {
      const secret = readFileSync(local, 'utf8').trim();
      expect(
        spawnSync('git', ['grep', '-q', '-F', secret], { cwd: ROOT }).status,
        'a tracked file holds the JWT secret of ./data',
      ).toBe(1);
    }
  });
});
