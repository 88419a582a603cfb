import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createData, type AppData } from '../../src/app/data/DataProvider';
import InvoiceEditor from '../../src/app/invoices/InvoiceEditor';
import { formatShop } from '../../src/domain/dates';
import { MSG, fill } from '../../src/domain/messages';
import { setMeta, type InvoiceRow, type OutboxEntry } from '../../src/local/db';
import type { Line } from '../../src/local/repositories/invoices';
import { renderScreen } from './render';
import { catchOpened } from './fakes';
import { readPdf } from '../helpers/pdfText';
import { nth } from '../helpers/present';

// money screens seed a customer, a job, products and an invoice through the repositories: slow on shared cores

afterEach(() => {
  vi.restoreAllMocks();
});

// ---- seeding through the repositories ---------------------------------------------------------------------------

interface Seed {
  level?: number;
  work?: number;
  /** cents per hour */
  rate?: number;
  points?: number;
  /** products to put on the invoice: [title, price cents, stock, qty on the invoice] */
  products?: [string, number, number, number][];
  type?: 'service' | 'product';
  /** a Quick Sale without a customer */
  anonymous?: boolean;
}

async function setup(opts: Seed = {}) {
  const data = createData(`invoice-editor-${Math.random().toString(36).slice(2)}`);
  await setMeta(data.db, 'session', { username: 'user5', permission: 5 });
  await setMeta(data.db, 'deviceCode', 'T1');
  const customerId = await data.repos.customers.add({
    VIN: '1HGCM82633A004352',
    'Registration Number': 'PK 1234',
    'First name': 'Ann',
    'Last name': 'Lee',
    'Contact number': '8765551234',
    Email: 'ann@shop.test',
  });
  if (opts.points) await data.db.customers.update(customerId, { current_points: opts.points });
  const customer = (await data.repos.customers.get(customerId))!;
  const lines: Line[] = [];
  const productIds: string[] = [];
  for (const [title, price, stock, qty] of opts.products ?? []) {
    const p = await data.repos.products.add({ title, description: `${title} part`, price, stock, low_stock: 1 });
    productIds.push(p.id);
    if (qty > 0) lines.push({ id: p.id, title, description: p.description, price, qty });
  }
  const job = await data.repos.jobs.create({ customer, service: ['Oil change', 'Brakes'], mileage: 42000 });
  const inv =
    opts.type === 'product'
      ? await data.repos.invoices.sale(opts.anonymous ? null : customerId, lines)
      : await data.repos.invoices.create(job.id, { work_hour: opts.work ?? 2, rate_hour: opts.rate ?? 5000 }, lines);
  await data.db.outbox.clear();
  await renderScreen(<InvoiceEditor />, {
    level: opts.level ?? 4,
    data,
    path: `/view-invoice?id=${inv.id}`,
    route: '/view-invoice',
  });
  await screen.findByTestId('invoice-editor');
  return { data, inv, job, customerId, productIds };
}

// ---- reading and driving the screen -----------------------------------------------------------------------------

const outbox = (data: AppData): Promise<OutboxEntry[]> => data.db.outbox.orderBy('seq').toArray();
const posts = async (data: AppData, path: string) => (await outbox(data)).filter((e) => e.path === path);
const stored = (data: AppData, id: string) => data.repos.invoices.get(id) as Promise<InvoiceRow>;
const button = (name: string) => screen.getByRole('button', { name });
const queryButton = (name: string) => screen.queryByRole('button', { name });
const due = () => screen.getByTestId('summary-due').textContent;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function dialog(testId: string) {
  return screen.findByTestId(testId);
}
const field = (d: HTMLElement, name: string) =>
  d.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement;
const submitOf = (d: HTMLElement, name: string) => within(d).getByRole('button', { name });

/** Opens a payment method's dialog, types the amount and presses Make payment. */
async function pay(method: string, amount: string) {
  fireEvent.click(button(method));
  const d = await dialog('payment-dialog');
  type(field(d, 'amount'), amount);
  fireEvent.click(submitOf(d, 'Make payment'));
  return d;
}

// ---- what it shows ----------------------------------------------------------------------------------------------

