import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppData } from '../../src/app/data/DataProvider';
import { Toaster, toaster } from '../../src/app/feedback/toaster';
import AddProduct from '../../src/app/inventory/AddProduct';
import Inventory from '../../src/app/inventory/Inventory';
import ProductList from '../../src/app/inventory/ProductList';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import type { ProductRow } from '../../src/local/db';
import { putRow } from '../../src/local/rows';
import { renderScreen } from './render';
import { fakeObjectUrls } from './fakes';
import { nth } from '../helpers/present';

// the machine is shared: give IndexedDB writes and Chakra's dialogs time

// jsdom has no object URLs; a photo kept on the device is shown through one
fakeObjectUrls('blob:http://localhost/fake-object-url');

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
/** the field whose label starts with `label` (a required field's label ends with an asterisk; 'Stock' is not 'Low stock') */
const field = (el: HTMLElement, label: string) =>
  within(el).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)) as HTMLInputElement;
function type(el: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(el, label), { target: { value } });
}
const click = (el: HTMLElement, name: string | RegExp) => fireEvent.click(within(el).getByRole('button', { name }));

/** A product as the pull brings it (the server's row on the device). */
async function product(data: AppData, fields: Partial<ProductRow> = {}): Promise<ProductRow> {
  const now = new Date().toISOString();
  const row = {
    id: newId(),
    title: 'Oil Filter',
    title_key: '',
    description: 'Spin-on filter',
    price: 1250,
    cost: 700,
    stock: 10,
    low_stock: 3,
    barcode: '',
    supplier: null,
    created_at: now,
    updated_at: now,
    version: 1,
    ...fields,
  };
  return (await putRow(data.db, 'products', row)) as ProductRow;
}

const screenWithToaster = (ui: React.ReactElement) => (
  <>
    {ui}
    <Toaster />
  </>
);

// ---- /add-product -------------------------------------------------------------------------------------------------

describe('Add Product (/add-product, SPEC §2, §5)', () => {
  it.each<[string, Record<string, string>]>([
    [MSG.titleMin, { Title: '  ', Description: 'Spin-on filter', Price: '12.50' }],
    [MSG.descriptionMin, { Title: 'Oil Filter', Description: '', Price: '12.50' }],
    [MSG.priceMin, { Title: 'Oil Filter', Description: 'Spin-on filter', Price: '' }],
  ])("shows '%s' and stores nothing", async (message, values) => {
    const { data } = await renderScreen(<AddProduct />, { level: 4, path: '/add-product' });
    const form = (await screen.findByRole('button', { name: 'Save' })).closest('form')!;
    type(form, values);
    click(form, 'Save');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await data.db.products.count()).toBe(0);
    expect(await outbox(data)).toHaveLength(0);
  });

  it('says adding needs level 4 (the server takes POST /product from there) and does not save at level 3', async () => {
    await renderScreen(<AddProduct />, { level: 3, path: '/add-product' });
    expect(await screen.findByText(/Adding a product needs level 4 or above/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves title, description and the price in cents with no stock, and queues POST /product', async () => {
    const { data } = await renderScreen(<AddProduct />, { level: 4, path: '/add-product' });
    const form = (await screen.findByRole('button', { name: 'Save' })).closest('form')!;
    type(form, { Title: ' Brake Pads ', Description: 'Front pair', Price: '45.99' });
    click(form, 'Save');
    await waitFor(async () => expect(await data.db.products.count()).toBe(1));
    const p = nth(await data.db.products.toArray(), 0);
    expect(p).toMatchObject({
      title: 'Brake Pads',
      description: 'Front pair',
      price: 4599,
      stock: 0,
      low_stock: 0,
      cost: 0,
      supplier: null,
      barcode: '',
    });
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/product',
      body: { data: { id: p.id, title: 'Brake Pads', description: 'Front pair', price: 4599 } },
    });
    // the form is emptied for the next product
    await waitFor(() => expect(field(form, 'Title').value).toBe(''));
  });
});

// ---- /products ----------------------------------------------------------------------------------------------------

