import { format, addDays } from 'date-fns';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, browser, ensureBuild, startProduct, type RunningServer } from './harness';

/**
 * Stored text is shown as text in every screen (issue: reliability and security). Another device (here: the API)
 * stores names, notes, comments, services and log messages that carry HTML; this browser pulls them and opens each
 * screen that shows them. Every payload would set `window.__xss` or leave a `[data-pwn]` element if it were parsed as
 * HTML; instead its characters must appear as typed.
 */
const PAYLOADS = {
  first: `<b data-pwn>Ann</b>`,
  last: `Lee<img src=x data-pwn onerror="window.__xss='last'">`,
  plate: `<I>PWN 1</I>`, // plates are stored upper-cased; HTML tags are not case-sensitive
  service: `Brakes <svg data-pwn onload="window.__xss='service'"></svg>`,
  customerNote: `Noise <script>window.__xss='note'</script> at idle`,
  comment: `Call <a data-pwn href="javascript:window.__xss='comment'">here</a>`,
  serviceNote: `Worn <iframe data-pwn srcdoc="<script>parent.__xss='iframe'</script>"></iframe> pads`,
  log: `Log <details data-pwn open ontoggle="window.__xss='log'">x</details>`,
};

describe('stored text is shown as text on every screen', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  let token = '';

  beforeAll(async () => {
    ensureBuild();
    server = await startProduct();
    token = await server.login(ADMIN.username, ADMIN.password);
    const api = async (method: string, path: string, body: unknown) => {
      const res = await server.api(method, path, body, token);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    const customer = await api('POST', '/customer', {
      data: { VIN: '2HGFA16598H123456', 'Registration Number': PAYLOADS.plate, 'First name': PAYLOADS.first, 'Last name': PAYLOADS.last, 'Contact number': '8765550142', Email: '' },
    });
    // one job in the bay with every note, one booked for the calendar
    const job = await api('POST', '/service', { data: { customer_id: customer.id, mileage: 1200, service: [PAYLOADS.service], customer_note: PAYLOADS.customerNote } });
    await api('PUT', '/job-action/comment', { data: { id: job.id, value: PAYLOADS.comment } });
    await api('PUT', '/job-action/service-note', { data: { id: job.id, value: PAYLOADS.serviceNote } });
    await api('POST', '/service-log', { data: { id: job.id, value: PAYLOADS.log } });
    const booked = await api('POST', '/service', { data: { customer_id: customer.id, mileage: 1300, service: [PAYLOADS.service] } });
    const day = addDays(new Date(), 2);
    await api('PUT', '/booking-date', { data: { id: booked.id, book_start: `${format(day, 'yyyy-MM-dd')} 10:00`, book_end: `${format(day, 'yyyy-MM-dd')} 11:00` } });

    ctx = await browser();
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    server?.stop();
  });

  it('signs in and pulls what the other device stored', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 30_000 }).toBe('All changes on the server');
    await expect.poll(() => page.getByText(/^Synced /).count(), { timeout: 30_000 }).toBe(1);
  });

  /** no payload ran or became an element */
  async function clean(where: string) {
    const state = await page.evaluate(() => ({ xss: (window as { __xss?: string }).__xss ?? null, pwn: document.querySelectorAll('[data-pwn]').length }));
    expect(state, `HTML from stored text on ${where}`).toEqual({ xss: null, pwn: 0 });
  }
  /** the payload's characters are on the page as typed */
  async function shows(text: string, where: string) {
    await expect.poll(() => page.evaluate((t) => document.body.innerText.includes(t), text), { message: `${where} shows ${text}`, timeout: 10_000 }).toBe(true);
  }

  it('Customers table', async () => {
    await page.goto(`${server.url}/view-customers`);
    for (const t of [PAYLOADS.first, PAYLOADS.last, PAYLOADS.plate]) await shows(t, 'Customers');
    await clean('/view-customers');
  });

  it('Dashboard, job table and the expanded panel with every note', async () => {
    await page.goto(`${server.url}/dash`);
    await page.getByTestId('tile-received').click();
    const row = page.locator('tr', { hasText: PAYLOADS.plate }).first();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole('button', { name: 'Expand row' }).click();
    for (const t of [PAYLOADS.first, PAYLOADS.last, PAYLOADS.service, PAYLOADS.customerNote, PAYLOADS.comment, PAYLOADS.serviceNote]) await shows(t, 'the job panel');
    await clean('/dash');
  });

  it('Service Log dialog', async () => {
    await page.getByRole('button', { name: /Service Log/ }).first().click();
    await shows(PAYLOADS.log, 'the service log');
    await clean('the service log');
    await page.keyboard.press('Escape');
  });

  it('Jobs table (/view-request) and the calendar', async () => {
    await page.goto(`${server.url}/view-request`);
    for (const t of [PAYLOADS.plate, PAYLOADS.last]) await shows(t, '/view-request');
    await clean('/view-request');
    await page.goto(`${server.url}/view-calendar`);
    await expect.poll(() => page.getByTestId('footer').count()).toBe(1);
    await page.waitForTimeout(500);
    await clean('/view-calendar');
  });

  it('Make Service Request: the customer found by plate', async () => {
    await page.goto(`${server.url}/make-request?vin=2HGFA16598H123456`);
    await expect.poll(() => page.getByTestId('selected-customer').textContent(), { timeout: 10_000 }).toContain(PAYLOADS.plate);
    await shows(PAYLOADS.last, '/make-request');
    await clean('/make-request');
  });
});
