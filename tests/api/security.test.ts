import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, startServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('security basics on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  it('sends security headers (helmet) with a content security policy', async () => {
    const res = await fetch(`${s.url}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeTruthy();
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
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
});
