import { format, addDays } from 'date-fns';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, browser, signInAdmin, startProduct, type RunningServer } from './harness';
import type { Answer, Data, Raised, Setting } from '../helpers/answers';

/**
 * Stored text is shown as text in every screen (issue: reliability and security). Another device (here: the API)
 * stores names, notes, comments, services and log messages that carry HTML, and a product, a supplier, invoices, a
 * payment, an estimate, a team member and a setting's description that carry it too; this browser pulls them and
 * opens each screen that shows them (the bay, money, inventory, admin and report screens, and the dialogs that name a
 * row). Every payload would set `window.__xss` or leave a `[data-pwn]` element if it were parsed as HTML; instead its
 * characters must appear as typed. ESLint forbids `dangerouslySetInnerHTML` in src (eslint.config.js).
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
/** what the money, inventory and admin screens show: a product, its supplier, a team member and a setting */
const STOCK = {
  title: `Pads <b data-pwn>front</b>`,
  description: `Set <img src=x data-pwn onerror="window.__xss='product'"> of 4`,
  barcode: `<i data-pwn>42`,
  bizname: `Parts <svg data-pwn onload="window.__xss='supplier'"></svg> Ltd`,
  address: `<u data-pwn>1 Main St</u>`,
  email: `<b data-pwn>@parts.example`,
  member: `<b data-pwn>`, // 12 characters, the most a username may have
  config: `Rate <img src=x data-pwn onerror="window.__xss='config'"> per hour`,
};

