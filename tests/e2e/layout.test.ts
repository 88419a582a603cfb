import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInTimeZone } from 'date-fns-tz';
import { DEFAULT_TIME_ZONE } from '../../src/domain/dates';
import { SCREEN_ROUTES } from '../../src/domain/routes';
import { TOUCH_TARGET_PX } from '../../src/app/ui/theme';
import { axeFindings } from './axe';
import {
  ADMIN,
  OUT,
  SCREENSHOTS,
  browser,
  showMonthOf,
  signInAdmin,
  startProduct,
  type RunningServer,
} from './harness';
import type { Answer, Data, Raised } from '../helpers/answers';

/**
 * Every screen fits a bay tablet (issue 15): at 768×1024, 1024×768 and 1440×900 the page never scrolls sideways
 * and no visible button or link lies outside the viewport or is clipped by a scrolling box around it (a table's
 * action column pushed off to the right is out of reach on a tablet even if the table scrolls).
 */
const VIEWPORTS = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

/**
 * The bay's screens (issue 15): used standing at a car, by a finger on the tablet — the jobs (dashboard, Home, the
 * Jobs list with a job's panel, actions and photos), Make Service Request and the calendar. At the two tablet sizes
 * every control on them is at least TOUCH_TARGET_PX (src/app/ui/theme.ts) wide and high, the header's and the
 * menu's included; the desk PC at 1440×900 keeps the compact sizes.
 */
const BAY_SCREENS = new Set(['/', '/dash', '/view-request', '/make-request', '/view-calendar']);
const TABLETS: readonly (typeof VIEWPORTS)[number][] = VIEWPORTS.slice(0, 2);

/**
 * The sizes axe-core checks a screen at: every size with BAYBOOK_LAYOUT_FULL=1; in CI one a screen, the three in turn
 * down SCREEN_ROUTES, as an axe run costs more than all the layout checks of the three sizes together and what it
 * finds (names, roles, contrast) hardly changes with the width. The layout checks run at every size either way.
 */
const LAYOUT_FULL = process.env.BAYBOOK_LAYOUT_FULL === '1';
const axeSizes = (path: string) =>
  LAYOUT_FULL ? VIEWPORTS : [VIEWPORTS[SCREEN_ROUTES.findIndex((r) => r.path === path) % VIEWPORTS.length]];

/** rows long enough to stretch the tables as a real shop's do */
const CUSTOMER = {
  VIN: '2HGFA16598H123456',
  'Registration Number': 'PDX 4821',
  'First name': 'Annabelle',
  'Last name': 'Montgomery-Fairweather',
  'Contact number': '8765550142',
  Email: 'annabelle.montgomery@example.com',
};
const SERVICES = ['Brake pads and discs, front axle', 'Full service with oil and filter change'];

