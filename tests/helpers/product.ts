import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { freePort } from './freePort';
import { sourcesKey } from './sourcesKey';

/**
 * The real product and Debian's Chromium, for the browser tests (tests/e2e/harness.ts) and the screen benchmarks
 * (bench/shop/device.ts) alike. No vitest here: the benchmarks run outside it.
 */

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface Product {
  /** the plain port's address, at 127.0.0.1 (a secure context, as localhost is) */
  url: string;
  /** the HTTPS port, served with the shop's own certificate (src/server/tls) */
  httpsPort: number;
  proc: ChildProcess;
  /** the server's JWT secret, to sign a token the server accepts (e.g. a level no member can be given) */
  jwtSecret: string;
  /** what the server printed so far */
  log(): string;
  /** stops the server; resolves once its process has exited (its database closed, a fresh data dir's copy removed) */
  stop(): Promise<void>;
}

interface ProductOptions {
  dist: string;
  admin: { username: string; password: string };
  /** the PGlite data dir; by default a fresh copy of a new shop's (freshDataDir) */
  dataDir?: string;
  /** the server's own settings beyond the harness's (BAYBOOK_TLS_NAMES, BAYBOOK_TLS=off) */
  env?: Record<string, string>;
}

/**
 * `src/server/main.ts` serving the build in `dist` and the API on one free port, on PGlite in `dataDir` (a fresh one
 * by default), with `admin` as its first admin. Spawned detached, stopped by its process group (TOOLCHAIN.md).
 */
export async function spawnProduct({ dist, admin, dataDir, env = {} }: ProductOptions): Promise<Product> {
  if (dataDir) return start({ dist, admin, dataDir, env });
  const fresh = await freshDataDir(dist, admin);
  const product = await start({ dist, admin, dataDir: fresh, env }).catch((err: unknown) => {
    rmSync(fresh, { recursive: true, force: true });
    throw err;
  });
  // a copy of 40 MB per start: gone with its server (stop() resolves after it is removed)
  product.proc.once('exit', () => rmSync(fresh, { recursive: true, force: true }));
  return product;
}

/**
 * A new shop's data dir: a copy of one made once per migrations, seed and first admin (kept in the temp dir across
 * test files and runs). A first start runs initdb and every migration, 9 s on a quiet machine and twice that on CI's
 * loaded cores; a start on a copy is under 4 s, and each browser test file starts one.
 */
async function freshDataDir(dist: string, admin: ProductOptions['admin']): Promise<string> {
  const template = join(
    tmpdir(),
    `baybook-product-${sourcesKey(['db/migrations', 'seed'], [admin.username, admin.password])}`,
  );
  if (!existsSync(template)) {
    const part = mkdtempSync(`${template}.part-`);
    await (await start({ dist, admin, dataDir: part, env: {} })).stop();
    try {
      renameSync(part, template);
    } catch {
      // another process made it meanwhile: theirs is as good
      rmSync(part, { recursive: true, force: true });
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'baybook-product-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}

async function start({ dist, admin, dataDir, env }: Required<ProductOptions>): Promise<Product> {
  const port = await freePort();
  const httpsPort = await freePort();
  const jwtSecret = randomBytes(24).toString('hex');
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      BAYBOOK_HTTPS_PORT: String(httpsPort),
      HOST: '127.0.0.1',
      BAYBOOK_DATA_DIR: dataDir,
      BAYBOOK_STATIC_DIR: dist,
      BAYBOOK_ADMIN_USER: admin.username,
      BAYBOOK_ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      JWT_SECRET: jwtSecret,
      ...env,
    },
  });
  let log = '';
  proc.stdout?.on('data', (d) => (log += d));
  proc.stderr?.on('data', (d) => (log += d));
  const kill = () => {
    try {
      process.kill(-proc.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  const url = `http://127.0.0.1:${port}`;
  // up to 90 s: a first PGlite start on a busy 2-core machine can take tens of seconds
  for (let i = 0; i < 360; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${log}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, httpsPort, proc, jwtSecret, log: () => log, stop: () => stopAndWait(proc, kill) };
    await new Promise((r) => setTimeout(r, 250));
  }
  kill();
  throw new Error(`the server did not answer /api/health within 90 s: ${log}`);
}

/** Stops the product and resolves once its process has exited (its database closed). */
function stopAndWait(proc: ChildProcess, kill: () => void): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  kill();
  return exited;
}

/**
 * Debian's Chromium, headless, on the profile folder `profile` (TOOLCHAIN.md flags; `args`: a test's own, e.g. a fake
 * camera; `env`: its environment's changes, e.g. a HOME whose certificate store trusts the shop's authority).
 */
export function launchChromium(
  profile: string,
  viewport: { width: number; height: number },
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    env: { ...process.env, ...env },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
}
