import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ActivityLog from '../../src/app/admin/ActivityLog';
import Config from '../../src/app/admin/Config';
import InventoryLog from '../../src/app/admin/InventoryLog';
import Team from '../../src/app/admin/Team';
import type { AppData } from '../../src/app/data/DataProvider';
import { toaster } from '../../src/app/feedback/toaster';
import Suppliers from '../../src/app/inventory/Suppliers';
import { newId } from '../../src/domain/ids';
import { MSG, fill } from '../../src/domain/messages';
import { PASSWORD_MASK } from '../../src/domain/schemas';
import { putRow } from '../../src/local/rows';
import { renderScreen } from './render';
import { nth } from '../helpers/present';

// the machine is shared: give IndexedDB writes and Chakra's dialogs time

afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

// ---- helpers ----------------------------------------------------------------------------------------------------

const outbox = (data: AppData) => data.db.outbox.toArray();
const rowOf = (id: string) => document.querySelector(`[data-row-id="${id}"]`) as HTMLElement | null;
async function findRow(id: string) {
  await waitFor(() => expect(rowOf(id)).toBeTruthy());
  return rowOf(id)!;
}
const formDialog = () => screen.findByTestId('form-dialog');
const confirmDialog = () => screen.findByTestId('confirm-dialog');
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label, { exact: false }) as HTMLInputElement;
/** A field the dialog offers as a choice (a select): its options and value are read. */
function choiceField(dialog: HTMLElement, label: string): HTMLSelectElement {
  const el = within(dialog).getByLabelText(label, { exact: false });
  if (!(el instanceof HTMLSelectElement)) throw new Error(`${label} is not a choice (a select)`);
  return el;
}
function type(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(dialog, label), { target: { value } });
}
const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
const dialogGone = () => waitFor(() => expect(screen.queryByTestId('form-dialog')).toBeNull());

/** A row the pull brought (the server's row, as it arrives on the device). */
const member = async (data: AppData, username: string, permission: number) => {
  const id = newId();
  await putRow(data.db, 'users', {
    id,
    username,
    permission,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    version: 1,
  });
  return id;
};

// ---- Team -------------------------------------------------------------------------------------------------------

