import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { barcodeVideo } from '../helpers/barcodeVideo';
import { browser, shoot } from './harness';

/**
 * Chromium whose camera shows a label (Chromium's fake camera, the test's own flags), and a page in it. `show` puts
 * another label before the camera: Chromium reads the video file again each time a page opens the camera, so one
 * browser, signed in once, serves every label of a file.
 */
export async function cameraShowing(
  format: 'CODE128' | 'CODE39',
  text: string,
): Promise<{ ctx: BrowserContext; page: Page; show: (format: 'CODE128' | 'CODE39', text: string) => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'baybook-camera-'));
  const video = join(dir, 'label.y4m');
  barcodeVideo(format, text, video);
  const ctx = await browser(
    [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
    [dir],
  );
  return { ctx, page: await ctx.newPage(), show: (f, t) => barcodeVideo(f, t, video) };
}

/**
 * Presses Scan (44 px at least) and waits for the dialog to read and close. The size is polled: in a dialog that is
 * still opening (Chakra scales it in) the button measures a little less until the animation ends.
 */
export async function scanWith(page: Page, name: string) {
  const scan = page.getByRole('button', { name });
  const smaller = async () => {
    const box = await scan.boundingBox();
    return box ? Math.min(box.width, box.height) : 0;
  };
  await expect.poll(smaller).toBeGreaterThanOrEqual(44);
  await scan.click();
  await expect.poll(() => page.getByTestId('scan-dialog').count()).toBe(1);
  await shoot(page, `scan-${name.replace(/\W+/g, '-').toLowerCase()}`);
  await expect.poll(() => page.getByTestId('scan-dialog').count(), { timeout: 30_000 }).toBe(0);
}

/**
 * Gives the link back and waits for the outbox to empty: the footer says every change is on the server, and nothing
 * was refused on the way.
 */
export async function reconnectAndSync(ctx: BrowserContext, page: Page) {
  // the change is counted as waiting first: on a loaded machine the status still read "All changes on the server" from
  // before the offline write, and the test read the server before anything was sent (CI, stop 28)
  await expect
    .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 30_000 })
    .toMatch(/not yet on the server/);
  await ctx.setOffline(false);
  await expect
    .poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 60_000 })
    .toBe('All changes on the server');
  expect(await page.getByRole('button', { name: /refused/ }).count()).toBe(0);
}
