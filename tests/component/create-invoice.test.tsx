import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppData } from '../../src/app/data/DataProvider';
import CreateInvoice from '../../src/app/invoices/CreateInvoice';
import { fill, MSG } from '../../src/domain/messages';
import { createData } from '../../src/app/data/DataProvider';
import { setMeta, type CustomerRow, type JobRow, type ProductRow } from '../../src/local/db';
import { renderScreen } from './render';
import { nth } from '../helpers/present';

const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => vi.restoreAllMocks());

let seq = 0;
async function customer(data: AppData): Promise<CustomerRow> {
  seq += 1;
  const n = String(seq).padStart(3, '0');
  const id = await data.repos.customers.add({
    VIN: `1HGCM82633A004${n}`,
    'Registration Number': `PK ${n}`,
    'First name': 'Ann',
    'Last name': 'Lee',
    'Contact number': '8765551234',
    Email: 'ann@shop.test',
  });
  return (await data.repos.customers.get(id))!;
}

/** A device with the session of `level`, a received job and (optionally) the stored labour rate. */
async function device(opts: { level?: number; rate?: number } = {}) {
  const data = createData(`create-invoice-${Math.random().toString(36).slice(2)}`);
  await setMeta(data.db, 'session', { username: 'admin', permission: 5 });
  await setMeta(data.db, 'deviceCode', 'T1');
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
  const c = await customer(data);
  const job = await data.repos.jobs.create({ customer: c, service: ['Oil change', 'Brake check'], mileage: 42000 });
  return { data, job };
}

async function product(
  data: AppData,
  title: string,
  over: { price?: number; stock?: number } = {},
): Promise<ProductRow> {
  return data.repos.products.add({
    title,
    description: `${title} description`,
    price: over.price ?? 1500,
    stock: over.stock ?? 5,
    low_stock: 1,
  });
}

