import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AddCustomer from '../../src/app/customers/AddCustomer';
import { AddCustomerDialog } from '../../src/app/customers/AddCustomerForm';
import Customers from '../../src/app/customers/Customers';
import type { AppData } from '../../src/app/data/DataProvider';
import { MSG } from '../../src/domain/messages';
import { CONTACT_MESSAGE } from '../../src/domain/schemas/customer';
import { vinCheckDigit } from '../../src/domain/vin';
import type { CustomerRow } from '../../src/local/db';
import { catchCsv, renderScreen } from './render';
import { appliedCss } from '../helpers/appliedCss';
import { catchOpened } from './fakes';
import { nth } from '../helpers/present';

afterEach(() => {
  vi.restoreAllMocks();
});

// ---- helpers ----------------------------------------------------------------------------------------------------

const VALID = {
  VIN: '1HGCM82633A004352',
  'Registration Number': 'PK 1234',
  'First name': 'Ann',
  'Last name': 'Lee',
  'Contact number': '8765551234',
  Email: 'ann@shop.test',
};
type Label = keyof typeof VALID;
const LABELS = Object.keys(VALID) as Label[];

const input = (label: Label) => screen.getByLabelText(label) as HTMLInputElement;
function fill(values: Partial<Record<Label, string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(input(label as Label), { target: { value } });
}
/**
 * A paste over the field's whole value, as a browser makes it: the text is cut to the field's maxLength (when it has
 * one) before the input event. jsdom cuts nothing on a change, so without this a test could not see a paste cut short.
 */
function paste(el: HTMLElement, text: string) {
  const field = el as HTMLInputElement;
  fireEvent.change(field, { target: { value: field.maxLength >= 0 ? text.slice(0, field.maxLength) : text } });
}
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const outbox = (data: AppData) => data.db.outbox.toArray();