describe('every screen fits the tablet and desk sizes', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  /** the booking's day in the shop's time (yyyy-MM-dd) */
  let bookedDay: string;
  /** the query a screen needs to show a row (an editor opened without one shows only its search) */
  const query: Record<string, string> = {};
  const inflight = new Set<Request>();

  beforeAll(async () => {
    server = await startProduct();
    const token = await server.login(ADMIN.username, ADMIN.password);
    const api = async <T = Answer>(method: string, path: string, body: unknown) => {
      const res = await server.api<T>(method, path, body, token);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    const customer = await api('POST', '/customer', { data: CUSTOMER });
    const job = await api('POST', '/service', {
      data: {
        customer_id: customer.id,
        mileage: 123456,
        service: SERVICES,
        customer_note: 'Squeal from the front left wheel when braking downhill',
      },
    });
    // a dozen jobs in all: the Jobs table pages them, and its "Rows per page" shows 10 (issue 15: it showed "1")
    for (let i = 0; i < 10; i++)
      await api('POST', '/service', {
        data: { customer_id: customer.id, mileage: 100000 + i, service: [SERVICES[0]] },
      });
    const booked = await api('POST', '/service', {
      data: { customer_id: customer.id, mileage: 123999, service: [SERVICES[1]] },
    });
    // a booking for the calendar's chip and event dialog (a booking must lie ahead)
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    await api('PUT', '/booking-date', { data: { id: booked.id, book_start: hours(26), book_end: hours(27) } });
    bookedDay = formatInTimeZone(hours(26), DEFAULT_TIME_ZONE, 'yyyy-MM-dd');
    const supplier = await api('POST', '/v2/inventory/supplier', {
      data: {
        bizname: 'Northern Brake & Clutch Supplies Ltd',
        address: '1 Main St',
        email: 'orders@northern-brake.example',
        contact: '8765550000',
      },
    });
    const product = await api('POST', '/v2/inventory/product', {
      data: {
        title: 'Ceramic brake pads, front',
        description: 'Set of 4 with wear sensors and fitting kit',
        barcode: '5012345678900',
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
    await api('POST', '/invoice-product', {
      data: { fetchedData: { id: customer.id }, formData: {}, productInvoice: [{ id: product.id, qty: 1 }] },
    });
    const estimate = await api('POST', '/estimate', {
      data: {
        profile: {
          first_name: CUSTOMER['First name'],
          last_name: CUSTOMER['Last name'],
          contact: CUSTOMER['Contact number'],
          email: '',
        },
        serviceInvoice: SERVICES,
        formData: { work_hour: 1, rate_hour: 5000 },
        productInvoice: [{ id: product.id, qty: 2 }],
      },
    });
    await api('POST', '/v2/auth/user', { data: { username: 'frontdesk', password: 'pw-member1', permission: 3 } });
    Object.assign(query, {
      '/generate-invoice': `?id=${job.id}`,
      '/view-invoice': `?id=${invoice.data.invoice_id}`,
      '/view-estimate': `?id=${estimate.invoice_id}`,
      '/make-sale': `?id=${customer.id}`,
    });
    ctx = await browser();
    page = await ctx.newPage();
    // the requests a screen still waits for; a server-sent-events stream stays open for good, so it never counts
    const waits = (r: Request) => !(r.headers().accept ?? '').includes('text/event-stream');
    page.on('request', (r) => waits(r) && inflight.add(r));
    page.on('requestfinished', (r) => inflight.delete(r));
    page.on('requestfailed', (r) => inflight.delete(r));
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
  });

  it('signs in and pulls the rows', async () => {
    await signInAdmin(page, server.url, { worker: false });
  });

  /** what lies off the page at this size: a sideways scroll, and each action out of reach */
  const overflow = () =>
    page.evaluate(() => {
      const found: string[] = [];
      const root = document.scrollingElement ?? document.documentElement;
      if (root.scrollWidth > root.clientWidth)
        found.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
      const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
      // a data table picks its columns by priority: none is left to scroll to sideways
      for (const table of document.querySelectorAll<HTMLElement>('[data-testid^="table-"] table')) {
        const box = table.parentElement;
        if (box && box.scrollWidth > box.clientWidth + 1)
          found.push(
            `table "${table.getAttribute('aria-label')}" scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`,
          );
      }
      for (const el of document.querySelectorAll<HTMLElement>('button, a[href], [role="button"]')) {
        const r = el.getBoundingClientRect();
        // sr-only text and the skip link (shown on focus) are 1 px boxes; a closed menu is not visible
        if (r.width <= 1 || r.height <= 1 || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
          continue;
        const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
        if (r.left < 0 || r.right > window.innerWidth + 0.5) {
          found.push(
            `${name} lies outside the viewport (${Math.round(r.left)}–${Math.round(r.right)} of ${window.innerWidth})`,
          );
          continue;
        }
        for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
          if (!clips(box)) continue;
          const b = box.getBoundingClientRect();
          if (r.left < b.left - 0.5 || r.right > b.right + 0.5) {
            found.push(
              `${name} is scrolled out of its box (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(b.left)}–${Math.round(b.right)})`,
            );
            break;
          }
        }
      }
      return found;
    });

  /**
   * Each select or text field that does not show its whole value (issue 15: "Rows per page" showed "1" of "10", the
   * calendar's booking times were cut). A text field's scrollWidth tells; Chromium gives a select's as its clientWidth
   * even when the text is cut, so the chosen option's text is measured against the room the padding (the indicator's)
   * leaves it.
   */
  const clippedValues = () =>
    page.evaluate(() => {
      const found: string[] = [];
      const pen = document.createElement('canvas').getContext('2d');
      const fields = document.querySelectorAll<HTMLSelectElement | HTMLInputElement>(
        'select, input:is([type="text"], [type="search"], [type="number"], [type="email"], [type="tel"], :not([type]))',
      );
      for (const field of fields) {
        if (field.offsetWidth <= 1 || !field.checkVisibility({ visibilityProperty: true })) continue;
        const style = getComputedStyle(field);
        const text = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.textContent ?? '') : field.value;
        if (pen) pen.font = style.font;
        const needs = field instanceof HTMLSelectElement ? (pen?.measureText(text).width ?? 0) : 0;
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (field.scrollWidth > field.clientWidth || needs > room + 0.5)
          found.push(
            `${field.tagName.toLowerCase()} "${field.getAttribute('aria-label') ?? field.name}" cuts "${text}" (${field.scrollWidth} > ${field.clientWidth}, or ${Math.round(needs)} px of text in ${Math.round(room)} px)`,
          );
      }
      return found;
    });

  /**
   * The header is one row on a tablet on its side and wider (issue 15: Logout fell onto a second row at 1024 px): the
   * top of each of its parts lies within the first part's box. (Held upright, the sync status has a row of its own.)
   */
  const headerRows = () =>
    page.evaluate(() => {
      const header = document.querySelector('header');
      const parts = [...(header?.children ?? [])].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 1 && r.height > 1;
      });
      const first = parts[0]?.getBoundingClientRect();
      if (!first) return ['the header is missing'];
      return parts
        .filter((el) => el.getBoundingClientRect().top >= first.bottom - 0.5)
        .map((el) => `header: "${(el.textContent ?? '').trim().slice(0, 40)}" wraps onto a second row`);
    });

  /** each visible control on the page (or in its open dialog) smaller than a fingertip */
  const smallTargets = () =>
    page.evaluate(async (least) => {
      // a dialog zooms in: measure it at its full size (an animation cancelled meanwhile rejects its `finished` with
      // an AbortError: it has ended too)
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
      const found: string[] = [];
      const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
      const controls = (dialog ?? document).querySelectorAll<HTMLElement>(
        'button, a[href], [role="button"], input:not([type="hidden"]), select, textarea, [role="checkbox"], [role="switch"]',
      );
      for (const el of controls) {
        // a Chakra checkbox hides its input and is tapped by its label
        const target = el.matches('input[type="checkbox"], input[type="radio"]') ? (el.closest('label') ?? el) : el;
        const r = target.getBoundingClientRect();
        if (
          r.width <= 1 ||
          r.height <= 1 ||
          !target.checkVisibility({ opacityProperty: true, visibilityProperty: true })
        )
          continue;
        if (r.width < least - 0.5 || r.height < least - 0.5) {
          const name = (el.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40);
          found.push(
            `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${name}" is ${Math.round(r.width)}×${Math.round(r.height)} px`,
          );
        }
      }
      return found;
    }, TOUCH_TARGET_PX);

  /** the screen has rendered: its chunk loaded (no request pending for half a second), nothing still loading */
  const settled = async () => {
    await page.waitForLoadState('load');
    await expect.poll(async () => inflight.size + (await page.waitForTimeout(500), inflight.size)).toBe(0);
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /Loading/ })
          .count(),
      )
      .toBe(0);
    await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
  };

  it.each(SCREEN_ROUTES.map((r) => [r.path, r] as const))('%s fits 768×1024, 1024×768 and 1440×900', async (path) => {
    await page.setViewportSize(VIEWPORTS[1]);
    await page.goto(`${server.url}${path}${query[path] ?? ''}`);
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe(path);
    await settled();
    const problems: string[] = [];
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
      const found = [
        ...(await overflow()),
        ...(await clippedValues()),
        ...(size.width >= 1024 ? await headerRows() : []),
        ...(axeSizes(path).includes(size) ? await axeFindings(page) : []),
      ];
      if (BAY_SCREENS.has(path) && TABLETS.includes(size)) found.push(...(await smallTargets()));
      problems.push(...found.map((p) => `${size.width}×${size.height}: ${p}`));
      // every screen at every size, to look at (BAYBOOK_SCREENSHOTS=1): test-output/layout-<screen>-<size>.png
      if (SCREENSHOTS)
        await page.screenshot({
          path: join(OUT, `layout${path.replace(/\//g, '-')}-${size.width}x${size.height}.png`),
          fullPage: true,
        });
    }
    // the message lists them all (the array diff shows only the first few)
    expect(problems, `${path}:\n${problems.join('\n')}`).toEqual([]);
  });

  it("a job's panel, its actions and its dialogs are finger-sized on the tablets, and the dialogs pass axe", async () => {
    const problems: string[] = [];
    for (const size of TABLETS) {
      await page.setViewportSize(size);
      await page.goto(`${server.url}/view-request`);
      await settled();
      await page.getByRole('button', { name: 'Expand row' }).first().click();
      await page.getByRole('group', { name: /^Actions for job/ }).waitFor();
      const at = (where: string) => (found: string[]) =>
        problems.push(...found.map((p) => `${size.width}×${size.height} ${where}: ${p}`));
      at('panel')(await smallTargets());
      for (const action of ['Gallery', 'Customer Comments']) {
        await page.getByRole('button', { name: action, exact: true }).click();
        await page.getByRole('dialog').waitFor();
        at(action)([...(await smallTargets()), ...(await axeFindings(page))]);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('the menu drawer of an upright tablet is finger-sized and passes axe', async () => {
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(`${server.url}/view-request`);
    await settled();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Jobs' }).waitFor();
    const found = [...(await smallTargets()), ...(await axeFindings(page))];
    expect(found, found.join('\n')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it("the calendar's event dialog is finger-sized on the tablets and passes axe", async () => {
    const problems: string[] = [];
    for (const size of TABLETS) {
      await page.setViewportSize(size);
      await page.goto(`${server.url}/view-calendar`);
      await settled();
      await showMonthOf(page, bookedDay);
      await page.getByTestId('event-chip').first().click();
      await page.getByTestId('event-dialog').waitFor();
      const found = [...(await smallTargets()), ...(await axeFindings(page))];
      problems.push(...found.map((p) => `${size.width}×${size.height}: ${p}`));
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  // a tablet's on-screen keyboard takes ~45% of the screen: what is left is the visual viewport the dialog must fit
  it.each([
    { width: 1024, height: 400 },
    { width: 768, height: 560 },
  ])(
    'a form dialog keeps its submit button and the focused field in view with the keyboard up ($width×$height)',
    async (keyboardUp) => {
      await page.setViewportSize(VIEWPORTS[1]);
      await page.goto(`${server.url}/products`);
      await settled();
      await page.getByRole('button', { name: 'Edit Ceramic brake pads, front' }).click();
      const dialog = page.getByTestId('form-dialog');
      await dialog.waitFor();
      // the last field, the one a keyboard most often covers: tapped, then the keyboard comes up
      await dialog.getByLabel('Barcode').focus();
      await page.setViewportSize(keyboardUp);
      const outOfView = () =>
        page.evaluate(async () => {
          await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
          const found: string[] = [];
          const view = window.visualViewport ?? { offsetTop: 0, height: window.innerHeight, width: window.innerWidth };
          const inView = (name: string, el: Element | null) => {
            if (!el) return found.push(`${name} is missing`);
            const r = el.getBoundingClientRect();
            if (
              r.top < view.offsetTop - 0.5 ||
              r.bottom > view.offsetTop + view.height + 0.5 ||
              r.left < 0 ||
              r.right > view.width + 0.5
            ) {
              return found.push(
                `${name} lies outside the visible ${Math.round(view.width)}×${Math.round(view.height)} (${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)})`,
              );
            }
            // nor hidden by a box that scrolls around it
            for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
              if (getComputedStyle(box).overflowY === 'visible') continue;
              const b = box.getBoundingClientRect();
              if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)
                return found.push(
                  `${name} is scrolled out of its box (${Math.round(r.top)}–${Math.round(r.bottom)} in ${Math.round(b.top)}–${Math.round(b.bottom)})`,
                );
            }
          };
          inView('the focused field', document.activeElement);
          inView('the submit button', document.querySelector('[data-testid="form-dialog"] button[type="submit"]'));
          return found;
        });
      await expect.poll(outOfView).toEqual([]);
      expect(await axeFindings(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
    },
  );
});