describe('Products (/products, SPEC §2, §6)', () => {
  it('colours rows by stock at the boundaries: above low stock none, at low stock and at 1 amber, at 0 and below pink', async () => {
    const { data } = await renderScreen(<Inventory />, { level: 5, path: '/products' });
    const above = await product(data, { title: 'Above', stock: 4, low_stock: 3 });
    const at = await product(data, { title: 'At', stock: 3, low_stock: 3 });
    const one = await product(data, { title: 'One', stock: 1, low_stock: 3 });
    const zero = await product(data, { title: 'Zero', stock: 0, low_stock: 3 });
    const neg = await product(data, { title: 'Negative', stock: -1, low_stock: 3 });
    expect((await findRow(above.id)).getAttribute('data-stock')).toBeNull();
    expect((await findRow(at.id)).getAttribute('data-stock')).toBe('low');
    expect((await findRow(one.id)).getAttribute('data-stock')).toBe('low');
    expect((await findRow(zero.id)).getAttribute('data-stock')).toBe('out');
    expect((await findRow(neg.id)).getAttribute('data-stock')).toBe('out');
  });

  it('shows Photo, Title, Description, Price, Stock; level 5 also Low Stock, Cost, Supplier and the actions', async () => {
    const { data } = await renderScreen(<Inventory />, { level: 5, path: '/products' });
    const sup = await data.db.suppliers.put({
      id: newId(),
      bizname: 'Parts Co',
      email: '',
      address: '',
      contact: '',
      deleted: false,
      created_at: '',
      updated_at: '',
      version: 1,
    });
    const p = await product(data, { supplier: sup as string, cost: 700 });
    const row = await findRow(p.id);
    for (const h of ['Photo', 'Title', 'Description', 'Price', 'Stock', 'Low Stock', 'Cost', 'Supplier'])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${h}`) })).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('Parts Co')).toBeTruthy());
    expect(within(row).getByText('$7.00')).toBeTruthy();
    expect(within(row).getByText('$12.50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Receive Inventory' })).toBeTruthy();
  });

  it('hides Low Stock, Cost, Supplier and every management action below level 5', async () => {
    const { data } = await renderScreen(<Inventory />, { level: 4, path: '/products' });
    const p = await product(data);
    const row = await findRow(p.id);
    for (const h of ['Photo', 'Title', 'Description', 'Price', 'Stock'])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${h}`) })).toBeTruthy();
    for (const h of ['Low Stock', 'Cost', 'Supplier', 'Actions'])
      expect(screen.queryByRole('columnheader', { name: new RegExp(`^${h}`) })).toBeNull();
    expect(within(row).queryByText('$7.00')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Product' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Receive Inventory' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Edit|Delete|Receive/ })).toBeNull();
  });

  it('Add Product: the inventory fields are required and numbers; a valid product is stored in cents and queued', async () => {
    const { data } = await renderScreen(<Inventory />, { level: 5, path: '/products' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await formDialog();
    click(dialog, 'Save');
    for (const f of ['Title', 'Description', 'Stock', 'Low stock', 'Price'])
      expect(await within(dialog).findByText(`${f} is required`)).toBeTruthy();
    type(dialog, { Title: 'Wiper', Description: '22 inch', Stock: 'x', 'Low stock': '2', 'Price ($)': 'abc' });
    click(dialog, 'Save');
    expect(await within(dialog).findByText('Stock must be a number')).toBeTruthy();
    expect(within(dialog).getByText('Price must be a number')).toBeTruthy();
    expect(await data.db.products.count()).toBe(0);
    type(dialog, { Stock: '8', 'Price ($)': '9.99', 'Cost ($)': '4.5', Barcode: 'WIP22' });
    click(dialog, 'Save');
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).toBeNull());
    const [p] = await data.db.products.toArray();
    expect(p).toMatchObject({
      title: 'Wiper',
      description: '22 inch',
      stock: 8,
      low_stock: 2,
      price: 999,
      cost: 450,
      barcode: 'WIP22',
      supplier: null,
    });
    expect((await outbox(data))[0]).toMatchObject({ method: 'POST', path: '/v2/inventory/product' });
  });

  it("Delete asks 'Click delete to confirm.'; Cancel keeps the product, Delete removes it and queues the DELETE", async () => {
    const { data } = await renderScreen(<Inventory />, { level: 5, path: '/products' });
    const p = await product(data);
    click(await findRow(p.id), `Delete ${p.title}`);
    let dialog = await confirmDialog();
    expect(within(dialog).getByText(MSG.clickDeleteToConfirm)).toBeTruthy();
    click(dialog, 'Cancel');
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(await data.db.products.get(p.id)).toBeTruthy();
    click(await findRow(p.id), `Delete ${p.title}`);
    dialog = await confirmDialog();
    click(dialog, 'Delete');
    await waitFor(() => expect(rowOf(p.id)).toBeNull());
    expect((await outbox(data)).at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/v2/inventory/product',
      body: { data: { id: p.id } },
    });
  });

  it('Edit changes the product (not its stock) and queues the PUT', async () => {
    const { data } = await renderScreen(<Inventory />, { level: 5, path: '/products' });
    const p = await product(data);
    click(await findRow(p.id), `Edit ${p.title}`);
    const dialog = await formDialog();
    expect(field(dialog, 'Title').value).toBe('Oil Filter');
    expect(field(dialog, 'Price ($)').value).toBe('12.50');
    type(dialog, { 'Price ($)': '13', 'Low stock': '5' });
    click(dialog, 'Save');
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).toBeNull());
    expect(await data.db.products.get(p.id)).toMatchObject({ price: 1300, low_stock: 5, stock: 10 });
    const entry = (await outbox(data)).at(-1)!;
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/v2/inventory/product',
      body: { data: { id: p.id, price: 1300, low_stock: 5 } },
    });
    expect((entry.body as { data: Record<string, unknown> }).data).not.toHaveProperty('stock');
  });

  it("Edit's gallery refuses a photo over 10 MB with 'File size should be less than 10MB' and queues a small one", async () => {
    const { data } = await renderScreen(screenWithToaster(<Inventory />), { level: 5, path: '/products' });
    const p = await product(data);
    click(await findRow(p.id), `Edit ${p.title}`);
    const dialog = await formDialog();
    expect(within(dialog).getByRole('button', { name: 'Add Photo' })).toBeTruthy();
    const input = within(dialog).getByTestId('product-photo-input');
    const big = new File([new Uint8Array(10_000_001)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(MSG.fileTooLarge)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);
    expect(await data.db.product_photos.count()).toBe(0);
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2048)], 'filter.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(async () => expect(await outbox(data)).toHaveLength(1));
    expect((await outbox(data))[0]).toMatchObject({
      method: 'POST',
      path: '/upload/product-photo',
      form: { product_id: p.id },
    });
    expect(await within(dialog).findByTestId('product-photo')).toBeTruthy();
    await waitFor(() =>
      expect((within(dialog).getByAltText('Photo 1') as HTMLImageElement).src).toContain('fake-object-url'),
    );
    // per-photo delete
    click(dialog, 'Delete photo 1');
    click(await confirmDialog(), 'Delete');
    await waitFor(async () => expect(await data.db.product_photos.count()).toBe(0));
    expect((await outbox(data)).at(-1)).toMatchObject({ method: 'DELETE', path: '/productPhoto' });
  });
});

