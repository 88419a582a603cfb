import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    axe?: typeof import('axe-core');
  }
}

/**
 * axe-core's browser build, read once. The page gets it by evaluate, which the app's Content-Security-Policy
 * (script-src 'self') does not govern, as it would an inline script tag; the package is a devDependency, never shipped.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** the findings that fail the layout test: a serious or critical finding blocks someone from using the screen */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and returns each serious or critical finding as
 * "rule-id (impact) at <selector> <html>: <summary>", one line per element; [] when there is none.
 */
export async function axeFindings(page: Page, options: RunOptions = {}): Promise<string[]> {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (opts) => {
    const r = await window.axe!.run(document, { ...opts, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      nodes: v.nodes.map((n) => ({
        target: `${n.target.join(' ')} ${n.html.slice(0, 80)}`,
        summary: (n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim(),
      })),
    }));
  }, options);
  return results
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target}: ${n.summary}`));
}
