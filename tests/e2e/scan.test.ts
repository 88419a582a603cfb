import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newJob, signInAdmin, startProduct, type RunningServer } from './harness';
import { cameraShowing, reconnectAndSync, scanWith } from './scanHarness';

const CODE = 'BB-SCAN-0042';
const VIN = '1HGCM82633A004352';
/** Receive's label, the invoice's label and the request's customer: each test its own, so none hangs on another */
const RECEIVED = {
  title: 'Oil filter',
  description: 'Spin-on',
  price: 950,
  stock: 2,
  low_stock: 1,
  barcode: 'BB-RECV-0007',
};
const INVOICED = {
  title: 'Brake pads',
  description: 'Front set',
  price: 2500,
  stock: 5,
  low_stock: 1,
  barcode: 'BB-INV-0013',
};
const OWNER = {
  VIN: 'JM1BK32F781234567',
  'Registration Number': 'SCAN 7',
  'First name': 'Vic',
  'Last name': 'Reed',
  'Contact number': '8765550188',
  Email: '',
};

/** The server's stock of the product with this barcode, one number per such product. */
async function serverStock(server: RunningServer, barcode: string) {
  const token = await server.login(ADMIN.username, ADMIN.password);
  const products = (await server.api('GET', '/products', undefined, token)).body.data as {
    barcode: string;
    stock: number;
  }[];
  return products.filter((p) => p.barcode === barcode).map((p) => p.stock);
}

/** Saves the sale or invoice on screen offline, gives the link back, and reads the server's copy once it is synced. */
async function saveInvoiceAndSync(server: RunningServer, ctx: BrowserContext, page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/view-invoice\?id=/);
  const invoiceId = new URL(page.url()).searchParams.get('id')!;
  await reconnectAndSync(ctx, page);
  const token = await server.login(ADMIN.username, ADMIN.password);
  return (await server.api('GET', `/invoice/${invoiceId}`, undefined, token)).body.data as { products: unknown[] };
}

/**
 * Scan instead of typing in a real browser (issue 18): Chromium's fake camera shows a label drawn from jsbarcode's
 * encoding; on the 1024×768 tablet with the network cut, the read fills the field (Linux Chromium has no
 * BarcodeDetector, so this is zxing's lazy chunk, from the service worker's precache); what is made from the scan
 * (a sale, stock received, an invoice, a service request) reaches the server once when the link returns.
 */
