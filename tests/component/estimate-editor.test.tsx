import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createData, type AppData } from '../../src/app/data/DataProvider';
import EstimateEditor from '../../src/app/estimates/EstimateEditor';
import { newId } from '../../src/domain/ids';
import { fill, MSG } from '../../src/domain/messages';
import { formatUSD } from '../../src/domain/money';
import { computeInvoice } from '../../src/domain/totals';
import { setMeta, type ProductRow } from '../../src/local/db';
import { putRow } from '../../src/local/rows';
import type { EstimateRow } from '../../src/local/repositories/estimates';
import { renderScreen } from './render';
import { catchOpened } from './fakes';
import { atLeast, nth } from '../helpers/present';

// the machine is shared with other suites: component renders are slow

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const CATALOGUE = [
  { title: 'Oil change', description: 'Engine oil and filter' },
  { title: 'Brake check', description: 'Pads, discs and fluid' },
];

/** A device with the service catalogue, the stored labour rate (dollars) and a product. */
async function device(opts: { rate?: number } = {}) {
  const data = createData(`estimate-editor-${Math.random().toString(36).slice(2)}`);
  await setMeta(data.db, 'session', { username: 'admin', permission: 5 });
  await setMeta(data.db, 'deviceCode', 'T1');
  for (const s of CATALOGUE) await putRow(data.db, 'services', { id: newId(), ...s });
  if (opts.rate !== undefined)
    await data.db.config.put({
      id: 'cfg-rate',
      name: 'labour_rate',
      title: 'Labour rate',
      description: 'Default rate per work hour (USD)',
      amount: opts.rate,
      created_at: '',
      updated_at: '',
      version: 1,
    });
  const filter: ProductRow = await data.repos.products.add({
    title: 'Oil filter',
    description: 'Spin-on filter',
    price: 1500,
    stock: 5,
    low_stock: 1,
  });
  await data.db.outbox.clear(); // only the editor's own writes are asserted
  return { data, filter };
}

