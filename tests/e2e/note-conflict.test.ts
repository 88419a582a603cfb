import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer, Data, Made, Page as ListPage, Row } from '../helpers/answers';
import { startInstances } from '../helpers/instances';
import { DATABASES } from '../helpers/server';
import { ADMIN, DIST, apiAt, browser, signInAdmin, startProduct } from './harness';
import { nth } from '../helpers/present';

/**
 * Issue 14's story end to end in Chromium: the bay's tablet goes offline and writes job's service note; the front
 * desk, online, writes another. When the tablet is back, the desk's note is still on the server and the tablet's
 * header says "1 need your decision": both notes, side by side; Use mine sends the bay's against the desk's. On
 * PGlite, or on PostgreSQL when DATABASE_URL is set.
 */
interface Shop {
  url: string;
  /** the front desk's API calls, signed in; `T` names the answer (tests/helpers/answers.ts) */
  desk<T = Answer>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

async function shopOn(start: () => Promise<{ url: string; stop: () => Promise<void> | void }>): Promise<Shop> {
  const server = await start();
  const { api, login } = apiAt(server.url);
  const token = await login(ADMIN.username, ADMIN.password);
  return {
    url: server.url,
    desk: <T = Answer>(method: string, path: string, body?: unknown) => api<T>(method, path, body, token),
    stop: async () => {
      await server.stop();
    },
  };
}

const shops = {
  pglite: () => shopOn(startProduct),
  postgres: () =>
    shopOn(async () => {
      const m = await startInstances(1, { BAYBOOK_STATIC_DIR: DIST, BAYBOOK_ADMIN_PASSWORD: ADMIN.password });
      return { url: nth(m.instances, 0).url, stop: () => m.close() };
    }),
};

// the API suites' DATABASES: PGlite, or PostgreSQL when DATABASE_URL is set (.ci/run's second pass)
describe.each(DATABASES)('a note written on two devices, in Chromium on %s', (kind) => {
  const start = shops[kind];
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

  it("keeps the desk's note, shows the bay both, and Use mine sends the bay's", async () => {
    const plate = `NOTE ${Date.now() % 10000}`;
    const made = await shop.desk<Made>('POST', '/service', {
      data: {
        customer: {
          vin: '1HGCM82633A004354',
          registration: plate,
          first_name: 'Two',
          last_name: 'Notes',
          contact: '8765551234',
        },
        mileage: 1200,
        service: ['Full service'],
      },
    });
    expect(made.status).toBe(200);
    const jobId = made.body.id;
    const serverNote = async () =>
      (
        await shop.desk<Data<ListPage<Row<'jobs'>>>>('GET', `/bookings_?search=${encodeURIComponent(plate)}`)
      ).body.data.data.find((j) => j.id === jobId)?.service_note;

    await signInAdmin(page, shop.url);
    await page.goto(`${shop.url}/view-request`);
    await ctx.setOffline(true);
    await page.locator('tr', { hasText: plate }).getByRole('button', { name: 'Expand row' }).click();
    await page.getByRole('button', { name: 'Service Notes' }).click();
    await page.getByRole('textbox', { name: 'Service note' }).fill('Bay: brake fluid low');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('waiting-count').textContent()).toBe('1 change not yet on the server');

    // meanwhile the desk, online
    expect(
      (
        await shop.desk('PUT', '/job-action/service-note', {
          data: { id: jobId, value: 'Desk: customer declined fluid' },
        })
      ).status,
    ).toBe(200);

    await ctx.setOffline(false);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 60_000 })
      .toBe('All changes on the server');
    expect(await serverNote()).toBe('Desk: customer declined fluid');
    await page.getByRole('button', { name: '1 need your decision' }).click({ timeout: 30_000 });
    const item = page.getByRole('dialog', { name: 'Needs your decision' }).getByTestId('decision');
    await expect.poll(() => item.textContent()).toContain('What you wrote: Bay: brake fluid low');
    const text = (await item.textContent()) ?? '';
    expect(text).toContain('What is there now: Desk: customer declined fluid');
    expect(text).toContain('Changed by admin');
    expect(text).toContain(`(${plate})`);

    await item.getByRole('button', { name: 'Use mine' }).click();
    await expect.poll(() => serverNote(), { timeout: 60_000 }).toBe('Bay: brake fluid low');
    await expect.poll(() => page.getByRole('button', { name: /need your decision$/ }).count()).toBe(0);
  });
});