async function open(job: JobRow | string, data: AppData, level = 5) {
  const id = typeof job === 'string' ? job : job.id;
  await renderScreen(<CreateInvoice />, { data, level, path: `/generate-invoice?id=${encodeURIComponent(id)}` });
  if (typeof job !== 'string') await screen.findByText('Create Invoice');
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const location = () => screen.getByTestId('location').textContent;

async function addProduct(title: string) {
  fireEvent.change(screen.getByLabelText('Search products'), { target: { value: title.slice(0, 4) } });
  fireEvent.click(await screen.findByRole('button', { name: `Add ${title}` }));
  await screen.findByLabelText(`Quantity of ${title}`);
}

describe('Create Invoice (SPEC §2 /generate-invoice)', () => {
  it("shows the job's customer, registration, contact, email, VIN, mileage and services, and the stored labour rate", async () => {
    const { data, job } = await device({ rate: 62.5 });
    await open(job, data);
    expect(screen.getByTestId('job-customer').textContent).toContain('Ann Lee');
    expect(screen.getByTestId('job-registration').textContent).toContain(job.registration);
    expect(screen.getByTestId('job-contact').textContent).toContain('8765551234');
    expect(screen.getByTestId('job-email').textContent).toContain('ann@shop.test');
    expect(screen.getByTestId('job-vin').textContent).toContain(job.vin);
    expect(screen.getByTestId('job-mileage').textContent).toContain('42,000');
    expect(within(screen.getByTestId('job-services')).getByText('Oil change')).toBeTruthy();
    expect(within(screen.getByTestId('job-services')).getByText('Brake check')).toBeTruthy();
    await waitFor(() => expect(field('Rate per hour').value).toBe('62.5'));
    expect(field('Work hours').value).toBe('');
  });

  it('opens a job by its number (B2-17)', async () => {
    const { data, job } = await device();
    await open(job.number, data);
    expect(await screen.findByText('Create Invoice')).toBeTruthy();
    expect(screen.getByTestId('job-vin').textContent).toContain(job.vin);
  });

  it('opens a job by #number', async () => {
    const { data, job } = await device();
    await open(`#${job.number}`, data);
    expect(await screen.findByText('Create Invoice')).toBeTruthy();
  });

  it(`says '${MSG.noRecordFound}' for an unknown job`, async () => {
    const { data } = await device();
    await open('B9-404', data);
    expect(await screen.findByText(fill(MSG.noRecordFound, { id: 'B9-404' }))).toBeTruthy();
  });

  it(`refuses an empty work hours field with '${MSG.enterWorkHours}' and scrolls to it`, async () => {
    const { data, job } = await device();
    await open(job, data);
    await waitFor(() => expect(field('Rate per hour').value).toBe('50'));
    save();
    expect(await screen.findByText(MSG.enterWorkHours)).toBeTruthy();
    expect(scrolled).toContain(field('Work hours'));
    expect(document.activeElement).toBe(field('Work hours'));
    expect(await data.repos.invoices.forJob(job.id)).toHaveLength(0);
  });

  it(`refuses an empty rate with '${MSG.enterRate}' and scrolls to it`, async () => {
    const { data, job } = await device();
    await open(job, data);
    type('Work hours', '2');
    type('Rate per hour', '');
    save();
    expect(await screen.findByText(MSG.enterRate)).toBeTruthy();
    expect(scrolled).toContain(field('Rate per hour'));
    expect(await data.repos.invoices.forJob(job.id)).toHaveLength(0);
  });

  it('ignores negative and non-numeric entries and anything past 9 characters', async () => {
    const { data, job } = await device();
    await open(job, data);
    type('Work hours', '1.5');
    type('Work hours', '-2');
    expect(field('Work hours').value).toBe('1.5');
    type('Work hours', 'abc');
    expect(field('Work hours').value).toBe('1.5');
    type('Rate per hour', '123456789');
    type('Rate per hour', '1234567890');
    expect(field('Rate per hour').value).toBe('123456789');
    expect(field('Rate per hour').maxLength).toBe(9);
  });

  it(`refuses '${MSG.zeroInvoice}'`, async () => {
    const { data, job } = await device();
    await open(job, data);
    type('Work hours', '0');
    save();
    expect((await screen.findByTestId('save-error')).textContent).toContain(MSG.zeroInvoice);
    expect(await data.repos.invoices.forJob(job.id)).toHaveLength(0);
    expect(location()).toBe(`/generate-invoice?id=${job.id}`);
  });

  it('saves labour and products on the device, queues POST /invoice and opens the invoice', async () => {
    const { data, job } = await device();
    const oil = await product(data, 'Oil filter', { price: 1500, stock: 4 });
    await data.db.outbox.clear();
    await open(job, data);
    type('Work hours', '2');
    await waitFor(() => expect(field('Rate per hour').value).toBe('50'));
    await addProduct('Oil filter');
    fireEvent.change(screen.getByLabelText('Quantity of Oil filter'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('Total$130.00'));
    expect(screen.getByTestId('summary-labour').textContent).toBe('Labour Total$100.00');
    expect(screen.getByTestId('summary-products').textContent).toBe('Products Total$30.00');
    save();
    await waitFor(() => expect(location()).toMatch(/^\/view-invoice\?id=/));

    const inv = nth(await data.repos.invoices.forJob(job.id), 0);
    expect(location()).toBe(`/view-invoice?id=${inv.id}`);
    expect(inv).toMatchObject({ work_hour: 2, rate_hour: 5000, total: 13000, type: 'service', request_id: job.id });
    expect(inv.products).toMatchObject([{ id: oil.id, qty: 2, price: 1500 }]);
    expect((await data.repos.products.get(oil.id))!.stock).toBe(2);
    expect((await data.repos.jobs.get(job.id))!.invoice).toEqual([inv.id]);
    const entry = nth(await data.db.outbox.toArray(), 0);
    expect(entry).toMatchObject({ method: 'POST', path: '/invoice' });
    expect((entry.body as { data: { formData: unknown } }).data.formData).toEqual({ work_hour: 2, rate_hour: 5000 });
  });

  it("shows the repository's refusal as is: stock sold meanwhile on this device", async () => {
    const { data, job } = await device();
    const oil = await product(data, 'Oil filter', { stock: 2 });
    await open(job, data);
    type('Work hours', '1');
    await addProduct('Oil filter');
    fireEvent.change(screen.getByLabelText('Quantity of Oil filter'), { target: { value: '2' } });
    await waitFor(() => expect((screen.getByLabelText('Quantity of Oil filter') as HTMLInputElement).value).toBe('2'));
    await act(() =>
      data.repos.invoices.sale(null, [{ id: oil.id, title: oil.title, description: '', price: oil.price, qty: 1 }]),
    );
    save();
    expect((await screen.findByTestId('save-error')).textContent).toContain(
      fill(MSG.onlyInStock, { title: 'Oil filter', stock: 1 }),
    );
    expect(await data.repos.invoices.forJob(job.id)).toHaveLength(0);
  });

  it('a level-3 user sees why they cannot generate the invoice', async () => {
    const { data, job } = await device();
    await open(job, data, 3);
    expect(screen.getByTestId('level-notice').textContent).toContain(
      'Generating an invoice needs Admin (level 4) or higher',
    );
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(field('Work hours').disabled).toBe(true);
  });

  it('is offered only for received or active jobs', async () => {
    const { data, job } = await device();
    await data.repos.jobs.cancel(job.id);
    await open(job, data);
    expect((await screen.findByTestId('status-notice')).textContent).toContain('only for received or active jobs');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
