import type { Page } from 'playwright-core';
import { nth } from '../../tests/helpers/present';

/** Timing inside the page for the screen benchmarks: from an event to the DOM that answers it. */

/** Runs `act` in the page and resolves with the ms until `done` holds (checked on every DOM change). */
export async function timed(page: Page, act: string, done: string, arg: string): Promise<number> {
  return page.evaluate(
    ({ act, done, arg }) =>
      new Promise<number>((resolve, reject) => {
        const isDone = new Function('arg', done) as (a: string) => boolean;
        const t0 = performance.now();
        const stop = setTimeout(
          () => (
            obs.disconnect(),
            reject(
              new Error(
                `not done in 20 s: ${done}; shown: ${document.querySelector('main')?.textContent?.slice(0, 400)}`,
              ),
            )
          ),
          20_000,
        );
        const obs = new MutationObserver(() => {
          if (!isDone(arg)) return;
          obs.disconnect();
          clearTimeout(stop);
          resolve(performance.now() - t0);
        });
        obs.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        (new Function('arg', act) as (a: string) => void)(arg);
      }),
    { act, done, arg },
  );
}

/** `act` for `timed`: clicks the main menu's link whose text is `arg` */
export const CLICK_MENU = `[...document.querySelectorAll('nav[aria-label="Main menu"] a')].find((a) => a.textContent.trim() === arg).click()`;

export const median = (xs: number[]) =>
  nth(
    [...xs].sort((a, b) => a - b),
    Math.floor(xs.length / 2),
  );
export const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`;