describe('stored text is shown as text on every screen', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  let token = '';
  const ids = { customer: '', job: '', invoice: '', sale: '', estimate: '' };

  beforeAll(async () => {
    server = await startProduct();
    token = await server.login(ADMIN.username, ADMIN.password);
    const api = async <T = Answer>(method: string, path: string, body: unknown) => {
      const res = await server.api<T>(method, path, body, token);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    const customer = await api('POST', '/customer', {
      data: {
        VIN: '2HGFA16598H123456',
        'Registration Number': PAYLOADS.plate,
        'First name': PAYLOADS.first,
        'Last name': PAYLOADS.last,
        'Contact number': '8765550142',
        Email: '',
      },
    });
    // one job in the bay with every note, one booked for the calendar
    const job = await api('POST', '/service', {
      data: {
        customer_id: customer.id,
        mileage: 1200,
        service: [PAYLOADS.service],
        customer_note: PAYLOADS.customerNote,
      },
    });
    await api('PUT', '/job-action/comment', { data: { id: job.id, value: PAYLOADS.comment } });
    await api('PUT', '/job-action/service-note', { data: { id: job.id, value: PAYLOADS.serviceNote } });
    await api('POST', '/service-log', { data: { id: job.id, value: PAYLOADS.log } });
    const booked = await api('POST', '/service', {
      data: { customer_id: customer.id, mileage: 1300, service: [PAYLOADS.service] },
    });
    const day = addDays(new Date(), 2);
    await api('PUT', '/booking-date', {
      data: {
        id: booked.id,
        book_start: `${format(day, 'yyyy-MM-dd')} 10:00`,
        book_end: `${format(day, 'yyyy-MM-dd')} 11:00`,
      },
    });

    // the money, inventory and admin rows: a supplier and its product, an invoice for the job in the bay with a
    // payment, a product sale and an estimate for the customer, a team member and a setting's description
    const supplier = await api('POST', '/v2/inventory/supplier', {
      data: { bizname: STOCK.bizname, address: STOCK.address, email: STOCK.email, contact: '8765550000' },
    });
    const product = await api('POST', '/v2/inventory/product', {
      data: {
        title: STOCK.title,
        description: STOCK.description,
        barcode: STOCK.barcode,
        supplier: supplier.id,
        price: 2500,
        cost: 1500,
        stock: 5,
        low_stock: 1,
      },
    });
    const invoice = await api<Data<Raised>>('POST', '/invoice', {
      data: {
        fetchedData: { id: job.id },
        formData: { work_hour: 1, rate_hour: 5000 },
        productInvoice: [{ id: product.id, qty: 1 }],
      },
    });
    await api('POST', '/transaction', { data: { method: 'cash', invoice_id: invoice.data.invoice_id, amount: 1000 } });
    const sale = await api<Data<Raised>>('POST', '/invoice-product', {
      data: { fetchedData: { id: customer.id }, formData: {}, productInvoice: [{ id: product.id, qty: 1 }] },
    });
    const estimate = await api('POST', '/estimate', {
      data: {
        profile: { first_name: PAYLOADS.first, last_name: PAYLOADS.last, contact: '8765550142', email: '' },
        serviceInvoice: [PAYLOADS.service],
        formData: { work_hour: 1, rate_hour: 5000 },
        productInvoice: [{ id: product.id, qty: 2 }],
      },
    });
    await api('POST', '/v2/auth/user', { data: { username: STOCK.member, password: 'pw-member1', permission: 3 } });
    const rate = (await server.api<Setting[]>('GET', '/configsheet', undefined, token)).body.find(
      (r) => r.name === 'labour_rate',
    )!;
    await api('PUT', `/configsheet/${rate.id}`, { data: { description: STOCK.config, amount: 50 } });
    Object.assign(ids, {
      customer: customer.id,
      job: job.id,
      invoice: invoice.data.invoice_id,
      sale: sale.data.invoice_id,
      estimate: estimate.invoice_id,
    });

    ctx = await browser();
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
  });

  it('signs in and pulls what the other device stored', async () => {
    await signInAdmin(page, server.url, { worker: false });
    // a wide desk screen: no table column gives way to the tablet priorities (ui/columnPriority.ts), so every stored
    // text this test plants is on screen to be read (tests/e2e/layout.test.ts covers the tablet sizes)
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  /** no payload ran or became an element */
  async function clean(where: string) {
    const state = await page.evaluate(() => ({
      xss: (window as { __xss?: string }).__xss ?? null,
      pwn: document.querySelectorAll('[data-pwn]').length,
    }));
    expect(state, `HTML from stored text on ${where}`).toEqual({ xss: null, pwn: 0 });
  }
  /** a form field holds the payload's characters as typed */
  async function holds(text: string, where: string) {
    await expect
      .poll(
        () =>
          page.evaluate(
            (t) =>
              [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some(
                (i) => i.value === t,
              ),
            text,
          ),
        { message: `${where} holds ${text}`, timeout: 10_000 },
      )
      .toBe(true);
  }
  /** the payload's characters are on the page as typed */
  async function shows(text: string, where: string) {
    await expect
      .poll(() => page.evaluate((t) => document.body.innerText.includes(t), text), {
        message: `${where} shows ${text}`,
        timeout: 10_000,
      })
      .toBe(true);
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
    for (const t of [
      PAYLOADS.first,
      PAYLOADS.last,
      PAYLOADS.service,
      PAYLOADS.customerNote,
      PAYLOADS.comment,
      PAYLOADS.serviceNote,
    ])
      await shows(t, 'the job panel');
    await clean('/dash');
  });

  it('Service Log dialog', async () => {
    await page
      .getByRole('button', { name: /Service Log/ })
      .first()
      .click();
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
    await expect
      .poll(() => page.getByTestId('selected-customer').textContent(), { timeout: 10_000 })
      .toContain(PAYLOADS.plate);
    await shows(PAYLOADS.last, '/make-request');
    await clean('/make-request');
  });

  // the money screens

  it('Invoices table and its delete confirmation', async () => {
    await page.goto(`${server.url}/view-invoices`);
    for (const t of [PAYLOADS.first, PAYLOADS.last, PAYLOADS.plate]) await shows(t, '/view-invoices');
    await clean('/view-invoices');
    await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain(PAYLOADS.last);
    await clean('the delete-invoice confirmation');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('Invoice editor: customer, plate, services and product lines', async () => {
    await page.goto(`${server.url}/view-invoice?id=${ids.invoice}`);
    await expect
      .poll(() => page.getByTestId('info-registration').textContent(), { timeout: 10_000 })
      .toBe(PAYLOADS.plate);
    for (const t of [PAYLOADS.first, PAYLOADS.last, PAYLOADS.service, STOCK.title, STOCK.description])
      await shows(t, '/view-invoice');
    await clean('/view-invoice');
    await page.goto(`${server.url}/view-invoice?id=${ids.sale}`);
    await expect
      .poll(() => page.getByTestId('info-registration').textContent(), { timeout: 10_000 })
      .toBe(PAYLOADS.plate);
    for (const t of [PAYLOADS.last, STOCK.title, STOCK.description]) await shows(t, 'the product sale');
    await clean('/view-invoice (product sale)');
  });

  it('Create Invoice: the job, its invoice and the product search', async () => {
    await page.goto(`${server.url}/generate-invoice?id=${ids.job}`);
    await expect
      .poll(() => page.getByTestId('job-registration').textContent(), { timeout: 10_000 })
      .toContain(PAYLOADS.plate);
    await shows(PAYLOADS.last, '/generate-invoice');
    await page.getByLabel('Search products').fill('Pads');
    for (const t of [STOCK.title, STOCK.description]) await shows(t, 'the product search');
    await clean('/generate-invoice');
  });

  it('Estimates table and the estimate editor', async () => {
    await page.goto(`${server.url}/view-estimates`);
    for (const t of [PAYLOADS.first, PAYLOADS.last]) await shows(t, '/view-estimates');
    await clean('/view-estimates');
    await page.goto(`${server.url}/view-estimate?id=${ids.estimate}`);
    for (const t of [PAYLOADS.first, PAYLOADS.last]) await holds(t, '/view-estimate');
    for (const t of [PAYLOADS.service, STOCK.title, STOCK.description]) await shows(t, '/view-estimate');
    await clean('/view-estimate');
  });

  it('Make Sale: the customer search and the sale with the product search', async () => {
    await page.goto(`${server.url}/make-sale`);
    await page.getByLabel('Find customer').fill('2HGFA16598H123456');
    await expect.poll(() => page.getByTestId('customer-result').count(), { timeout: 10_000 }).toBe(1);
    for (const t of [PAYLOADS.plate, `${PAYLOADS.first} ${PAYLOADS.last}`]) await shows(t, '/make-sale');
    await clean('/make-sale');
    await page.goto(`${server.url}/make-sale?id=${ids.customer}`);
    await expect
      .poll(() => page.getByTestId('sale-customer').textContent(), { timeout: 10_000 })
      .toContain(PAYLOADS.plate);
    await shows(PAYLOADS.last, '/make-sale?id=');
    await page.getByLabel('Search products').fill('Pads');
    for (const t of [STOCK.title, STOCK.description]) await shows(t, 'the sale product search');
    await clean('/make-sale?id=');
  });

  it('Transactions', async () => {
    await page.goto(`${server.url}/transactions`);
    await expect
      .poll(() => page.getByRole('table', { name: 'transactions' }).locator('tbody tr').count(), { timeout: 10_000 })
      .toBe(1);
    await clean('/transactions');
  });

  // inventory

  it('Inventory (/products): the table, its supplier and the Receive dialog with the barcode', async () => {
    await page.goto(`${server.url}/products`);
    for (const t of [STOCK.title, STOCK.description, STOCK.bizname]) await shows(t, '/products');
    await clean('/products');
    await page.getByRole('button', { name: 'Receive Inventory' }).click();
    await page.getByPlaceholder('Barcode, title, id or description').fill('Pad'); // the search runs at 3, 6, 9… characters
    await expect.poll(() => page.getByTestId('barcode').count(), { timeout: 10_000 }).toBe(1);
    await shows(`${STOCK.title} — ${STOCK.description}`, 'the Receive dialog');
    await shows(STOCK.barcode, 'the barcode');
    await clean('the Receive dialog');
    await page.keyboard.press('Escape');
  });

  it('Product List, Suppliers (with its delete confirmation) and the Inventory Log', async () => {
    await page.goto(`${server.url}/view-products`);
    for (const t of [STOCK.title, STOCK.description]) await shows(t, '/view-products');
    await clean('/view-products');
    await page.goto(`${server.url}/view-suppliers`);
    for (const t of [STOCK.bizname, STOCK.address, STOCK.email]) await shows(t, '/view-suppliers');
    await clean('/view-suppliers');
    await page.getByRole('button', { name: `Delete ${STOCK.bizname}` }).click();
    await expect.poll(() => page.getByTestId('confirm-dialog').textContent()).toContain(STOCK.bizname);
    await clean('the delete-supplier confirmation');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${server.url}/view-inventory-log`);
    await shows(STOCK.title, '/view-inventory-log');
    await clean('/view-inventory-log');
  });

  // admin and reports

  it('Members, Configuration and the Activity Log', async () => {
    await page.goto(`${server.url}/view-team`);
    await shows(STOCK.member, '/view-team');
    await clean('/view-team');
    await page.goto(`${server.url}/view-config`);
    await shows(STOCK.config, '/view-config');
    await clean('/view-config');
    await page.goto(`${server.url}/view-sys-log`);
    const search = page.getByLabel('Search Activity Log');
    for (const t of [
      `Team member ${STOCK.member}`,
      `Product ${STOCK.title}`,
      `Supplier ${STOCK.bizname}`,
      `for ${PAYLOADS.first} ${PAYLOADS.last}`,
    ]) {
      await search.fill(t);
      await shows(t, '/view-sys-log');
      await clean('/view-sys-log');
    }
  });

  it('Reports: the Inventory Depletion table', async () => {
    await page.goto(`${server.url}/report`);
    const end = page.getByLabel('End date');
    await expect.poll(() => end.getAttribute('max'), { timeout: 10_000 }).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const today = (await end.getAttribute('max'))!;
    await page.getByLabel('Start date').fill(format(addDays(new Date(`${today}T12:00:00`), -1), 'yyyy-MM-dd'));
    await end.fill(today);
    await page.getByRole('button', { name: 'Sales Report' }).click();
    for (const t of [STOCK.title, STOCK.description]) await shows(t, 'Inventory Depletion');
    await clean('/report');
  });
});
