import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIST, apiAt, browser, signInAdmin, startProduct } from './harness';
import type { Answer } from '../helpers/answers';
import { startInstances, type Instances } from '../helpers/instances';
import { DATABASES } from '../helpers/server';
import { atLeast } from '../helpers/present';

/**
 * Live changes in the browser (issue 16): the desk's dashboard shows a job the bay just moved, without a reload,
 * because the server's live stream told the page to pull. The page's clock is paused before the move, so its 30 s
 * poll never runs: only the stream can bring the change. On PGlite (one process), or with DATABASE_URL on
 * PostgreSQL with two instances: the desk's page on one, the bay's write on the other, so the notice crosses
 * processes through LISTEN/NOTIFY.
 */

interface Shop {
  /** the desk's page is served from here */
  deskUrl: string;
  /** the bay's tablet writes here */
  bayApi<T = Answer>(method: string, path: string, body: unknown): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

async function onPglite(): Promise<Shop> {
  const server = await startProduct();
  const token = await server.login(ADMIN.username, ADMIN.password);
  return {
    deskUrl: server.url,
    bayApi: <T = Answer>(method: string, path: string, body: unknown) => server.api<T>(method, path, body, token),
    stop: async () => server.stop(),
  };
}

async function onPostgres(): Promise<Shop> {
  const m: Instances = await startInstances(2, { BAYBOOK_STATIC_DIR: DIST, BAYBOOK_ADMIN_PASSWORD: ADMIN.password });
  const [bay, desk] = atLeast(m.instances, 2);
  const { api, login } = apiAt(bay.url);
  const token = await login(ADMIN.username, ADMIN.password);
  return {
    deskUrl: desk.url,
    bayApi: <T = Answer>(method: string, path: string, body: unknown) => api<T>(method, path, body, token),
    stop: () => m.close(),
  };
}

const shops = {
  pglite: { name: 'PGlite', start: onPglite },
  postgres: { name: 'PostgreSQL, two instances', start: onPostgres },
};

// the API suites' DATABASES: PGlite, or PostgreSQL (two instances) when DATABASE_URL is set (.ci/run's second pass)
describe.each(DATABASES)('live changes in Chromium on %s', (kind) => {
  const { name, start } = shops[kind];
  let shop: Shop;
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    shop = await start();
    ctx = await browser();
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await shop?.stop();
  });

  it('the desk sees a job the bay just moved, without reloading', async () => {
    const plate = `LIVE ${Date.now() % 10000}`;
    const made = await shop.bayApi('POST', '/service', {
      data: {
        customer: {
          vin: '1HGCM82633A004353',
          registration: plate,
          first_name: 'Desk',
          last_name: 'Live',
          contact: '8765551234',
        },
        mileage: 1200,
        service: ['Full service'],
      },
    });
    expect(made.status).toBe(200);
    const streams: string[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/api/v3/sync/live')) streams.push(res.headers()['content-type'] ?? '');
    });

    // the page's timers are Playwright's from the first script on, so they can be stopped below
    await page.clock.install();
    await signInAdmin(page, shop.deskUrl, { worker: false });
    await page.goto(`${shop.deskUrl}/dash`);
    await expect.poll(() => page.getByTestId('tile-received-count').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('tile-active-count').textContent()).toBe('0');
    await expect.poll(() => streams.some((t) => t.startsWith('text/event-stream'))).toBe(true);

    // from here no timer of the page fires: no poll, no retry
    await page.clock.pauseAt(Date.now() + 1000);
    const moved = performance.now();
    const res = await shop.bayApi('PUT', '/job-action/status', { data: { id: made.body.id, status: 'active' } });
    expect(res.status).toBe(200);
    await expect
      .poll(() => page.getByTestId('tile-active-count').textContent(), { timeout: 60_000, interval: 50 })
      .toBe('1');
    console.log(
      `live (${name}): the desk showed the bay's move ${(performance.now() - moved).toFixed(0)} ms after the request was sent`,
    );
    expect(await page.getByTestId('tile-received-count').textContent()).toBe('0');
  });

  it('listens from one tab per browser, and another tab takes over when it closes', async () => {
    // a tab whose timers are stopped holds up the app in the others (their shared database): the first runs again
    await page.clock.resume();
    const other = await ctx.newPage();
    const opened: string[] = [];
    other.on('request', (req) => {
      if (req.url().endsWith('/api/v3/sync/live')) opened.push(req.url());
    });
    await other.clock.install();
    await other.goto(`${shop.deskUrl}/dash`);
    await expect.poll(() => other.getByTestId('tile-active-count').textContent()).toBe('1');
    // the first tab still holds the stream: the second waits for it
    expect(opened).toEqual([]);
    await page.close();
    await expect.poll(() => opened.length).toBe(1);
    await other.clock.pauseAt(Date.now() + 1000);
    const made = await shop.bayApi('POST', '/service', {
      data: {
        customer: {
          vin: '1HGCM82633A004354',
          registration: `LIVE2 ${Date.now() % 10000}`,
          first_name: 'Desk',
          last_name: 'Two',
          contact: '8765551234',
        },
        mileage: 10,
        service: ['Full service'],
      },
    });
    expect(made.status).toBe(200);
    await expect
      .poll(() => other.getByTestId('tile-received-count').textContent(), { timeout: 60_000, interval: 50 })
      .toBe('1');
  });
});
