import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Builds the PWA and prints the size of each JavaScript chunk, raw and gzip, and of the first load. */
execSync('npx vite build', { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
const dir = 'dist/assets';
const rows = readdirSync(dir)
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((f) => {
    const bytes = readFileSync(join(dir, f));
    return { f, raw: statSync(join(dir, f)).size, gzip: gzipSync(bytes).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const html = readFileSync('dist/index.html', 'utf8');
const first = rows.filter((r) => html.includes(r.f));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const r of rows.slice(0, 8))
  console.log(`${r.f.padEnd(40)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} gzip`);
console.log(
  `first load (entry chunks in index.html): ${kb(first.reduce((n, r) => n + r.gzip, 0))} gzip; all chunks ${kb(rows.reduce((n, r) => n + r.gzip, 0))} gzip`,
);