describe('Invoice editor: what it shows (SPEC §2, §4, §9)', () => {
  it('shows the invoice number, its time in the shop zone, Due, and the customer and vehicle of its job', async () => {
    const { inv } = await setup();
    expect(screen.getByTestId('invoice-number').textContent).toBe(`INV ${inv.number}`);
    expect(screen.getByTestId('invoice-status').textContent).toBe('Due');
    // SPEC §9 "stored time plus 5 hours": the shop's zone (America/Jamaica, UTC-5)
    expect(screen.getByTestId('invoice-created').textContent).toBe(formatShop(inv.created_at, 'America/Jamaica'));
    expect(screen.getByTestId('info-registration').textContent).toBe('PK 1234');
    expect(screen.getByTestId('info-contact').textContent).toBe('8765551234');
    expect(screen.getByTestId('info-email').textContent).toBe('ann@shop.test');
    expect(screen.getByTestId('info-vin').textContent).toBe('1HGCM82633A004352');
    expect(screen.getByTestId('info-mileage').textContent).toBe('42000');
    expect(screen.getByTestId('info-services').textContent).toBe('Oil change, Brakes');
    expect(input('Work hours').value).toBe('2');
    expect(input('Rate per hour').value).toBe('50');
    expect(screen.getByTestId('summary-total').textContent).toContain('$100.00');
    expect(due()).toContain('$100.00');
    for (const name of [
      'View Invoices',
      'Invoice PDF',
      'Print',
      'Save & Recal Charges',
      'Cash',
      'Credit Card',
      'Debit Card',
      'Cheque',
      'Online',
      'Apply Discount',
      'Apply Points',
      'Add Storage',
    ]) {
      expect(button(name)).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: /Storage charge/ })).toBeTruthy();
  });

  it("says 'No record found <id>' for an invoice the device does not hold", async () => {
    const data = createData(`invoice-editor-${Math.random().toString(36).slice(2)}`);
    await renderScreen(<InvoiceEditor />, { level: 4, data, path: '/view-invoice?id=nope', route: '/view-invoice' });
    expect((await screen.findByTestId('invoice-not-found')).textContent).toContain(
      fill(MSG.noRecordFound, { id: 'nope' }),
    );
    fireEvent.click(button('View Invoices'));
    expect(screen.getByTestId('location').textContent).toBe('/view-invoices');
  });

  it('View Invoices goes to /view-invoices', async () => {
    await setup();
    fireEvent.click(button('View Invoices'));
    expect(screen.getByTestId('location').textContent).toBe('/view-invoices');
  });

  it('below level 4 (edit invoice is above 3) nothing can be edited or paid', async () => {
    await setup({ level: 3 });
    expect(queryButton('Save & Recal Charges')).toBeNull();
    expect(queryButton('Cash')).toBeNull();
    expect(queryButton('Apply Discount')).toBeNull();
    expect(input('Work hours').disabled).toBe(true);
  });
});

// ---- Save & Recal Charges ---------------------------------------------------------------------------------------

describe('Save & Recal Charges (SPEC §5 Invoice save)', () => {
  it.each([
    [MSG.enterWorkHours, 'Work hours'],
    [MSG.enterRate, 'Rate per hour'],
  ])("shows '%s' when %s is empty, and saves nothing", async (message, label) => {
    const { data } = await setup();
    type(input(label), '');
    fireEvent.click(button('Save & Recal Charges'));
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
    expect(await outbox(data)).toHaveLength(0);
  });

  it('ignores negative entries (the previous value stays)', async () => {
    await setup();
    type(input('Work hours'), '-3');
    expect(input('Work hours').value).toBe('2');
  });

  it(`shows '${MSG.zeroInvoice}' for an invoice that comes to 0`, async () => {
    const { data, inv } = await setup();
    type(input('Work hours'), '0');
    fireEvent.click(button('Save & Recal Charges'));
    expect((await screen.findByTestId('save-error')).textContent).toContain(MSG.zeroInvoice);
    expect(await outbox(data)).toHaveLength(0);
    expect((await stored(data, inv.id)).work_hour).toBe(2);
  });

  it('saves new work hours and rate: PUT /invoice-details, the figures recalculated', async () => {
    const { data, inv } = await setup();
    type(input('Work hours'), '3');
    type(input('Rate per hour'), '60');
    expect(screen.getByTestId('unsaved')).toBeTruthy();
    fireEvent.click(button('Save & Recal Charges'));
    await waitFor(async () => expect((await stored(data, inv.id)).work_hour).toBe(3));
    const row = await stored(data, inv.id);
    expect(row.rate_hour).toBe(6000);
    expect(row.total).toBe(18000);
    const sent = await outbox(data);
    expect(sent.map((e) => `${e.method} ${e.path}`)).toEqual(['PUT /invoice-details']);
    expect((nth(sent, 0).body as { data: { formData: unknown } }).data.formData).toEqual({
      work_hour: 3,
      rate_hour: 6000,
    });
    await waitFor(() => expect(due()).toContain('$180.00'));
    expect(screen.queryByTestId('unsaved')).toBeNull();
  });

  it(`products: adding one shows '${MSG.productsAdjusted}', Save records it and takes it from stock`, async () => {
    const { data, inv, productIds } = await setup({ products: [['Oil filter', 1500, 5, 0]] });
    type(screen.getByPlaceholderText('Title, barcode or description'), 'Oil');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Oil filter' }));
    expect((await screen.findByTestId('products-adjusted')).textContent).toContain(MSG.productsAdjusted);
    expect(screen.getByTestId('summary-products').textContent).toContain('$15.00');
    fireEvent.click(button('Save & Recal Charges'));
    await waitFor(async () => expect((await stored(data, inv.id)).products).toHaveLength(1));
    expect((await data.repos.products.get(nth(productIds, 0)))!.stock).toBe(4);
    await waitFor(() => expect(screen.queryByTestId('products-adjusted')).toBeNull());
    expect(due()).toContain('$115.00');
  });

  it("a quantity above stock is refused with '{title} has only ({stock}) in stock'", async () => {
    const { data } = await setup({ products: [['Brake pad', 4000, 1, 1]] });
    // the invoice holds the one unit there was: 1 available to this invoice (the stock is read live; let it load)
    await act(() => new Promise((r) => setTimeout(r, 200)));
    type(screen.getByLabelText('Quantity of Brake pad'), '2');
    expect((await screen.findByRole('alert')).textContent).toContain(
      fill(MSG.onlyInStock, { title: 'Brake pad', stock: 1 }),
    );
    expect((screen.getByLabelText('Quantity of Brake pad') as HTMLInputElement).value).toBe('1');
    expect(await outbox(data)).toHaveLength(0);
  });

  it('the save refusal of the repository (stock gone under it) is shown as it is', async () => {
    const { data, inv, productIds } = await setup({ products: [['Brake pad', 4000, 3, 1]] });
    type(screen.getByLabelText('Quantity of Brake pad'), '3');
    // another device's sale of the last units arrives before Save
    await act(() => data.db.products.update(nth(productIds, 0), { stock: 0 }));
    fireEvent.click(button('Save & Recal Charges'));
    expect((await screen.findByTestId('save-error')).textContent).toContain(
      fill(MSG.onlyInStock, { title: 'Brake pad', stock: 1 }),
    );
    expect(await outbox(data)).toHaveLength(0);
    expect((await stored(data, inv.id)).products).toEqual([expect.objectContaining({ qty: 1 })]);
  });
});