// ---- Receive Inventory --------------------------------------------------------------------------------------------

describe('Receive Inventory (SPEC §2, §4, §5)', () => {
  const search = (dialog: HTMLElement, text: string) =>
    fireEvent.change(field(dialog, 'Search product'), { target: { value: text } });
  const results = () => screen.queryByTestId('receive-results');

  it('searches only when the typed length is a multiple of 3', async () => {
    const { data } = await renderScreen(<Inventory />, { level: 5, path: '/products' });
    await product(data, { title: 'Oil Filter' });
    await product(data, { title: 'Oil Pan' });
    fireEvent.click(await screen.findByRole('button', { name: 'Receive Inventory' }));
    const dialog = await formDialog();
    search(dialog, 'Oi');
    await new Promise((r) => setTimeout(r, 200));
    expect(results()).toBeNull();
    search(dialog, 'Oil');
    await waitFor(() => expect(within(results()!).getAllByRole('button')).toHaveLength(2));
    // 5 characters: no new search, the 3-character results stay
    search(dialog, 'Oil F');
    await new Promise((r) => setTimeout(r, 200));
    expect(within(results()!).getAllByRole('button')).toHaveLength(2);
    // 6 characters: searched again
    search(dialog, 'Oil Fi');
    await waitFor(() => expect(within(results()!).getAllByRole('button')).toHaveLength(1));
    expect(within(results()!).getByRole('button', { name: /Oil Filter/ })).toBeTruthy();
  });

  it('finds by barcode; shows cost, price, stock, the recent inventory and the barcode; Save adds the amount and queues the PUT with receival', async () => {
    const { data } = await renderScreen(<Inventory />, { level: 5, path: '/products' });
    const p = await product(data, { barcode: '978123', stock: 4, cost: 700, price: 1250 });
    await data.db.inventory_log.put({
      id: newId(),
      product_id: p.id,
      amount: 12,
      reason: '',
      ref: '',
      username: '',
      created_at: '2026-01-05T15:00:00.000Z',
      updated_at: '2026-01-05T15:00:00.000Z',
      version: 1,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Receive Inventory' }));
    const dialog = await formDialog();
    search(dialog, '978123');
    const panel = await within(dialog).findByTestId('receive-product');
    expect(within(panel).getByTestId('receive-cost').textContent).toBe('$7.00');
    expect(within(panel).getByTestId('receive-price').textContent).toBe('$12.50');
    expect(within(panel).getByTestId('receive-stock').textContent).toBe('4');
    const log = within(panel).getByTestId('receive-log');
    expect(await within(log).findByText('+12')).toBeTruthy();
    expect(within(panel).getByTestId('barcode').textContent).toContain('978123');
    // jsbarcode (loaded on demand) draws the bars into the SVG
    await waitFor(() =>
      expect(within(panel).getByTestId('barcode').querySelectorAll('rect').length).toBeGreaterThan(2),
    );
    type(dialog, { 'Amount received': '6' });
    click(dialog, 'Save');
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).toBeNull());
    expect((await data.db.products.get(p.id))?.stock).toBe(10);
    const entry = (await outbox(data)).at(-1)!;
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/v2/inventory/product',
      body: { data: { id: p.id, receival: true, amount: 6 } },
    });
    expect(within(await findRow(p.id)).getByText('10')).toBeTruthy();
  });

  it('refuses an empty amount with the repository words and changes nothing', async () => {
    const { data } = await renderScreen(<Inventory />, { level: 5, path: '/products' });
    const p = await product(data);
    click(await findRow(p.id), `Receive ${p.title}`);
    const dialog = await formDialog();
    await within(dialog).findByTestId('receive-product');
    click(dialog, 'Save');
    expect(await within(dialog).findByText('Enter the amount received.')).toBeTruthy();
    expect((await data.db.products.get(p.id))?.stock).toBe(10);
    expect(await outbox(data)).toHaveLength(0);
  });
});

