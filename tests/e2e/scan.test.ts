import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code128Video } from '../helpers/barcodeVideo';
import { ADMIN, browser, ensureBuild, shoot, signInAdmin, startProduct, type RunningServer } from './harness';

const CODE = 'BB-SCAN-0042';

/**
 * Scan instead of typing in a real browser (issue 18): Chromium's fake camera shows a Code 128 label drawn as
 * jsbarcode draws BayBook's labels; on the 1024×768 tablet with the network cut, Quick Sale's Scan reads it (Linux
 * Chromium has no BarcodeDetector, so this is zxing's lazy chunk, from the service worker's precache) and the product
 * goes on the sale.
 */
describe('scan a product barcode in Chromium with a fake camera', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;

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
    const video = join(mkdtempSync(join(tmpdir(), 'baybook-camera-')), 'label.y4m');
    code128Video(CODE, video);
    ctx = await browser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    server?.stop();
  });

  it('Quick Sale offline: Scan reads the label into the search and the product is added', async () => {
    await signInAdmin(page, server.url);
    await page.goto(`${server.url}/make-sale?id=default`);
    await page.getByLabel('Search products').waitFor();
    await ctx.setOffline(true);

    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    const scan = page.getByRole('button', { name: 'Scan a barcode' });
    const box = await scan.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    await scan.click();
    await expect.poll(() => page.getByTestId('scan-dialog').count()).toBe(1);
    await shoot(page, 'scan-dialog');
    await expect.poll(() => page.getByTestId('scan-dialog').count(), { timeout: 30_000 }).toBe(0);
    expect(await page.getByLabel('Search products').inputValue()).toBe(CODE);
    // which reader read it: without the browser's detector, zxing's chunk came (offline: from the precache)
    if (!(await page.evaluate(() => 'BarcodeDetector' in window)))
      expect(chunks.some((p) => /\/assets\/zxingReader-[\w-]+\.js$/.test(p))).toBe(true);
    await page.getByRole('button', { name: 'Add Wiper blade' }).click();
    await expect.poll(() => page.getByLabel('Quantity of Wiper blade').count()).toBe(1);
  });
});
