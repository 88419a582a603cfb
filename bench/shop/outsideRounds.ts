import type { Page } from 'playwright-core';
import { customerAt } from './data';
import { menuToCustomers, plateSearch } from './customersScreen';
import { hasRows, jobSearches, openJob, search, shownIds } from './jobsScreen';
import { load } from './outsideSync';
import { CLICK_MENU, median, timed } from './timing';
import { TILES_SHOWN } from './watch';

/** The outside bench's interaction round (bench/shop-outside.ts): each interaction from the click to the final content. */

/** a figure: its runs in ms and the load average before and after them */
export interface Figure {
  ms: number[];
  load: [number, number];
}

export const show = ({ ms, load: [a, b] }: Figure) =>
  `${median(ms).toFixed(0)} ms (load ${Math.min(a, b).toFixed(1)}–${Math.max(a, b).toFixed(1)})`;

/** `runs` times `one(i)` after one warm-up (i = 0), with the load before and after. */
async function measure(runs: number, one: (i: number) => Promise<number>): Promise<Figure> {
  const before = load();
  const ms: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const t = await one(i);
    if (i > 0) ms.push(t);
  }
  return { ms, load: [before, load()] };
}

/** Menu click → Add Customer's form (untimed), then the timed menu click → `done`. */
async function fromAddCustomer(page: Page, to: string, done: string): Promise<number> {
  await timed(page, CLICK_MENU, `return !!document.querySelector('form input')`, 'Add Customer');
  await page.waitForTimeout(300);
  const ms = await timed(page, CLICK_MENU, done, to);
  await page.waitForTimeout(300);
  return ms;
}

/** Every interaction of the table at the page's current CPU rate, `runs` times each after a warm-up. */
export async function interactions(page: Page, customers: number, runs: number): Promise<Record<string, Figure>> {
  const out: Record<string, Figure> = {};
  const floor: number[] = [];
  out['Customers, menu click → rows'] = await measure(runs, async () => {
    const [form, rows] = await menuToCustomers(page);
    floor.push(form);
    return rows;
  });
  out['reference: menu click → Add Customer form (reads nothing)'] = {
    ...out['Customers, menu click → rows']!,
    ms: floor.slice(1),
  };
  out['plate search → only matches'] = await measure(runs, (i) =>
    plateSearch(page, customerAt(Math.floor(((i + 1) * customers) / (runs + 2))).registration.slice(0, 4)),
  );
  await timed(
    page,
    CLICK_MENU,
    `return !!document.querySelector('[data-testid="table-Service Requests"] tbody tr[data-row-id]')`,
    'Jobs',
  );
  await hasRows(page);
  await page.waitForTimeout(500);
  const unfiltered = await shownIds(page);
  out['job table search (plate prefix, surname)'] = await measure(runs, (i) => {
    const q = jobSearches({ from: 0, size: customers }, i, runs);
    return search(page, i % 2 ? q.surname! : q['plate prefix']!, unfiltered);
  });
  const shown = unfiltered.split(',').length;
  out['open a job'] = await measure(runs, (i) => openJob(page, i % shown));
  out['Dashboard, menu click → tiles, table, money'] = await measure(runs, () =>
    fromAddCustomer(page, 'Dashboard', TILES_SHOWN),
  );
  return out;
}
