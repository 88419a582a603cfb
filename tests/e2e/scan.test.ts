import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeVideo } from '../helpers/barcodeVideo';
import { ADMIN, browser, ensureBuild, shoot, signInAdmin, startProduct, type RunningServer } from './harness';

const CODE = 'BB-SCAN-0042';
const VIN = '1HGCM82633A004352';

/** Chromium whose camera shows a label (Chromium's fake camera, the test's own flags), and a page in it. */
async function cameraShowing(format: 'CODE128' | 'CODE39', text: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const video = join(mkdtempSync(join(tmpdir(), 'baybook-camera-')), 'label.y4m');
  barcodeVideo(format, text, video);
  const ctx = await browser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  return { ctx, page: await ctx.newPage() };
}

/** Presses Scan (44 px at least) and waits for the dialog to read and close. */
async function scanWith(page: Page, name: string) {
  const scan = page.getByRole('button', { name });
  const box = await scan.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
  await scan.click();
  await expect.poll(() => page.getByTestId('scan-dialog').count()).toBe(1);
  await shoot(page, `scan-${name.replace(/\W+/g, '-').toLowerCase()}`);
  await expect.poll(() => page.getByTestId('scan-dialog').count(), { timeout: 30_000 }).toBe(0);
}

/**
 * Scan instead of typing in a real browser (issue 18): Chromium's fake camera shows a label drawn from jsbarcode's
 * encoding; on the 1024×768 tablet with the network cut, the read fills the field (Linux Chromium has no
 * BarcodeDetector, so this is zxing's lazy chunk, from the service worker's precache); the sale made from the scan
 * reaches the server once when the link returns.
 */
describe('scan in Chromium with a fake camera', () => {
  let server: RunningServer;
  const open: BrowserContext[] = [];

  beforeAll(async () => {
    ensureBuild();
    server = await startProduct();
    const token = await server.login(ADMIN.username, ADMIN.password);
    const made = await server.api(
      'POST',
      '/v2/inventory/product',
      {
        data: { title: 'Wiper blade', description: '22 inch', price: 1800, stock: 4, low_stock: 1, barcode: CODE },
      },
      token,
    );
    expect(made.status).toBe(200);
  });
  afterAll(async () => {
    for (const ctx of open) await ctx.close();
    server?.stop();
  });

  it('Quick Sale offline: Scan reads a Code 128 label into the search; the sale made from it reaches the server once', async () => {
    const { ctx, page } = await cameraShowing('CODE128', CODE);
    open.push(ctx);
    await signInAdmin(page, server.url);
    await page.goto(`${server.url}/make-sale?id=default`);
    await page.getByLabel('Search products').waitFor();
    await ctx.setOffline(true);
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));

    await scanWith(page, 'Scan a barcode');
    expect(await page.getByLabel('Search products').inputValue()).toBe(CODE);
    // which reader read it: without the browser's detector, zxing's chunk came (offline: from the precache)
    if (!(await page.evaluate(() => 'BarcodeDetector' in window)))
      expect(chunks.some((p) => /\/assets\/zxingReader-[\w-]+\.js$/.test(p))).toBe(true);
    await page.getByRole('button', { name: 'Add Wiper blade' }).click();
    await expect.poll(() => page.getByLabel('Quantity of Wiper blade').count()).toBe(1);
    // the sale made from the scan, still offline, reaches the server once when the link returns
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/view-invoice\?id=/);
    const invoiceId = new URL(page.url()).searchParams.get('id')!;
    await ctx.setOffline(false);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 60_000 })
      .toBe('All changes on the server');
    const token = await server.login(ADMIN.username, ADMIN.password);
    const inv = (await server.api('GET', `/invoice/${invoiceId}`, undefined, token)).body.data;
    expect(inv.products).toMatchObject([{ title: 'Wiper blade', qty: 1 }]);
    const products = (await server.api('GET', '/products', undefined, token)).body.data as {
      barcode: string;
      stock: number;
    }[];
    // one unit sold, once: 4 on the shelf before, 3 after
    expect(products.filter((p) => p.barcode === CODE).map((p) => p.stock)).toEqual([3]);
  });

  it("Add Customer offline: Scan reads a Code 39 VIN label with its import I as the VIN, and the VIN's check runs", async () => {
    const { ctx, page } = await cameraShowing('CODE39', `I${VIN}`);
    open.push(ctx);
    await signInAdmin(page, server.url);
    await page.goto(`${server.url}/add-customer`);
    await ctx.setOffline(true);
    await scanWith(page, 'Scan the VIN');
    expect(await page.getByLabel('VIN', { exact: true }).inputValue()).toBe(VIN);
    await expect.poll(() => page.getByTestId('vin-hint').textContent()).toMatch(/Honda/);
  });
});