// ---- payments ---------------------------------------------------------------------------------------------------

describe('Payments (SPEC §4, §5 Payment)', () => {
  it(`unsaved edits block payments: '${MSG.mustSaveFirst}'; after Save the payment dialog opens`, async () => {
    const { data } = await setup();
    type(input('Work hours'), '3');
    fireEvent.click(button('Cash'));
    expect((await screen.findByTestId('editor-notice')).textContent).toContain(MSG.mustSaveFirst);
    expect(screen.queryByTestId('payment-dialog')).toBeNull();
    for (const name of ['Apply Discount', 'Apply Points']) {
      fireEvent.click(button(name));
      expect(screen.queryByTestId('discount-dialog') ?? screen.queryByTestId('points-dialog')).toBeNull();
    }
    expect(await outbox(data)).toHaveLength(0);
    fireEvent.click(button('Save & Recal Charges'));
    await waitFor(() => expect(screen.queryByTestId('unsaved')).toBeNull());
    fireEvent.click(button('Cash'));
    expect(await dialog('payment-dialog')).toBeTruthy();
    expect(screen.getByTestId('payment-due').textContent).toBe('$150.00');
  });

  it.each([
    [MSG.needValue, ''],
    [MSG.invalidPayment, '0'],
    [MSG.invalidPayment, '-5'],
    [MSG.invalidPayment, '100.01'],
    [MSG.invalidPayment, 'ten'],
  ])("shows '%s' for the amount '%s', and records nothing", async (message, amount) => {
    const { data, inv } = await setup();
    const d = await pay('Cash', amount);
    expect((await within(d).findByTestId('payment-dialog-error')).textContent).toContain(message);
    expect(await outbox(data)).toHaveLength(0);
    expect((await stored(data, inv.id)).payment).toBe(0);
  });

  it('a partial payment: one POST /transaction, the amount due falls, the payment is listed with its receipt number', async () => {
    const { data, inv } = await setup();
    await pay('Credit Card', '40');
    await waitFor(() => expect(screen.queryByTestId('payment-dialog')).toBeNull());
    const sent = await posts(data, '/transaction');
    expect(sent).toHaveLength(1);
    expect(nth(sent, 0).body).toMatchObject({ data: { method: 'credit_card', invoice_id: inv.id, amount: 4000 } });
    await waitFor(() => expect(due()).toContain('$60.00'));
    expect(screen.getByTestId('invoice-status').textContent).toBe('Due');
    const t = nth(await data.repos.invoices.transactions(inv.id), 0);
    const row = document.querySelector(`[data-row-id="${t.id}"]`) as HTMLElement;
    expect(row.textContent).toContain(t.number);
    expect(row.textContent).toContain('Credit Card');
    expect(row.textContent).toContain('$40.00');
    expect(row.textContent).toContain(formatShop(t.created_at, 'America/Jamaica'));
    expect(button('Cash')).toBeTruthy();
  });

  it('paying the rest makes it PAID and locked: no payment, discount, points or storage; hours, rate and items read-only', async () => {
    const { data, inv } = await setup({ products: [['Oil filter', 1500, 5, 1]], points: 50 });
    await pay('Cash', '15');
    await waitFor(() => expect(due()).toContain('$100.00'));
    await pay('Online', '100');
    await waitFor(() => expect(screen.getByTestId('invoice-status').textContent).toBe('PAID'));
    // one badge, not "Paid" beside "PAID" (issue 15)
    expect(screen.getByTestId('invoice-number').parentElement!.textContent).not.toMatch(/Paid/);
    expect(screen.getByTestId('invoice-editor').dataset.locked).toBe('true');
    for (const name of [
      'Cash',
      'Credit Card',
      'Debit Card',
      'Cheque',
      'Online',
      'Apply Discount',
      'Apply Points',
      'Save & Recal Charges',
      'Add Storage',
      'Item Return',
    ]) {
      expect(queryButton(name)).toBeNull();
    }
    expect(screen.queryByRole('checkbox', { name: /Storage charge/ })).toBeNull();
    expect(input('Work hours').disabled).toBe(true);
    expect(input('Rate per hour').disabled).toBe(true);
    expect(screen.queryByTestId('product-picker')).toBeNull();
    expect(screen.queryByLabelText('Quantity of Oil filter')).toBeNull();
    expect((await stored(data, inv.id)).total).toBe(0);
    expect(await posts(data, '/transaction')).toHaveLength(2);
    // the documents stay available
    expect(button('Invoice PDF')).toBeTruthy();
    expect(button('Print')).toBeTruthy();
  });

  it('a double click, or Enter then a click, on Make payment queues exactly one payment', async () => {
    const { data, inv } = await setup();
    fireEvent.click(button('Cash'));
    const d = await dialog('payment-dialog');
    type(field(d, 'amount'), '25');
    const submit = submitOf(d, 'Make payment');
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.submit(d.querySelector('form')!);
    await waitFor(() => expect(screen.queryByTestId('payment-dialog')).toBeNull());
    expect(await posts(data, '/transaction')).toHaveLength(1);
    expect(await data.repos.invoices.transactions(inv.id)).toHaveLength(1);
    expect((await stored(data, inv.id)).payment).toBe(2500);
    await waitFor(() => expect(due()).toContain('$75.00'));
  });

  it('a double click on a payment method opens one dialog', async () => {
    const { data } = await setup();
    fireEvent.click(button('Cheque'));
    fireEvent.click(button('Cheque'));
    await dialog('payment-dialog');
    expect(screen.getAllByTestId('payment-dialog')).toHaveLength(1);
    expect(await outbox(data)).toHaveLength(0);
  });

  it(`the invoice changed while the dialog was open: '${MSG.couldNotPay}', nothing recorded; trying again pays`, async () => {
    const { data, inv } = await setup();
    fireEvent.click(button('Cash'));
    const d = await dialog('payment-dialog');
    // another tab applies a discount while the cashier types
    await act(() => data.repos.invoices.discount(inv.id, 10).then(() => undefined));
    await data.db.outbox.clear();
    // the dialog has seen the change (on a loaded machine the live read can land after the click otherwise)
    await waitFor(() => expect(within(d).getByTestId('payment-due').textContent).toBe('$90.00'));
    type(field(d, 'amount'), '50');
    fireEvent.click(submitOf(d, 'Make payment'));
    expect((await within(d).findByTestId('payment-dialog-error')).textContent).toContain(MSG.couldNotPay);
    expect(await posts(data, '/transaction')).toHaveLength(0);
    expect(within(d).getByTestId('payment-due').textContent).toBe('$90.00');
    fireEvent.click(await within(d).findByRole('button', { name: 'Make payment' }));
    await waitFor(() => expect(screen.queryByTestId('payment-dialog')).toBeNull());
    expect(await posts(data, '/transaction')).toHaveLength(1);
  });
});

