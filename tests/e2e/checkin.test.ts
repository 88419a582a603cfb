import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableTitle } from '../../src/domain/jobs';
import { ADMIN, browser, shoot, showMonthOf, signInAdmin, startProduct, type RunningServer } from './harness';
import { nth } from '../helpers/present';

/** A real (tiny) PNG, so the server's thumbnailer has an image to decode. */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.concat(
    Array.from({ length: h }, () => Buffer.from([0, ...Array.from({ length: w }, () => [200, 80, 40]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The service bay's check-in, done entirely with the network cut (issue: front desk and bay screens):
 * add customer → service request → the job on the dashboard → status change → photo; then the link returns and the
 * server holds each row exactly once. Names carry HTML, which must show as text and never run.
 */
describe('check-in offline in Chromium', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  const VIN = '1HGCM82633A004352';
  const PLATE = `E2E ${Date.now() % 10000}`;
  const LAST = `O'Brien <img src=x onerror="window.__xss=1">`;
  const NOTE = `Rattle <script>window.__xss=2</script><svg onload="window.__xss=3"> at 40 km/h`;

  beforeAll(async () => {
    server = await startProduct();
    ctx = await browser();
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
  });

  it('signs in online once (device code, catalogue), then works with the network cut', async () => {
    // the first sync brought the catalogue and the device has its number series
    await signInAdmin(page, server.url);
    await shoot(page, 'dashboard-empty');

    await ctx.setOffline(true);

    // Add Customer
    await page.goto(`${server.url}/add-customer`);
    await page.getByLabel('VIN', { exact: true }).fill(VIN);
    await expect.poll(() => page.getByTestId('vin-hint').textContent()).toMatch(/Check digit OK/);
    await page.getByLabel('Registration Number').fill(PLATE);
    await page.getByLabel('First name').fill('Kim');
    await page.getByLabel('Last name').fill(LAST);
    await page.getByLabel('Contact number').fill('8765550101');
    await page.getByLabel('Email').fill('kim@shop.test');
    await shoot(page, 'add-customer');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('customer-saved').getByRole('button', { name: 'Do Service' }).click();
    await page.waitForURL(/\/make-request\?vin=/);

    // Make Service Request: the ?vin= lookup found the customer
    await expect.poll(() => page.getByTestId('selected-customer').textContent(), { timeout: 10_000 }).toContain(PLATE);
    await page.getByLabel('Mileage').fill('42000');
    await page.getByTestId('services').locator('label').first().click();
    await shoot(page, 'make-request');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect.poll(() => page.getByTestId('request-done').textContent()).toMatch(/#[A-Z0-9]+-1\b/);

    // the job is on the dashboard: Received tile, its table, its panel
    await page.goto(`${server.url}/dash`);
    await expect.poll(() => page.getByTestId('tile-received-count').textContent()).toBe('1');
    await page.getByTestId('tile-received').click();
    await expect.poll(() => page.getByTestId('table-title').textContent()).toBe(tableTitle('received'));
    const row = page.locator('tr', { hasText: PLATE });
    await expect.poll(() => row.count()).toBe(1);
    // stored text is shown as text, never run as HTML
    await expect.poll(() => row.textContent()).toContain(LAST);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await row.getByRole('button', { name: 'Expand row' }).click();
    await shoot(page, 'dashboard-job-panel');

    // status change, confirmed with SPEC's words
    await page.getByLabel('Job Status').selectOption('active');
    await expect
      .poll(() => page.getByTestId('confirm-dialog').textContent())
      .toMatch(/Update job #[A-Z0-9]+-1 to active\?/);
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.getByTestId('tile-active-count').textContent()).toBe('1');

    // a photo from the tablet, queued offline
    await page.getByTestId('tile-active').click();
    await page.locator('tr', { hasText: PLATE }).getByRole('button', { name: 'Expand row' }).click();
    await page.getByRole('button', { name: 'Gallery' }).click();
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'bay.png', mimeType: 'image/png', buffer: png(16, 16) });
    await expect.poll(() => page.getByTestId('gallery-photo').count()).toBe(1);
    await shoot(page, 'gallery');
    await page.keyboard.press('Escape');

    // a service note carrying HTML: shown in the panel as text, never run
    await page.getByRole('button', { name: 'Service Notes' }).click();
    await page.getByRole('textbox', { name: 'Service note' }).fill(NOTE);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('note-error').textContent()).toContain(NOTE);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    // the other screens, offline, for the record
    for (const [name, path] of [
      ['customers', '/view-customers'],
      ['jobs', '/view-request'],
      ['calendar', '/view-calendar'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('domcontentloaded');
      await expect.poll(() => page.getByTestId('footer').count()).toBe(1);
      await page.waitForTimeout(300);
      if (name !== 'calendar')
        await expect.poll(() => page.locator('tr', { hasText: PLATE }).first().textContent()).toContain(LAST);
      await shoot(page, name);
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss), `HTML ran on ${path}`).toBeUndefined();
    }
    expect(await page.getByTestId('online-state').textContent()).toBe('Offline');
    // the count is read after each page load ("Counting changes…" until then)
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent())
      .toMatch(/^[1-9]\d* changes? not yet on the server$/);
    // Background Sync is asked to wake the service worker's outbox when the link is back, even with the tab closed
    const tags = await page.evaluate(async () => {
      const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync?: { getTags(): Promise<string[]> };
      };
      return reg.sync ? await reg.sync.getTags() : null;
    });
    expect(tags).toContain('baybook-outbox');
  });

  it('sends everything once the link is back: the server holds each row exactly once', async () => {
    await ctx.setOffline(false);
    await page.goto(`${server.url}/dash`);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 60_000 })
      .toBe('All changes on the server');
    expect(await page.getByRole('button', { name: /refused/ }).count()).toBe(0);

    const token = await server.login(ADMIN.username, ADMIN.password);
    const customers = (await server.api('GET', '/customers', undefined, token)).body.data as {
      id: string;
      vin: string;
      last_name: string;
    }[];
    const mine = customers.filter((c) => c.vin === VIN);
    expect(mine).toHaveLength(1);
    expect(nth(mine, 0).last_name).toBe(LAST);
    const jobs = (await server.api('GET', '/bookings', undefined, token)).body.data as {
      id: string;
      vin: string;
      status: string;
      mileage: number;
      service_note: string;
    }[];
    const job = jobs.filter((j) => j.vin === VIN);
    expect(job).toHaveLength(1);
    expect(job[0]).toMatchObject({ status: 'active', mileage: 42000, service_note: NOTE });
    const photos = (await server.api('GET', `/servicePhotos/${nth(job, 0).id}`, undefined, token)).body
      .data as unknown[];
    expect(photos).toHaveLength(1);
    // and the Gallery shows it from the server now: the bytes need the token (an <img> alone gets 401), so the app
    // fetches them with it and shows the picture through an object URL
    await page.getByTestId('tile-active').click();
    await page.locator('tr', { hasText: PLATE }).getByRole('button', { name: 'Expand row' }).click();
    await page.getByRole('button', { name: 'Gallery' }).click();
    const shown = page.getByTestId('gallery-photo').getByRole('img', { name: 'Photo 1' });
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 30_000 })
      .toBe(16);
    expect(await page.getByTestId('gallery-photo').getByText('Not uploaded yet').count()).toBe(0);
    await page.keyboard.press('Escape');
  });
  it('screens for the record, online: a booked job on the calendar and its dialog, the Service Log, a blocked customer, level 3 making a request', async () => {
    const token = await server.login(ADMIN.username, ADMIN.password);
    const TECH = { username: 'tech3', password: 'bay3-wrench' };
    expect(
      (await server.api('POST', '/v2/auth/user', { data: { ...TECH, permission: 3 } }, token)).status,
    ).toBeLessThan(300);

    // book the job through the calendar's day form: tomorrow 10:00–11:00, shop time
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Jamaica' }).format(Date.now() + 86_400_000);
    await page.goto(`${server.url}/view-calendar`);
    const form = page.getByTestId('book-form');
    await form.getByLabel('Find job').fill(PLATE);
    await expect.poll(() => form.getByLabel('Job', { exact: true }).locator('option').count()).toBe(2);
    await form.getByLabel('Job', { exact: true }).selectOption({ index: 1 });
    await form.getByLabel('From').fill(`${tomorrow} 10:00`);
    await form.getByLabel('To').fill(`${tomorrow} 11:00`);
    await form.getByRole('button', { name: 'Book' }).click();
    const chip = page.getByTestId('event-chip').filter({ hasText: PLATE });
    await showMonthOf(page, tomorrow);
    await expect.poll(() => chip.first().textContent()).toBe(`10:00 ${PLATE}`);
    expect(await chip.first().getAttribute('data-status')).toBe('booked');
    // the event dialog, then the month with that day selected (its panel lists the booking)
    await chip.first().click();
    const dialog = page.getByTestId('event-dialog');
    await expect.poll(() => dialog.getByLabel('From').inputValue()).toBe(`${tomorrow} 10:00`);
    await shoot(page, 'calendar-event');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('list', { name: 'Bookings of the day' }).textContent()).toContain(PLATE);
    await shoot(page, 'calendar-booked');

    // the Service Log of that job, with a comment
    await page.goto(`${server.url}/view-request`);
    await page.locator('tr', { hasText: PLATE }).first().getByRole('button', { name: 'Expand row' }).click();
    await page.getByRole('button', { name: 'Service Log' }).click();
    await page.getByLabel('Log Service Comment').fill('Road test done, brakes pull left');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Log entries' }).textContent()).toContain('Road test done');
    await shoot(page, 'service-log');
    await page.keyboard.press('Escape');

    // the Customers table with the customer blocked: a pink row
    await page.goto(`${server.url}/view-customers`);
    const customerRow = page.locator('tr', { hasText: PLATE }).first();
    await customerRow.getByRole('button', { name: 'Block' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Block' }).click();
    await expect.poll(() => customerRow.getAttribute('data-blocked')).toBe('true');
    // the click scrolled the wide table to its Actions column: back to the start, so the shot shows whose row it is
    await page.evaluate(() => document.querySelectorAll('*').forEach((e) => e.scrollLeft && (e.scrollLeft = 0)));
    await shoot(page, 'customers-blocked');
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 30_000 })
      .toBe('All changes on the server');

    // Make Service Request as a Service Agent (level 3): the authorization terms are shown
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.getByLabel('Username').fill(TECH.username);
    await page.getByLabel('Password').fill(TECH.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/make-request`);
    await expect.poll(() => page.getByTestId('authorization-terms').count()).toBe(1);
    await shoot(page, 'make-request-level3');
  });
});