// ---- /view-products -----------------------------------------------------------------------------------------------

describe('Product List (/view-products, SPEC §2, §6)', () => {
  it('level 3 sees the products without Edit or Delete', async () => {
    const { data } = await renderScreen(<ProductList />, { level: 3, path: '/view-products' });
    const p = await product(data);
    const row = await findRow(p.id);
    expect(within(row).getByText('Oil Filter')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });

  it("level 4 edits inline with the Add Product messages ('Title should be atleast 1 character') and saves through the repository", async () => {
    const { data } = await renderScreen(<ProductList />, { level: 4, path: '/view-products' });
    const p = await product(data);
    click(await findRow(p.id), `Edit ${p.title}`);
    const row = await findRow(p.id);
    await waitFor(() => expect(field(row, 'Title').value).toBe('Oil Filter'));
    type(row, { Title: '' });
    click(row, 'Save');
    expect(await within(row).findByText(MSG.titleMin)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);
    type(row, { Title: 'Oil Filter XL', 'Price ($)': '15' });
    click(row, 'Save');
    await waitFor(async () => expect((await data.db.products.get(p.id))?.title).toBe('Oil Filter XL'));
    expect((await data.db.products.get(p.id))?.price).toBe(1500);
    expect((await outbox(data)).at(-1)).toMatchObject({
      method: 'PUT',
      path: '/product',
      body: { data: { id: p.id, title: 'Oil Filter XL', description: 'Spin-on filter', price: 1500 } },
    });
    await waitFor(() => expect(within(rowOf(p.id)!).getByText('Oil Filter XL')).toBeTruthy());
  });

  it("level 4 deletes after 'Click delete to confirm.'", async () => {
    const { data } = await renderScreen(<ProductList />, { level: 4, path: '/view-products' });
    const p = await product(data);
    click(await findRow(p.id), `Delete ${p.title}`);
    const dialog = await confirmDialog();
    expect(within(dialog).getByText(MSG.clickDeleteToConfirm)).toBeTruthy();
    click(dialog, 'Delete');
    await waitFor(() => expect(rowOf(p.id)).toBeNull());
    expect((await outbox(data)).at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/product',
      body: { data: { id: p.id } },
    });
  });
});
