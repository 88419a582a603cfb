import type { Page } from 'playwright-core';
import { jobAt } from './data';
import { CLICK_MENU, timed } from './timing';
import { nth } from '../../tests/helpers/present';

/**
 * The Jobs screen (/view-request, the paged job table) timed inside the page, on a device bench/shop/device.ts filled:
 *   - menu click → job rows: from the click on "Jobs" (coming from Add Customer) to the first rows in the table;
 *     beside it the click on "Add Customer" → its form, a screen that reads nothing (the floor under both);
 *   - search → only matches: from the search box's change to a table whose every row matches it (the domain's job
 *     search, checked on the cells shown: the searches below match a visible column), or to the empty state;
 *   - open a job: from the click on a row's expand button to its panel showing the job's details, the time clock
 *     (read from the device) included.
 */

const TABLE = `document.querySelector('[data-testid="table-Service Requests"]')`;
const ROWS = `${TABLE}?.querySelectorAll('tbody tr[data-row-id]') ?? []`;
/** sets the search box to `arg` as typing does (a leading '!' marks a search that matches nothing: not typed) */
const TYPE = `const box = document.querySelector('[aria-label="Search Service Requests"]');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(box, arg.replace(/^!/, ''));
  box.dispatchEvent(new Event('input', { bubbles: true }));`;

/**
 * Every row shown matches `arg` by src/domain/jobs.ts jobMatchesSearch's rule, read off the cells (the email is
 * `first.last@…` in the bench's shop, so a name cell stands for it), or `arg` matches nothing and the table says so.
 * Checked a little more loosely than the rule (names anywhere from 2 characters, the rule's old "inside"): every row
 * the rule shows passes, for the searches below (none reaches the VIN's end or a phone).
 */
const ONLY_MATCHES = `const table = ${TABLE}; if (!table) return false;
  const rows = [...${ROWS}];
  if (arg.startsWith('!')) return rows.length === 0 && table.textContent.includes('No jobs to display');
  const heads = [...table.querySelectorAll('thead tr:first-child th')].map((th) => th.textContent.trim());
  const col = (r, name) => (r.children[heads.indexOf(name)]?.textContent ?? '').trim().toLowerCase();
  const plate = (s) => s.replace(/[\\s-]+/g, '').toLowerCase();
  const q = arg.trim().toLowerCase(); const inside = q.length >= 2;
  const has = (v) => (inside ? v.includes(q) : v.startsWith(q));
  const ok = (r) => plate(col(r, 'Registration')).startsWith(plate(q)) || plate(col(r, 'VIN')).startsWith(plate(q)) ||
    col(r, 'ID').replace(/^#/, '').startsWith(q.replace(/^#/, '')) || has(col(r, 'Name')) || has(col(r, 'Surname')) ||
    (inside && (has(col(r, 'Name') + ' ' + col(r, 'Surname')) || has(col(r, 'Surname') + ' ' + col(r, 'Name'))));
  return rows.length > 0 && rows.every(ok);`;

/** The ids of the rows shown, in order. */
export const shownIds = (page: Page) =>
  page.evaluate(`[...${ROWS}].map((r) => r.getAttribute('data-row-id')).join(',')`) as Promise<string>;

/** the device holds `size` customers, the last of them (and their jobs) seeded from `from` */
export interface ShopSlice {
  from: number;
  size: number;
}

/** Waits for job rows in the table (a function, not a string: the app's CSP forbids evaluating strings). */
export const hasRows = (page: Page) =>
  page.waitForFunction(
    () => document.querySelectorAll('[data-testid="table-Service Requests"] tbody tr[data-row-id]').length > 0,
  );

export interface JobsFigures {
  floor: number[];
  menu: number[];
  search: Record<string, number[]>;
  open: number[];
}

/**
 * The searches timed, on a device seeded from `from` to `size` customers by seedShop (two jobs each): run `i` takes
 * another job of the last slice seeded (a job's customer is drawn among the customers its slice was seeded up to).
 */