// ---- discount and points ----------------------------------------------------------------------------------------

describe('Apply Discount (SPEC §5, §9 choices)', () => {
  it('offers none and 5 % to 20 %; one must be selected; 10 % takes $10 off and queues POST /discount', async () => {
    const { data, inv } = await setup();
    fireEvent.click(button('Apply Discount'));
    const d = await dialog('discount-dialog');
    const select = within(d).getByLabelText('Discount') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Select a discount',
      'None',
      ...Array.from({ length: 16 }, (_, i) => `${i + 5}%`),
    ]);
    fireEvent.click(submitOf(d, 'Apply'));
    expect((await within(d).findByTestId('discount-dialog-error')).textContent).toContain(MSG.chooseDiscount);
    expect(await outbox(data)).toHaveLength(0);
    fireEvent.change(select, { target: { value: '10' } });
    const apply = submitOf(d, 'Apply');
    fireEvent.click(apply);
    fireEvent.click(apply);
    await waitFor(() => expect(screen.queryByTestId('discount-dialog')).toBeNull());
    const sent = await posts(data, '/discount');
    expect(sent).toHaveLength(1);
    expect(nth(sent, 0).body).toMatchObject({ data: { invoice_id: inv.id, amount: 10 } });
    await waitFor(() => expect(due()).toContain('$90.00'));
    expect(screen.getByTestId('summary-discount').textContent).toContain('$10.00');
    expect(screen.getByTestId('discount-applied').textContent).toContain('10%');
  });

  it("'None' records nothing", async () => {
    const { data } = await setup();
    fireEvent.click(button('Apply Discount'));
    const d = await dialog('discount-dialog');
    fireEvent.change(within(d).getByLabelText('Discount'), { target: { value: '0' } });
    fireEvent.click(submitOf(d, 'Apply'));
    await waitFor(() => expect(screen.queryByTestId('discount-dialog')).toBeNull());
    expect(await outbox(data)).toHaveLength(0);
  });

  it(`shows '${MSG.couldNotDiscount}' when the invoice changed while the dialog was open`, async () => {
    const { data, inv } = await setup();
    fireEvent.click(button('Apply Discount'));
    const d = await dialog('discount-dialog');
    await act(() => data.repos.invoices.pay(inv.id, 'cash', 1000).then(() => undefined));
    // the payment has reached the screen (a live query): the dialog now holds a newer invoice than it opened on
    await waitFor(() => expect(due()).toContain('$90.00'));
    await data.db.outbox.clear();
    fireEvent.change(within(d).getByLabelText('Discount'), { target: { value: '5' } });
    fireEvent.click(submitOf(d, 'Apply'));
    expect((await within(d).findByTestId('discount-dialog-error')).textContent).toContain(MSG.couldNotDiscount);
    expect(await posts(data, '/discount')).toHaveLength(0);
  });
});

