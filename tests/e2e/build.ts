import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/product';

/** The PWA the browser files serve, and where they write what people look at (screenshots, figures). */
export const DIST = join(ROOT, 'dist');
export const OUT = join(ROOT, 'test-output');

/** Builds the PWA when dist is missing or older than the app's sources. */
export function ensureBuild() {
  const built = existsSync(join(DIST, 'index.html')) ? statSync(join(DIST, 'index.html')).mtimeMs : 0;
  const newest = spawnSync(
    'bash',
    ['-c', 'find src sw index.html vite.config.ts -newer dist/index.html -print -quit 2>/dev/null'],
    { cwd: ROOT },
  )
    .stdout.toString()
    .trim();
  if (!built || newest) {
    // NODE_ENV=production: vitest sets 'test', which would give a development React build
    const r = spawnSync('npx', ['vite', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  mkdirSync(OUT, { recursive: true });
}
