import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { loadConfig, parseTrustProxy } from '../../src/server/config';
import { ADMIN, DATABASES, startServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('auth and team on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // as behind a reverse proxy (BAYBOOK_TRUST_PROXY), so each test can sign in from an address of its own
    s = await startServer(kind, { loginMaxFailures: 3, trustProxy: true });
  });
  afterAll(() => s?.close());

  it('signs in with the first admin and returns value, message and a token {username, permission, exp}', async () => {
    const res = await s.api('POST', '/login', { body: ADMIN, token: null });
    expect(res.status).toBe(200);
    expect(res.body.value).toBe(true);
    const payload = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
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

  it('rate-limits repeated failures for a username, even with the right password afterwards', async () => {
    await s.api('POST', '/v2/auth/user', { body: { data: { username: 'victim', password: 'right-pw1', permission: 3 } } });
    for (let i = 0; i < 3; i++) {
      const r = await s.api('POST', '/login', { body: { username: 'victim', password: `wrong${i}` }, token: null, headers: { 'x-forwarded-for': `10.0.0.${i + 1}` } });
      expect(r.status).toBe(401);
    }
    const blocked = await s.api('POST', '/login', { body: { username: 'victim', password: 'right-pw1' }, token: null, headers: { 'x-forwarded-for': '10.0.0.9' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.loginRateLimited);
  });

  it('a successful sign-in clears the count of that username (not of the address)', async () => {
    await s.api('POST', '/v2/auth/user', { body: { data: { username: 'forgetful', password: 'right-pw2', permission: 3 } } });
    const from = (n: number) => ({ token: null, headers: { 'x-forwarded-for': `10.1.0.${n}` } });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await s.api('POST', '/login', { body: { username: 'forgetful', password: 'wrong' }, ...from(round * 10 + i) })).status).toBe(401);
      expect((await s.api('POST', '/login', { body: { username: 'forgetful', password: 'right-pw2' }, ...from(round * 10 + 5) })).status).toBe(200);
    }
  });

  it('adds, lists (masked), edits and removes team members; technicians are level 3', async () => {
    const add = await s.api('POST', '/v2/auth/user', { body: { data: { username: 'tech1', password: 'pw-tech1', permission: 3 } } });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ value: true });
    const dup = await s.api('POST', '/v2/auth/user', { body: { data: { username: 'tech1', password: 'x', permission: 3 } } });
    expect(dup.status).toBe(409);

    const list = await s.api('GET', '/v2/auth/users');
    const tech = list.body.data.find((u: any) => u.username === 'tech1');
    expect(tech.password).toBe('********');
    expect(JSON.stringify(list.body)).not.toMatch(/scrypt|pw-tech1/);

    const techs = await s.api('GET', '/v2/auth/user-list/3');
    expect(techs.body.data.map((u: any) => u.username)).toContain('tech1');
    expect(techs.body.data.every((u: any) => u.permission === 3)).toBe(true);

    const edit = await s.api('PUT', '/v2/auth/user', { body: { data: { ...tech, permission: 4 } } });
    expect(edit.status).toBe(200);
    // masked password left the password as it was
    const login = await s.api('POST', '/login', { body: { username: 'tech1', password: 'pw-tech1' }, token: null });
    expect(login.status).toBe(200);

    const del = await s.api('DELETE', '/v2/auth/user', { body: { data: { id: tech.id } } });
    expect(del.status).toBe(200);
    const gone = await s.api('POST', '/login', { body: { username: 'tech1', password: 'pw-tech1' }, token: null });
    expect(gone.status).toBe(401);
    // a token issued before removal stops working at once
    const after = await s.api('GET', '/configsheet', { token: login.body.token });
    expect(after.status).toBe(401);
  });

  it('enforces username and password at most 12 characters and permission 2 to 5', async () => {
    const long = await s.api('POST', '/v2/auth/user', { body: { data: { username: 'a'.repeat(13), password: 'pw', permission: 3 } } });
    expect(long.status).toBe(400);
    const longPw = await s.api('POST', '/v2/auth/user', { body: { data: { username: 'okname', password: 'p'.repeat(13), permission: 3 } } });
    expect(longPw.status).toBe(400);
    for (const permission of [1, 6, 'x']) {
      const bad = await s.api('POST', '/v2/auth/user', { body: { data: { username: 'okname', password: 'pw', permission } } });
      expect(bad.status).toBe(400);
    }
  });

  it('never removes the last Super Admin, nor lets one remove themselves', async () => {
    const list = await s.api('GET', '/v2/auth/users');
    const admin = list.body.data.find((u: any) => u.username === 'admin');
    const del = await s.api('DELETE', '/v2/auth/user', { body: { data: { id: admin.id } } });
    expect(del.status).toBe(400);
  });

  it('hands each device one short code, the same on every sign-in', async () => {
    const device = '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a99';
    const a = await s.api('POST', '/v3/devices', { body: { data: { device_id: device } } });
    const b = await s.api('POST', '/v3/devices', { body: { data: { device_id: device } } });
    const c = await s.api('POST', '/v3/devices', { body: { data: { device_id: '0190f4a2-7b1c-7cc0-8a5e-0d3f6c1b2a98' } } });
    expect(a.body.code).toMatch(/^[A-Z]\d+$/);
    expect(b.body.code).toBe(a.body.code);
    expect(c.body.code).not.toBe(a.body.code);
  });
});

describe.each(DATABASES)('sign-in limit by address without a trusted proxy on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { loginMaxFailures: 3 });
  });
  afterAll(() => s?.close());

  it('does not let a spoofed X-Forwarded-For dodge the limit of the address', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await s.api('POST', '/login', { body: { username: `guess${i}`, password: 'nope-nope' }, token: null, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      expect(r.status).toBe(401);
    }
    // a fourth name from "another" address: it is the same client, and it is stopped
    const blocked = await s.api('POST', '/login', { body: ADMIN, token: null, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.loginRateLimited);
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
