import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createData, type AppData } from '../../src/app/data/DataProvider';
import MakeSale from '../../src/app/sales/MakeSale';
import { fill, MSG } from '../../src/domain/messages';
import { setMeta, type CustomerRow, type ProductRow } from '../../src/local/db';
import { renderScreen } from './render';
import { nth } from '../helpers/present';

let seq = 0;
async function device() {
  const data = createData(`make-sale-${Math.random().toString(36).slice(2)}`);
  await setMeta(data.db, 'session', { username: 'admin', permission: 5 });
  await setMeta(data.db, 'deviceCode', 'T1');
  return data;
}

async function customer(data: AppData, over: { blocked?: boolean; registration?: string } = {}): Promise<CustomerRow> {
  seq += 1;
  const n = String(seq).padStart(3, '0');
  const id = await data.repos.customers.add({
    VIN: `1HGCM82633A004${n}`,
    'Registration Number': over.registration ?? `PK ${n}`,
    'First name': 'Ann',
    'Last name': `Lee${n}`,
    'Contact number': `876555${n.padStart(4, '0')}`,
    Email: 'ann@shop.test',
  });
  if (over.blocked) await data.repos.customers.setActive(id, false);
  return (await data.repos.customers.get(id))!;
}

const product = (data: AppData, title: string, over: { price?: number; stock?: number } = {}): Promise<ProductRow> =>
  data.repos.products.add({
    title,
    description: `${title} description`,
    price: over.price ?? 1500,
    stock: over.stock ?? 5,
    low_stock: 1,
  });

async function open(data: AppData, id?: string, level = 4) {
  await renderScreen(<MakeSale />, {
    data,
    level,
    path: id ? `/make-sale?id=${encodeURIComponent(id)}` : '/make-sale',
    route: '/make-sale',
  });
}

const location = () => screen.getByTestId('location').textContent;
const find = (text: string) => fireEvent.change(screen.getByLabelText('Find customer'), { target: { value: text } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

async function addProduct(title: string) {
  fireEvent.change(await screen.findByLabelText('Search products'), { target: { value: title.slice(0, 4) } });
  fireEvent.click(await screen.findByRole('button', { name: `Add ${title}` }));
  await screen.findByLabelText(`Quantity of ${title}`);
}

describe('Make Sale without id: Find customer (SPEC §2)', () => {
  it('finds a customer by registration, contact number, customer id and VIN, and opens their sale', async () => {
    const data = await device();
    const c = await customer(data, { registration: 'HX 4411' });
    await customer(data);
    await open(data);
    for (const text of ['hx44', c.contact.slice(0, 7), c.id, c.vin.slice(0, 10)]) {
      find(text);
      await waitFor(() => expect(document.querySelector(`[data-customer-id="${c.id}"]`)).toBeTruthy());
    }
    const row = document.querySelector(`[data-customer-id="${c.id}"]`) as HTMLElement;
    expect(within(row).getByText(`Ann ${c.last_name}`)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: `Sell to Ann ${c.last_name}` }));
    await waitFor(() => expect(location()).toBe(`/make-sale?id=${c.id}`));
    expect(await screen.findByText('Create Product Invoice')).toBeTruthy();
  });

  it(`asks for 3 or more characters ('${MSG.lookupMin}') and says '${MSG.noRecordFound}' when nothing matches`, async () => {
    const data = await device();
    await customer(data);
    await open(data);
    find('PK');
    expect(await screen.findByText(MSG.lookupMin)).toBeTruthy();
    expect(screen.queryByTestId('customer-results')).toBeNull();
    find('ZZZ999');
    expect(await screen.findByText(fill(MSG.noRecordFound, { id: 'ZZZ999' }))).toBeTruthy();
  });

  it('Quick Sale opens an anonymous sale (id default)', async () => {
    const data = await device();
    await open(data);
    fireEvent.click(screen.getByRole('button', { name: 'Quick Sale' }));
    await waitFor(() => expect(location()).toBe('/make-sale?id=default'));
    expect(await screen.findByText('Create Product Invoice')).toBeTruthy();
    expect(screen.getByTestId('sale-customer').textContent).toContain('Quick Sale');
  });

  it('Add Customer opens the dialog; the saved customer goes straight to their sale', async () => {
    const data = await device();
    await open(data);
    fireEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = await screen.findByTestId('add-customer-dialog');
    const values: Record<string, string> = {
      VIN: '1HGCM82633A004352',
      'Registration Number': 'NEW 1',
      'First name': 'Cy',
      'Last name': 'Dale',
      'Contact number': '8765550000',
      Email: '',
    };
    for (const [label, value] of Object.entries(values))
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toMatch(/^\/make-sale\?id=./));
    const row = nth(await data.db.customers.toArray(), 0);
    expect(row).toMatchObject({ first_name: 'Cy', last_name: 'Dale' });
    expect(location()).toBe(`/make-sale?id=${row.id}`);
    expect(await screen.findByText('Create Product Invoice')).toBeTruthy();
  });
});