/** Fills the form, presses Save and confirms; resolves when the "Customer saved" choices are shown. */
async function addThroughForm(values: Partial<Record<Label, string>> = VALID) {
  fill(values);
  fireEvent.click(saveButton());
  const dialog = await screen.findByTestId('confirm-dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return screen.findByTestId('customer-saved');
}

let seq = 0;
async function customer(data: AppData, over: Partial<CustomerRow> = {}): Promise<CustomerRow> {
  seq += 1;
  const n = String(seq).padStart(3, '0');
  const id = await data.repos.customers.add({
    VIN: `2HGCM82633A004${n}`,
    'Registration Number': `CA ${n}`,
    'First name': `Bea${n}`,
    'Last name': `Moss${n}`,
    'Contact number': `876555${n.padStart(4, '0')}`,
    Email: `bea${n}@shop.test`,
  });
  if (over.active === 0) await data.repos.customers.setActive(id, false);
  await data.db.outbox.clear();
  return (await data.repos.customers.get(id))!;
}

/** The emotion rules written for an element's css-* classes, outside Chakra's recipe layer. */
function ownCss(el: HTMLElement): string {
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  const classes = [...el.classList].filter((c) => c.startsWith('css-'));
  return classes.flatMap((c) => css.match(new RegExp(`(?:^|[}\\s])\\.${c}\\{[^}]*\\}`, 'g')) ?? []).join('\n');
}

const rowOf = (id: string) => document.querySelector(`[data-row-id="${id}"]`) as HTMLElement;
async function findRow(id: string) {
  await waitFor(() => expect(rowOf(id)).toBeTruthy());
  return rowOf(id);
}

// ---- Add Customer -----------------------------------------------------------------------------------------------

describe('Add Customer form (SPEC §2, §5)', () => {
  it('has the six fields and Reset and Save', async () => {
    await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    for (const label of LABELS) expect(input(label)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeTruthy();
    expect(saveButton()).toBeTruthy();
  });

  it.each<[string, Partial<Record<Label, string>>, Partial<Record<Label, string>>]>([
    [MSG.invalidVin, { VIN: '' }, { VIN: 'X' }],
    [MSG.invalidRegistration, { 'Registration Number': 'P' }, { 'Registration Number': 'PK' }],
    [MSG.nameMin, { 'First name': '  ' }, { 'First name': 'A' }],
    [MSG.nameMin, { 'Last name': '' }, { 'Last name': 'L' }],
    [CONTACT_MESSAGE, { 'Contact number': '876555123' }, { 'Contact number': '18765551234' }],
    [MSG.invalidEmail, { Email: 'ann@shop' }, { Email: '' }],
  ])("shows '%s' for invalid input and not for valid input", async (message, bad, good) => {
    await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    fill({ ...VALID, ...bad });
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();

    fill(good);
    fireEvent.click(saveButton());
    await screen.findByTestId('confirm-dialog');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('shows every message at once on an empty form, and nothing is saved', async () => {
    const { data } = await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByText(MSG.invalidVin)).toBeTruthy());
    expect(screen.getByText(MSG.invalidRegistration)).toBeTruthy();
    expect(screen.getAllByText(MSG.nameMin)).toHaveLength(2);
    expect(screen.getByText(CONTACT_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(MSG.invalidEmail)).toBeNull(); // optional
    expect(await outbox(data)).toHaveLength(0);
  });

  it('keeps the contact number to digits, at most 11', async () => {
    await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    fill({ 'Contact number': '-(876) 555-12345678' });
    expect(input('Contact number').value).toBe('87655512345');
  });

  it.each([
    ['876-555-0142', '8765550142'],
    ['(876) 555 0142', '8765550142'],
    ['876.555.0142', '8765550142'],
    ['+1 (876) 555-0142', '18765550142'],
  ])('takes a pasted %s whole, as its digits %s, and saves it', async (pasted, digits) => {
    const { data } = await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    fill({ ...VALID, 'Contact number': '' });
    paste(input('Contact number'), pasted);
    expect(input('Contact number').value).toBe(digits);
    await addThroughForm({});
    expect(screen.queryByText(CONTACT_MESSAGE)).toBeNull();
    expect(nth(await data.db.customers.toArray(), 0).contact).toBe(digits);
  });

  it('does not submit on Enter', async () => {
    const { data } = await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    fill(VALID);
    for (const label of LABELS) {
      const notPrevented = fireEvent.keyDown(input(label), { key: 'Enter', code: 'Enter' });
      expect(notPrevented, label).toBe(false);
    }
    fireEvent.submit(input('VIN').closest('form')!);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(await outbox(data)).toHaveLength(0);
  });

  it('confirms with the entered details, then saves on the device and queues POST /customer with SPEC keys', async () => {
    const { data } = await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    fill(VALID);
    fireEvent.click(saveButton());
    const dialog = await screen.findByTestId('confirm-dialog');
    const details = within(dialog).getByTestId('customer-details');
    for (const [label, value] of Object.entries(VALID)) {
      expect(within(details).getByText(label)).toBeTruthy();
      expect(within(details).getByText(value)).toBeTruthy();
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByTestId('customer-saved');

    const row = nth(await data.db.customers.toArray(), 0);
    expect(row).toMatchObject({
      vin: VALID.VIN,
      registration: 'PK 1234',
      first_name: 'Ann',
      last_name: 'Lee',
      contact: '8765551234',
      email: 'ann@shop.test',
      active: 1,
    });
    const entries = await outbox(data);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'POST', path: '/customer', state: 'pending', actor: 'user2' });
    expect(nth(entries, 0).body).toEqual({ data: { id: row.id, ...VALID } });
  });

  it('saves nothing when the confirmation is cancelled', async () => {
    const { data } = await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    fill(VALID);
    fireEvent.click(saveButton());
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(await data.db.customers.count()).toBe(0);
    expect(await outbox(data)).toHaveLength(0);
    expect(input('VIN').value).toBe(VALID.VIN);
  });

  it('after saving, Do Service goes to /make-request?vin={vin}', async () => {
    await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    const saved = await addThroughForm({ ...VALID, VIN: '1hgcm82633a004352' });
    fireEvent.click(within(saved).getByRole('button', { name: 'Do Service' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/make-request?vin=${VALID.VIN}`));
  });

  it('after saving, Make Sale goes to /make-sale?id={customer id} (levels that can sell)', async () => {
    const { data } = await renderScreen(<AddCustomer />, { level: 4, path: '/add-customer' });
    const saved = await addThroughForm();
    const row = nth(await data.db.customers.toArray(), 0);
    fireEvent.click(within(saved).getByRole('button', { name: 'Make Sale' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/make-sale?id=${row.id}`));
  });

  it('offers no Make Sale below level 4', async () => {
    await renderScreen(<AddCustomer />, { level: 3, path: '/add-customer' });
    const saved = await addThroughForm();
    expect(within(saved).getByRole('button', { name: 'Do Service' })).toBeTruthy();
    expect(within(saved).queryByRole('button', { name: 'Make Sale' })).toBeNull();
  });

  it('after saving, Close stays on the screen with an empty form', async () => {
    await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    const saved = await addThroughForm();
    fireEvent.click(within(saved).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('customer-saved')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/add-customer');
    for (const label of LABELS) expect(input(label).value, label).toBe('');
  });

  it('does not name the customer just saved as a duplicate of itself; a real duplicate is still named', async () => {
    const { data } = await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    const saved = await addThroughForm();
    expect(await data.db.customers.count()).toBe(1);
    // the form empties behind "Customer saved": its live duplicate check has no VIN or plate left to find
    await waitFor(() => expect(input('VIN').value).toBe(''));
    expect(input('Registration Number').value).toBe('');
    await waitFor(() => expect(screen.queryByTestId('duplicate-warning')).toBeNull());
    fireEvent.click(within(saved).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('customer-saved')).toBeNull());
    fill({ VIN: VALID.VIN });
    const warning = await screen.findByTestId('duplicate-warning');
    expect(warning.textContent).toContain('VIN matches Ann Lee');
    expect(warning.textContent).toContain('cannot be saved');
  });

  it('Reset clears the fields and the messages', async () => {
    await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    fill({ ...VALID, 'Registration Number': 'P' });
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByText(MSG.invalidRegistration)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.queryByText(MSG.invalidRegistration)).toBeNull());
    for (const label of LABELS) expect(input(label).value, label).toBe('');
  });

  it('warns (without blocking) when the registration is already on this device', async () => {
    const { data } = await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    const known = await customer(data);
    fill({ ...VALID, 'Registration Number': known.registration.toLowerCase() });
    const warning = await screen.findByTestId('duplicate-warning');
    expect(warning.textContent).toContain(`Registration Number matches ${known.first_name} ${known.last_name}`);
    const saved = await addThroughForm({});
    expect(saved).toBeTruthy();
    expect(await data.db.customers.count()).toBe(2);
  });

  it('refuses a second customer with the same VIN, as the server does (one record per VIN)', async () => {
    const { data } = await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    const known = await customer(data);
    fill({ ...VALID, VIN: known.vin });
    await waitFor(() => expect(screen.getByTestId('duplicate-warning').textContent).toContain('VIN matches'));
    fireEvent.click(saveButton());
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(screen.queryByTestId('customer-saved')).toBeNull();
    expect(await data.db.customers.count()).toBe(1);
    expect(await data.db.outbox.count()).toBe(0);
    await expect(data.repos.customers.add({ ...VALID, VIN: known.vin })).rejects.toThrow(
      MSG.vinTaken.replace('{name}', `${known.first_name} ${known.last_name}`),
    );
  });

  it('a 17-character VIN failing the ISO 3779 check digit is a warning (orange), and the customer still saves', async () => {
    const { data } = await renderScreen(<AddCustomer />, { level: 2, path: '/add-customer' });
    // VALID.VIN with its check digit (position 9) changed: an older or mistyped VIN
    const bad = '1HGCM82623A004352';
    expect(vinCheckDigit(bad)).toBe('3');
    fill({ VIN: VALID.VIN });
    await waitFor(() => expect(screen.getByTestId('vin-hint').textContent).toMatch(/^Check digit OK · 2003 Honda/));
    expect(ownCss(screen.getByTestId('vin-hint'))).toContain('color:var(--chakra-colors-green-700)');
    fill({ ...VALID, VIN: bad });
    const hint = await screen.findByText(/Check digit does not match: please check the VIN/);
    expect(hint.textContent).toContain('Honda');
    expect(ownCss(hint)).toContain('color:var(--chakra-colors-orange-600)');
    // a warning, not a field error
    expect(input('VIN').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText(MSG.invalidVin)).toBeNull();
    await addThroughForm({});
    const row = nth(await data.db.customers.toArray(), 0);
    expect(row).toMatchObject({ vin: bad, registration: 'PK 1234' });
    const entries = await outbox(data);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'POST', path: '/customer', state: 'pending' });
    expect(nth(entries, 0).body).toEqual({ data: { id: row.id, ...VALID, VIN: bad } });
  });

  it('level 1 cannot save (adding customers is level 2 and up, SPEC §6)', async () => {
    await renderScreen(<AddCustomer />, { level: 1, path: '/add-customer' });
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('AddCustomerDialog (the Make Sale dialog)', () => {
  function Host({ onSaved }: { onSaved: (id: string, c: CustomerRow) => void }) {
    const [open, setOpen] = useState(true);
    return (
      <>
        <div data-testid="dialog-state">{open ? 'open' : 'closed'}</div>
        <AddCustomerDialog open={open} onClose={() => setOpen(false)} onSaved={onSaved} />
      </>
    );
  }

  it('saves through the same confirm and hands the new customer back, then closes', async () => {
    const onSaved = vi.fn();
    const { data } = await renderScreen(<Host onSaved={onSaved} />, { level: 4, path: '/make-sale' });
    const dialog = await screen.findByTestId('add-customer-dialog');
    for (const [label, value] of Object.entries(VALID))
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirmDialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const row = nth(await data.db.customers.toArray(), 0);
    expect(nth(onSaved.mock.calls, 0)[0]).toBe(row.id);
    expect(nth(onSaved.mock.calls, 0)[1]).toMatchObject({ id: row.id, vin: VALID.VIN });
    await waitFor(() => expect(screen.getByTestId('dialog-state').textContent).toBe('closed'));
    expect(screen.queryByTestId('customer-saved')).toBeNull();
    expect((await outbox(data))[0]).toMatchObject({ method: 'POST', path: '/customer' });
  });
});

// ---- Customers table --------------------------------------------------------------------------------------------

describe('Customers table (SPEC §2)', () => {
  it('shows every customer with the customers page sizes', async () => {
    const { data } = await renderScreen(<Customers />, { level: 3, path: '/view-customers' });
    const a = await customer(data);
    const b = await customer(data);
    const ra = await findRow(a.id);
    expect(ra.textContent).toContain(a.registration);
    expect(ra.textContent).toContain(a.vin);
    expect((await findRow(b.id)).textContent).toContain(b.last_name);
    const sizes = () =>
      [...((screen.queryByLabelText('Rows per page') as HTMLSelectElement | null)?.options ?? [])].map((o) => o.value);
    // issue 30: no "Rows per page: 2" while every row is on the one page; the customers' own sizes once they are not
    expect(sizes()).toEqual([]);
    for (let i = 0; i < 9; i++) await customer(data);
    await expect.poll(sizes).toEqual(['10', '20', '50', '100', '200']);
  });

  it('searches across the columns', async () => {
    const { data } = await renderScreen(<Customers />, { level: 3, path: '/view-customers' });
    const a = await customer(data);
    const b = await customer(data);
    await findRow(b.id);
    fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: a.vin } });
    await waitFor(() => expect(rowOf(b.id)).toBeNull());
    expect(rowOf(a.id)).toBeTruthy();
  });

  it('reads one page at a time: Next and Previous, the total from the counter, the plate found without its space', async () => {
    const { data } = await renderScreen(<Customers />, { level: 3, path: '/view-customers' });
    const made: CustomerRow[] = [];
    for (let i = 0; i < 12; i++) made.push(await customer(data));
    await waitFor(() => expect(screen.getByTestId('page-info').textContent).toBe('1–10 of 12'));
    const byName = made.map((c) => c.id); // surnames Moss001… sort as they were made
    expect(bodyIds()).toEqual(byName.slice(0, 10));
    fireEvent.click(screen.getByLabelText('Next page'));
    await waitFor(() => expect(bodyIds()).toEqual(byName.slice(10)));
    expect(screen.getByTestId('page-info').textContent).toBe('11–12 of 12');
    expect((screen.getByLabelText('Next page') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Previous page'));
    await waitFor(() => expect(bodyIds()).toEqual(byName.slice(0, 10)));
    const target = nth(made, 7);
    fireEvent.change(screen.getByLabelText('Search customers'), {
      target: { value: target.registration.replace(' ', '').toLowerCase() },
    });
    await waitFor(() => expect(bodyIds()).toEqual([target.id]));
    expect(screen.getByTestId('page-info').textContent).toBe('1–1 of 1');
  });

  it('highlights blocked rows pink', async () => {
    const { data } = await renderScreen(<Customers />, { level: 5, path: '/view-customers' });
    const ok = await customer(data);
    const blocked = await customer(data, { active: 0 });
    const row = await findRow(blocked.id);
    expect(row.getAttribute('data-blocked')).toBe('true');
    // jsdom computes no Chakra (emotion, @layer) styles: read the rules that match the row instead
    expect(appliedCss(row)).toContain('background:var(--chakra-colors-pink-100)');
    expect(appliedCss(rowOf(ok.id))).not.toContain('pink');
    expect(within(row).getByText('Blocked')).toBeTruthy();
    expect(rowOf(ok.id).getAttribute('data-blocked')).toBeNull();
  });

  it('Block asks with the customer named, then queues PUT /customer-status and turns the row pink', async () => {
    const { data } = await renderScreen(<Customers />, { level: 5, path: '/view-customers' });
    const c = await customer(data);
    fireEvent.click(within(await findRow(c.id)).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain(`${c.first_name} ${c.last_name} (${c.registration})`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(rowOf(c.id).getAttribute('data-blocked')).toBe('true'));
    expect((await data.repos.customers.get(c.id))!.active).toBe(0);
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({ method: 'PUT', path: '/customer-status', body: { data: { id: c.id, active: 0 } } });
  });

  it('Unblock asks, then queues PUT /customer-status with active 1', async () => {
    const { data } = await renderScreen(<Customers />, { level: 5, path: '/view-customers' });
    const c = await customer(data, { active: 0 });
    fireEvent.click(within(await findRow(c.id)).getByRole('button', { name: 'Unblock' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain(`${c.first_name} ${c.last_name}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(rowOf(c.id).getAttribute('data-blocked')).toBeNull());
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({ method: 'PUT', path: '/customer-status', body: { data: { id: c.id, active: 1 } } });
  });

  it('a cancelled Block changes nothing', async () => {
    const { data } = await renderScreen(<Customers />, { level: 5, path: '/view-customers' });
    const c = await customer(data);
    fireEvent.click(within(await findRow(c.id)).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect((await data.repos.customers.get(c.id))!.active).toBe(1);
    expect(await outbox(data)).toHaveLength(0);
  });

  it('level 3 can edit but sees no Block and no Service History; level 4 sees Service History, not Block', async () => {
    const first = await renderScreen(<Customers />, { level: 3, path: '/view-customers' });
    const c = await customer(first.data);
    let row = await findRow(c.id);
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Block' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Service History' })).toBeNull();
    first.unmount();

    const second = await renderScreen(<Customers />, { level: 4, path: '/view-customers' });
    const d = await customer(second.data);
    row = await findRow(d.id);
    expect(within(row).getByRole('button', { name: 'Service History' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Block' })).toBeNull();
  });

  it('inline edit saves the changed fields and queues PUT /customer', async () => {
    const { data } = await renderScreen(<Customers />, { level: 3, path: '/view-customers' });
    const c = await customer(data);
    const row = await findRow(c.id);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const first = (await within(row).findByLabelText('First name')) as HTMLInputElement;
    expect(first.value).toBe(c.first_name);
    fireEvent.change(first, { target: { value: 'Beatrice' } });
    fireEvent.change(within(row).getByLabelText('Note'), { target: { value: 'Prefers mornings' } });
    fireEvent.change(within(row).getByLabelText('Discount %'), { target: { value: '10' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(rowOf(c.id)).queryByLabelText('First name')).toBeNull());
    expect(rowOf(c.id).textContent).toContain('Beatrice');
    expect(rowOf(c.id).textContent).toContain('10%');
    expect(await data.repos.customers.get(c.id)).toMatchObject({
      first_name: 'Beatrice',
      note: 'Prefers mornings',
      discount: 10,
    });
    const entry = nth(await outbox(data), 0);
    expect(entry).toMatchObject({ method: 'PUT', path: '/customer' });
    // changes, not rows (issue 14): only the changed fields, each with the value it was based on (and `active`, so an
    // edit of a customer blocked meanwhile is a conflict), from this device
    expect(entry.body).toEqual({
      data: {
        id: c.id,
        first_name: 'Beatrice',
        note: 'Prefers mornings',
        discount: 10,
        base: { first_name: c.first_name, note: c.note, discount: c.discount, active: c.active },
        device: expect.any(String),
      },
    });
  });

  it('inline edit takes a pasted contact number with punctuation whole, as its digits', async () => {
    const { data } = await renderScreen(<Customers />, { level: 3, path: '/view-customers' });
    const c = await customer(data);
    const row = await findRow(c.id);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const contact = await within(row).findByLabelText('Contact');
    paste(contact, '+1 (876) 555-0142');
    expect((contact as HTMLInputElement).value).toBe('18765550142');
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(rowOf(c.id)).queryByLabelText('Contact')).toBeNull());
    expect((await data.repos.customers.get(c.id))?.contact).toBe('18765550142');
  });

  it.each<[string, string, string]>([
    [MSG.nameMin, 'Last name', ' '],
    [MSG.invalidRegistration, 'Registration', 'X'],
    [MSG.invalidVin, 'VIN', ''],
    [CONTACT_MESSAGE, 'Contact', '12345'],
    [MSG.invalidEmail, 'Email', 'not-an-email'],
    [MSG.noteMax, 'Note', 'x'.repeat(501)],
  ])("an invalid inline edit shows '%s' and saves nothing", async (message, label, value) => {
    const { data } = await renderScreen(<Customers />, { level: 3, path: '/view-customers' });
    const c = await customer(data);
    const row = await findRow(c.id);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.change(await within(row).findByLabelText(label), { target: { value } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(rowOf(c.id)).getByText(message)).toBeTruthy());
    expect(await outbox(data)).toHaveLength(0);
    // Cancel leaves the row as it was
    fireEvent.click(within(rowOf(c.id)).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(rowOf(c.id)).queryByText(message)).toBeNull());
    expect(await data.repos.customers.get(c.id)).toMatchObject({ last_name: c.last_name, vin: c.vin });
  });

  it('Service History opens the history of the vehicle; its PDF is built on the device and opened', async () => {
    const { data } = await renderScreen(<Customers />, { level: 4, path: '/view-customers' });
    const c = await customer(data);
    await data.repos.jobs.create({ customer: c, service: ['Oil change'], mileage: 42000 });
    const { made: pdfs, open } = catchOpened('blob:history');
    fireEvent.click(within(await findRow(c.id)).getByRole('button', { name: 'Service History' }));
    const dialog = await screen.findByTestId('service-history');
    fireEvent.click(within(dialog).getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:history', '_blank'), { timeout: 5000 });
    const made = pdfs.at(-1);
    expect(made?.type).toBe('application/pdf');
    const head = new TextDecoder().decode(new Uint8Array(await made!.arrayBuffer()).slice(0, 5));
    expect(head).toBe('%PDF-');
  });

  /** Three customers with names that sort apart: Cole Young, Ann Adams (discount 5%, a note), Ben Mills (blocked). */
  async function three(data: AppData) {
    const add = async (first: string, last: string, reg: string, vin: string, email = '') => {
      const id = await data.repos.customers.add({
        VIN: vin,
        'Registration Number': reg,
        'First name': first,
        'Last name': last,
        'Contact number': '8765550101',
        Email: email,
      });
      return (await data.repos.customers.get(id))!;
    };
    const young = await add('Cole', 'Young', 'YY 100', '3HGCM82633A000001', 'cole@young.test');
    const adams = await add('Ann', 'Adams', 'AA 200', '3HGCM82633A000002');
    await data.repos.customers.edit(adams.id, { discount: 5, note: 'Pays cash, "VIP", front desk' });
    const mills = await add('Ben', 'Mills', 'MM 300', '3HGCM82633A000003');
    await data.repos.customers.setActive(mills.id, false);
    return {
      young,
      adams: (await data.repos.customers.get(adams.id))!,
      mills: (await data.repos.customers.get(mills.id))!,
    };
  }
  const headerCell = (name: string) =>
    screen.getAllByRole('columnheader').find((h) => h.textContent?.replace(/[▲▼]/g, '').trim() === name)!;
  const bodyIds = () => [...document.querySelectorAll('[data-row-id]')].map((r) => (r as HTMLElement).dataset.rowId);

  it('filters per column: each filter box narrows by its own column only', async () => {
    const { data } = await renderScreen(<Customers />, { level: 5, path: '/view-customers' });
    const { young, adams, mills } = await three(data);
    await findRow(mills.id);
    expect(screen.queryByLabelText('Filter Last name')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    // 'Ad' is in Adams's surname; Young's email and VIN do not count for the Last name filter
    fireEvent.change(screen.getByLabelText('Filter Last name'), { target: { value: 'ad' } });
    await waitFor(() => expect(bodyIds()).toEqual([adams.id]));
    fireEvent.change(screen.getByLabelText('Filter Last name'), { target: { value: '' } });
    await waitFor(() => expect(bodyIds()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Filter Status'), { target: { value: 'Blocked' } });
    await waitFor(() => expect(bodyIds()).toEqual([mills.id]));
    // two filters together
    fireEvent.change(screen.getByLabelText('Filter Status'), { target: { value: 'Active' } });
    fireEvent.change(screen.getByLabelText('Filter Registration'), { target: { value: 'YY' } });
    await waitFor(() => expect(bodyIds()).toEqual([young.id]));
    expect(screen.queryByLabelText('Filter Actions')).toBeNull();
  });

  it('sorts by a clicked column header, ascending then descending', async () => {
    // level 5: the rows are made through the repositories, one of them blocked (a level-5 write)
    const { data } = await renderScreen(<Customers />, { level: 5, path: '/view-customers' });
    const { young, adams, mills } = await three(data);
    // the repository's order is by last name already: sort by first name to see the header work
    await waitFor(() => expect(bodyIds()).toEqual([adams.id, mills.id, young.id]));
    fireEvent.click(headerCell('First name'));
    await waitFor(() => expect(headerCell('First name').getAttribute('aria-sort')).toBe('ascending'));
    // the page is read again from the sort's index (issue 13): the rows follow the header a moment later
    await waitFor(() => expect(bodyIds()).toEqual([adams.id, mills.id, young.id])); // Ann, Ben, Cole
    fireEvent.click(headerCell('Registration'));
    await waitFor(() => expect(headerCell('Registration').getAttribute('aria-sort')).toBe('ascending'));
    expect(headerCell('First name').getAttribute('aria-sort')).toBeNull();
    fireEvent.click(headerCell('Registration'));
    await waitFor(() => expect(headerCell('Registration').getAttribute('aria-sort')).toBe('descending'));
    await waitFor(() => expect(bodyIds()).toEqual([young.id, mills.id, adams.id])); // YY, MM, AA
    expect(headerCell('Registration').textContent).toContain('▼');
  });

  it('Export CSV saves the filtered, sorted rows with every column but Actions', async () => {
    const { data } = await renderScreen(<Customers />, { level: 5, path: '/view-customers' });
    const { young, adams } = await three(data);
    await findRow(young.id);
    const csv = catchCsv();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
      fireEvent.change(screen.getByLabelText('Filter Status'), { target: { value: 'Active' } });
      await waitFor(() => expect(bodyIds()).toHaveLength(2));
      fireEvent.click(headerCell('Registration'));
      fireEvent.click(headerCell('Registration'));
      await waitFor(() => expect(bodyIds()).toEqual([young.id, adams.id]));
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      // streamed from the device's index a chunk at a time (issue 13): saved once every matching row is read
      await waitFor(() => expect(csv.files()).toEqual(['customers.csv']));
      expect(csv.blobs()).toHaveLength(1);
      expect(csv.blobs()[0]!.type).toMatch(/^text\/csv/);
      const lines = (await csv.texts())[0]!.split('\r\n');
      expect(lines).toEqual([
        'Registration,First name,Last name,VIN,Contact,Email,Discount %,Points,Note,Created,Status',
        `YY 100,Cole,Young,3HGCM82633A000001,8765550101,cole@young.test,0,0,,${young.created_at},Active`,
        `AA 200,Ann,Adams,3HGCM82633A000002,8765550101,,5,0,"Pays cash, ""VIP"", front desk",${adams.created_at},Active`,
      ]);
    } finally {
      csv.restore();
    }
  });

  it('Refresh asks the sync engine for a cycle now', async () => {
    const { data } = await renderScreen(<Customers />, { level: 3, path: '/view-customers' });
    const sync = vi.spyOn(data.engine, 'syncNow').mockResolvedValue({ online: true });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
  });
});
