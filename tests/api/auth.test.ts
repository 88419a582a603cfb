import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, fill } from '../../src/domain/messages';
import { MISSING_SHARED_SECRET, loadConfig, parseTrustProxy } from '../../src/server/config';
import type { TokenPayload } from '../../src/sync/tokenClaims';
import type { Data, Member, SignIn } from '../helpers/answers';
import { ADMIN, DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

describe.each(DATABASES)('auth and team on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // as behind a reverse proxy (BAYBOOK_TRUST_PROXY), so each test can sign in from an address of its own
    s = await startServer(kind, { loginMaxFailures: 3, trustProxy: true });
  });
  afterAll(() => s?.close());

  it('signs in with the first admin and returns value, message and a token {username, permission, exp}', async () => {
    const res = await s.api<SignIn>('POST', '/login', { body: ADMIN, token: null });
    expect(res.status).toBe(200);
    expect(res.body.value).toBe(true);
    const payload = JSON.parse(Buffer.from(nth(res.body.token.split('.'), 1), 'base64url').toString()) as TokenPayload;
    expect(payload).toMatchObject({ username: 'admin', permission: 5 });
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.stringify(res.body)).not.toContain(ADMIN.password);
  });

  it('accepts the body wrapped as {data: ...} too', async () => {
    const res = await s.api('POST', '/login', { body: { data: ADMIN }, token: null });
    expect(res.status).toBe(200);
  });

  it('says the same for a wrong password and an unknown user (no enumeration)', async () => {
    const wrongPw = await s.api('POST', '/login', { body: { username: 'admin', password: 'nope-nope' }, token: null });
    const noUser = await s.api('POST', '/login', { body: { username: 'ghost', password: 'nope-nope' }, token: null });
    expect(wrongPw.status).toBe(401);
    expect(noUser.status).toBe(401);
    expect(wrongPw.body.message).toBe(noUser.body.message);
    expect(wrongPw.body.value).toBe(false);
  });

  it('refuses empty fields with 400 and the login message', async () => {
    const res = await s.api('POST', '/login', { body: { username: '', password: '' }, token: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.enterValidUsername);
  });

  it('a right password clears the count of its own address: three rounds of two misses and a success never wait', async () => {
    await s.api('POST', '/v2/auth/user', {
      body: { data: { username: 'forgetful', password: 'right-pw-22', permission: 3 } },
    });
    const from = { token: null, headers: { 'x-forwarded-for': '10.1.0.1' } };
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++)
        expect(
          (await s.api('POST', '/login', { body: { username: 'forgetful', password: 'wrong-one' }, ...from })).status,
        ).toBe(401);
      expect(
        (await s.api('POST', '/login', { body: { username: 'forgetful', password: 'right-pw-22' }, ...from })).status,
      ).toBe(200);
    }
  });

  it('adds, lists (masked), edits and removes team members; technicians are level 3', async () => {
    const add = await s.api('POST', '/v2/auth/user', {
      body: { data: { username: 'tech1', password: 'pw-bay-77', permission: 3 } },
    });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ value: true });
    const dup = await s.api('POST', '/v2/auth/user', {
      body: { data: { username: 'tech1', password: 'fine-pass-42', permission: 3 } },
    });
    expect(dup.status).toBe(409);

    const list = await s.api<Data<Member[]>>('GET', '/v2/auth/users');
    const tech = list.body.data.find((u) => u.username === 'tech1')!;
    expect(tech.password).toBe('********');
    expect(JSON.stringify(list.body)).not.toMatch(/scrypt|pw-bay-77/);

    const techs = await s.api<Data<Member[]>>('GET', '/v2/auth/user-list/3');
    expect(techs.body.data.map((u) => u.username)).toContain('tech1');
    expect(techs.body.data.every((u) => u.permission === 3)).toBe(true);

    const edit = await s.api('PUT', '/v2/auth/user', { body: { data: { ...tech, permission: 4 } } });
    expect(edit.status).toBe(200);
    // masked password left the password as it was
    const login = await s.api<SignIn>('POST', '/login', {
      body: { username: 'tech1', password: 'pw-bay-77' },
      token: null,
    });
    expect(login.status).toBe(200);

    const del = await s.api('DELETE', '/v2/auth/user', { body: { data: { id: tech.id } } });
    expect(del.status).toBe(200);
    const gone = await s.api('POST', '/login', { body: { username: 'tech1', password: 'pw-bay-77' }, token: null });
    expect(gone.status).toBe(401);
    // a token issued before removal stops working at once
    const after = await s.api('GET', '/configsheet', { token: login.body.token });
    expect(after.status).toBe(401);
  });

  it('enforces usernames of 3–12 visible characters, passwords of 8–128 that are not common, and permission 2 to 5', async () => {
    const add = (username: string, password: string, permission: unknown = 3) =>
      s.api('POST', '/v2/auth/user', { body: { data: { username, password, permission } } });
    const refused: [string, string, string][] = [
      ['a'.repeat(13), 'fine-pass-42', MSG.usernameMax],
      ['ad\u200bmin', 'fine-pass-42', MSG.usernameInvisible],
      ['tab\tname', 'fine-pass-42', MSG.usernameInvisible],
      ['bidi\u202ename', 'fine-pass-42', MSG.usernameInvisible],
      ['okname', 'short7!', MSG.passwordMin],
      ['okname', 'p'.repeat(129), MSG.passwordMax],
      ['okname', 'Password123', MSG.passwordCommon],
      ['okname', 'qwertyuiop', MSG.passwordCommon],
      ['okname', 'zzzzzzzzzz', MSG.passwordCommon],
      ['okname', 'my-okname-pw', MSG.passwordHasUsername],
    ];
    for (const [username, password, message] of refused) {
      const r = await add(username, password);
      expect([r.status, r.body.message], `${JSON.stringify(username)} / ${password.slice(0, 20)}`).toEqual([
        400,
        message,
      ]);
    }
    for (const permission of [1, 6, 'x']) expect((await add('okname', 'fine-pass-42', permission)).status).toBe(400);
    expect((await s.api<Data<Member[]>>('GET', '/v2/auth/users')).body.data.map((u) => u.username)).not.toContain(
      'okname',
    );
    // the longest password and the shortest are both fine
    expect((await add('longpw', 'p'.repeat(127) + 'q')).status).toBe(200);
    expect(
      (await s.api('POST', '/login', { body: { username: 'longpw', password: 'p'.repeat(127) + 'q' }, token: null }))
        .status,
    ).toBe(200);
    expect((await add('shortpw', 'gear-8ch')).status).toBe(200);
  });

  it('refuses a name that reads as an existing member: NFKC twins, case, lookalike letters and digits', async () => {
    const add = (username: string) =>
      s.api('POST', '/v2/auth/user', { body: { data: { username, password: 'fine-pass-42', permission: 3 } } });
    // full-width letters are stored as their NFKC form: that is 'admin' itself
    expect([(await add('ａｄｍｉｎ')).status, (await add('ａｄｍｉｎ')).body.message]).toEqual([
      409,
      MSG.usernameTaken,
    ]);
    for (const twin of ['Admin', 'ADMIN', 'AdmIn', '\u0430dm\u0456n', 'ädmin', 'adrnin', 'ADM\u0399N']) {
      const r = await add(twin);
      expect([r.status, r.body.message], twin).toEqual([409, fill(MSG.usernameLookalike, { name: 'admin' })]);
    }
    // an edit may not rename a member into a lookalike either
    expect((await add('bayone')).status).toBe(200);
    const member = (await s.api<Data<Member[]>>('GET', '/v2/auth/users')).body.data.find(
      (u) => u.username === 'bayone',
    );
    const rename = await s.api('PUT', '/v2/auth/user', { body: { data: { ...member, username: 'Adm\u0456n' } } });
    expect([rename.status, rename.body.message]).toEqual([409, fill(MSG.usernameLookalike, { name: 'admin' })]);
    // a weak new password on an edit is refused too; the mask keeps the old one
    expect((await s.api('PUT', '/v2/auth/user', { body: { data: { ...member, password: 'abc' } } })).body.message).toBe(
      MSG.passwordMin,
    );
    expect((await s.api('PUT', '/v2/auth/user', { body: { data: { ...member, permission: 4 } } })).status).toBe(200);
    // names that differ to the eye are fine
    for (const name of ['bayoneb', 'tech_i1', 'tech_l1', 'lan', 'kim'])
      expect((await add(name)).status, name).toBe(200);
  });

  it('never removes the last Super Admin, nor lets one remove themselves', async () => {
    const list = await s.api<Data<Member[]>>('GET', '/v2/auth/users');
    const admin = list.body.data.find((u) => u.username === 'admin')!;
    const del = await s.api('DELETE', '/v2/auth/user', { body: { data: { id: admin.id } } });
    expect(del.status).toBe(400);
  });

  it('hands each device one short code, the same on every sign-in', async () => {
    const device = '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a99';
    const a = await s.api('POST', '/v3/devices', { body: { data: { device_id: device } } });
    const b = await s.api('POST', '/v3/devices', { body: { data: { device_id: device } } });
    const c = await s.api('POST', '/v3/devices', {
      body: { data: { device_id: '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a98' } },
    });
    expect(a.body.code).toMatch(/^[A-Z]\d+$/);
    expect(b.body.code).toBe(a.body.code);
    expect(c.body.code).not.toBe(a.body.code);
  });
});

