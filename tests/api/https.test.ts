import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { bootstrap } from '../../src/server/seed/bootstrap';
import { httpsListener } from '../../src/server/tls/httpsServer';
import { prepareTls, secureServing, type ServedTls } from '../../src/server/tls/serveTls';
import { freePort } from '../helpers/freePort';
import { pgliteImage } from '../helpers/pgliteImage';

/**
 * Issue 30: the server's own HTTPS beside its plain port, one app behind both. The client pins the shop's authority
 * (as a tablet that trusted it does) and reaches the server by a LAN name mapped to the loopback.
 */
const LAN = 'bay-pc.test';
const lookup: LookupFunction = (_host, options, cb) =>
  options.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4);

interface Answered {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text(): string;
}

/** A GET to the plain port with the Host header a tablet would send (fetch keeps its own). */
const plainGet = (base: string, path: string, host: string) =>
  new Promise<Answered>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: () => body.toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });

describe('HTTPS on the shop network (src/server/tls)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'baybook-https-'));
  let app: FastifyInstance;
  let database: Database;
  let tls: ServedTls;
  let plain: string;
  let httpsPort: number;
  let port: number;
  beforeAll(async () => {
    [port, httpsPort] = [await freePort(), await freePort()];
    const config = loadConfig(
      { BAYBOOK_TLS_NAMES: LAN },
      { dataDir, jwtSecret: 'https-test-secret', staticDir: undefined, host: '127.0.0.1', port, httpsPort },
    );
    tls = (await prepareTls(config))!;
    database = await openDatabase({ dataDir: 'memory://', image: await pgliteImage() });
    await bootstrap(database.db, { adminUser: 'admin', adminPassword: 'https-pass1' });
    app = await buildApp({ database, config, secure: secureServing(config, tls) });
    const https = httpsListener(app, tls);
    await app.listen({ port, host: '127.0.0.1' });
    await https.listen(httpsPort, '127.0.0.1');
    plain = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const h2 = () => connect(`https://${LAN}:${httpsPort}`, { ca: tls.ca!, lookup });
  const h2Get = (session: ClientHttp2Session, path: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = session.request({ ':path': path });
      let body = '';
      let head: Record<string, unknown> = {};
      req.on('response', (h) => (head = h));
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => resolve({ status: Number(head[':status']), headers: head, body }));
      req.on('error', reject);
    });

  it('answers over HTTP/2 with a certificate for the LAN name that the shop’s authority signed; HTTP/1.1 too', async () => {
    const session = h2();
    try {
      const health = await h2Get(session, '/api/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ value: true, status: 'ok' });
      // from BayBook's own port 3443-style address, HSTS would bind the plain port too: not sent
      expect(health.headers['strict-transport-security']).toBeUndefined();
      const setup = await h2Get(session, '/setup');
      expect(setup.status).toBe(200);
      expect(setup.body).toContain('Set up this device');
    } finally {
      session.close();
    }
    const viaHttp1 = await new Promise<{ status?: number; version: string; body: string }>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: LAN,
          port: httpsPort,
          path: '/api/v3/setup-address',
          ca: tls.ca!,
          lookup,
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode, version: res.httpVersion, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(viaHttp1.status).toBe(200);
    expect(viaHttp1.version).toBe('1.1');
    expect(JSON.parse(viaHttp1.body)).toEqual({
      value: true,
      httpsPort,
      httpPort: port,
      setupPath: '/setup',
      tabletHost: '127.0.0.1',
    });
  });

  it('on the plain port moves a LAN host’s pages to HTTPS, keeps the set-up page and the API, and serves localhost', async () => {
    const get = (path: string, host: string) => plainGet(plain, path, host);
    const moved = await get('/view-request?page=2', `${LAN}:3000`);
    expect(moved.status).toBe(307);
    expect(moved.headers.location).toBe(`https://${LAN}:${httpsPort}/view-request?page=2`);
    expect((await get('/view-request', `192.168.1.20:3000`)).headers.location).toBe(
      `https://192.168.1.20:${httpsPort}/view-request`,
    );
    // the API is answered where it was asked: a tab still open at the plain address sends what it holds
    expect((await get('/api/health', `${LAN}:3000`)).status).toBe(200);
    // this computer's own address is a secure context already
    expect((await get('/api/health', 'localhost:3000')).status).toBe(200);
    expect((await get('/view-request', 'localhost:3000')).status).toBe(404); // no app built here; not moved
    const setup = await get('/setup', `${LAN}:3000`);
    expect(setup.status).toBe(200);
    const page = setup.text();
    expect(page).toContain('Set up this device');
    expect(page).toContain(`href="https://${LAN}:${httpsPort}/"`);
    expect(page).toContain(new X509Certificate(tls.ca!).fingerprint256);
    const ca = await get('/setup/baybook-ca.crt', `${LAN}:3000`);
    expect(ca.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(new X509Certificate(ca.body).fingerprint256).toBe(new X509Certificate(tls.ca!).fingerprint256);
    const profile = await get('/setup/baybook.mobileconfig', `${LAN}:3000`);
    expect(profile.headers['content-type']).toBe('application/x-apple-aspen-config');
    // the authority's private key is never served
    for (const path of ['/ca.key', '/tls/ca.key', '/setup/ca.key', '/setup/../tls/ca.key'])
      expect((await get(path, 'localhost:3000')).text()).not.toContain('PRIVATE KEY');
  });

  it('writes a hostile Host header into no page and no redirect', async () => {
    for (const host of ['evil"><script>alert(1)</script>', 'a b', 'x@evil.example']) {
      const res = await plainGet(plain, '/setup', host).catch(() => null);
      if (res) expect(res.text()).not.toMatch(/<script>alert|evil\.example/);
      const moved = await plainGet(plain, '/jobs', host).catch(() => null);
      if (moved) expect(String(moved.headers.location ?? '')).not.toMatch(/evil|script/);
    }
  });
});

describe('closing with HTTPS sessions open', () => {
  it('ends an idle HTTP/2 session and lets the close finish', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'baybook-https-close-'));
    const httpsPort = await freePort();
    const config = loadConfig({}, { dataDir, jwtSecret: 'x', staticDir: undefined, host: '127.0.0.1', httpsPort });
    const tls = (await prepareTls(config))!;
    const database = await openDatabase({ dataDir: 'memory://', image: await pgliteImage() });
    const app = await buildApp({ database, config, secure: secureServing(config, tls) });
    const https = httpsListener(app, tls);
    await app.listen({ port: 0, host: '127.0.0.1' });
    await https.listen(httpsPort, '127.0.0.1');
    const session = connect(`https://localhost:${httpsPort}`, { ca: tls.ca! });
    const closed = new Promise<void>((resolve) => session.once('close', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const req = session.request({ ':path': '/api/health' });
      req
        .on('end', () => resolve())
        .on('error', reject)
        .resume();
    });
    try {
      await app.close(); // would wait forever on the open session
      await closed;
      expect(https.server.listening).toBe(false);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