describe('Team / Members (SPEC §2, §5)', () => {
  it('lists ID, Username, the level name badge and a masked password', async () => {
    const { data } = await renderScreen(<Team />, { level: 5, username: 'boss', path: '/view-team' });
    const boss = await member(data, 'boss', 5);
    const rep = await member(data, 'rita', 2);
    const agent = await member(data, 'mike', 3);
    const admin = await member(data, 'ana', 4);
    expect(within(await findRow(boss)).getByText('Super Admin')).toBeTruthy();
    expect(within(await findRow(rep)).getByText('Customer Rep')).toBeTruthy();
    expect(within(await findRow(agent)).getByText('Service Agent')).toBeTruthy();
    const row = await findRow(admin);
    expect(within(row).getByText('ana')).toBeTruthy();
    expect(within(row).getByText('Admin')).toBeTruthy();
    expect(within(row).getByText(PASSWORD_MASK)).toBeTruthy();
    expect(within(row).getByText(admin.slice(-8))).toBeTruthy();
    for (const h of ['ID', 'Username', 'Permission', 'Password'])
      expect(screen.getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();
  });

  it.each<[string, Record<string, string>]>([
    [MSG.usernameMax, { Username: 'a'.repeat(13), Password: 'secret-key-7', Permission: '3' }],
    [MSG.passwordMax, { Username: 'newbie', Password: 'p'.repeat(129), Permission: '3' }],
    [MSG.passwordMin, { Username: 'newbie', Password: 'secret7', Permission: '3' }],
    [MSG.passwordCommon, { Username: 'newbie', Password: 'Password123', Permission: '3' }],
    [MSG.usernameInvisible, { Username: 'ad\u200bmin', Password: 'secret-key-7', Permission: '3' }],
    [MSG.permissionRange, { Username: 'newbie', Password: 'secret-key-7', Permission: '' }],
    [MSG.enterValidUsername, { Username: '', Password: 'secret-key-7', Permission: '3' }],
    [MSG.passwordRequired, { Username: 'newbie', Password: '', Permission: '3' }],
  ])("Add Member shows '%s' and queues nothing", async (message, values) => {
    const { data } = await renderScreen(<Team />, { level: 5, path: '/view-team' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Member' }));
    const dialog = await formDialog();
    // the inputs cap typing (12 for a name, 128 for a password); a pasted or scripted longer value still meets the schema
    type(dialog, values);
    save(dialog);
    await waitFor(() => expect(within(dialog).getByText(message)).toBeTruthy());
    expect(await outbox(data)).toHaveLength(0);
  });

  it('offers permissions 2 to 5 only, by name', async () => {
    await renderScreen(<Team />, { level: 5, path: '/view-team' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Member' }));
    const select = choiceField(await formDialog(), 'Permission');
    expect([...select.options].map((o) => o.value).filter(Boolean)).toEqual(['2', '3', '4', '5']);
    expect([...select.options].map((o) => o.textContent)).toContain('4 – Admin');
  });

  it('adds a member through the repository: the row without a password, the password only in the queued request', async () => {
    const { data } = await renderScreen(<Team />, { level: 5, path: '/view-team' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Member' }));
    const dialog = await formDialog();
    type(dialog, { Username: 'newbie', Password: 'torque-wrench-9', Permission: '3' });
    save(dialog);
    await dialogGone();
    const row = nth(await data.db.users.toArray(), 0);
    expect(row).toMatchObject({ username: 'newbie', permission: 3 });
    expect(row).not.toHaveProperty('password');
    expect(JSON.stringify(row)).not.toContain('torque-wrench-9');
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/v2/auth/user',
      body: { data: { username: 'newbie', permission: 3, password: 'torque-wrench-9' } },
    });
    const shown = await findRow(row.id);
    expect(within(shown).getByText('Service Agent')).toBeTruthy();
    expect(within(shown).getByText(PASSWORD_MASK)).toBeTruthy();
    expect(document.body.textContent).not.toContain('torque-wrench-9');
  });

  it('edits a member: the password left empty is kept (not sent)', async () => {
    const { data } = await renderScreen(<Team />, { level: 5, username: 'boss', path: '/view-team' });
    await member(data, 'boss', 5);
    const id = await member(data, 'mike', 3);
    fireEvent.click(within(await findRow(id)).getByRole('button', { name: 'Edit mike' }));
    const dialog = await formDialog();
    expect(field(dialog, 'Username').value).toBe('mike');
    expect(field(dialog, 'Password').value).toBe('');
    type(dialog, { Permission: '4' });
    save(dialog);
    await dialogGone();
    expect(await data.db.users.get(id)).toMatchObject({ username: 'mike', permission: 4 });
    const entry = nth(await outbox(data), 0);
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/v2/auth/user',
      // a field change (issue 14): only the level, with the value it was based on
      body: { data: { id, permission: 4, base: { permission: 3 } } },
    });
    expect((entry.body as { data: object }).data).not.toHaveProperty('password');
    await waitFor(() => expect(within(rowOf(id)!).getByText('Admin')).toBeTruthy());
  });

  it("refuses to demote the last Super Admin, in the repository's words", async () => {
    const { data } = await renderScreen(<Team />, { level: 5, username: 'boss', path: '/view-team' });
    await member(data, 'boss', 5);
    const other = await member(data, 'chief', 5);
    await data.repos.team.remove(other); // boss stays the only Super Admin
    await data.db.outbox.clear();
    const boss = (await data.db.users.where('username').equals('boss').first())!.id;
    fireEvent.click(within(await findRow(boss)).getByRole('button', { name: 'Edit boss' }));
    const dialog = await formDialog();
    type(dialog, { Permission: '4' });
    save(dialog);
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(MSG.lastSuperAdmin));
    expect((await data.db.users.get(boss))?.permission).toBe(5);
    expect(await outbox(data)).toHaveLength(0);
  });

  it("deletes after 'Click delete to confirm.' and queues DELETE /v2/auth/user", async () => {
    const { data } = await renderScreen(<Team />, { level: 5, username: 'boss', path: '/view-team' });
    await member(data, 'boss', 5);
    const id = await member(data, 'mike', 3);
    fireEvent.click(within(await findRow(id)).getByRole('button', { name: 'Delete mike' }));
    let dialog = await confirmDialog();
    expect(within(dialog).getByText(MSG.clickDeleteToConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(await data.db.users.get(id)).toBeTruthy();

    fireEvent.click(within(await findRow(id)).getByRole('button', { name: 'Delete mike' }));
    dialog = await confirmDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowOf(id)).toBeNull());
    expect(await data.db.users.get(id)).toBeUndefined();
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({ method: 'DELETE', path: '/v2/auth/user', body: { data: { id } } });
  });

  it('shows a refused delete (yourself) as it is, and keeps the row', async () => {
    const toast = vi.spyOn(toaster, 'create');
    const { data } = await renderScreen(<Team />, { level: 5, username: 'boss', path: '/view-team' });
    const boss = await member(data, 'boss', 5);
    await member(data, 'chief', 5);
    fireEvent.click(within(await findRow(boss)).getByRole('button', { name: 'Delete boss' }));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', description: MSG.cannotRemoveSelf })),
    );
    expect(await data.db.users.get(boss)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);
  });
});

// ---- Configuration sheet ----------------------------------------------------------------------------------------

const setting = async (data: AppData, name: string, title: string, description: string, amount: number | null) => {
  const id = newId();
  await putRow(data.db, 'config', {
    id,
    name,
    title,
    description,
    amount,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    version: 1,
  });
  return id;
};

describe('Configuration sheet (SPEC §2, §5, §9)', () => {
  it('lists ID, Title, Description and Amount, 15 rows a page by default with SPEC §9 sizes', async () => {
    const { data } = await renderScreen(<Config />, { level: 5, path: '/view-config' });
    const rate = await setting(data, 'labour_rate', 'Labour rate', 'Default rate per work hour (USD)', 50);
    // one pull page: the rows arrive in one transaction
    await data.db.transaction('rw', data.db.tables, async () => {
      for (let i = 0; i < 17; i++) await setting(data, `s${i}`, `Setting ${String(i).padStart(2, '0')}`, `d${i}`, i);
    });
    const row = await findRow(rate);
    expect(within(row).getByText('Labour rate')).toBeTruthy();
    expect(within(row).getByText('Default rate per work hour (USD)')).toBeTruthy();
    expect(within(row).getByText('50')).toBeTruthy();
    for (const h of ['ID', 'Title', 'Description', 'Amount'])
      expect(screen.getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();
    // shown once the rows past the first page are read (none while every row fits on one page, issue 30)
    const sizes = (await screen.findByRole('combobox', { name: 'Rows per page' })) as HTMLSelectElement;
    await waitFor(() => expect(sizes.value).toBe('15'));
    expect([...sizes.options].map((o) => Number(o.value))).toEqual(expect.arrayContaining([10, 20, 50, 100, 150, 300]));
    await waitFor(() => expect(document.querySelectorAll('tbody [data-row-id]')).toHaveLength(15));
  });

  it("edits in a dialog: title read-only, SPEC's notice, and PUT /configsheet/{id} queued", async () => {
    const { data } = await renderScreen(<Config />, { level: 5, path: '/view-config' });
    const id = await setting(data, 'labour_rate', 'Labour rate', 'Default rate per work hour (USD)', 50);
    fireEvent.click(within(await findRow(id)).getByRole('button', { name: 'Edit Labour rate' }));
    const dialog = await formDialog();
    expect(within(dialog).getByText(MSG.configNotice)).toBeTruthy();
    expect(field(dialog, 'Title').readOnly).toBe(true);
    expect(field(dialog, 'Title').value).toBe('Labour rate');
    type(dialog, { Amount: '65.5' });
    save(dialog);
    await dialogGone();
    expect(await data.db.config.get(id)).toMatchObject({ amount: 65.5, title: 'Labour rate' });
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({
      method: 'PUT',
      path: `/configsheet/${id}`,
      // a field change (issue 14): only the amount, with the value it was based on and the device
      body: { data: { amount: 65.5, base: { amount: 50 }, device: 'T1' } },
    });
    await waitFor(() => expect(within(rowOf(id)!).getByText('65.5')).toBeTruthy());
  });

  it.each<[string, Record<string, string>]>([
    [MSG.configDescriptionRequired, { Description: '  ' }],
    [MSG.configAmountRequired, { Amount: '' }],
    [MSG.configAmountNumber, { Amount: 'ten' }],
  ])("shows '%s' and queues nothing", async (message, values) => {
    const { data } = await renderScreen(<Config />, { level: 5, path: '/view-config' });
    const id = await setting(data, 'labour_rate', 'Labour rate', 'Default rate per work hour (USD)', 50);
    fireEvent.click(within(await findRow(id)).getByRole('button', { name: 'Edit Labour rate' }));
    const dialog = await formDialog();
    type(dialog, values);
    save(dialog);
    await waitFor(() => expect(within(dialog).getByText(message)).toBeTruthy());
    expect(await outbox(data)).toHaveLength(0);
    expect((await data.db.config.get(id))?.amount).toBe(50);
  });

  it('a text setting (time zone) is its description: no amount asked', async () => {
    const { data } = await renderScreen(<Config />, { level: 5, path: '/view-config' });
    const id = await setting(data, 'time_zone', 'Time zone', 'America/Jamaica', null);
    fireEvent.click(within(await findRow(id)).getByRole('button', { name: 'Edit Time zone' }));
    const dialog = await formDialog();
    expect(field(dialog, 'Amount').readOnly).toBe(true);
    type(dialog, { Description: 'America/New_York' });
    save(dialog);
    await dialogGone();
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({
      path: `/configsheet/${id}`,
      body: { data: { description: 'America/New_York', base: { description: 'America/Jamaica' }, device: 'T1' } },
    });
  });

  it("the shop's details for documents say a dash is none; the receipt paper says its two choices (issue 15)", async () => {
    const { data } = await renderScreen(<Config />, { level: 5, path: '/view-config' });
    const address = await setting(data, 'shop_address', 'Shop address', '-', null);
    const paper = await setting(data, 'receipt_format', 'Receipt paper (80mm or A4)', '80mm', null);
    fireEvent.click(within(await findRow(address)).getByRole('button', { name: 'Edit Shop address' }));
    let dialog = await formDialog();
    expect(within(dialog).getByText(MSG.configNoneHint)).toBeTruthy();
    type(dialog, { Description: '12 Harbour Street, Kingston' });
    save(dialog);
    await dialogGone();
    expect((await data.db.config.get(address))?.description).toBe('12 Harbour Street, Kingston');
    fireEvent.click(within(await findRow(paper)).getByRole('button', { name: 'Edit Receipt paper (80mm or A4)' }));
    dialog = await formDialog();
    expect(within(dialog).getByText(MSG.configReceiptFormatHint)).toBeTruthy();
    const choice = choiceField(dialog, 'Description');
    expect([...choice.options].map((o) => o.value)).toEqual(['', '80mm', 'A4']);
    expect(choice.value).toBe('80mm');
  });

  it('prices include tax is a choice of yes or no; a garbage value already saved is not read as one (issue 18)', async () => {
    const { data } = await renderScreen(<Config />, { level: 5, path: '/view-config' });
    const id = await setting(data, 'tax_inclusive', 'Prices include tax (yes or no)', 'ja', null);
    fireEvent.click(within(await findRow(id)).getByRole('button', { name: 'Edit Prices include tax (yes or no)' }));
    const dialog = await formDialog();
    const choice = choiceField(dialog, 'Description');
    expect([...choice.options].map((o) => o.value)).toEqual(['', 'yes', 'no']);
    // 'ja' is neither: nothing is chosen, and saving so says the choices
    expect(choice.value).toBe('');
    save(dialog);
    expect(await within(dialog).findByText(fill(MSG.configChoice, { choices: 'yes or no' }))).toBeTruthy();
    fireEvent.change(choice, { target: { value: 'yes' } });
    save(dialog);
    await dialogGone();
    expect((await data.db.config.get(id))?.description).toBe('yes');
  });
});

// ---- Activity Log and Inventory Log -----------------------------------------------------------------------------

describe('Activity Log and Inventory Log (SPEC §2)', () => {
  it('Activity Log: ID, Subject, Log and Date in the shop time zone, newest first, searchable', async () => {
    const { data } = await renderScreen(<ActivityLog />, { level: 5, path: '/view-sys-log' });
    const older = newId();
    const newer = newId();
    await putRow(data.db, 'sys_log', {
      id: older,
      category: 'system',
      subject: 'Team member mike',
      predicate: 'added with permission 3',
      username: 'boss',
      created_at: '2025-03-04T15:30:05.000Z',
    });
    await putRow(data.db, 'sys_log', {
      id: newer,
      category: 'service',
      subject: 'Job #A1-7',
      predicate: 'status active',
      username: 'mike',
      created_at: '2025-03-05T02:00:00.000Z',
    });
    const row = await findRow(older);
    expect(within(row).getByText('Team member mike')).toBeTruthy();
    expect(within(row).getByText('added with permission 3')).toBeTruthy();
    // 15:30:05 UTC is 10:30:05 in Jamaica (UTC-5)
    expect(within(row).getByText('Mar 4th 2025, 10:30:05 AM')).toBeTruthy();
    expect(within(row).getByText(older.slice(-8))).toBeTruthy();
    for (const h of ['ID', 'Subject', 'Log', 'Date'])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${h}`) })).toBeTruthy();
    const ids = [...document.querySelectorAll('tbody [data-row-id]')].map((r) => r.getAttribute('data-row-id'));
    expect(ids).toEqual([newer, older]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Search Activity Log' }), { target: { value: 'mike' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search Activity Log' }), { target: { value: 'Job #A1' } });
    await waitFor(() => expect(rowOf(older)).toBeNull());
    expect(rowOf(newer)).toBeTruthy();
  });

  it('Inventory Log: the product title as Subject, the signed amount and why as Log, newest first', async () => {
    const { data } = await renderScreen(<InventoryLog />, { level: 5, path: '/view-inventory-log' });
    const product = newId();
    await putRow(data.db, 'products', {
      id: product,
      title: 'Oil filter',
      description: 'OF-1',
      price: 1200,
      cost: 600,
      stock: 10,
      low_stock: 2,
      barcode: '',
      supplier: null,
      updated_at: '2025-01-01T00:00:00.000Z',
      version: 1,
    });
    const received = newId();
    const sold = newId();
    await putRow(data.db, 'inventory_log', {
      id: received,
      product_id: product,
      amount: 12,
      reason: 'received',
      ref: '',
      username: 'boss',
      created_at: '2025-03-04T15:30:05.000Z',
    });
    await putRow(data.db, 'inventory_log', {
      id: sold,
      product_id: product,
      amount: -2,
      reason: 'sold',
      ref: 'INV A1-0042',
      username: 'ana',
      created_at: '2025-03-06T15:00:00.000Z',
    });
    const row = await findRow(received);
    expect(within(row).getByText('Oil filter')).toBeTruthy();
    expect(within(row).getByText('+12 received')).toBeTruthy();
    expect(within(row).getByText('Mar 4th 2025, 10:30:05 AM')).toBeTruthy();
    expect(within(await findRow(sold)).getByText('-2 sold (INV A1-0042)')).toBeTruthy();
    const ids = [...document.querySelectorAll('tbody [data-row-id]')].map((r) => r.getAttribute('data-row-id'));
    expect(ids).toEqual([sold, received]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Search Inventory Log' }), { target: { value: 'INV A1' } });
    await waitFor(() => expect(rowOf(received)).toBeNull());
    expect(rowOf(sold)).toBeTruthy();
  });
});

// ---- Suppliers --------------------------------------------------------------------------------------------------

describe('Suppliers (SPEC §2, §5)', () => {
  it('lists bizname, email, address and contact', async () => {
    const { data } = await renderScreen(<Suppliers />, { level: 5, path: '/view-suppliers' });
    const s = await data.repos.products.addSupplier({
      bizname: 'Parts Ltd',
      email: 'sales@parts.test',
      address: '1 King St',
      contact: '8765550000',
    });
    const row = await findRow(s.id);
    expect(within(row).getByText('Parts Ltd')).toBeTruthy();
    expect(within(row).getByText('sales@parts.test').closest('a')?.getAttribute('href')).toBe(
      'mailto:sales@parts.test',
    );
    expect(within(row).getByText('1 King St')).toBeTruthy();
    expect(within(row).getByText('8765550000')).toBeTruthy();
  });

  it(`Add Supplier needs the business name ('${MSG.supplierNameRequired}'); the rest is optional`, async () => {
    const { data } = await renderScreen(<Suppliers />, { level: 5, path: '/view-suppliers' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Supplier' }));
    const dialog = await formDialog();
    type(dialog, { Email: 'a@b.test' });
    save(dialog);
    await waitFor(() => expect(within(dialog).getByText(MSG.supplierNameRequired)).toBeTruthy());
    expect(await outbox(data)).toHaveLength(0);

    type(dialog, { 'Business name': 'Brake World', Email: '' });
    save(dialog);
    await dialogGone();
    const row = nth(await data.db.suppliers.toArray(), 0);
    expect(row).toMatchObject({ bizname: 'Brake World', email: '', address: '', contact: '' });
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/v2/inventory/supplier',
      body: { data: { id: row.id, bizname: 'Brake World' } },
    });
    await findRow(row.id);
  });

  it('edits a supplier and queues PUT with the field changed and its base (issue 14)', async () => {
    const { data } = await renderScreen(<Suppliers />, { level: 5, path: '/view-suppliers' });
    const s = await data.repos.products.addSupplier({
      bizname: 'Parts Ltd',
      email: 'sales@parts.test',
      address: '1 King St',
      contact: '8765550000',
    });
    await data.db.outbox.clear();
    fireEvent.click(within(await findRow(s.id)).getByRole('button', { name: 'Edit Parts Ltd' }));
    const dialog = await formDialog();
    expect(field(dialog, 'Business name').value).toBe('Parts Ltd');
    type(dialog, { Address: '2 Queen St' });
    save(dialog);
    await dialogGone();
    expect(await data.db.suppliers.get(s.id)).toMatchObject({ bizname: 'Parts Ltd', address: '2 Queen St' });
    const entry = nth(await outbox(data), 0);
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/v2/inventory/supplier',
      body: {
        data: { id: s.id, address: '2 Queen St', base: { address: '1 King St' } },
      },
    });
    expect(entry.body).not.toHaveProperty('data.email');
    await waitFor(() => expect(within(rowOf(s.id)!).getByText('2 Queen St')).toBeTruthy());
  });

  it("deletes after 'Click delete to confirm.' and queues DELETE /v2/inventory/supplier", async () => {
    const { data } = await renderScreen(<Suppliers />, { level: 5, path: '/view-suppliers' });
    const s = await data.repos.products.addSupplier({ bizname: 'Parts Ltd' });
    await data.db.outbox.clear();
    fireEvent.click(within(await findRow(s.id)).getByRole('button', { name: 'Delete Parts Ltd' }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText(MSG.clickDeleteToConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowOf(s.id)).toBeNull());
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({ method: 'DELETE', path: '/v2/inventory/supplier', body: { data: { id: s.id } } });
  });

  it('below level 5 the table shows no add, edit or delete', async () => {
    const { data } = await renderScreen(<Suppliers />, { level: 4, path: '/view-suppliers' });
    const s = await putRow(data.db, 'suppliers', {
      id: newId(),
      bizname: 'Parts Ltd',
      email: '',
      address: '',
      contact: '',
    });
    const row = await findRow(s.id);
    expect(within(row).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Supplier' })).toBeNull();
  });
});