describe.each(DATABASES)('sign-in limit by address without a trusted proxy on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { loginMaxFailures: 3, loginMaxPerAddress: 3 });
  });
  afterAll(() => s?.close());

  it('does not let a spoofed X-Forwarded-For dodge the limit of the address', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await s.api('POST', '/login', {
        body: { username: `guess${i}`, password: 'nope-nope' },
        token: null,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(r.status).toBe(401);
    }
    // a fourth name from "another" address: it is the same client, and it is stopped
    const blocked = await s.api('POST', '/login', {
      body: ADMIN,
      token: null,
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(fill(MSG.loginRateLimited, { wait: '30 seconds' }));
  });
});

describe('JWT_SECRET', () => {
  it('is required with DATABASE_URL (instances on one database share it); on PGlite one is generated', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/shop' }, { dataDir: 'memory://' })).toThrow(
      MISSING_SHARED_SECRET,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/shop', JWT_SECRET: 'shared-secret' }, { dataDir: 'memory://' })
        .jwtSecret,
    ).toBe('shared-secret');
    expect(loadConfig({}, { dataDir: 'memory://' }).jwtSecret).toMatch(/^[0-9a-f]{32,}$/);
  });
});

describe('BAYBOOK_TRUST_PROXY', () => {
  it('is off unless set; takes true, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({}, { dataDir: 'memory://' }).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
});
