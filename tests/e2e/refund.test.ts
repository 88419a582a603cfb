import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SIZES, browser, shoot, signInAdmin, startProduct, type RunningServer } from './harness';
import type { Data, InvoiceRead, Raised } from '../helpers/answers';

/**
 * A refund after payment in a real browser on the 1024×768 tablet (issue 18): with the network cut, a paid
 * invoice's Refund records the money given back with its reason and lists it on the invoice; when the link returns
 * the server holds that refund once.
 */
describe('refund offline in Chromium', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  let token = '';
  let invoiceId = '';

  beforeAll(async () => {
    server = await startProduct();
    token = await server.login(ADMIN.username, ADMIN.password);
    const job = await server.api(
      'POST',
      '/service',
      {
        data: {
          customer: {
            vin: 'JM1BK32F781239877',
            registration: 'RFD 1',
            first_name: 'Rae',
            last_name: 'Fund',
            contact: '8765550179',
          },
          mileage: 1000,
          service: ['Oil change'],
        },
      },
      token,
    );
    const inv = await server.api<Data<Raised>>(
      'POST',
      '/invoice',
      { data: { fetchedData: { id: job.body.id }, formData: { work_hour: 2, rate_hour: 5000 }, productInvoice: [] } },
      token,
    );
    invoiceId = inv.body.data.invoice_id;
    const paid = await server.api(
      'POST',
      '/transaction',
      { data: { method: 'cash', invoice_id: invoiceId, amount: 10000 } },
      token,
    );
    expect(paid.status).toBe(200);
    ctx = await browser();
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
  });

  it('refunds a paid invoice with the network cut, and the server keeps the refund once when the link returns', async () => {
    await signInAdmin(page, server.url);
    await page.goto(`${server.url}/view-invoice?id=${invoiceId}`);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 30_000 })
      .toBe('All changes on the server');
    await expect.poll(() => page.getByTestId('invoice-status').textContent(), { timeout: 15_000 }).toBe('PAID');
    await ctx.setOffline(true);

    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByTestId('refund-dialog');
    await expect.poll(() => dialog.getByTestId('refund-left').textContent()).toBe('$100.00');
    await dialog.locator('[name="amount"]').fill('25');
    await dialog.locator('[name="reason"]').fill('Oil change redone');
    await dialog.locator('[name="refund_method"]').selectOption('debit_card');
    await dialog.getByRole('button', { name: 'Record refund' }).click();
    await expect.poll(() => page.getByTestId('refunded').textContent()).toBe('Refunded $25.00 of $100.00 paid');
    await expect.poll(() => page.getByText('Refund (Debit Card): Oil change redone').count()).toBe(1);
    await shoot(page, 'refund-offline');
    // the Transactions screen shows it as a refund: below zero, how its money went back, and why
    await page.goto(`${server.url}/transactions`);
    const row = page.locator('tr', { hasText: 'Refund (Debit Card)' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByTestId('refund-reason').textContent()).toBe('Oil change redone');
    expect(await row.textContent()).toContain('-$25.00');
    // the cash payment the refund stands on: its Delete is off and says why, finger-sized on the tablet
    const paidRow = page.locator('tr', { hasText: 'Cash' });
    await expect.poll(() => paidRow.getByTestId('delete-kept').count()).toBe(1);
    const del = paidRow.getByRole('button', { name: /^Delete transaction/ });
    expect(await del.isDisabled()).toBe(true);
    expect((await del.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // with the reason in its row, the table still needs no sideways scroll on the tablet, either way up
    for (const size of [SIZES.tablet, { width: 768, height: 1024 }]) {
      await page.setViewportSize(size);
      const box = page.locator('[data-testid^="table-"] table').locator('..');
      const [scroll, client] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scroll, `${size.width}×${size.height}`).toBeLessThanOrEqual(client + 1);
    }
    await page.setViewportSize(SIZES.tablet);
    await shoot(page, 'refund-transactions');
    await expect.poll(() => page.getByTestId('waiting-count').textContent()).toBe('1 change not yet on the server');

    await ctx.setOffline(false);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 60_000 })
      .toBe('All changes on the server');
    const inv = (await server.api<Data<InvoiceRead>>('GET', `/invoice/${invoiceId}`, undefined, token)).body.data;
    const refunds = inv.transactions.filter((t) => t.method === 'refund');
    expect(refunds).toMatchObject([
      { amount: -2500, username: ADMIN.username, reason: 'Oil change redone', refund_method: 'debit_card' },
    ]);
    expect(inv).toMatchObject({ payment: 10000, total: 0 });
  });
});