async function open(data: AppData, opts: { level?: number; id?: string } = {}) {
  const path = opts.id ? `/view-estimate?id=${encodeURIComponent(opts.id)}` : '/view-estimate';
  await renderScreen(<EstimateEditor />, { data, level: opts.level ?? 4, path, route: '/view-estimate' });
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const save = () => fireEvent.click(button('Save Changes'));
const location = () => screen.getByTestId('location').textContent ?? '';
/** a save on a loaded machine can take a few seconds */
const movedToSaved = () => waitFor(() => expect(location()).toMatch(/^\/view-estimate\?id=/), { timeout: 8000 });
const outbox = async (data: AppData) => (await data.db.outbox.toArray()).map((e) => [e.method, e.path]);

async function tick(name: RegExp) {
  const input = (await screen.findByRole('checkbox', { name })) as HTMLInputElement;
  const root = input.closest('[data-part="root"]')!;
  const before = root.getAttribute('data-state');
  fireEvent.click(input);
  await waitFor(() => expect(root.getAttribute('data-state')).not.toBe(before));
}

async function addProduct(title: string) {
  fireEvent.change(screen.getByLabelText('Search products'), { target: { value: title.slice(0, 4) } });
  fireEvent.click(await screen.findByRole('button', { name: `Add ${title}` }));
  await screen.findByLabelText(`Quantity of ${title}`);
}

/** Fills a valid new estimate: Ann Lee, Oil change, 2 h. */
async function fillValid() {
  await screen.findByRole('checkbox', { name: /Oil change/ });
  type('First name', 'Ann');
  type('Last name', 'Lee');
  type('Contact number', '8765551234');
  type('Email', 'ann@shop.test');
  await tick(/Oil change/);
  type('Work hours', '2');
}

async function estimate(data: AppData): Promise<EstimateRow> {
  return data.repos.estimates.create(
    { first_name: 'Bob', last_name: 'Ray', contact: '8765550000', email: 'bob@shop.test' },
    { work_hour: 1.5, rate_hour: 4000 },
    [],
    ['Brake check'],
  );
}

describe('Estimate editor (SPEC §2 /view-estimate)', () => {
  it('shows the profile fields, the service checklist from the catalogue and the stored labour rate', async () => {
    const { data } = await device({ rate: 62.5 });
    await open(data);
    expect(await screen.findByText('Generate Estimate')).toBeTruthy();
    await waitFor(() => expect(field('Rate per hour').value).toBe('62.5'));
    expect(field('Work hours').value).toBe('');
    for (const label of ['First name', 'Last name', 'Contact number', 'Email']) expect(field(label).value).toBe('');
    expect(await screen.findByRole('checkbox', { name: /Oil change/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Brake check/ })).toBeTruthy();
    for (const name of ['View Estimates', 'Print Estimate', 'Save Changes'])
      expect(screen.getByText(name)).toBeTruthy();
  });

  it('says every refusal at once and stores nothing', async () => {
    const { data } = await device();
    await open(data);
    await screen.findByRole('checkbox', { name: /Oil change/ });
    save();
    expect(await screen.findByText(MSG.enterFirstName)).toBeTruthy();
    expect(screen.getByText(MSG.enterLastName)).toBeTruthy();
    expect(screen.getByText(MSG.selectAtLeastOneService)).toBeTruthy();
    expect(await data.repos.estimates.list()).toHaveLength(0);
    expect(await outbox(data)).toEqual([]);
  });

  it(`refuses a missing first name: '${MSG.enterFirstName}'`, async () => {
    const { data } = await device();
    await open(data);
    await fillValid();
    type('First name', '  ');
    save();
    expect(await screen.findByText(MSG.enterFirstName)).toBeTruthy();
    expect(screen.queryByText(MSG.enterLastName)).toBeNull();
    expect(await data.repos.estimates.list()).toHaveLength(0);
  });

  it(`refuses a missing last name: '${MSG.enterLastName}'`, async () => {
    const { data } = await device();
    await open(data);
    await fillValid();
    type('Last name', '');
    save();
    expect(await screen.findByText(MSG.enterLastName)).toBeTruthy();
    expect(screen.queryByText(MSG.enterFirstName)).toBeNull();
    expect(await data.repos.estimates.list()).toHaveLength(0);
  });

  it(`refuses an estimate without a service: '${MSG.selectAtLeastOneService}'`, async () => {
    const { data } = await device();
    await open(data);
    await fillValid();
    await tick(/Oil change/); // untick
    save();
    expect(await screen.findByText(MSG.selectAtLeastOneService)).toBeTruthy();
    expect(await data.repos.estimates.list()).toHaveLength(0);
    // ticking a service clears the refusal
    await tick(/Brake check/);
    await waitFor(() => expect(screen.queryByText(MSG.selectAtLeastOneService)).toBeNull());
  });

  it('work hours and rate take 0 or more: a negative entry is ignored, empty work hours count as 0', async () => {
    const { data } = await device();
    await open(data);
    await fillValid();
    type('Work hours', '-3');
    expect(field('Work hours').value).toBe('2');
    type('Work hours', '');
    type('Rate per hour', '-1');
    await waitFor(() => expect(field('Rate per hour').value).toBe('50'));
    save();
    await movedToSaved();
    const row = nth(await data.repos.estimates.list(), 0);
    expect(row.work_hour).toBe(0);
    expect(row.rate_hour).toBe(5000);
    expect(row.total).toBe(0);
  });

  it('creates (POST /estimate/), moves to ?id=, then edits (PUT /estimate-details); no stock moves', async () => {
    const { data, filter } = await device();
    await open(data);
    await fillValid();
    await addProduct('Oil filter');
    save();
    await movedToSaved();
    const row = nth(await data.repos.estimates.list(), 0);
    expect(location()).toBe(`/view-estimate?id=${encodeURIComponent(row.id)}`);
    expect(row.profile).toEqual({ first_name: 'Ann', last_name: 'Lee', contact: '8765551234', email: 'ann@shop.test' });
    expect(row.services).toEqual(['Oil change']);
    expect(row.products.map((l) => [l.id, l.qty])).toEqual([[filter.id, 1]]);
    expect(row.work_hour).toBe(2);
    expect(row.rate_hour).toBe(5000);
    expect(row.total).toBe(2 * 5000 + 1500);
    expect(await outbox(data)).toEqual([['POST', '/estimate']]);
    expect(await screen.findByText(`EST ${row.number}`)).toBeTruthy();

    // the next save edits the same estimate
    await waitFor(() => expect(field('Work hours').value).toBe('2'));
    type('Work hours', '3');
    await tick(/Brake check/);
    fireEvent.change(screen.getByLabelText('Quantity of Oil filter'), { target: { value: '2' } });
    save();
    await waitFor(
      async () =>
        expect(await outbox(data)).toEqual([
          ['POST', '/estimate'],
          ['PUT', '/estimate-details'],
        ]),
      { timeout: 8000 },
    );
    const list = await data.repos.estimates.list();
    expect(list).toHaveLength(1);
    expect(nth(list, 0).id).toBe(row.id);
    expect(nth(list, 0).work_hour).toBe(3);
    expect(nth(list, 0).services).toEqual(['Oil change', 'Brake check']);
    expect(nth(list, 0).total).toBe(3 * 5000 + 2 * 1500);
    const [, put] = atLeast(await data.db.outbox.toArray(), 2);
    expect((put.body as { data: { id: string } }).data.id).toBe(row.id);
    // an estimate is a quote: the product's stock is untouched
    expect((await data.repos.products.get(filter.id))?.stock).toBe(5);
  });

  it('saves once on a double click (one POST /estimate)', async () => {
    const { data } = await device();
    await open(data);
    await fillValid();
    const b = button('Save Changes');
    fireEvent.click(b);
    fireEvent.click(b);
    await movedToSaved();
    expect(await data.repos.estimates.list()).toHaveLength(1);
    expect(await outbox(data)).toEqual([['POST', '/estimate']]);
  });

  it("shows a repository refusal as it is (a device without a number series can't number an estimate)", async () => {
    const { data } = await device();
    await open(data);
    await fillValid();
    await setMeta(data.db, 'deviceCode', '');
    save();
    const alert = await screen.findByTestId('save-error');
    expect(alert.textContent).toContain('This device has no number series yet: sign in once while online.');
    expect(await data.repos.estimates.list()).toHaveLength(0);
    expect(location()).toBe('/view-estimate');
    expect(field('First name').value).toBe('Ann');
  });

  it('shows the totals the domain computes as the user types', async () => {
    const { data } = await device();
    await open(data);
    await fillValid();
    type('Rate per hour', '45.5');
    await addProduct('Oil filter');
    fireEvent.change(screen.getByLabelText('Quantity of Oil filter'), { target: { value: '3' } });
    const want = computeInvoice({ type: 'service', workHour: 2, rateCents: 4550, lines: [{ price: 1500, qty: 3 }] });
    const summary = screen.getByTestId('summary');
    await waitFor(() =>
      expect(within(summary).getByTestId('summary-total').textContent).toContain(formatUSD(want.total)),
    );
    expect(within(summary).getByTestId('summary-labour').textContent).toContain(formatUSD(want.labour));
    expect(within(summary).getByTestId('summary-products').textContent).toContain(formatUSD(want.product));
    expect(want.total).toBe(9100 + 4500);
  });

  it("follows another device's edit live while nothing is typed; warns when it lands under typed changes", async () => {
    const { data } = await device();
    const est = await estimate(data);
    await open(data, { id: est.id });
    await screen.findByText(`EST ${est.number}`);
    // the pull brings another device's edit: the untouched editor shows it
    await data.repos.estimates.edit(
      est.id,
      { first_name: 'Rob', last_name: 'Ray' },
      { work_hour: 2, rate_hour: 4000 },
      [],
      ['Brake check'],
    );
    await waitFor(() => expect(field('First name').value).toBe('Rob'));
    expect(field('Work hours').value).toBe('2');
    expect(screen.getByTestId('summary-total').textContent).toContain(formatUSD(8000));
    // typed changes are kept when another edit lands, and the user is told
    type('Last name', 'Rayburn');
    await data.repos.estimates.edit(
      est.id,
      { first_name: 'Rob', last_name: 'Ray' },
      { work_hour: 4, rate_hour: 4000 },
      [],
      ['Brake check'],
    );
    expect(await screen.findByTestId('changed-notice')).toBeTruthy();
    expect(field('Last name').value).toBe('Rayburn');
    expect(field('Work hours').value).toBe('2');
  });

  it('keeps a service the catalogue no longer lists', async () => {
    const { data } = await device();
    const est = await data.repos.estimates.create(
      { first_name: 'Bob', last_name: 'Ray' },
      { work_hour: 1, rate_hour: 4000 },
      [],
      ['Timing belt'],
    );
    await open(data, { id: est.id });
    const box = (await screen.findByRole('checkbox', { name: /Timing belt/ })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByText('Not in the service catalogue any more')).toBeTruthy();
  });

  it('opens a saved estimate with its fields, and Print Estimate opens its PDF built on the device', async () => {
    const { data } = await device();
    const est = await estimate(data);
    const { made, open: win } = catchOpened('blob:doc');
    await open(data, { id: est.id });
    expect(await screen.findByText(`EST ${est.number}`)).toBeTruthy();
    expect(field('First name').value).toBe('Bob');
    expect(field('Email').value).toBe('bob@shop.test');
    expect(field('Work hours').value).toBe('1.5');
    expect(field('Rate per hour').value).toBe('40');
    expect((screen.getByRole('checkbox', { name: /Brake check/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('summary-total').textContent).toContain(formatUSD(6000));
    fireEvent.click(button('Print Estimate'));
    await waitFor(() => expect(win).toHaveBeenCalledWith('blob:doc', '_blank'), { timeout: 10_000 });
    expect(nth(made, 0).type).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await nth(made, 0).arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('Print Estimate waits for the first save, and says so', async () => {
    const { data } = await device();
    await open(data);
    await screen.findByText('Generate Estimate');
    expect(button('Print Estimate').disabled).toBe(true);
    expect(screen.getByTestId('disabled-reasons').textContent).toContain('Print Estimate: save the estimate first');
  });

  it(`says '${MSG.noRecordFound}' for an unknown estimate`, async () => {
    const { data } = await device();
    await open(data, { id: 'nope-404' });
    expect(await screen.findByText(fill(MSG.noRecordFound, { id: 'nope-404' }))).toBeTruthy();
    expect(screen.queryByText('Save Changes')).toBeNull();
  });

  it('level 3 may open the editor but not save, print or list estimates (level 4), and is told why', async () => {
    const { data } = await device();
    await open(data, { level: 3 });
    await screen.findByText('Generate Estimate');
    expect(screen.getByTestId('level-notice').textContent).toContain(
      'Saving an estimate needs Admin (level 4) or higher.',
    );
    expect(button('Save Changes').disabled).toBe(true);
    expect(button('Print Estimate').disabled).toBe(true);
    expect(button('View Estimates').disabled).toBe(true);
    const reasons = screen.getByTestId('disabled-reasons').textContent ?? '';
    expect(reasons).toContain('Save Changes: Saving an estimate needs Admin (level 4) or higher.');
    expect(reasons).toContain('View Estimates: The Estimates table needs Admin (level 4) or higher.');
    expect(field('First name').disabled).toBe(true);
    save();
    expect(await data.repos.estimates.list()).toHaveLength(0);
    expect(await outbox(data)).toEqual([]);
  });

  it('level 3 cannot edit a saved estimate (edit estimate is above 3)', async () => {
    const { data } = await device();
    const est = await estimate(data);
    await data.db.outbox.clear();
    await open(data, { level: 3, id: est.id });
    await screen.findByText(`EST ${est.number}`);
    expect(screen.getByTestId('level-notice').textContent).toContain(
      'Editing an estimate needs Admin (level 4) or higher.',
    );
    expect(button('Save Changes').disabled).toBe(true);
    expect(await outbox(data)).toEqual([]);
  });

  it('level 4 has View Estimates as a link to the table', async () => {
    const { data } = await device();
    await open(data, { level: 4 });
    await screen.findByText('Generate Estimate');
    fireEvent.click(screen.getByRole('link', { name: 'View Estimates' }));
    await waitFor(() => expect(location()).toBe('/view-estimates'));
  });
});
