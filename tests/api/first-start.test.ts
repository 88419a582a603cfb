import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../helpers/freePort';
import { ROOT } from '../helpers/product';

/**
 * Issue 15, "a fresh start ends with the password as the last thing on screen": the real server (src/server/main.ts)
 * on an empty data dir, at the default log level, makes the first Super Admin and prints its generated password
 * framed, after everything else it prints while starting; the same password is in the data dir's file.
 */
it('a first start prints the generated admin password last, framed, and writes it to the data dir', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'baybook-first-'));
  const [port, httpsPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    BAYBOOK_HTTPS_PORT: String(httpsPort),
    HOST: '127.0.0.1',
    BAYBOOK_DATA_DIR: dataDir,
    DATABASE_URL: '',
    JWT_SECRET: 'first-start-secret-0123456789abcdef',
  };
  for (const k of ['BAYBOOK_ADMIN_PASSWORD', 'BAYBOOK_ADMIN_USER', 'LOG_LEVEL']) delete env[k];
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  try {
    // the frame is whole once its closing rule is printed: the notice's last line
    await expect
      .poll(() => out.split('\n').filter((l) => /^ {2}\+-+\+$/.test(l)).length, { timeout: 90_000, interval: 250 })
      .toBe(2);
    const lines = out.trimEnd().split('\n');
    const password = lines.find((l) => l.includes('  password  '))?.match(/password {2}(\S+)/)?.[1];
    expect(password, out).toBeTruthy();
    // the address the tablets open, and the set-up page a tablet scans (issue 30), before the frame
    expect(out).toContain(`Tablets and other computers open https://127.0.0.1:${httpsPort}`);
    expect(out).toContain(`scan this code, or open http://127.0.0.1:${port}/setup`);
    // nothing after the frame: a request was never made, and starting logs nothing later
    await new Promise((r) => setTimeout(r, 1000));
    expect(out.trimEnd().split('\n').at(-1), out).toMatch(/^ {2}\+-+\+$/);
    expect(readFileSync(join(dataDir, 'first-admin-password.txt'), 'utf8')).toContain(password!);
  } finally {
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  // a cold tsx start on loaded cores: the poll above may take its 90 s, so the test allows longer than that
}, 120_000);
