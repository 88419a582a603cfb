import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT, launchChromium, spawnProduct, type Product } from '../helpers/product';
import { DIST, OUT } from './build';
import type { Answer } from '../helpers/answers';
import { apiAt as requestApi } from '../helpers/request';

export { DIST, OUT, ROOT };
export const ADMIN = { username: 'admin', password: 'e2e-admin-pw' };

/** The two screen sizes of the issues' screenshots: a 10-inch tablet in the bay and the front-desk PC. */
export const SIZES = { tablet: { width: 1024, height: 768 }, desk: { width: 1440, height: 900 } } as const;

/**
 * Screenshots are for people to look at, not assertions: taken only when asked (BAYBOOK_SCREENSHOTS=1), since a
 * full-page shot at each size costs CI time on two cores.
 */
export const SCREENSHOTS = process.env.BAYBOOK_SCREENSHOTS === '1';

/** Screenshots of the page at both sizes under test-output/ (screen-<name>-<size>.png); leaves it at tablet size. */
export async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(OUT, `screen-${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES.tablet);
}

/**
 * A copy of dist/ for a test that deploys builds of its own (a new build number, a new bundle): the other browser
 * files, which may run meanwhile, keep serving dist/ unchanged.
 */
export function ownDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'baybook-dist-'));
  cpSync(DIST, dir, { recursive: true });
  return dir;
}

export interface RunningServer extends Product {
  /** `T` names the answer the test expects (tests/helpers/answers.ts), as the API tests' `api<T>()` does */
  api<T = Answer>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }>;
  login(username: string, password: string): Promise<string>;
}

/** JSON calls to the API of a server at `url` (the product, or one of several instances), with or without a token. */
export function apiAt(url: string): Pick<RunningServer, 'api' | 'login'> {
  const request = requestApi(url);
  const api = <T = Answer>(method: string, path: string, body?: unknown, token?: string) =>
    request<T>(method, path, { body, token });
  return {
    api,
    async login(username, password) {
      return (await api<{ token: string }>('POST', '/login', { username, password })).body.token;
    },
  };
}

/**
 * The real product: `src/server/main.ts` serving the build in `dist` (dist/ unless a test deploys builds of its
 * own) and the API on one port, PGlite in a fresh data dir.
 */
export async function startProduct({
  dist = DIST,
  env = {},
}: { dist?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const product = await spawnProduct({ dist, admin: ADMIN, env });
  return { ...product, ...apiAt(product.url) };
}

/**
 * Debian's Chromium, headless, fresh profile, at the tablet's size; `args` a test's own flags. Its profile (10–20 MB)
 * and the test's `leftovers` (dirs it made for this browser) are removed once close() has closed it — not on the
 * context's 'close' event, which comes while Chromium still writes the profile.
 */
export async function browser(
  args: string[] = [],
  leftovers: string[] = [],
  env: Record<string, string> = {},
): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'baybook-chromium-'));
  const ctx = await launchChromium(profile, SIZES.tablet, args, env);
  const close = ctx.close.bind(ctx);
  ctx.close = async (options) => {
    await close(options);
    for (const dir of [profile, ...leftovers]) rmSync(dir, { recursive: true, force: true });
  };
  return ctx;
}

/**
 * Makes an IndexedDB database in the page by hand, as an older build's Dexie left it, without Dexie: `schema` in
 * Dexie's syntax per table (`'++seq, &id, *refs, [a+b]'`), opened at IndexedDB version `idbVersion` (Dexie stores
 * version N as N × 10), holding `rows` per table. The page must be on the app's origin but not running the app.
 */
export async function seedIndexedDb(
  page: Page,
  name: string,
  idbVersion: number,
  schema: Record<string, string>,
  rows: Record<string, unknown[]>,
) {
  await page.evaluate(
    ({ name, idbVersion, schema, rows }) =>
      new Promise<void>((resolve, reject) => {
        const keyPath = (spec: string) => {
          const bare = spec.replace(/^(\+\+|&|\*)/, '');
          return bare.startsWith('[') ? bare.slice(1, -1).split('+') : bare;
        };
        const open = indexedDB.open(name, idbVersion);
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => {
          for (const [table, def] of Object.entries(schema)) {
            // split gives at least one part (this runs in the page, where the test's helpers are not)
            const [primary, ...indexes] = def.split(',').map((x) => x.trim()) as [string, ...string[]];
            const store = open.result.createObjectStore(table, {
              keyPath: keyPath(primary),
              autoIncrement: primary.startsWith('++'),
            });
            for (const spec of indexes) {
              store.createIndex(spec.replace(/^(&|\*)/, ''), keyPath(spec), {
                unique: spec.startsWith('&'),
                multiEntry: spec.startsWith('*'),
              });
            }
          }
        };
        open.onsuccess = () => {
          const db = open.result;
          const filled = Object.entries(rows).filter(([, list]) => list.length);
          if (!filled.length) return (db.close(), resolve());
          const tx = db.transaction(
            filled.map(([t]) => t),
            'readwrite',
          );
          for (const [t, list] of filled) for (const row of list) tx.objectStore(t).put(row);
          tx.oncomplete = () => (db.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name, idbVersion, schema, rows },
  );
}

/** A stored row as the dump reads it: its fields by name (a test narrows the ones it reads). */
export type DumpedRow = Record<string, unknown>;

export interface IndexedDbDump {
  version: number;
  stores: Record<string, { indexes: string[]; rows: DumpedRow[] }>;
}

/** Every store of an IndexedDB database in the page, with its index names and rows (null when there is none). */
export async function dumpIndexedDb(page: Page, name: string): Promise<IndexedDbDump | null> {
  return page.evaluate(
    (name) =>
      new Promise<IndexedDbDump | null>((resolve, reject) => {
        void indexedDB.databases().then((known) => {
          if (!known.some((d) => d.name === name)) return resolve(null);
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const names = [...db.objectStoreNames];
            const out: IndexedDbDump = { version: db.version, stores: {} };
            const tx = db.transaction(names, 'readonly');
            for (const n of names) {
              const store = tx.objectStore(n);
              const req = store.getAll();
              req.onsuccess = () => (out.stores[n] = { indexes: [...store.indexNames], rows: req.result });
            }
            tx.oncomplete = () => (db.close(), resolve(out));
            tx.onerror = () => reject(tx.error);
          };
        }, reject);
      }),
    name,
  );
}

/**
 * Signs the admin in through the login screen and waits for the first sync to finish; with `worker`, also for the
 * service worker to control the page (so the screens open once the network is cut).
 */
export async function signInAdmin(page: Page, url: string, { worker = true } = {}) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${url}/`);
  if (worker)
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 30_000 }).toBe(true);
  await expect
    .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 30_000 })
    .toBe('All changes on the server');
  await expect.poll(() => page.getByText(/^Synced /).count(), { timeout: 30_000 }).toBe(1);
}

/**
 * Shows the calendar month that holds `day` (yyyy-MM-dd): the screen opens on the browser's month, and a booking
 * for tomorrow may lie in the next. Decided by the date, never by whether a chip has rendered yet: on a loaded
 * machine a chip can take longer than any fixed wait, and a Next month clicked then hides it.
 */
export async function showMonthOf(page: Page, day: string) {
  const shown = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  });
  if (day.slice(0, 7) > shown) await page.getByRole('button', { name: 'Next month' }).click();
}

/** A job for a new customer through the API, the starting point of a suite: its id. */
export async function newJob(
  server: Pick<RunningServer, 'api'>,
  token: string,
  customer: { vin: string; registration: string; first_name: string; last_name: string; contact: string },
): Promise<string> {
  const job = await server.api(
    'POST',
    '/service',
    { data: { customer, mileage: 1500, service: ['Oil change'] } },
    token,
  );
  return job.body.id as string;
}
