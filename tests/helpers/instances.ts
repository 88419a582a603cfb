import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort';
import { ADMIN, freshPostgres } from './server';
import { apiAt } from './request';
import { nth } from './present';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** One `src/server/main.ts` process, as an operator runs it. */
export interface Instance {
  url: string;
  proc: ChildProcess;
  /** what it printed so far (for a failure's message) */
  log(): string;
}

/**
 * Several server processes on one fresh PostgreSQL database, as behind a load balancer (issue 16): the same
 * DATABASE_URL and JWT_SECRET, each its own port and data dir. Started one after another, so the first has
 * migrated the database before the next opens it (as a rolling start does). Needs DATABASE_URL.
 */
export interface Instances {
  instances: Instance[];
  databaseUrl: string;
  jwtSecret: string;
  adminToken: string;
  close(): Promise<void>;
}

async function waitForHealth(url: string, proc: ChildProcess, log: () => string): Promise<void> {
  // up to 90 s: a start on a busy 2-core machine (tsx compiling the server) can take tens of seconds
  for (let i = 0; i < 360; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${log()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /api/health within 90 s: ${log()}`);
}

export async function startInstance(
  databaseUrl: string,
  jwtSecret: string,
  env: Record<string, string> = {},
  /** flags for node itself (a benchmark's --cpu-prof) */
  nodeArgs: string[] = [],
): Promise<Instance> {
  const port = await freePort();
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      BAYBOOK_DATA_DIR: mkdtempSync(join(tmpdir(), 'baybook-instance-')),
      BAYBOOK_STATIC_DIR: '',
      BAYBOOK_ADMIN_USER: ADMIN.username,
      BAYBOOK_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // instances behind a proxy: the proxy serves HTTPS (docs/DEPLOY.md)
      BAYBOOK_TLS: 'off',
      ...env,
    },
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, proc, () => out);
  return { url, proc, log: () => out };
}

/** SIGTERM (the graceful shutdown) and wait for the exit. */
export function stopInstance(i: Instance): Promise<void> {
  if (i.proc.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    i.proc.once('exit', () => resolve());
    i.proc.kill('SIGTERM');
  });
}

export async function startInstances(n = 2, env: Record<string, string> = {}): Promise<Instances> {
  const db = await freshPostgres('baybook_multi');
  const jwtSecret = randomBytes(24).toString('hex');
  const instances: Instance[] = [];
  try {
    for (let k = 0; k < n; k++) instances.push(await startInstance(db.url, jwtSecret, env));
  } catch (err) {
    await Promise.all(instances.map(stopInstance));
    await db.drop();
    throw err;
  }
  const login = await apiAt(nth(instances, 0).url)<{ token: string }>('POST', '/login', { body: ADMIN });
  const adminToken = login.body.token;
  return {
    instances,
    databaseUrl: db.url,
    jwtSecret,
    adminToken,
    async close() {
      await Promise.all(instances.map(stopInstance));
      await db.drop();
    },
  };
}
