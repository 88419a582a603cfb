import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { freePort } from './freePort';

/**
 * The real product and Debian's Chromium, for the browser tests (tests/e2e/harness.ts) and the screen benchmarks
 * (bench/shop/device.ts) alike. No vitest here: the benchmarks run outside it.
 */

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface Product {
  url: string;
  proc: ChildProcess;
  /** the server's JWT secret, to sign a token the server accepts (e.g. a level no member can be given) */
  jwtSecret: string;
  /** what the server printed so far */
  log(): string;
  stop(): void;
}

/**
 * `src/server/main.ts` serving the build in `dist` and the API on one free port, on PGlite in `dataDir` (a fresh one
 * by default), with `admin` as its first admin. Spawned detached, stopped by its process group (TOOLCHAIN.md).
 */
export async function spawnProduct({
  dist,
  admin,
  dataDir = mkdtempSync(join(tmpdir(), 'baybook-product-')),
}: {
  dist: string;
  admin: { username: string; password: string };
  dataDir?: string;
}): Promise<Product> {
  const port = await freePort();
  const jwtSecret = randomBytes(24).toString('hex');
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BAYBOOK_DATA_DIR: dataDir,
      BAYBOOK_STATIC_DIR: dist,
      BAYBOOK_ADMIN_USER: admin.username,
      BAYBOOK_ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      JWT_SECRET: jwtSecret,
    },
  });
  let log = '';
  proc.stdout?.on('data', (d) => (log += d));
  proc.stderr?.on('data', (d) => (log += d));
  const stop = () => {
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
      return { url, proc, jwtSecret, log: () => log, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`the server did not answer /api/health within 90 s: ${log}`);
}

/** Debian's Chromium, headless, on the profile folder `profile` (TOOLCHAIN.md flags; `args`: a test's own, e.g. a fake camera). */
export function launchChromium(
  profile: string,
  viewport: { width: number; height: number },
  args: string[] = [],
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
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
