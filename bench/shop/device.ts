import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { rowCountKey, type Row } from '../../src/local/db';
import { jobCounterKeys } from '../../src/local/rows';
import { customerAt, jobAt } from './data';
import { ROOT, launchChromium, spawnProduct } from '../../tests/helpers/product';

/**
 * A real device for the screen benchmarks: the product (src/server/main.ts on PGlite) serving a build of the app,
 * Debian's Chromium (TOOLCHAIN.md flags), the admin signed in through the login screen, and the device's IndexedDB
 * filled with a shop's rows. The rows are written into the app's own database (`baybook`) as a finished first sync
 * leaves them — derived keys by the app's `derive`, counters by the app's own counter keys — and the app reads them
 * with its own code after a reload.
 */

/** the product's admin in the benches: the product makes it at its first start, the device signs in as it */
export const ADMIN = { username: 'admin', password: 'bench-admin-pw' };
const TZ = 'America/Jamaica';

/** Builds the app from `src` (a checkout) into a fresh folder; returns the folder. */
export function buildApp(src = ROOT): string {
  const out = mkdtempSync(join(tmpdir(), 'baybook-bench-dist-'));
  const r = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir'], {
    cwd: src,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build failed');
  return out;
}

/** The product on a free port with a PGlite data dir (a fresh one by default); `stop()` ends it (its process group). */
export const startProduct = (dist: string, dataDir?: string) => spawnProduct({ dist, admin: ADMIN, dataDir });

/** Debian's Chromium on `profile` (a fresh one by default), at the desk's size. */
export const openBrowser = (
  profile = mkdtempSync(join(tmpdir(), 'baybook-bench-chromium-')),
): Promise<BrowserContext> => launchChromium(profile, { width: 1440, height: 900 });

/** Signs in through the login screen (the product's admin by default) and waits for the first sync to finish. */
export async function signIn(page: Page, url: string, who = ADMIN) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${url}/`);
  await page
    .getByText(/^Synced /)
    .first()
    .waitFor({ timeout: 60_000 });
}

/** Puts rows into the page's `baybook` database in one transaction and adds `counters` to its counters. */
async function putRaw(page: Page, rows: Record<string, Row[]>, counters: Record<string, number>) {
  await page.evaluate(
    ({ rows, counters }) =>
      new Promise<void>((done, fail) => {
        const open = indexedDB.open('baybook');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction([...Object.keys(rows), 'counters'], 'readwrite');
          for (const [table, list] of Object.entries(rows)) for (const row of list) tx.objectStore(table).put(row);
          const store = tx.objectStore('counters');
          for (const [key, n] of Object.entries(counters)) {
            const get = store.get(key);
            get.onsuccess = () => store.put({ key, n: ((get.result as { n?: number } | undefined)?.n ?? 0) + n });
          }
          tx.oncomplete = () => (db.close(), done());
          tx.onerror = () => fail(tx.error);
        };
      }),
    { rows, counters },
  );
}

/**
 * Grows the device from `from` to `to` customers and from `from × jobsPer` to `to × jobsPer` jobs, in chunks of
 * 5,000 rows (a page.evaluate carries a few MB each). Reload the page afterwards: the app's live queries did not see
 * writes made beside Dexie.
 */
export async function seedShop(page: Page, { from, to, jobsPer }: { from: number; to: number; jobsPer: number }) {
  const CHUNK = 5000;
  const now = Date.now();
  for (let i = from; i < to; i += CHUNK) {
    const customers = Array.from({ length: Math.min(CHUNK, to - i) }, (_, k) => customerAt(i + k, now));
    await putRaw(page, { customers }, { [rowCountKey('customers')]: customers.length });
  }
  for (let j = Math.round(from * jobsPer); j < Math.round(to * jobsPer); j += CHUNK) {
    const jobs = Array.from({ length: Math.min(CHUNK, Math.round(to * jobsPer) - j) }, (_, k) => jobAt(j + k, to, now));
    const counters: Record<string, number> = {};
    for (const job of jobs) for (const k of jobCounterKeys(job, TZ)) counters[k] = (counters[k] ?? 0) + 1;
    await putRaw(page, { jobs }, counters);
  }
}
