import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser } from './shop/device';
import { load, throttlePage } from './shop/outsideSync';
import { median } from './shop/timing';
import { throttleWholeBrowser } from './shop/wholeBrowserThrottle';

/**
 * `npx tsx bench/whole-browser-check.ts`: does bench/shop/wholeBrowserThrottle.ts slow the browser as it says? The
 * same busy loop timed in a page and in its dedicated worker, free, with the whole browser throttled N× and free
 * again, then with CDP's page throttling for comparison (which leaves the worker at full speed). Prints the ratios.
 * Env: BENCH_FACTORS (4,6), BENCH_WHOLE_BY=duty (the duty cycle even where a cgroup can be made).
 */
const FACTORS = (process.env.BENCH_FACTORS ?? '4,6').split(',').map(Number);

const PAGE = `<!doctype html><script>
  const spin = (n) => { let x = 0; for (let i = 0; i < n; i++) x += Math.sqrt(i); return x; };
  window.spinHere = (n) => { const t = performance.now(); spin(n); return performance.now() - t; };
  const worker = new Worker('/worker.js');
  window.spinThere = (n) => new Promise((done) => { worker.onmessage = (e) => done(e.data); worker.postMessage(n); });
</script>`;
const WORKER = `const spin = (n) => { let x = 0; for (let i = 0; i < n; i++) x += Math.sqrt(i); return x; };
  onmessage = (e) => { const t = performance.now(); spin(e.data); postMessage(performance.now() - t); };`;

/** The median ms of three runs of the loop (n iterations) in the page and in its worker. */
async function spin(page: Page, n: number): Promise<{ page: number; worker: number }> {
  const here: number[] = [];
  const there: number[] = [];
  for (let i = 0; i < 3; i++) {
    here.push(Number(await page.evaluate(`spinHere(${n})`)));
    there.push(Number(await page.evaluate(`spinThere(${n})`)));
  }
  return { page: median(here), worker: median(there) };
}

async function main() {
  const server = createServer((req, res) => {
    res.setHeader('content-type', req.url === '/worker.js' ? 'text/javascript' : 'text/html');
    res.end(req.url === '/worker.js' ? WORKER : PAGE);
  }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const profile = mkdtempSync(join(tmpdir(), 'baybook-bench-chromium-'));
  const ctx = await openBrowser(profile);
  try {
    const page = await ctx.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    // about 150 ms of loop at full speed here
    let n = 1e6;
    while ((await spin(page, n)).page < 150) n *= 2;
    const row = (what: string, t: { page: number; worker: number }, free: { page: number; worker: number }) =>
      console.log(
        `${what}: page ${t.page.toFixed(0)} ms (${(t.page / free.page).toFixed(2)}×), worker ${t.worker.toFixed(0)} ms (${(t.worker / free.worker).toFixed(2)}×), load ${load().toFixed(1)}`,
      );
    for (const factor of FACTORS) {
      const before = await spin(page, n);
      const throttle = throttleWholeBrowser(profile, factor);
      let slowed;
      try {
        slowed = await spin(page, n);
      } finally {
        throttle.stop();
      }
      const after = await spin(page, n);
      const free = { page: (before.page + after.page) / 2, worker: (before.worker + after.worker) / 2 };
      row(`free (before, after)`, free, free);
      row(`whole browser ${factor}× by ${throttle.how}`, slowed, free);
      await throttlePage(page, factor);
      row(`CDP page throttling ${factor}×`, await spin(page, n), free);
      await throttlePage(page, 1);
    }
  } finally {
    await ctx.close();
    server.close();
  }
}

await main();
