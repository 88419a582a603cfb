import { formatInTimeZone } from 'date-fns-tz';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, browser, shoot, signInAdmin, startProduct, type RunningServer } from './harness';
import type { ChangesPage } from '../../src/sync/pullTypes';
import type { Data, Page as ListPage, Row, Setting } from '../helpers/answers';
import { nth } from '../helpers/present';

/**
 * The technician time clock in a real browser on the 1024×768 tablet (issue 18): with the network cut, a job's panel
 * starts and stops the signed-in member's clock and shows them on the job; when the link returns the server holds
 * the stretch once, stopped. A clock left running past closing yesterday is mended offline at the desk's level and
 * reaches the server once, counted to the stop set.
 */
const PLATE = 'CLK 1';

describe('time clock offline in Chromium', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  let token = '';

  beforeAll(async () => {
    server = await startProduct();
    token = await server.login(ADMIN.username, ADMIN.password);
    const customer = {
      vin: 'JM1BK32F781230001',
      registration: PLATE,
      first_name: 'Tim',
      last_name: 'Clock',
      contact: '8765550179',
    };
    const job = await server.api('POST', '/service', { data: { customer, mileage: 10, service: ['Brakes'] } }, token);
    expect(job.status).toBe(200);
    ctx = await browser();
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
  });

  it('starts and stops a clock with the network cut, and the server keeps the stretch once', async () => {
    await signInAdmin(page, server.url);
    await page.goto(`${server.url}/view-request`);
    const row = page.locator('tr', { hasText: PLATE }).first();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await ctx.setOffline(true);

    await row.getByRole('button', { name: 'Expand row' }).click();
    await page.getByRole('button', { name: 'Start clock' }).click();
    await expect.poll(() => page.getByTestId('clock-on').textContent()).toBe(`On the job now: ${ADMIN.username}`);
    await page.getByRole('button', { name: 'Stop clock' }).click();
    await expect.poll(() => page.getByTestId('clock-on').textContent()).toBe('On the job now: nobody');
    await shoot(page, 'clock-stopped-offline');
    await expect.poll(() => page.getByTestId('waiting-count').textContent()).toBe('2 changes not yet on the server');

    await ctx.setOffline(false);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 60_000 })
      .toBe('All changes on the server');
    const feed = await server.api<ChangesPage>('GET', '/v3/sync/changes?since=0&limit=2000', undefined, token);
    const stretches = feed.body.changes.filter((c) => c.entity === 'clock_entries');
    expect(stretches).toHaveLength(1);
    expect(nth(stretches, 0).row).toMatchObject({ username: ADMIN.username, ended: 'stop' });
  });

  it('mends a clock left running past closing with the network cut; the server keeps the mend once', async () => {
    const day = formatInTimeZone(new Date(Date.now() - 86_400_000), 'America/Jamaica', 'yyyy-MM-dd');
    const sheet = (await server.api<Setting[]>('GET', '/configsheet', undefined, token)).body;
    const closing = sheet.find((r) => r.name === 'closing_hour')!;
    expect(
      (
        await server.api(
          'PUT',
          `/configsheet/${closing.id}`,
          { data: { description: closing.description, amount: 17 } },
          token,
        )
      ).status,
    ).toBe(200);
    const jobs = (await server.api('GET', '/bookings', undefined, token)).body.data as {
      id: string;
      registration: string;
    }[];
    const job_id = jobs.find((j) => j.registration === PLATE)!.id;
    const at = `${day}T16:00:00-05:00`;
    const start = await server.api('POST', '/v3/clock/start', { data: { job_id, at } }, token);
    expect(start.status).toBe(200);

    await page.goto(`${server.url}/view-request`);
    const row = page.locator('tr', { hasText: PLATE }).first();
    await row.getByRole('button', { name: 'Expand row' }).click();
    const flag = page.getByTestId('clock-past-closing');
    await expect.poll(() => flag.count(), { timeout: 30_000 }).toBe(1);
    await ctx.setOffline(true);
    await flag.getByRole('button', { name: 'Mend' }).click();
    const dialog = page.getByRole('dialog', { name: `Mend ${ADMIN.username}'s clock` });
    await dialog.getByLabel(/When did the clock really stop/).fill(`${day}T18:00`);
    await shoot(page, 'clock-mend-dialog');
    await dialog.getByRole('button', { name: 'Mend' }).click();
    await expect.poll(() => flag.count()).toBe(0);
    await expect.poll(() => page.getByTestId('clock-on').textContent()).toBe('On the job now: nobody');

    await ctx.setOffline(false);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 60_000 })
      .toBe('All changes on the server');
    const list = await server.api<Data<ListPage<Row<'clock_entries'>>>>(
      'GET',
      `/v3/clock?start=${day}&end=${day}`,
      undefined,
      token,
    );
    expect(list.body.data.data).toMatchObject([
      { id: start.body.id, ended: 'mend', stopped_at: new Date(`${day}T18:00:00-05:00`).toISOString() },
    ]);
  });
});
