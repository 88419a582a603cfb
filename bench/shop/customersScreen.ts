import type { Page } from 'playwright-core';
import { CLICK_MENU, timed } from './timing';

/** The Customers screen timed inside the page, on a device holding a shop's customers. */

const ROWS = `document.querySelectorAll('[data-testid="table-customers"] tbody tr[data-row-id]')`;
const TYPE = `const box = document.querySelector('[aria-label="Search customers"]');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(box, arg);
  box.dispatchEvent(new Event('input', { bubbles: true }));`;
/** every row shown has a registration (first cell) or a VIN (fourth) starting with the typed prefix, spaces aside */
const ONLY_MATCHES = `const rows = ${ROWS}; const key = arg.replace(/\\s+/g, '').toUpperCase();
  const starts = (td) => (td?.textContent ?? '').replace(/\\s+/g, '').toUpperCase().startsWith(key);
  return rows.length > 0 && [...rows].every((r) => { const td = r.querySelectorAll('td'); return starts(td[0]) || starts(td[3]); });`;

/** Both times: menu click → Add Customer's form (a screen that reads nothing: the floor), then → customer rows. */
export async function menuToCustomers(page: Page): Promise<[number, number]> {
  const floor = await timed(page, CLICK_MENU, `return !!document.querySelector('form input')`, 'Add Customer');
  await page.waitForTimeout(300);
  return [floor, await timed(page, CLICK_MENU, `return ${ROWS}.length > 0`, 'Customers')];
}

/** The search box's change → only customers whose plate (or VIN) starts with `prefix`; then every customer again. */
export async function plateSearch(page: Page, prefix: string): Promise<number> {
  const ms = await timed(page, TYPE, ONLY_MATCHES, prefix);
  // back to every customer: the first row shown is not a match any more (or the box is empty and rows are back)
  await timed(page, TYPE, `return ${ROWS}.length >= 10`, '');
  await page.waitForTimeout(200);
  return ms;
}