export function jobSearches({ from, size }: ShopSlice, i: number, runs: number): Record<string, string> {
  const c = jobAt(2 * from + Math.floor(((i + 1) * (size - from) * 2) / (runs + 2)), size);
  return {
    // a plate's start as staff type it: two letters, the space, a digit
    'plate prefix': c.registration.slice(0, 4),
    surname: c.last_name,
    'one character': nth('bcdfghjklmnprstw', i % 16),
    // '!' marks the search matching nothing (the check waits for the empty state)
    'matching nothing': `!QX${i}Q`,
  };
}

/** Menu click → rows, beside the floor: the screen is left on the Jobs table. */
async function menuToRows(page: Page): Promise<[number, number]> {
  const floor = await timed(page, CLICK_MENU, `return !!document.querySelector('form input')`, 'Add Customer');
  await page.waitForTimeout(300);
  return [floor, await timed(page, CLICK_MENU, `return ${ROWS}.length > 0`, 'Jobs')];
}

/** One search, then the box emptied and the table back to `unfiltered` (the newest jobs) before the next. */
export async function search(page: Page, q: string, unfiltered: string): Promise<number> {
  const ms = await timed(page, TYPE, ONLY_MATCHES, q);
  await page.evaluate(`const arg = ''; ${TYPE}`);
  await page
    .waitForFunction(
      (want) => {
        const rows = document.querySelectorAll('[data-testid="table-Service Requests"] tbody tr[data-row-id]');
        return [...rows].map((r) => r.getAttribute('data-row-id')).join(',') === want;
      },
      unfiltered,
      { timeout: 20_000 },
    )
    .catch(async (err: Error) => {
      const shown = await shownIds(page);
      throw new Error(`the table did not come back after '${q}': ${err.message}; shown: ${shown}; want ${unfiltered}`);
    });
  await page.waitForTimeout(150);
  return ms;
}

/** Expand the `n`-th row shown until its panel shows the job with its clock; then collapse it again. */
export async function openJob(page: Page, n: number): Promise<number> {
  const id = nth((await shownIds(page)).split(','), n);
  const button = `document.querySelector('tr[data-row-id="' + arg + '"] button[aria-label="Expand row"]')`;
  const panel = `document.querySelector('[data-testid="job-panel-' + arg + '"]')`;
  const ms = await timed(
    page,
    `${button}.click()`,
    `const p = ${panel}; return !!p && !!p.querySelector('[data-testid="clock-panel"]') && !!p.querySelector('[data-testid="job-actions"]')`,
    id,
  );
  await timed(
    page,
    `document.querySelector('tr[data-row-id="' + arg + '"] button[aria-label="Collapse row"]').click()`,
    `return !${panel}`,
    id,
  );
  await page.waitForTimeout(150);
  return ms;
}

/** Each figure `runs` times after one warm-up, on a device seeded as `shop` says. */
export async function jobsFigures(page: Page, shop: ShopSlice, runs: number): Promise<JobsFigures> {
  const out: JobsFigures = { floor: [], menu: [], search: {}, open: [] };
  for (let i = 0; i <= runs; i++) {
    const [floor, menu] = await menuToRows(page);
    if (i === 0) continue; // the warm-up
    out.floor.push(floor);
    out.menu.push(menu);
  }
  // the newest jobs, as the table shows them with an empty search (a live query's answer may still be on its way)
  await hasRows(page);
  await page.waitForTimeout(300);
  await hasRows(page);
  const unfiltered = await shownIds(page);
  for (let i = 0; i <= runs; i++) {
    for (const [name, q] of Object.entries(jobSearches(shop, i, runs))) {
      const ms = await search(page, q, unfiltered);
      if (i > 0) (out.search[name] ??= []).push(ms);
    }
  }
  const shown = unfiltered.split(',').length;
  for (let i = 0; i <= runs; i++) {
    const ms = await openJob(page, i % shown);
    if (i > 0) out.open.push(ms);
  }
  return out;
}
