import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { openDatabase } from '../../src/server/db/client';
import { customers } from '../../src/server/db/schema';
import { freshPostgres, startServer } from '../helpers/server';
import { apiAt } from '../helpers/request';
import { nth } from '../helpers/present';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** Writes in the burst: 200 by default (a few seconds), more with BAYBOOK_SHUTDOWN_WRITES for a longer run. */
const WRITES = Number(process.env.BAYBOOK_SHUTDOWN_WRITES ?? 200);

interface Served {
  proc: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

/**
 * The real server process, as crash.test.ts starts it (`npm start`'s main.ts on PGlite on disk, or PostgreSQL), on
 * port 0: the port is read from its "Server listening at" log line, so no port is guessed before it is bound.
 */
async function boot(dataDir: string, databaseUrl: string | undefined): Promise<Served> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl ?? '',
      PORT: '0',
      BAYBOOK_HTTPS_PORT: '0',
      HOST: '127.0.0.1',
      BAYBOOK_DATA_DIR: dataDir,
      BAYBOOK_STATIC_DIR: '/nonexistent',
      BAYBOOK_ADMIN_USER: 'admin',
      BAYBOOK_ADMIN_PASSWORD: 'shutdown-pw',
      JWT_SECRET: 'shutdown-test-secret',
      LOG_LEVEL: 'info',
    },
  });
  const exited = new Promise<number | null>((res) => proc.on('exit', (code) => res(code)));
  const base = await new Promise<string>((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`server did not start: ${out.slice(-2000)}`)), 60_000);
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        res(nth(m, 1));
      }
    });
    void exited.then((code) => rej(new Error(`server exited ${code} before listening: ${out.slice(-2000)}`)));
  });
  proc.stdout!.resume();
  return { proc, base, exited };
}

/** `base`: the server's origin */
const call = (base: string, method: string, path: string, body?: unknown, token?: string, key?: string) =>
  apiAt(base)(method, path, { body, token, key });
const signIn = async (base: string) =>
  (await call(base, 'POST', '/login', { username: 'admin', password: 'shutdown-pw' })).body.token as string;

describe('graceful shutdown (issue 16)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'baybook-shutdown-'));
  let server: Served | undefined;
  let pg: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  afterAll(async () => {
    if (server && server.proc.exitCode === null) server.proc.kill('SIGKILL');
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('turns /ready to 503 as soon as closing starts (the signal handler calls app.close())', async () => {
    const s = await startServer();
    expect((await s.api('GET', '/ready', { token: null })).body).toEqual({ value: true, status: 'ready' });
    const closing = s.app.close();
    const ready = await s.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ value: false, status: 'closing' });
    await closing;
    await s.database.close();
  });

  it('on SIGTERM in a burst of writes: every acknowledged write is kept, the rest replay once, and the process exits 0', async () => {
    pg = process.env.DATABASE_URL ? await freshPostgres('baybook_shutdown') : undefined;
    server = await boot(dataDir, pg?.url);
    let token = await signIn(server.base);
    expect((await call(server.base, 'GET', '/ready')).status).toBe(200);

    const writes = Array.from({ length: WRITES }, (_, i) => ({
      key: newId(),
      vin: `1SD${String(i).padStart(14, '0')}`,
      body: {
        data: {
          VIN: `1SD${String(i).padStart(14, '0')}`,
          'Registration Number': `SD ${i}`,
          'First name': 'Shut',
          'Last name': `Down${i}`,
          'Contact number': '8765551234',
          Email: '',
        },
      },
    }));
    // the signal goes once a tenth of the burst is answered: the rest are in flight or not yet sent
    let answered = 0;
    let signalled = false;
    const { proc, base } = server;
    const results = await Promise.all(
      writes.map((w) =>
        call(base, 'POST', '/customer', w.body, token, w.key)
          .then((r) => {
            if (r.status === 200 && ++answered >= Math.max(1, WRITES / 10) && !signalled) {
              signalled = true;
              proc.kill('SIGTERM');
            }
            return r.status;
          })
          .catch(() => 0),
      ),
    );
    expect(await server.exited).toBe(0);
    const acknowledged = writes.filter((_, i) => results[i] === 200);
    const unanswered = writes.filter((_, i) => results[i] !== 200);
    // anything but an acknowledgement is a refusal to start (503) or no answer: never a failure half-way (500)
    expect(results.filter((s) => s !== 200 && s !== 503 && s !== 0)).toEqual([]);
    console.log(
      `shutdown: ${WRITES} customer writes, SIGTERM after ${Math.max(1, WRITES / 10)} answers: ${acknowledged.length} acknowledged, ${results.filter((x) => x === 503).length} refused with 503, ${results.filter((x) => x === 0).length} unanswered; exit 0`,
    );
    expect(acknowledged.length).toBeGreaterThan(0);

    // after a restart, the client replays what it saw no answer to, with the same keys
    server = await boot(dataDir, pg?.url);
    token = await signIn(server.base);
    for (const w of unanswered)
      expect((await call(server.base, 'POST', '/customer', w.body, token, w.key)).status).toBe(200);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // the database itself: every acknowledged customer, and every write exactly once
    const database = await openDatabase({ databaseUrl: pg?.url, dataDir });
    try {
      const rows = await database.db
        .select({ vin: customers.vin })
        .from(customers)
        .where(
          inArray(
            customers.vin,
            writes.map((w) => w.vin),
          ),
        );
      const vins = rows.map((r) => r.vin);
      for (const w of acknowledged) expect(vins).toContain(w.vin);
      expect(vins.sort()).toEqual(writes.map((w) => w.vin).sort());
    } finally {
      await database.close();
    }
  }, 120_000);
});
