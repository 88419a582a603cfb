import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, browser, newJob, shoot, signInAdmin, startProduct, type RunningServer } from './harness';
import type { Setting } from '../helpers/answers';

/**
 * Tax in a real browser on the 1024×768 tablet (issue 18): with the network cut, the Super Admin sets GCT 15 % in
 * Config, raises a job's invoice (the tax line shows, added on top), and takes the whole amount in cash; when the
 * link returns the server holds the setting, the invoice with its tax, and the payment, each once.
 */
describe('tax offline in Chromium', () => {
  const run = {} as { server: RunningServer; ctx: BrowserContext; page: Page; token: string; jobId: string };

  beforeAll(async () => {
    const server = await startProduct();
    const token = await server.login(ADMIN.username, ADMIN.password);
    const customer = { vin: 'JM1BK32F781239915', registration: 'GCT 15', first_name: 'Gina', last_name: 'Levy' };
    const jobId = await newJob(server, token, { ...customer, contact: '8765550115' });
    expect(jobId).toBeTruthy();
    const ctx = await browser();
    Object.assign(run, { server, token, jobId, ctx, page: await ctx.newPage() });
  });
  afterAll(async () => {
    await run.ctx?.close();
    await run.server?.stop();
  });

  it('sets GCT 15%, raises and pays a taxed invoice with the network cut; the server has each once after', async () => {
    const { server, ctx, page, token, jobId } = run;
    await signInAdmin(page, server.url);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 30_000 })
      .toBe('All changes on the server');
    await ctx.setOffline(true);

    // Config: the tax rate, 15 (percent)
    await page.goto(`${server.url}/view-config`);
    await page.getByLabel('Search Configuration').fill('Tax rate');
    await page.getByRole('button', { name: 'Edit Tax rate (%)' }).click();
    await page.locator('[name="amount"]').fill('15');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    // whether prices include it is a choice of yes or no (kept as no here), finger-sized on the tablet
    await page.getByLabel('Search Configuration').fill('Prices include');
    await page.getByRole('button', { name: 'Edit Prices include tax (yes or no)' }).click();
    const choice = page.locator('select[name="description"]');
    expect(await choice.locator('option').allTextContents()).toEqual(['Choose yes or no', 'yes', 'no']);
    expect(await choice.inputValue()).toBe('no');
    // measured once the dialog has zoomed in to its full size
    await expect.poll(async () => (await choice.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);

    // the job's invoice: 2 h at the stored $50/h = $100, GCT 15% on top = $15, total $115
    await page.goto(`${server.url}/generate-invoice?id=${jobId}`);
    await expect
      .poll(() => page.getByTestId('job-registration').textContent(), { timeout: 10_000 })
      .toContain('GCT 15');
    await page.getByLabel('Work hours', { exact: false }).fill('2');
    await expect.poll(() => page.getByTestId('summary-tax').textContent()).toBe('GCT 15%$15.00');
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe('Total$115.00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/view-invoice\?id=/);
    const invoiceId = new URL(page.url()).searchParams.get('id')!;
    await expect.poll(() => page.getByTestId('summary-tax').textContent(), { timeout: 10_000 }).toBe('GCT 15%$15.00');
    await shoot(page, 'invoice-taxed-offline');

    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    const cash = page.getByTestId('payment-dialog');
    await cash.locator('[name="amount"]').fill('115');
    await cash.getByRole('button', { name: 'Make payment' }).click();
    await expect.poll(() => page.getByTestId('invoice-status').textContent(), { timeout: 10_000 }).toBe('PAID');
    expect(await page.getByTestId('online-state').textContent()).toBe('Offline');
    expect(await page.getByTestId('waiting-count').textContent()).toMatch(/^[1-9]\d* changes? not yet on the server$/);

    await ctx.setOffline(false);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 60_000 })
      .toBe('All changes on the server');
    expect(await page.getByRole('button', { name: /refused/ }).count()).toBe(0);

    const sheet = (await server.api<Setting[]>('GET', '/configsheet', undefined, token)).body;
    expect(sheet.find((c) => c.name === 'tax_rate')?.amount).toBe(15);
    const inv = (await server.api('GET', `/invoice/${invoiceId}`, undefined, token)).body.data;
    expect(inv).toMatchObject({
      total: 0,
      payment: 11500,
      totals: { labour: 10000, tax: 1500, tax_name: 'GCT', tax_rate_bp: 1500, total: 11500 },
    });
    const invoices = (await server.api('GET', '/invoices/all', undefined, token)).body.data as { id: string }[];
    expect(invoices.filter((i) => i.id === invoiceId)).toHaveLength(1);
    const payments = (
      (await server.api('GET', '/transactions', undefined, token)).body.data as { invoice_id: string }[]
    ).filter((t) => t.invoice_id === invoiceId);
    expect(payments).toMatchObject([{ method: 'cash', amount: 11500 }]);
  });
});
