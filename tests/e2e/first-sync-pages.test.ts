import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAt } from '../../bench/shop/data';
import { seedServer } from '../../bench/shop/server';
import { spawnProduct, type Product } from '../helpers/product';
import { ADMIN, DIST, apiAt, browser, dumpIndexedDb, signInAdmin } from './harness';
import type { ChangesPage } from '../../src/sync/pullTypes';
import { known, nth } from '../helpers/present';

/**
 * A new device's first sync over several pages of one table (issue 13): the server holds 2,500 customers, the pull
 * asks for pages of 1,000 changes (src/sync/pull.ts), so the customers come in three pages, each written with its
 * cursor. Every customer must arrive once, as the server has it, and the Customers screen must page them all. The
 * pull runs in its dedicated worker (src/sync/pullWorker.ts): the worker fetched the pages, the page's own fetch none.
 */

const CUSTOMERS = 2_500;
const NOW = Date.UTC(2026, 10, 1);
const FEED = '/v3/sync/changes';

/** Counts the feed requests the page's main thread makes through fetch (sessionStorage: it outlives a page load). */
const COUNT_MAIN_PULLS = `const pageFetch = window.fetch;
window.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof Request ? input.url : String(input);
  if (url.includes('${FEED}')) sessionStorage.setItem('mainPulls', String(Number(sessionStorage.getItem('mainPulls') ?? 0) + 1));
  return pageFetch(input, init);
};`;

describe('a first sync of more than one page of customers, in Chromium', () => {
  let server: Product;
  let ctx: BrowserContext;
  let page: Page;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'baybook-e2e-pages-'));
    await seedServer(dataDir, { customers: CUSTOMERS, jobs: 0, invoices: 0, payments: 0 }, NOW);
    server = await spawnProduct({ dist: DIST, admin: ADMIN, dataDir });
    ctx = await browser();
    await ctx.addInitScript(COUNT_MAIN_PULLS);
    page = await ctx.newPage();
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('brings every customer once, as the server has it, and the Customers screen pages them', async () => {
    await signInAdmin(page, server.url, { worker: false });
    // the feed gives at most 1,000 changes a page: the customers alone are three
    const feed = apiAt(server.url);
    const token = await feed.login(ADMIN.username, ADMIN.password);
    const first = (await feed.api<ChangesPage>('GET', '/v3/sync/changes?since=0&limit=1000', undefined, token)).body;
    expect([first.changes.length, first.more]).toEqual([1000, true]);

    // the sign-in returns while the pull may still be writing its last page: wait for the cursor to pass two pages
    let dump: Awaited<ReturnType<typeof dumpIndexedDb>> = null;
    await expect
      .poll(
        async () => {
          dump = await dumpIndexedDb(page, 'baybook');
          return Number(dump?.stores.meta?.rows.find((m) => m.key === 'cursor')?.value ?? 0);
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(2 * 1000);
    const rows = known(dump!.stores.customers, 'the customers store').rows;
    const seeded = Array.from({ length: CUSTOMERS }, (_, i) => customerAt(i, NOW));
    expect(rows).toHaveLength(CUSTOMERS);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(seeded.map((c) => c.id)));
    // a sample from each page, as the server sent it (and its derived keys, made on the device)
    for (const i of [0, 999, 1000, 1999, 2000, CUSTOMERS - 1]) {
      const c = nth(seeded, i);
      expect(rows.find((r) => r.id === c.id)).toMatchObject({
        first_name: c.first_name,
        last_name: c.last_name,
        registration: c.registration,
        vin: c.vin,
        contact: c.contact,
        registration_key: c.registration_key,
        vin_end_key: c.vin_end_key,
      });
    }

    // the pages came through the pull's worker; the page's main thread asked the feed for nothing
    const pullWorker = page.workers().find((w) => w.url().includes('pullWorker'));
    expect(pullWorker?.url()).toBeDefined();
    const workerPulls = await pullWorker!.evaluate(
      (feed) => performance.getEntriesByType('resource').filter((e) => e.name.includes(feed)).length,
      FEED,
    );
    expect(workerPulls).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => sessionStorage.getItem('mainPulls'))).toBeNull();

    await page.goto(`${server.url}/view-customers`);
    const info = page.getByTestId('table-customers').getByTestId('page-info');
    await expect.poll(() => info.textContent(), { timeout: 15_000 }).toMatch(new RegExp(`of ${CUSTOMERS}$`));
    // a customer of the last page, found by their VIN
    const last = nth(seeded, CUSTOMERS - 1);
    await page.getByLabel('Search customers').fill(last.vin);
    const row = page.locator('tbody tr', { hasText: last.vin });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toContain(last.first_name);
  });
});
