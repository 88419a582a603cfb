import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

/** The real server process (PGlite on disk, or the PostgreSQL of DATABASE_URL), so it can be killed outright. */
async function boot(dataDir: string, port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BAYBOOK_DATA_DIR: dataDir, BAYBOOK_STATIC_DIR: '/nonexistent', BAYBOOK_ADMIN_USER: 'admin', BAYBOOK_ADMIN_PASSWORD: 'crash-pw', JWT_SECRET: 'crash-test-secret', LOG_LEVEL: 'error' },
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return proc;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

describe('crash safety of money writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'baybook-crash-'));
  let proc: ChildProcess | undefined;
  afterAll(() => {
    if (proc?.pid) try { process.kill(-proc.pid, 'SIGKILL'); } catch {}
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every payment whole or absent when the server is killed mid-batch, and the replay completes the batch once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    proc = await boot(dataDir, port);
    const call = async (method: string, path: string, body?: unknown, key?: string, token?: string) => {
      const res = await fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key ? { 'idempotency-key': key } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const token = (await call('POST', '/login', { username: 'admin', password: 'crash-pw' })).body.token as string;
    const job = await call('POST', '/service', { data: { customer: { vin: `CRASH${Date.now()}`, registration: 'CR 1', first_name: 'C', last_name: 'R', contact: '8765551234' }, mileage: 1, service: ['Full service'] } }, undefined, token);
    const inv = await call('POST', '/invoice', { data: { fetchedData: { id: job.body.id }, formData: { work_hour: 10, rate_hour: 10000 } } }, undefined, token);
    const invoiceId = inv.body.data.invoice_id as string;
    const payments = Array.from({ length: 40 }, () => ({ key: newId(), amount: 1000 }));

    // fire the batch and kill the server while it is being applied
    const inFlight = payments.map((p) => call('POST', '/transaction', { data: { method: 'cash', invoice_id: invoiceId, amount: p.amount } }, p.key, token).catch(() => null));
    await new Promise((r) => setTimeout(r, 150));
    process.kill(-proc.pid!, 'SIGKILL');
    const answered = (await Promise.all(inFlight)).filter((r) => r?.status === 200).length;

    proc = await boot(dataDir, port);
    const after = (await call('GET', `/invoice/${invoiceId}`, undefined, undefined, token)).body.data;
    const sum = after.transactions.reduce((n: number, t: { amount: number }) => n + t.amount, 0);
    // consistent: the invoice's paid amount is exactly the sum of the payments that exist, each whole
    expect(after.payment).toBe(sum);
    expect(after.total).toBe(100_000 - sum);
    expect(after.transactions.length).toBeGreaterThanOrEqual(answered);
    console.log(`crash: ${answered} answered before the kill, ${after.transactions.length} of 40 applied after restart`);

    // the client replays every entry with its key: those applied answer from the store, the rest apply now
    for (const p of payments) {
      const r = await call('POST', '/transaction', { data: { method: 'cash', invoice_id: invoiceId, amount: p.amount } }, p.key, token);
      expect(r.status).toBe(200);
    }
    const done = (await call('GET', `/invoice/${invoiceId}`, undefined, undefined, token)).body.data;
    expect(done.transactions).toHaveLength(40);
    expect(done.payment).toBe(40_000);
    expect(done.total).toBe(60_000);
  }, 180_000);
});