describe('Apply Points (SPEC §5, §9 point value)', () => {
  it.each([
    [MSG.invalidPoints, ''],
    [MSG.invalidPoints, '0'],
    [MSG.invalidPoints, '1.5'],
    [MSG.notEnoughPoints, '101'],
  ])("shows '%s' for '%s'", async (message, points) => {
    const { data } = await setup({ points: 100 });
    fireEvent.click(button('Apply Points'));
    const d = await dialog('points-dialog');
    expect(within(d).getByTestId('points-available').textContent).toContain('100');
    type(field(d, 'points'), points);
    fireEvent.click(submitOf(d, 'Apply'));
    expect((await within(d).findByTestId('points-dialog-error')).textContent).toContain(message);
    expect(await outbox(data)).toHaveLength(0);
  });

  it('20 points at 50 cents take $10 off, queue one POST /redemption and leave the customer 80', async () => {
    const { data, inv, customerId } = await setup({ points: 100 });
    fireEvent.click(button('Apply Points'));
    const d = await dialog('points-dialog');
    type(field(d, 'points'), '20');
    const apply = submitOf(d, 'Apply');
    fireEvent.click(apply);
    fireEvent.click(apply);
    await waitFor(() => expect(screen.queryByTestId('points-dialog')).toBeNull());
    const sent = await posts(data, '/redemption');
    expect(sent).toHaveLength(1);
    expect(nth(sent, 0).body).toMatchObject({ data: { invoice_id: inv.id, points: 20, amount: 1000 } });
    expect((await data.repos.customers.get(customerId))!.current_points).toBe(80);
    await waitFor(() => expect(due()).toContain('$90.00'));
  });

  it(`shows '${MSG.couldNotPoints}' when the invoice changed while the dialog was open`, async () => {
    const { data, inv } = await setup({ points: 100 });
    fireEvent.click(button('Apply Points'));
    const d = await dialog('points-dialog');
    await act(() => data.repos.invoices.pay(inv.id, 'cash', 1000).then(() => undefined));
    await waitFor(() => expect(due()).toContain('$90.00'));
    await data.db.outbox.clear();
    type(field(d, 'points'), '10');
    fireEvent.click(submitOf(d, 'Apply'));
    expect((await within(d).findByTestId('points-dialog-error')).textContent).toContain(MSG.couldNotPoints);
    expect(await posts(data, '/redemption')).toHaveLength(0);
  });
});

// ---- storage ----------------------------------------------------------------------------------------------------