describe('Make Sale with id: Create Product Invoice (SPEC §2, §5)', () => {
  it("shows the customer and a summary of 'Products Total', 'Labour Total' and 'Total'", async () => {
    const data = await device();
    const c = await customer(data);
    await product(data, 'Oil filter', { price: 1599 });
    await open(data, c.id);
    await screen.findByText('Create Product Invoice');
    expect(screen.getByTestId('sale-customer').textContent).toContain(`Ann ${c.last_name}`);
    await addProduct('Oil filter');
    fireEvent.change(screen.getByLabelText('Quantity of Oil filter'), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('summary-products').textContent).toBe('Products Total$47.97'));
    expect(screen.getByTestId('summary-labour').textContent).toBe('Labour Total$0.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('Total$47.97');
  });

  it(`refuses an empty sale: '${MSG.addProductsFirst}'`, async () => {
    const data = await device();
    const c = await customer(data);
    await open(data, c.id);
    await screen.findByText('Create Product Invoice');
    save();
    expect((await screen.findByTestId('save-error')).textContent).toContain(MSG.addProductsFirst);
    expect(await data.db.invoices.count()).toBe(0);
  });

  it(`refuses a sale of nothing to pay: '${MSG.zeroInvoice}'`, async () => {
    const data = await device();
    await product(data, 'Free sticker', { price: 0 });
    await open(data, 'default');
    await addProduct('Free sticker');
    save();
    expect((await screen.findByTestId('save-error')).textContent).toContain(MSG.zeroInvoice);
    expect(await data.db.invoices.count()).toBe(0);
  });

  it("saves the customer's sale on the device, moves stock, queues POST /invoice-product and opens the invoice", async () => {
    const data = await device();
    const c = await customer(data);
    const oil = await product(data, 'Oil filter', { price: 1500, stock: 4 });
    await data.db.outbox.clear();
    await open(data, c.id);
    await addProduct('Oil filter');
    fireEvent.change(screen.getByLabelText('Quantity of Oil filter'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('Total$30.00'));
    save();
    await waitFor(() => expect(location()).toMatch(/^\/view-invoice\?id=/));
    const inv = nth(await data.db.invoices.toArray(), 0);
    expect(location()).toBe(`/view-invoice?id=${inv.id}`);
    expect(inv).toMatchObject({ type: 'product', customer_id: c.id, total: 3000, work_hour: 0, rate_hour: 0 });
    expect((await data.repos.products.get(oil.id))!.stock).toBe(2);
    const entry = nth(await data.db.outbox.toArray(), 0);
    expect(entry).toMatchObject({ method: 'POST', path: '/invoice-product' });
    expect((entry.body as { data: { fetchedData: { id: string } } }).data.fetchedData.id).toBe(c.id);
  });

  it('Quick Sale saves an anonymous sale', async () => {
    const data = await device();
    await product(data, 'Oil filter');
    await data.db.outbox.clear();
    await open(data, 'default');
    await addProduct('Oil filter');
    save();
    await waitFor(() => expect(location()).toMatch(/^\/view-invoice\?id=/));
    const [inv] = await data.db.invoices.toArray();
    expect(inv).toMatchObject({ type: 'product', customer_id: null, total: 1500 });
    const entry = nth(await data.db.outbox.toArray(), 0);
    expect((entry.body as { data: { fetchedData: unknown } }).data.fetchedData).toBe('default');
  });

  it(`a blocked customer: '${MSG.customerBlocked}', nothing can be sold (the repository refuses too)`, async () => {
    const data = await device();
    const c = await customer(data, { blocked: true });
    const oil = await product(data, 'Oil filter');
    await open(data, c.id);
    expect((await screen.findByTestId('blocked-notice')).textContent).toContain(MSG.customerBlocked);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Search products') as HTMLInputElement).disabled).toBe(true);
    await expect(
      data.repos.invoices.sale(c.id, [{ id: oil.id, title: oil.title, description: '', price: oil.price, qty: 1 }]),
    ).rejects.toThrow(MSG.customerBlocked);
  });

  it(`says '${MSG.noRecordFound}' for an unknown customer id, and Go Back returns to the search`, async () => {
    const data = await device();
    await open(data, 'nobody-here');
    expect(await screen.findByText(fill(MSG.noRecordFound, { id: 'nobody-here' }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(location()).toBe('/make-sale'));
    expect(await screen.findByLabelText('Find customer')).toBeTruthy();
  });

  it('Go Back from a sale returns to Find customer', async () => {
    const data = await device();
    await open(data, 'default');
    fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(location()).toBe('/make-sale'));
  });
});
