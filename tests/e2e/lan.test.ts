import { X509Certificate } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { ADMIN, browser, signInAdmin, startProduct, type RunningServer } from './harness';

/**
 * Issue 30: BayBook as a tablet on the shop's Wi-Fi opens it — by the server's name on the network, not localhost
 * (which a browser treats as secure whatever the scheme). The name is mapped to the loopback address with Chromium's
 * --host-resolver-rules, so the browser sees a LAN host; the shop's authority is trusted the way a device trusts it,
 * in the certificate store of the browser's user (an NSS database under its HOME), as the set-up page asks.
 */
const LAN_NAME = 'bay-pc.test';
const resolveToLoopback = `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`;
const port = (url: string) => new URL(url).port;

/** A HOME whose NSS database trusts `caPem` as an authority for servers (certutil, Debian's libnss3-tools). */
function homeTrusting(caPem: string): string {
  const home = mkdtempSync(join(tmpdir(), 'baybook-home-'));
  const db = join(home, '.pki', 'nssdb');
  mkdirSync(db, { recursive: true });
  writeFileSync(join(home, 'ca.crt'), caPem);
  for (const args of [
    ['-N', '-d', `sql:${db}`, '--empty-password'],
    ['-A', '-d', `sql:${db}`, '-n', 'BayBook shop authority', '-t', 'C,,', '-i', join(home, 'ca.crt')],
  ]) {
    const r = spawnSync('certutil', args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`certutil ${args[0]} failed (apt-get install libnss3-tools): ${r.stderr}`);
  }
  return home;
}

describe('a tablet on the shop network, with HTTPS out of the box', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  let home: string;
  let plain: string;
  let secure: string;
  beforeAll(async () => {
    server = await startProduct({ env: { BAYBOOK_TLS_NAMES: LAN_NAME } });
    plain = `http://${LAN_NAME}:${port(server.url)}`;
    secure = `https://${LAN_NAME}:${server.httpsPort}`;
    // what the set-up page hands out is what the tablet trusts
    const ca = await fetch(`${server.url}/setup/baybook-ca.crt`);
    expect(ca.headers.get('content-type')).toBe('application/x-x509-ca-cert');
    home = homeTrusting(new X509Certificate(Buffer.from(await ca.arrayBuffer())).toString());
    ctx = await browser([resolveToLoopback], [home], { HOME: home });
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('at the plain address, the set-up page stays and every other page moves to the HTTPS address', async () => {
    await page.goto(`${plain}/setup`);
    expect(page.url()).toBe(`${plain}/setup`);
    await expect.poll(() => page.getByRole('heading', { name: 'Set up this device' }).count()).toBe(1);
    for (const platform of ['Android tablet or phone', 'iPad or iPhone', 'Windows PC', 'Mac'])
      expect(await page.getByText(platform, { exact: true }).count(), platform).toBe(1);
    expect(await page.getByRole('link', { name: `Open ${secure}/` }).count()).toBe(1);
    await page.goto(`${plain}/view-customers?from=scan`);
    expect(page.url()).toBe(`${secure}/view-customers?from=scan`);
  });

  it('at the HTTPS address the tablet gets its service worker and camera, signs in, and works with the Wi-Fi down', async () => {
    await page.goto(`${plain}/`);
    await page.waitForURL(`${secure}/login`);
    expect(await page.evaluate(() => [isSecureContext, !!navigator.mediaDevices?.getUserMedia])).toEqual([true, true]);
    expect(await page.getByTestId('insecure-notice').count()).toBe(0);
    await signInAdmin(page, secure);
    await ctx.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('online-state').textContent(), { timeout: 30_000 }).toBe('Offline');
    await page.goto(`${secure}/add-customer`);
    await page.getByLabel('VIN', { exact: true }).fill('1HGCM82633A004352');
    await page.getByLabel('Registration Number').fill('LAN 30');
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Tablet');
    await page.getByLabel('Contact number').fill('8765550130');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('waiting-count').textContent()).toBe('1 change not yet on the server');
    await ctx.setOffline(false);
    await expect
      .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 60_000 })
      .toBe('All changes on the server');
    const token = await server.login(ADMIN.username, ADMIN.password);
    const customers = (await server.api('GET', '/customers', undefined, token)).body.data as { registration: string }[];
    expect(customers.filter((c) => c.registration === 'LAN 30')).toHaveLength(1);
    // the worker that now controls the origin leaves the server's set-up page to the server
    await page.goto(`${secure}/setup`);
    await expect.poll(() => page.getByRole('heading', { name: 'Set up this device' }).count()).toBe(1);
  });
});

describe('a server without HTTPS of its own (BAYBOOK_TLS=off), opened at its plain LAN address', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    server = await startProduct({ env: { BAYBOOK_TLS: 'off' } });
    ctx = await browser([resolveToLoopback]);
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
  });

  it('says at sign-in and in the header that this address will not work offline, and where to set up', async () => {
    const plain = `http://${LAN_NAME}:${port(server.url)}`;
    await page.goto(`${plain}/login`);
    expect(page.url()).toBe(`${plain}/login`);
    const notice = page.getByTestId('insecure-notice');
    await expect.poll(() => notice.textContent()).toContain(MSG.insecureOrigin);
    await expect.poll(() => notice.textContent()).toContain(MSG.insecureOriginNoHttps);
    expect(await notice.getByRole('link', { name: 'Set up this device' }).getAttribute('href')).toBe(`${plain}/setup`);
    await signInAdmin(page, plain, { worker: false });
    expect(await page.evaluate(() => !!navigator.serviceWorker)).toBe(false);
    await expect.poll(() => page.getByTestId('insecure-notice').textContent()).toContain(MSG.insecureOrigin);
    await notice.getByRole('link', { name: 'Set up this device' }).click();
    await expect.poll(() => page.getByText('does not serve HTTPS itself').count()).toBe(1);
  });
});
