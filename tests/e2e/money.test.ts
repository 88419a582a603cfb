import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Made } from '../helpers/answers';
import { ADMIN, browser, shoot, signInAdmin, startProduct, type RunningServer } from './harness';

/**
 * The shop's promise in a real browser: with the network cut, the front desk raises the invoice for a job and takes
 * two payments (the first with a double click on Make payment); when the link returns the server holds the invoice
 * once, each payment once, the stock moved once, and the invoice is paid in full.
 */
describe('invoice and payments offline in Chromium', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  let token = '';
  let jobId = '';
  let productId = '';
  let invoiceId = '';

  beforeAll(async () => {
    server = await startProduct();
    token = await server.login(ADMIN.username, ADMIN.password);
    const product = await server.api<Made>(
      'POST',
      '/v2/inventory/product',
      { data: { title: 'Brake pads', description: 'Front axle set', price: 2500, stock: 3, low_stock: 1 } },
      token,
    );
    productId = product.body.id;
    const job = await server.api<Made>(
      'POST',
      '/service',
      {
        data: {
          customer: {
            vin: 'JM1BK32F781234567',
            registration: 'PAY 42',
            first_name: 'Tess',
            last_name: 'Till',
            contact: '8765550177',
          },
          mileage: 64000,
          service: ['Brake pads front'],
        },
      },
      token,
    );
    jobId = job.body.id;
    expect(productId && jobId).toBeTruthy();
    ctx = await browser();
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
  });

  it('signs in online once, then raises the invoice and takes two payments with the network cut', async () => {
    // the service worker serves the screens once the network is cut
    await signInAdmin(page, server.url);

    await ctx.setOffline(true);

    // Create Invoice from the job: 2 h at the stored labour rate ($50/h) plus one set of pads ($25)
    await page.goto(`${server.url}/generate-invoice?id=${jobId}`);
    await expect
      .poll(() => page.getByTestId('job-registration').textContent(), { timeout: 10_000 })
      .toContain('PAY 42');
    await page.getByLabel('Work hours', { exact: false }).fill('2');
    await page.getByLabel('Search products').fill('Brak');
    await page.getByRole('button', { name: 'Add Brake pads' }).click();
    await expect.poll(() => page.getByLabel('Quantity of Brake pads').count()).toBe(1);
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toContain('$125.00');
    await shoot(page, 'create-invoice');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/view-invoice\?id=/);
    invoiceId = new URL(page.url()).searchParams.get('id')!;
    await expect.poll(() => page.getByTestId('invoice-status').textContent(), { timeout: 10_000 }).toBe('Due');

    // a cash payment of $50 with an impatient double click: one payment
    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    const cash = page.getByTestId('payment-dialog');
    await cash.locator('[name="amount"]').fill('50');
    await cash.getByRole('button', { name: 'Make payment' }).dblclick();
    await expect.poll(() => page.getByTestId('summary-due').textContent()).toContain('$75.00');
    await expect.poll(() => page.getByTestId('payment-dialog').count()).toBe(0);

    // the rest online-banking: PAID, and the money buttons are gone
    await page.getByRole('button', { name: 'Online', exact: true }).click();
    const online = page.getByTestId('payment-dialog');
    await online.locator('[name="amount"]').fill('75');
    await online.getByRole('button', { name: 'Make payment' }).click();
    await expect.poll(() => page.getByTestId('invoice-status').textContent(), { timeout: 10_000 }).toBe('PAID');
    expect(await page.getByRole('button', { name: 'Cash', exact: true }).count()).toBe(0);
    await shoot(page, 'invoice-paid-offline');

    expect(await page.getByTestId('online-state').textContent()).toBe('Offline');
    expect(await page.getByTestId('waiting-count').textContent()).toMatch(/^[1-9]\d* changes? not yet on the server$/);
  });

  it('sends it all once the link is back: one invoice, each payment once, stock moved once, paid in full', async () => {
    await ctx.setOffline(false);
    await page.goto(`${server.url}/view-invoices`);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 60_000 })
      .toBe('All changes on the server');
    expect(await page.getByRole('button', { name: /refused/ }).count()).toBe(0);

    const inv = (await server.api('GET', `/invoice/${invoiceId}`, undefined, token)).body.data;
    expect(inv).toMatchObject({ id: invoiceId, total: 0, payment: 12500 });
    const invoices = (await server.api('GET', '/invoices/all', undefined, token)).body.data as { id: string }[];
    expect(invoices.filter((i) => i.id === invoiceId)).toHaveLength(1);
    const payments = (
      (await server.api('GET', '/transactions', undefined, token)).body.data as {
        invoice_id: string;
        amount: number;
        method: string;
      }[]
    )
      .filter((t) => t.invoice_id === invoiceId)
      .map((t) => [t.method, t.amount])
      .sort();
    expect(payments).toEqual([
      ['cash', 5000],
      ['online', 7500],
    ]);
    const products = (await server.api('GET', '/products', undefined, token)).body.data as {
      id: string;
      stock: number;
    }[];
    expect(products.find((p) => p.id === productId)?.stock).toBe(2);
  });

  it('the money screens, online, for the record', async () => {
    for (const [name, path] of [
      ['invoices', '/view-invoices'],
      ['transactions', '/transactions'],
      ['make-sale', '/make-sale'],
      ['inventory', '/products'],
      ['reports', '/report'],
      ['team', '/view-team'],
      ['config', '/view-config'],
      ['estimate', '/view-estimate'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.getByTestId('footer').count()).toBe(1);
      await page.waitForTimeout(300);
      expect(await page.getByText('Something went wrong:').count(), `${path} failed to render`).toBe(0);
      await shoot(page, name);
    }
  });
});
