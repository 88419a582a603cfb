import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { SCREEN_ROUTES, canSee } from '../../src/domain/routes';
import { signHs256 } from '../helpers/jwt';
import { ADMIN, OUT, ROOT, browser, ownDist, startProduct, type RunningServer } from './harness';

describe('the PWA shell in Chromium', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  /** the build this file's server serves, which its tests replace (a new build number, a real deploy) */
  let dist: string;
  beforeAll(async () => {
    dist = ownDist();
    server = await startProduct({ dist });
    ctx = await browser();
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  /**
   * The page has loaded and the shell has rendered its frame (the footer). Not 'networkidle': the app keeps a live
   * stream open to the server (src/sync/live.ts), so the network is never idle while it is online.
   */
  const shown = async () => {
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByTestId('footer').count()).toBe(1);
  };

  const loginAs = async (username: string, password: string) => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  };

  it('serves the app shell at / and at every screen path to a browser that has never visited', async () => {
    for (const path of ['/', '/dash', '/view-customers?x=1']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<div id="root">');
    }
  });

  it('links a web app manifest that makes it installable: name, theme colour, standalone, icons that load', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(href, 'index.html links a manifest').toBeTruthy();
    expect(/<meta name="theme-color" content="([^"]+)"/.exec(html)?.[1]).toBe('#1f4e79');
    const res = await fetch(new URL(href!, server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/(manifest\+)?json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      background_color: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'BayBook',
      short_name: 'BayBook',
      theme_color: '#1f4e79',
      display: 'standalone',
      start_url: '/',
    });
    expect(manifest.background_color).toBeTruthy();
    // Chromium's install criteria: a 192 px and a 512 px icon; each one is a real PNG of the size it claims
    const sizes = manifest.icons.map((i) => i.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    for (const icon of manifest.icons) {
      const r = await fetch(new URL(icon.src, new URL(href!, server.url)));
      expect(r.status, icon.src).toBe(200);
      expect(r.headers.get('content-type'), icon.src).toBe(icon.type);
      const png = Buffer.from(await r.arrayBuffer());
      expect(png.subarray(0, 8).toString('hex'), `${icon.src} is a PNG`).toBe('89504e470d0a1a0a');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, `${icon.src} is ${icon.sizes}`).toBe(icon.sizes);
    }
  });

  it('sends a visitor to /login and refuses bad sign-ins with the right words', async () => {
    await page.goto(`${server.url}/view-customers`);
    await page.waitForURL('**/login');
    await page.screenshot({ path: join(OUT, 'login.png') });
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password').fill('x');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText(MSG.enterValidUsername).count()).toBe(1);
    await loginAs(ADMIN.username, 'wrong-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(MSG.loginFailed);
  });

  it('signs in and shows the shell: menu by level, footer with the build number', async () => {
    await loginAs(ADMIN.username, ADMIN.password);
    await page.waitForURL(`${server.url}/`);
    const footer = page.getByTestId('footer');
    await expect.poll(() => footer.textContent()).toMatch(/^Version: 3\.0 \/ build: \S+/);
    const build = JSON.parse(await (await fetch(`${server.url}/build-meta.json`)).text()).build;
    expect(await footer.textContent()).toContain(build);
    expect(await page.getByTestId('current-user').textContent()).toContain('admin');
    await expect.poll(() => page.getByRole('link', { name: 'Members' }).count()).toBe(1);
    await page.screenshot({ path: join(OUT, 'dashboard-shell.png') });
  });

  it('guards every route of SPEC §2 for levels 1–5: a route below the level goes to /', async () => {
    const admin = await server.login(ADMIN.username, ADMIN.password);
    for (const level of [2, 3, 4, 5]) {
      await server.api(
        'POST',
        '/v2/auth/user',
        { data: { username: `lvl${level}`, password: 'bay-pass-2345', permission: level } },
        admin,
      );
    }
    // level 1 cannot be given from Add Member (SPEC §5: 2–5); a token asking for level 1 lowers a level-2 member to it
    // (the server takes the lower of the token's level and the member's)
    const level1 = signHs256(
      { username: 'lvl2', permission: 1, exp: Math.floor(Date.now() / 1000) + 3600 },
      server.jwtSecret,
    );
    const wrong: string[] = [];
    for (const level of [1, 2, 3, 4, 5]) {
      const token = level === 1 ? level1 : await server.login(`lvl${level}`, 'bay-pass-2345');
      await page.evaluate((t) => localStorage.setItem('baybook.token', t), token);
      await page.goto(`${server.url}/`);
      await shown();
      // client-side navigation, as a menu click or a typed link inside the app would do
      for (const r of SCREEN_ROUTES) {
        const expected = canSee(r.path, level) ? r.path : '/';
        await page.evaluate((path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        }, r.path);
        await expect
          .poll(() => page.evaluate(() => location.pathname), { timeout: 3000 })
          .toBe(expected)
          .catch(() => {});
        // settled: a redirect happens in the render that follows the navigation
        await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
        const at = await page.evaluate(() => location.pathname);
        if (at !== expected) wrong.push(`level ${level} at ${r.path}: ${at}, expected ${expected}`);
      }
      // and a full page load of the highest route of the level and of one above it
      const top = SCREEN_ROUTES.filter((r) => r.minLevel === Math.min(level, 5)).at(-1)!;
      await page.goto(`${server.url}${top.path}`);
      await shown();
      expect(new URL(page.url()).pathname, `level ${level} loading ${top.path}`).toBe(top.path);
      const above = SCREEN_ROUTES.find((r) => r.minLevel === level + 1);
      if (above) {
        await page.goto(`${server.url}${above.path}`);
        await shown();
        await expect
          .poll(() => new URL(page.url()).pathname, { message: `level ${level} loading ${above.path}` })
          .toBe('/');
      }
    }
    expect(wrong).toEqual([]);
    // level 2 is not shown the service request menu entry (SPEC §6: level 3 and up)
    await page.evaluate((t) => localStorage.setItem('baybook.token', t), await server.login('lvl2', 'bay-pass-2345'));
    await page.goto(`${server.url}/dash`);
    await expect.poll(() => page.getByRole('link', { name: 'Add Customer' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Make Service Request' }).count()).toBe(0);
    await page.evaluate((t) => localStorage.setItem('baybook.token', t), admin);
  });

  it('opens with the network cut after one visit, and the session holds', async () => {
    await page.goto(`${server.url}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);
    await ctx.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('footer').count()).toBe(1);
    expect(await page.getByTestId('current-user').textContent()).toContain('admin');
    await expect.poll(() => page.getByTestId('online-state').textContent(), { timeout: 30_000 }).toBe('Offline');
    await page.goto(`${server.url}/view-customers`);
    await expect.poll(() => page.getByRole('heading', { name: 'Customers' }).count()).toBe(1);
    await page.screenshot({ path: join(OUT, 'offline.png') });
    // every screen's chunk was precached: each route opens offline, not on the error screen
    for (const r of SCREEN_ROUTES) {
      await page.goto(`${server.url}${r.path}`);
      await expect.poll(() => page.getByTestId('footer').count(), { message: r.path }).toBe(1);
      await expect.poll(() => page.locator('main').textContent(), { message: r.path }).not.toBe('');
      expect(await page.getByText('Something went wrong:').count(), r.path).toBe(0);
    }
    await ctx.setOffline(false);
  });

  it('on a portrait tablet the menu is a drawer opened from the header', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    try {
      await page.goto(`${server.url}/dash`);
      await expect.poll(() => page.getByTestId('footer').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Members' }).isVisible()).toBe(false); // the side menu is hidden
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(() => page.getByRole('dialog').getByRole('link', { name: 'Members' }).isVisible()).toBe(true);
      // grouped (issue 15), the current screen marked
      const drawer = page.getByRole('dialog');
      expect(await drawer.getByRole('group', { name: 'Admin' }).getByRole('link').allTextContents()).toEqual([
        'Members',
        'Configuration',
      ]);
      expect(await drawer.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
      await page.screenshot({ path: join(OUT, 'menu-drawer-tablet.png') });
      await drawer.getByRole('link', { name: 'Customers' }).click();
      await page.waitForURL(`${server.url}/view-customers`);
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByTestId('current-place').textContent()).toBe('Front desk › Customers');
    } finally {
      await page.setViewportSize({ width: 1024, height: 768 });
    }
  });

  it('the header buttons are readable on the header blue, the Install button included (issue 15: it read 1.72:1)', async () => {
    await page.goto(`${server.url}/dash`);
    await expect.poll(() => page.getByTestId('footer').count()).toBe(1);
    // the browser's install offer, as Chromium fires it when the app is installable
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      dispatchEvent(offer);
    });
    const install = page.getByRole('button', { name: 'Install BayBook' });
    await expect.poll(() => install.count()).toBe(1);
    for (const name of ['Install BayBook', 'Logout']) {
      const ratio = await page.getByRole('button', { name }).evaluate((el) => {
        // a computed colour is rgb() or rgba(): three channels first (this runs in the page, where the test's helpers are not)
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
        const lum = ([r, g, b]: [number, number, number]) => {
          const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
          return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
        };
        const header = el.closest('header')!;
        const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(rgb(getComputedStyle(header).backgroundColor))];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      });
      expect(ratio, name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('clears caches on a new build number, keeps IndexedDB (a queued entry) and the session, and opens offline again', async () => {
    await page.goto(`${server.url}/`);
    await shown();
    // a marker cache, and an outbox entry that waits for a user who is not signed in (so it is not sent meanwhile)
    await page.evaluate(async () => {
      await (await caches.open('marker')).put('/marker', new Response('x'));
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('baybook');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          tx.objectStore('outbox').add({
            id: 'e2e-queued-entry',
            method: 'PUT',
            path: '/configsheet/x',
            body: {},
            actor: 'nobody',
            deviceId: 'd',
            createdAt: new Date().toISOString(),
            attempts: 0,
            lastError: '',
            state: 'held',
            refs: [],
            touches: [],
            creates: [],
            dependsOn: [],
            label: 'queued before the upgrade',
          });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      });
    });
    const before = JSON.parse(await (await fetch(`${server.url}/build-meta.json`)).text());
    writeFileSync(join(dist, 'build-meta.json'), JSON.stringify({ version: '3.0', build: `${before.build}-next` }));
    try {
      await page.reload();
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('baybook.build')), { timeout: 30_000 })
        .toBe(`${before.build}-next`);
      await expect
        .poll(() => page.evaluate(async () => (await caches.keys()).includes('marker')), { timeout: 30_000 })
        .toBe(false);
      const queued = () =>
        page.evaluate(
          () =>
            new Promise<unknown>((resolve) => {
              const open = indexedDB.open('baybook');
              open.onsuccess = () => {
                const req = open.result.transaction('outbox').objectStore('outbox').index('id').get('e2e-queued-entry');
                req.onsuccess = () => resolve(req.result?.label ?? null);
                req.onerror = () => resolve(null);
              };
            }),
        );
      expect(await queued()).toBe('queued before the upgrade');
      expect(await page.evaluate(() => !!localStorage.getItem('baybook.token'))).toBe(true);
      // Every cache but the worker's precache was cleared (the precache is the whole app the device can open
      // offline; a new worker replaces it whole): the app must open with the network cut straight after a bust.
      await expect
        .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 })
        .toBe(true);
      await ctx.setOffline(true);
      try {
        await page.reload();
        await expect.poll(() => page.getByTestId('footer').count()).toBe(1);
        expect(await page.getByTestId('current-user').textContent()).toContain('admin');
        await page.goto(`${server.url}/view-customers`);
        await expect.poll(() => page.getByRole('heading', { name: 'Customers' }).count()).toBe(1);
        expect(await queued()).toBe('queued before the upgrade');
      } finally {
        await ctx.setOffline(false);
      }
    } finally {
      writeFileSync(join(dist, 'build-meta.json'), JSON.stringify(before));
    }
  });

  it("a real deploy: the new build's worker installs beside the old, takes over, and the app opens offline on the new build", async () => {
    const before: string = JSON.parse(readFileSync(join(dist, 'build-meta.json'), 'utf8')).build;
    const next = `e2e-deploy-${Date.now()}`;
    await page.goto(`${server.url}/dash`);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId('footer').textContent()).toContain(before);
    // the shop installs a new version: a new bundle, a new sw.js with a new precache list, old chunks gone from disk
    const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', BAYBOOK_BUILD: next },
    });
    expect(built.status).toBe(0);
    await page.reload(); // still the old build (its worker serves it); its build check finds the new one
    await expect.poll(() => page.getByTestId('footer').textContent(), { timeout: 60_000 }).toContain(next);
    expect(await page.evaluate(() => localStorage.getItem('baybook.build'))).toBe(next);
    expect(await page.evaluate(() => !!localStorage.getItem('baybook.token'))).toBe(true);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
    await ctx.setOffline(true);
    try {
      await page.reload();
      await expect.poll(() => page.getByTestId('footer').textContent()).toContain(next);
      await page.goto(`${server.url}/view-customers`);
      await expect.poll(() => page.getByRole('heading', { name: 'Customers' }).count()).toBe(1);
    } finally {
      await ctx.setOffline(false);
    }
  });
});