describe('Storage (SPEC §4, §9 JMD terms)', () => {
  it('the toggle switches the storage charge on and off: PUT /invoice-storage-state each time', async () => {
    const { data, inv } = await setup();
    expect(screen.getByText(/J\$2,000\.00 for the first day and J\$1,000\.00 for each further day/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Storage charge/ }));
    await waitFor(async () => expect((await stored(data, inv.id)).storage).toBe('on'));
    // one day: J$2,000 at 155 JMD per USD = $12.90
    await waitFor(() => expect(screen.getByTestId('summary-storage').textContent).toContain('$12.90'));
    fireEvent.click(screen.getByRole('checkbox', { name: /Storage charge/ }));
    await waitFor(async () => expect((await stored(data, inv.id)).storage).toBe('off'));
    const sent = await posts(data, `/invoice-storage-state/${inv.id}`);
    expect(sent.map((e) => (e.body as { data: { option: string } }).data.option)).toEqual(['on', 'off']);
    await waitFor(() => expect(screen.queryByTestId('summary-storage')).toBeNull());
  });

  it('Add Storage charges the days given in JMD and puts the USD on the invoice', async () => {
    const { data, inv } = await setup();
    fireEvent.click(button('Add Storage'));
    const d = await dialog('storage-dialog');
    type(field(d, 'days'), '3');
    // J$2,000 + 2 × J$1,000 = J$4,000 = $25.81
    expect(within(d).getByTestId('storage-preview').textContent).toBe('3 days: J$4,000.00 = $25.81 at 155 JMD per USD');
    fireEvent.click(submitOf(d, 'Add Storage'));
    await waitFor(() => expect(screen.queryByTestId('storage-dialog')).toBeNull());
    const row = await stored(data, inv.id);
    expect([row.storage, row.storage_days, row.total]).toEqual(['on', 3, 12581]);
    expect(await posts(data, `/invoice-storage-state/${inv.id}`)).toHaveLength(1);
    await waitFor(() => expect(due()).toContain('$125.81'));
  });
});

// ---- item return ------------------------------------------------------------------------------------------------

describe('Item Return (SPEC §5)', () => {
  it('needs a checked item, a quantity up to the sold quantity and a reason; then stock comes back and the invoice falls', async () => {
    const { data, inv, productIds } = await setup({ products: [['Wiper', 1000, 5, 2]] });
    expect((await data.repos.products.get(nth(productIds, 0)))!.stock).toBe(3);
    fireEvent.click(button('Item Return'));
    const d = await dialog('return-dialog');
    const error = async () => (await within(d).findByTestId('return-dialog-error')).textContent;
    fireEvent.click(submitOf(d, 'Return items'));
    expect(await error()).toContain(MSG.itemReturnInvalid);
    fireEvent.click(within(d).getByRole('checkbox', { name: /Wiper/ }));
    type(within(d).getByLabelText('Return quantity of Wiper'), '3');
    type(field(d, 'comment'), 'Wrong size');
    fireEvent.click(submitOf(d, 'Return items'));
    expect(await error()).toContain(MSG.itemReturnInvalid);
    type(within(d).getByLabelText('Return quantity of Wiper'), '1');
    type(field(d, 'comment'), '  ');
    fireEvent.click(submitOf(d, 'Return items'));
    expect(await error()).toContain(MSG.itemReturnInvalid);
    expect(await outbox(data)).toHaveLength(0);
    type(field(d, 'comment'), 'Wrong size');
    const send = submitOf(d, 'Return items');
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(screen.queryByTestId('return-dialog')).toBeNull());
    const sent = await posts(data, '/invoice-return');
    expect(sent).toHaveLength(1);
    expect(nth(sent, 0).body).toMatchObject({
      data: { invoice_id: inv.id, items: [{ id: productIds[0], qty: 1 }], comment: 'Wrong size' },
    });
    expect((await data.repos.products.get(nth(productIds, 0)))!.stock).toBe(4);
    await waitFor(() => expect(due()).toContain('$110.00'));
    expect(screen.getByText('1 returned')).toBeTruthy();
  });
});

// ---- documents --------------------------------------------------------------------------------------------------