describe('scan in Chromium with a fake camera', () => {
  let server: RunningServer;
  let jobId: string;
  /** one browser for the file, signed in once: each test puts its own label before the camera */
  let ctx: BrowserContext;
  let page: Page;
  let show: (format: 'CODE128' | 'CODE39', text: string) => void;

  beforeAll(async () => {
    server = await startProduct();
    const token = await server.login(ADMIN.username, ADMIN.password);
    const wiper = { title: 'Wiper blade', description: '22 inch', price: 1800, stock: 4, low_stock: 1, barcode: CODE };
    for (const data of [wiper, RECEIVED, INVOICED])
      expect((await server.api('POST', '/v2/inventory/product', { data }, token)).status).toBe(200);
    expect((await server.api('POST', '/customer', { data: OWNER }, token)).status).toBe(200);
    jobId = await newJob(server, token, {
      vin: '2T1BR32E54C123456',
      registration: 'INV 13',
      first_name: 'Ida',
      last_name: 'Kerr',
      contact: '8765550199',
    });
    expect(jobId).toBeTruthy();
    ({ ctx, page, show } = await cameraShowing('CODE128', CODE));
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
  });

  /** the camera shows this label, and the link is up (a test before may have ended with it cut); signed in once */
  let signedIn = false;
  const showing = async (format: 'CODE128' | 'CODE39', text: string) => {
    show(format, text);
    await ctx.setOffline(false);
    if (!signedIn) await signInAdmin(page, server.url);
    signedIn = true;
  };

  it('Quick Sale offline: Scan reads a Code 128 label into the search; the sale made from it reaches the server once', async () => {
    await showing('CODE128', CODE);
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
    const inv = await saveInvoiceAndSync(server, ctx, page);
    expect(inv.products).toMatchObject([{ title: 'Wiper blade', qty: 1 }]);
    // one unit sold, once: 4 on the shelf before, 3 after
    expect(await serverStock(server, CODE)).toEqual([3]);
  });

  it('Receive offline: Scan reads the label and the product is chosen; the amount received reaches the server once', async () => {
    await showing('CODE128', RECEIVED.barcode);
    await page.goto(`${server.url}/products`);
    await page.getByRole('button', { name: 'Receive Inventory' }).waitFor();
    await ctx.setOffline(true);
    await page.getByRole('button', { name: 'Receive Inventory' }).click();
    await scanWith(page, 'Scan a barcode');
    expect(await page.getByLabel('Search product', { exact: true }).inputValue()).toBe(RECEIVED.barcode);
    // the read is a whole code, looked up at once: its one product is chosen, with the device's stock
    const chosen = page.getByTestId('receive-product');
    await expect.poll(() => chosen.getByText(RECEIVED.title, { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('receive-stock').textContent()).toBe('2');
    await page.getByLabel('Amount received').fill('5');
    await page.getByRole('dialog', { name: 'Receive Inventory' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => chosen.count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent())
      .toMatch(/^[1-9]\d* changes? not yet on the server$/);
    await reconnectAndSync(ctx, page);
    // 2 on the shelf, 5 received, once: 7
    expect(await serverStock(server, RECEIVED.barcode)).toEqual([7]);
  });

  it('the invoice product search offline: Scan reads the label, Add puts it on the invoice; stock moves once', async () => {
    await showing('CODE128', INVOICED.barcode);
    await page.goto(`${server.url}/generate-invoice?id=${jobId}`);
    await expect
      .poll(() => page.getByTestId('job-registration').textContent(), { timeout: 10_000 })
      .toContain('INV 13');
    await ctx.setOffline(true);
    await scanWith(page, 'Scan a barcode');
    expect(await page.getByLabel('Search products').inputValue()).toBe(INVOICED.barcode);
    await page.getByRole('button', { name: `Add ${INVOICED.title}` }).click();
    await expect.poll(() => page.getByLabel(`Quantity of ${INVOICED.title}`).count()).toBe(1);
    await page.getByLabel('Work hours').fill('1');
    await page.getByLabel('Rate per hour').fill('50');
    const inv = await saveInvoiceAndSync(server, ctx, page);
    expect(inv.products).toMatchObject([{ title: INVOICED.title, qty: 1 }]);
    expect(await serverStock(server, INVOICED.barcode)).toEqual([4]);
  });

  it("Add Customer offline: Scan reads a Code 39 VIN label with its import I as the VIN, and the VIN's check runs", async () => {
    await showing('CODE39', `I${VIN}`);
    await page.goto(`${server.url}/add-customer`);
    await ctx.setOffline(true);
    await scanWith(page, 'Scan the VIN');
    expect(await page.getByLabel('VIN', { exact: true }).inputValue()).toBe(VIN);
    await expect.poll(() => page.getByTestId('vin-hint').textContent()).toMatch(/Honda/);
  });

  it('Make Service Request offline: Scan reads the VIN label and finds its customer at once; the request reaches the server once', async () => {
    await showing('CODE39', OWNER.VIN);
    await page.goto(`${server.url}/make-request`);
    await page.getByLabel('VIN or registration').waitFor();
    await ctx.setOffline(true);
    await scanWith(page, 'Scan the VIN');
    expect(await page.getByLabel('VIN or registration').inputValue()).toBe(OWNER.VIN);
    // when no customer is chosen, the failure says what the screen shows instead (a refusal, a list of matches)
    await page
      .getByTestId('selected-customer')
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        throw new Error(
          `no customer chosen after the scan; the screen read: ${await page.locator('main').innerText()}`,
        );
      });
    await expect
      .poll(() => page.getByTestId('selected-customer').textContent())
      .toContain(OWNER['Registration Number']);
    await page.getByLabel('Mileage').fill('51000');
    await page.getByTestId('services').locator('label').first().click();
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect.poll(() => page.getByTestId('request-done').textContent()).toMatch(/#[A-Z0-9]+-\d+\b/);
    await reconnectAndSync(ctx, page);
    const token = await server.login(ADMIN.username, ADMIN.password);
    const jobs = (await server.api('GET', '/bookings', undefined, token)).body.data as {
      vin: string;
      mileage: number;
    }[];
    expect(jobs.filter((j) => j.vin === OWNER.VIN).map((j) => j.mileage)).toEqual([51000]);
  });
});