describe('Invoice PDF and Print', () => {
  function capturePdf() {
    const { made: blobs, open } = catchOpened('blob:test');
    return { blobs, open };
  }

  it('Invoice PDF is built on the device and opened', async () => {
    await setup();
    const { blobs, open } = capturePdf();
    fireEvent.click(button('Invoice PDF'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:test', '_blank'), { timeout: 8000 });
    expect(nth(blobs, 0).type).toBe('application/pdf');
    expect(new TextDecoder().decode(await nth(blobs, 0).arrayBuffer()).startsWith('%PDF')).toBe(true);
  });

  it("Print lists this invoice's payments with their receipt numbers; each opens a receipt PDF", async () => {
    const { data, inv } = await setup();
    await act(() => data.repos.invoices.pay(inv.id, 'debit_card', 3000).then(() => undefined));
    const t = nth(await data.repos.invoices.transactions(inv.id), 0);
    fireEvent.click(button('Print'));
    const d = await dialog('receipts-dialog');
    const row = await waitFor(() => {
      const r = d.querySelector(`[data-row-id="receipt-${t.id}"]`) as HTMLElement | null;
      expect(r).toBeTruthy();
      return r as HTMLElement;
    });
    expect(row.textContent).toContain(t.number);
    expect(row.textContent).toContain('Debit Card');
    expect(row.textContent).toContain('$30.00');
    const { blobs, open } = capturePdf();
    fireEvent.click(within(row).getByRole('button', { name: 'Receipt PDF' }));
    await waitFor(() => expect(open).toHaveBeenCalled(), { timeout: 8000 });
    expect(nth(blobs, 0).type).toBe('application/pdf');
  });
});

describe('After a partial refund (issue 30)', () => {
  /** A summary row as it reads: its words and its figure. */
  const summaryRow = (testId: string) => {
    const [label, value] = Array.from(screen.getByTestId(testId).children).map((c) => c.textContent);
    return `${label} ${value}`;
  };

  it('the summary shows Refunded and Net paid, figures and words as the invoice PDF prints them', async () => {
    const { data, inv } = await setup({ level: 5 });
    await act(() => data.repos.invoices.pay(inv.id, 'cash', 10_000).then(() => undefined));
    await waitFor(() => expect(screen.getByTestId('invoice-status').textContent).toBe('PAID'));
    expect(screen.queryByTestId('summary-refunded')).toBeNull();
    await act(() => data.repos.invoices.refund(inv.id, { amount: 2_500, reason: 'Brakes not fitted' }).then(() => {}));
    await waitFor(() => expect(screen.queryByTestId('summary-refunded')).toBeTruthy());
    const shown = ['summary-total', 'summary-paid', 'summary-due', 'summary-refunded', 'summary-net-paid'].map(
      summaryRow,
    );
    expect(shown).toEqual(['Total $100.00', 'Paid $100.00', 'Amount Due $0.00', 'Refunded -$25.00', 'Net paid $75.00']);
    const { made, open } = catchOpened('blob:test');
    fireEvent.click(button('Invoice PDF'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:test', '_blank'), { timeout: 8000 });
    const printed = (await readPdf(await nth(made, 0).arrayBuffer())).pages.flatMap((p) => p.lines);
    expect(printed).toEqual(expect.arrayContaining(shown.slice(3)));
  });
});

// ---- the draft and the stored invoice ---------------------------------------------------------------------------

describe('Unsaved edits and changes arriving under them', () => {
  it('an edit typed and taken back is no edit: a return then lands and a later save keeps it', async () => {
    const { data, inv, productIds } = await setup({ products: [['Wiper', 1000, 5, 2]] });
    type(input('Work hours'), '3');
    type(input('Work hours'), '2');
    fireEvent.click(button('Item Return'));
    const d = await dialog('return-dialog');
    fireEvent.click(within(d).getByRole('checkbox', { name: /Wiper/ }));
    // the checkbox reports its change a moment later: the quantity opens at 1
    await waitFor(() =>
      expect((within(d).getByLabelText('Return quantity of Wiper') as HTMLInputElement).value).toBe('1'),
    );
    type(field(d, 'comment'), 'Damaged');
    fireEvent.click(submitOf(d, 'Return items'));
    await waitFor(() => expect(screen.queryByTestId('return-dialog')).toBeNull());
    await waitFor(() => expect(due()).toContain('$110.00'));
    type(input('Work hours'), '4');
    fireEvent.click(button('Save & Recal Charges'));
    await waitFor(async () => expect((await stored(data, inv.id)).work_hour).toBe(4));
    expect((await stored(data, inv.id)).products).toEqual([expect.objectContaining({ qty: 2, returned: 1 })]);
    expect((await data.repos.products.get(nth(productIds, 0)))!.stock).toBe(4);
  });

  it("another device's payment arriving under unsaved edits keeps them, says so, and they still block payments", async () => {
    const { data, inv } = await setup();
    type(input('Work hours'), '3');
    await act(() => data.repos.invoices.pay(inv.id, 'cash', 1000).then(() => undefined));
    expect(await screen.findByTestId('changed-under')).toBeTruthy();
    expect(input('Work hours').value).toBe('3');
    fireEvent.click(button('Cash'));
    expect((await screen.findByTestId('editor-notice')).textContent).toContain(MSG.mustSaveFirst);
    fireEvent.click(button('Save & Recal Charges'));
    await waitFor(async () => expect((await stored(data, inv.id)).work_hour).toBe(3));
    // $150 less the $10 paid
    await waitFor(() => expect(due()).toContain('$140.00'));
    expect(screen.queryByTestId('changed-under')).toBeNull();
  });
});

describe('A write that fails for a reason other than a rule', () => {
  it(`a payment the device could not store: '${MSG.couldNotPay}', nothing half-written; trying again pays once`, async () => {
    const { data, inv } = await setup();
    fireEvent.click(button('Cash'));
    const d = await dialog('payment-dialog');
    type(field(d, 'amount'), '30');
    const add = vi.spyOn(data.db.outbox, 'add').mockRejectedValueOnce(new Error('disk I/O error'));
    fireEvent.click(submitOf(d, 'Make payment'));
    const error = await within(d).findByTestId('payment-dialog-error');
    expect(error.textContent).toContain(MSG.couldNotPay);
    expect(error.textContent).toContain('Nothing was recorded');
    expect(await data.repos.invoices.transactions(inv.id)).toHaveLength(0);
    expect((await stored(data, inv.id)).payment).toBe(0);
    expect(await outbox(data)).toHaveLength(0);
    add.mockRestore();
    fireEvent.click(await within(d).findByRole('button', { name: 'Make payment' }));
    await waitFor(() => expect(screen.queryByTestId('payment-dialog')).toBeNull());
    expect(await posts(data, '/transaction')).toHaveLength(1);
    expect((await stored(data, inv.id)).payment).toBe(3000);
  });

  it(`a discount or points the device could not store: '${MSG.couldNotDiscount}' / '${MSG.couldNotPoints}'`, async () => {
    const { data, inv, customerId } = await setup({ points: 40 });
    const add = vi.spyOn(data.db.outbox, 'add').mockRejectedValue(new Error('disk I/O error'));
    fireEvent.click(button('Apply Discount'));
    let d = await dialog('discount-dialog');
    fireEvent.change(within(d).getByLabelText('Discount'), { target: { value: '5' } });
    fireEvent.click(submitOf(d, 'Apply'));
    expect((await within(d).findByTestId('discount-dialog-error')).textContent).toContain(MSG.couldNotDiscount);
    fireEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('discount-dialog')).toBeNull());
    fireEvent.click(button('Apply Points'));
    d = await dialog('points-dialog');
    type(field(d, 'points'), '10');
    fireEvent.click(submitOf(d, 'Apply'));
    expect((await within(d).findByTestId('points-dialog-error')).textContent).toContain(MSG.couldNotPoints);
    add.mockRestore();
    const row = await stored(data, inv.id);
    expect([row.discount_percent, row.points_value, row.total]).toEqual([0, 0, 10000]);
    expect((await data.repos.customers.get(customerId))!.current_points).toBe(40);
    expect(await outbox(data)).toHaveLength(0);
  });
});

describe('Save is submitted once', () => {
  it('a double click on Save & Recal Charges queues one PUT /invoice-details', async () => {
    const { data, inv } = await setup();
    type(input('Work hours'), '5');
    const save = button('Save & Recal Charges');
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(async () => expect((await stored(data, inv.id)).work_hour).toBe(5));
    await waitFor(() => expect(screen.queryByTestId('unsaved')).toBeNull());
    expect(await posts(data, '/invoice-details')).toHaveLength(1);
    expect((await stored(data, inv.id)).version).toBe(inv.version + 1);
  });

  it('edits left when another device pays the invoice in full no longer count: PAID, locked, the stored figures shown', async () => {
    const { data, inv } = await setup();
    type(input('Work hours'), '3');
    await act(() => data.repos.invoices.pay(inv.id, 'cash', 10000).then(() => undefined));
    await waitFor(() => expect(screen.getByTestId('invoice-status').textContent).toBe('PAID'));
    expect(input('Work hours').value).toBe('2');
    expect(input('Work hours').disabled).toBe(true);
    expect(screen.queryByTestId('unsaved')).toBeNull();
  });
});

describe('Product sales (SPEC §5: no labour; products required)', () => {
  it(`has no work hours or rate; removing the last product and saving says '${MSG.addProductsFirst}'`, async () => {
    const { data, inv } = await setup({ type: 'product', products: [['Oil filter', 1500, 5, 2]] });
    expect(screen.queryByLabelText('Work hours')).toBeNull();
    expect(due()).toContain('$30.00');
    fireEvent.click(button('Remove Oil filter'));
    expect(await screen.findByTestId('products-adjusted')).toBeTruthy();
    fireEvent.click(button('Save & Recal Charges'));
    expect((await screen.findByTestId('save-error')).textContent).toContain(MSG.addProductsFirst);
    expect(await outbox(data)).toHaveLength(0);
    expect((await stored(data, inv.id)).products).toHaveLength(1);
  });

  it('a Quick Sale without a customer offers no points; payments work as for any invoice', async () => {
    const { data } = await setup({ type: 'product', anonymous: true, products: [['Oil filter', 1500, 5, 1]] });
    expect(queryButton('Apply Points')).toBeNull();
    await pay('Debit Card', '15');
    await waitFor(() => expect(screen.getByTestId('invoice-status').textContent).toBe('PAID'));
    expect(await posts(data, '/transaction')).toHaveLength(1);
  });
});

describe('Paid elsewhere while a dialog is open', () => {
  it('the payment dialog closes once another device pays the invoice in full, and nothing more can be paid', async () => {
    const { data, inv } = await setup();
    fireEvent.click(button('Cash'));
    await dialog('payment-dialog');
    await act(() => data.repos.invoices.pay(inv.id, 'online', 10000).then(() => undefined));
    await waitFor(() => expect(screen.queryByTestId('payment-dialog')).toBeNull());
    expect(screen.getByTestId('invoice-status').textContent).toBe('PAID');
    expect(queryButton('Cash')).toBeNull();
    expect(await posts(data, '/transaction')).toHaveLength(1);
  });
});
