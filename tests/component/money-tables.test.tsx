import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppData } from '../../src/app/data/DataProvider';
import Estimates from '../../src/app/estimates/Estimates';
import { toaster } from '../../src/app/feedback/toaster';
import Invoices from '../../src/app/invoices/Invoices';
import Transactions from '../../src/app/invoices/Transactions';
import Dashboard from '../../src/app/jobs/Dashboard';
import { formatShop } from '../../src/domain/dates';
import { METHOD_COLOR } from '../../src/domain/entities';
import { displayInvoiceNumber } from '../../src/domain/jobs';
import { MSG, fill } from '../../src/domain/messages';
import { removalRefusal } from '../../src/domain/writes/money';
import { setMeta, type CustomerRow, type InvoiceRow, type TransactionRow } from '../../src/local/db';
import type { Line } from '../../src/local/repositories/invoices';
import { keepDashCounters, putRow } from '../../src/local/rows';
import { catchCsv, renderScreen } from './render';
import { catchOpened } from './fakes';
import { receiptPdfBlob } from '../../src/app/ui/documents';
import { readPdf } from '../helpers/pdfText';
import { known, nth } from '../helpers/present';

// the screens seed invoices through the repositories: slow on cores shared with other suites

afterEach(() => {
  vi.restoreAllMocks();
});

// ---- seeding through the repositories ---------------------------------------------------------------------------

let seq = 0;
async function customer(data: AppData): Promise<CustomerRow> {
  seq += 1;
  const n = String(seq).padStart(3, '0');
  const id = await data.repos.customers.add({
    VIN: `1HGCM82633A004${n}`,
    'Registration Number': `PK ${n}`,
    'First name': `Ann${n}`,
    'Last name': `Lee${n}`,
    'Contact number': `876555${n.padStart(4, '0')}`,
    Email: `ann${n}@shop.test`,
  });
  return (await data.repos.customers.get(id))!;
}

// a product id is a UUID (src/domain/ids.ts): an estimate's line with any other id is not a product
const FILTER: Line = {
  id: '01900000-0000-7000-8000-00000000f117',
  title: 'Oil filter',
  description: 'Spin-on',
  price: 1_500,
  qty: 2,
};

/** An invoice for an active job: 1 h at $50 (labour $50.00) plus the given lines. */
/** The products of `lines` on the device's shelf: the device prices lines from its own product rows, as the server does. */
async function shelve(data: AppData, lines: readonly Line[]): Promise<Line[]> {
  for (const l of lines) {
    if (await data.db.products.get(l.id)) continue;
    await putRow(data.db, 'products', {
      id: l.id,
      title: l.title,
      description: l.description,
      price: l.price,
      cost: 0,
      stock: 1000,
      low_stock: 2,
      barcode: '',
      supplier: null,
      updated_at: '2025-01-01T00:00:00.000Z',
      version: 1,
    });
  }
  return [...lines];
}

async function invoice(data: AppData, lines: Line[] = [FILTER], c?: CustomerRow): Promise<InvoiceRow> {
  await shelve(data, lines);
  const cust = c ?? (await customer(data));
  const job = await data.repos.jobs.create({ customer: cust, service: ['Oil change'], mileage: 42000 });
  await data.repos.jobs.setStatus(job.id, 'active');
  return data.repos.invoices.create(job.id, { work_hour: 1, rate_hour: 5_000 }, lines);
}

/** Moves a row's last change back in time, as a row pulled from the server would carry it. */
async function age(data: AppData, inv: InvoiceRow, days: number) {
  const row = (await data.repos.invoices.get(inv.id))!;
  const when = new Date(Date.now() - days * 86_400_000).toISOString();
  await putRow(data.db, 'invoices', { ...row, created_at: when, updated_at: when });
}

// ---- reading the screen -----------------------------------------------------------------------------------------

const rowOf = (id: string) => document.querySelector(`[data-row-id="${id}"]`) as HTMLElement | null;
const bodyRows = () => [...document.querySelectorAll('[data-row-id]')] as HTMLElement[];
async function findRow(id: string) {
  await waitFor(() => expect(rowOf(id)).toBeTruthy());
  return rowOf(id)!;
}

function cell(row: HTMLElement, header: string): HTMLElement {
  const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.replace(/[▲▼]/g, '').trim());
  const i = headers.indexOf(header);
  expect(i, `column ${header}`).toBeGreaterThan(-1);
  return row.querySelectorAll('td')[i] as HTMLElement;
}
const text = (row: HTMLElement, header: string) => cell(row, header).textContent ?? '';

const outbox = (data: AppData) => data.db.outbox.toArray();
const dialog = () => screen.findByTestId('confirm-dialog');

async function isPdf(b: Blob) {
  expect(b.type).toBe('application/pdf');
  return new TextDecoder().decode(new Uint8Array(await b.arrayBuffer()).slice(0, 5)) === '%PDF-';
}

// ---- Invoices -----------------------------------------------------------------------------------------------------

describe('Invoices table (SPEC §2, /view-invoices)', () => {
  it('shows each invoice: number, customer, registration, created in shop time, total, paid, amount due, Paid/Due', async () => {
    const { data } = await renderScreen(<Invoices />, { level: 5, path: '/view-invoices' });
    const inv = await invoice(data);
    await data.repos.invoices.pay(inv.id, 'cash', 3_000);
    const sale = await data.repos.invoices.sale(
      null,
      await shelve(data, [{ id: 'p-wiper', title: 'Wiper', description: 'Blade', price: 2_000, qty: 1 }]),
    );
    await data.repos.invoices.pay(sale.id, 'online', 2_000);

    const row = await findRow(inv.id);
    await waitFor(() => expect(text(row, 'Paid')).toBe('$30.00'));
    expect(text(row, 'Number')).toBe(`INV ${inv.number}`);
    expect(text(row, 'Customer')).toBe(`${inv.first_name} ${inv.last_name}`);
    expect(text(row, 'Registration')).toBe(inv.registration);
    expect(text(row, 'Created')).toBe(formatShop(inv.created_at, 'America/Jamaica'));
    expect(text(row, 'Total')).toBe('$80.00'); // $50 labour + 2 × $15
    expect(text(row, 'Amount due')).toBe('$50.00');
    expect(text(row, 'Status')).toBe('Due');

    const saleRow = await findRow(sale.id);
    await waitFor(() => expect(text(saleRow, 'Status')).toBe('Paid'));
    expect(text(saleRow, 'Customer')).toBe('Quick Sale');
    expect(text(saleRow, 'Total')).toBe('$20.00');
    expect(text(saleRow, 'Amount due')).toBe('$0.00');
  });

  it('shows the total as charged, after the discount, with the discount and the balance due (issue 15)', async () => {
    const { data } = await renderScreen(<Invoices />, { level: 5, path: '/view-invoices' });
    const inv = await invoice(data); // $50 labour + $30 products
    await data.repos.invoices.discount(inv.id, 10); // $8 off
    await data.repos.invoices.pay(inv.id, 'cash', 2_000);
    const row = await findRow(inv.id);
    await waitFor(() => expect(text(row, 'Paid')).toBe('$20.00'));
    expect(text(row, 'Total')).toBe('$72.00');
    expect(text(row, 'Discount')).toBe('$8.00');
    expect(text(row, 'Amount due')).toBe('$52.00');
  });

  it('cards: paid in the last 7 days (count and amount paid) and unpaid (count and amount due), live', async () => {
    const { data } = await renderScreen(<Invoices />, { level: 4, path: '/view-invoices' });
    const due1 = await invoice(data); // $80 due
    const due2 = await invoice(data, []); // $50 due
    const paidNow = await invoice(data, []);
    await data.repos.invoices.pay(paidNow.id, 'cash', 5_000);
    const paidLong = await invoice(data, []);
    await data.repos.invoices.pay(paidLong.id, 'cheque', 5_000);
    await age(data, paidLong, 8); // paid 8 days ago: not in the card

    // the cards follow live queries: each write (the aged payment last) may land a render after the one before
    const cards = () =>
      ['card-unpaid-count', 'card-unpaid-sum', 'card-paid-count', 'card-paid-sum'].map(
        (id) => screen.getByTestId(id).textContent,
      );
    await waitFor(() => expect(cards()).toEqual(['2', '$130.00', '1', '$50.00']));
    expect(screen.getByTestId('card-paid').textContent).toContain('last 7 days');

    await data.repos.invoices.pay(due2.id, 'debit_card', 5_000);
    await waitFor(() => expect(cards()).toEqual(['1', '$80.00', '2', '$100.00']));
    expect(due1).toBeTruthy();
  });

  it('filters All, Due and Paid', async () => {
    const { data } = await renderScreen(<Invoices />, { level: 4, path: '/view-invoices' });
    const due = await invoice(data);
    const paid = await invoice(data, []);
    await data.repos.invoices.pay(paid.id, 'cash', 5_000);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Due' }));
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([due.id]));
    expect(screen.getByRole('button', { name: 'Due' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([paid.id]));

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
  });

  it('Edit links to /view-invoice?id=<id> (level 4+); level 3 sees View PDF only', async () => {
    const { data, unmount } = await renderScreen(<Invoices />, { level: 4, path: '/view-invoices' });
    const inv = await invoice(data);
    const row = await findRow(inv.id);
    const edit = within(row).getByRole('link', { name: `Edit INV ${inv.number}` });
    expect(edit.getAttribute('href')).toBe(`/view-invoice?id=${inv.id}`);
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull(); // delete is level 5
    fireEvent.click(edit);
    expect(screen.getByTestId('location').textContent).toBe(`/view-invoice?id=${inv.id}`);
    unmount();

    await renderScreen(<Invoices />, { level: 3, path: '/view-invoices', data });
    const row3 = await findRow(inv.id);
    expect(within(row3).getByRole('button', { name: 'View PDF' })).toBeTruthy();
    expect(within(row3).queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(within(row3).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('level 5 may delete only while an amount is due; Delete asks first, and Cancel keeps it', async () => {
    const { data } = await renderScreen(<Invoices />, { level: 5, path: '/view-invoices' });
    const due = await invoice(data);
    const paid = await invoice(data, []);
    await data.repos.invoices.pay(paid.id, 'cash', 5_000);
    await data.db.outbox.clear();
    await waitFor(() => expect(text(rowOf(paid.id)!, 'Status')).toBe('Paid'));
    expect(within(rowOf(paid.id)!).queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.click(within(await findRow(due.id)).getByRole('button', { name: 'Delete' }));
    const d = await dialog();
    expect(d.textContent).toContain(`Delete INV ${due.number} for ${due.first_name} ${due.last_name}?`);
    fireEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(await data.repos.invoices.get(due.id)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);

    fireEvent.click(within(rowOf(due.id)!).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowOf(due.id)).toBeNull());
    expect(await data.repos.invoices.get(due.id)).toBeUndefined();
    expect((await outbox(data)).map((e) => [e.method, e.path, (e.body as { data: { id: string } }).data.id])).toEqual([
      ['DELETE', '/invoice', due.id],
    ]);
  });

  it("shows the repository's refusal as it is (an invoice with payments)", async () => {
    const toast = vi.spyOn(toaster, 'create');
    const { data } = await renderScreen(<Invoices />, { level: 5, path: '/view-invoices' });
    const inv = await invoice(data);
    await data.repos.invoices.pay(inv.id, 'cash', 1_000);
    await waitFor(() => expect(text(rowOf(inv.id) ?? document.body, 'Paid')).toBe('$10.00'));
    let refusal = '';
    await data.repos.invoices.remove(inv.id).catch((e: Error) => (refusal = e.message));
    expect(refusal).toBeTruthy();

    fireEvent.click(within(rowOf(inv.id)!).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', description: refusal })),
    );
    expect(await data.repos.invoices.get(inv.id)).toBeTruthy();
  });

  it('View PDF builds the invoice PDF on the device and opens it', async () => {
    const { made, open } = catchOpened();
    // raised at level 4 (a level-3 device may not raise one), read at level 3
    const { data, unmount } = await renderScreen(<Invoices />, { level: 4, path: '/view-invoices' });
    const inv = await invoice(data);
    unmount();
    await renderScreen(<Invoices />, { level: 3, path: '/view-invoices', data });
    fireEvent.click(within(await findRow(inv.id)).getByRole('button', { name: 'View PDF' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:doc', '_blank'), { timeout: 5000 });
    expect(await isPdf(nth(made, 0))).toBe(true);
  });

  it('offers the page sizes of SPEC §9 (other tables: 10, 20, 50, 100, 500)', async () => {
    const { data } = await renderScreen(<Invoices />, { level: 4, path: '/view-invoices' });
    for (let i = 0; i < 11; i++)
      await data.repos.invoices.sale(
        null,
        await shelve(data, [{ id: `p${i}`, title: `Part ${i}`, description: '', price: 100, qty: 1 }]),
      );
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    // the selector shows once the eleventh row is counted (none while every row fits on one page, issue 30)
    const sizes = within(await screen.findByLabelText('Rows per page'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['10', '20', '50', '100', '500']);
  });
});

// ---- Transactions -------------------------------------------------------------------------------------------------

describe('Transactions (SPEC §2, /transactions)', () => {
  it('shows Amount, the Payment type chip coloured by method, Date, Transaction ID, Invoice ID (a link) and Points', async () => {
    const { data } = await renderScreen(<Transactions />, { level: 5, path: '/transactions' });
    const inv = await invoice(data);
    const t = await data.repos.invoices.pay(inv.id, 'credit_card', 2_500);
    const row = await findRow(t.id);
    expect(text(row, 'Amount')).toBe('$25.00');
    expect(text(row, 'Payment type')).toBe('Credit Card');
    expect(cell(row, 'Payment type').querySelector('[data-method]')?.getAttribute('data-method')).toBe('credit_card');
    expect(text(row, 'Date')).toBe(formatShop(t.created_at, 'America/Jamaica'));
    expect(text(row, 'Transaction ID')).toBe(t.number);
    // $25.00 earns 25 points (one a whole dollar), recorded on the payment's row
    expect(text(row, 'Points')).toBe('25');
    const link = within(cell(row, 'Invoice ID')).getByRole('link', { name: `INV ${inv.number}` });
    expect(link.getAttribute('href')).toBe(`/view-invoice?id=${inv.id}`);
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe(`/view-invoice?id=${inv.id}`);
  });

  it('Points are what the receipt says: earned by a payment, taken back by a refund (issue 30)', async () => {
    const { data } = await renderScreen(<Transactions />, { level: 5, path: '/transactions' });
    const inv = await invoice(data);
    const paid = await data.repos.invoices.pay(inv.id, 'cash', 8_000);
    const refund = await data.repos.invoices.refund(inv.id, { amount: 3_050, reason: 'Filter not fitted' });
    const receipt = async (t: TransactionRow) => {
      const blob = await receiptPdfBlob(data.repos, t, (await data.repos.invoices.get(inv.id))!);
      return (await readPdf(await blob.arrayBuffer())).pages.flatMap((p) => p.lines);
    };
    expect(await receipt(paid)).toContain('Points earned 80');
    expect(await receipt(refund)).toContain('Points taken back 30');
    expect(text(await findRow(paid.id), 'Points')).toBe('80');
    expect(text(await findRow(refund.id), 'Points')).toBe('-30');
  });

  it("colours each method's chip from one map, and knows cc, dc, discount and redemption (SPEC §9)", async () => {
    const { data } = await renderScreen(<Transactions />, { level: 5, path: '/transactions' });
    const inv = await invoice(data);
    const methods = ['cash', 'debit_card', 'credit_card', 'online', 'cheque', 'cc', 'dc', 'discount', 'redemption'];
    const base = (await data.repos.invoices.pay(inv.id, 'cash', 100)) as TransactionRow;
    for (const [i, method] of methods.entries()) {
      await putRow(data.db, 'transactions', {
        ...base,
        id: `t-${method}`,
        number: `S-${i + 100}`,
        method,
        point: method === 'redemption' ? 4 : 0,
      });
    }
    await waitFor(() => expect(rowOf('t-redemption')).toBeTruthy());
    const expected: Record<string, [string, string]> = {
      cash: ['Cash', METHOD_COLOR.cash],
      debit_card: ['Debit Card', METHOD_COLOR.debit_card],
      credit_card: ['Credit Card', METHOD_COLOR.credit_card],
      online: ['Online', METHOD_COLOR.online],
      cheque: ['Cheque', METHOD_COLOR.cheque],
      cc: ['Credit Card', METHOD_COLOR.credit_card],
      dc: ['Debit Card', METHOD_COLOR.debit_card],
      discount: ['Discount', METHOD_COLOR.discount],
      redemption: ['Redemption', METHOD_COLOR.redemption],
    };
    for (const m of methods) {
      const chip = cell((await findRow(`t-${m}`))!, 'Payment type').querySelector('[data-method]') as HTMLElement;
      expect(chip.textContent).toBe(known(expected[m], 'expected[m]')[0]);
      expect(chip.getAttribute('data-palette')).toBe(known(expected[m], 'expected[m]')[1]);
    }
    expect(text(rowOf('t-redemption')!, 'Points')).toBe('4');
  });

  it('shows a refund as one: below zero in red, Refund (how it went back) with its reason, so in the CSV', async () => {
    const { data } = await renderScreen(<Transactions />, { level: 5, path: '/transactions' });
    const inv = await invoice(data);
    const base = (await data.repos.invoices.pay(inv.id, 'cash', 100)) as TransactionRow;
    await putRow(data.db, 'transactions', {
      ...base,
      id: 't-refund',
      number: 'S-900',
      method: 'refund',
      amount: -2_000,
      point: -2,
      reason: 'part not fitted',
      refund_method: 'credit_card',
    });
    const row = await findRow('t-refund');
    expect(text(row, 'Amount')).toBe('-$20.00');
    expect(cell(row, 'Amount').querySelector('[data-negative]')).toBeTruthy();
    const chip = cell(row, 'Payment type').querySelector('[data-method]') as HTMLElement;
    expect([chip.textContent, chip.getAttribute('data-palette')]).toEqual([
      'Refund (Credit Card)',
      METHOD_COLOR.refund,
    ]);
    expect(within(row).getByTestId('refund-reason').textContent).toBe('part not fitted');
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull(); // a refund is final
    expect(within(rowOf(base.id)!).queryByTestId('refund-reason')).toBeNull();

    const csv = catchCsv();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(csv.files()).toHaveLength(1));
      const lines = (await csv.texts())[0]!.split('\r\n');
      expect(lines[0]).toBe('Amount,Payment type,Date,Transaction ID,Invoice ID,Points');
      expect(lines.find((l) => l.includes('S-900'))).toMatch(
        /^-20\.00,Refund \(Credit Card\): part not fitted,.*,S-900,INV .*,-2$/,
      );
      expect(lines.find((l) => l.split(',')[3] === base.number)).toMatch(/^1\.00,Cash,/);
    } finally {
      csv.restore();
    }
  });

  it("Delete asks 'Are you sure you want to remove transaction?'; Cancel keeps it, confirming reverses it", async () => {
    const { data } = await renderScreen(<Transactions />, { level: 5, path: '/transactions' });
    const inv = await invoice(data);
    const t = await data.repos.invoices.pay(inv.id, 'cash', 3_000);
    await data.db.outbox.clear();
    const row = await findRow(t.id);

    fireEvent.click(within(row).getByRole('button', { name: `Delete transaction ${t.number}` }));
    let d = await dialog();
    expect(within(d).getByText(MSG.confirmRemoveTransaction)).toBeTruthy();
    fireEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(rowOf(t.id)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);

    fireEvent.click(within(rowOf(t.id)!).getByRole('button', { name: `Delete transaction ${t.number}` }));
    d = await dialog();
    fireEvent.click(within(d).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(rowOf(t.id)).toBeNull());
    expect((await data.repos.invoices.get(inv.id))?.total).toBe(8_000); // the payment is reversed
    expect((await outbox(data)).map((e) => [e.method, e.path])).toEqual([['DELETE', '/transaction']]);
  });

  it('Delete is off on a payment a refund stands on, saying why (the rule the server refuses it by)', async () => {
    const { data } = await renderScreen(<Transactions />, { level: 5, path: '/transactions' });
    const inv = await invoice(data);
    const paid = await data.repos.invoices.pay(inv.id, 'cash', inv.total);
    const other = await data.repos.invoices.pay((await invoice(data)).id, 'cash', 1_000);
    await data.repos.invoices.refund(inv.id, { amount: 1_000, reason: 'Goodwill' });
    const kept = fill(MSG.refundKeepsPayment, { invoice: displayInvoiceNumber(inv.number) });
    await waitFor(() => expect(within(rowOf(paid.id)!).getByTestId('delete-kept').textContent).toBe(kept));
    const button = within(rowOf(paid.id)!).getByRole('button', { name: `Delete transaction ${paid.number}` });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // the same words the removal's plan refuses with, on the device and the server
    expect(removalRefusal((await data.repos.invoices.get(inv.id))!, paid, 1_000)).toBe(kept);
    // a payment nothing stands on keeps its Delete
    const free = within(await findRow(other.id)).getByRole('button', { name: `Delete transaction ${other.number}` });
    expect((free as HTMLButtonElement).disabled).toBe(false);
    expect(within(rowOf(other.id)!).queryByTestId('delete-kept')).toBeNull();
  });

  it('Delete is level 5 only', async () => {
    const { data } = await renderScreen(<Transactions />, { level: 4, path: '/transactions' });
    const inv = await invoice(data);
    const t = await data.repos.invoices.pay(inv.id, 'cash', 3_000);
    const row = await findRow(t.id);
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('Refresh asks the sync engine for a cycle now', async () => {
    const { data } = await renderScreen(<Transactions />, { level: 5, path: '/transactions' });
    const sync = vi.spyOn(data.engine, 'syncNow').mockResolvedValue({ online: true });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
  });
});

// ---- Estimates ----------------------------------------------------------------------------------------------------

describe('Estimates table (SPEC §2, /view-estimates)', () => {
  const profile = { first_name: 'Cleo', last_name: 'Hart', contact: '8765550000', email: 'cleo@shop.test' };

  it('shows number, name, total and created; Edit links to /view-estimate?id=<id>', async () => {
    const { data } = await renderScreen(<Estimates />, { level: 4, path: '/view-estimates' });
    const est = await data.repos.estimates.create(
      profile,
      { work_hour: 2, rate_hour: 5_000 },
      await shelve(data, [FILTER]),
      ['Brakes'],
    );
    const row = await findRow(est.id);
    expect(text(row, 'Number')).toBe(`EST ${est.number}`);
    expect(text(row, 'Name')).toBe('Cleo Hart');
    expect(text(row, 'Total')).toBe('$130.00');
    expect(text(row, 'Created')).toBe(formatShop(est.created_at, 'America/Jamaica'));
    const edit = within(row).getByRole('link', { name: `Edit EST ${est.number}` });
    expect(edit.getAttribute('href')).toBe(`/view-estimate?id=${est.id}`);
    fireEvent.click(edit);
    expect(screen.getByTestId('location').textContent).toBe(`/view-estimate?id=${est.id}`);
  });

  it('Delete asks first; Cancel keeps it, confirming removes it and queues DELETE /estimate', async () => {
    const { data } = await renderScreen(<Estimates />, { level: 4, path: '/view-estimates' });
    const est = await data.repos.estimates.create(profile, { work_hour: 1, rate_hour: 5_000 }, [], ['Brakes']);
    await data.db.outbox.clear();
    fireEvent.click(within(await findRow(est.id)).getByRole('button', { name: 'Delete' }));
    let d = await dialog();
    expect(d.textContent).toContain(`Delete EST ${est.number} for Cleo Hart?`);
    fireEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(await data.repos.estimates.get(est.id)).toBeTruthy();

    fireEvent.click(within(rowOf(est.id)!).getByRole('button', { name: 'Delete' }));
    d = await dialog();
    fireEvent.click(within(d).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowOf(est.id)).toBeNull());
    expect(await data.repos.estimates.get(est.id)).toBeUndefined();
    expect((await outbox(data)).map((e) => [e.method, e.path])).toEqual([['DELETE', '/estimate']]);
  });

  it('level 3 may delete (SPEC §6) but not edit', async () => {
    const { data } = await renderScreen(<Estimates />, { level: 3, path: '/view-estimates' });
    // an estimate a level-4 member wrote on this device (level 3 may not create one)
    await setMeta(data.db, 'session', { username: 'user4', permission: 4 });
    const est = await data.repos.estimates.create(profile, { work_hour: 1, rate_hour: 5_000 }, [], ['Brakes']);
    await setMeta(data.db, 'session', { username: 'user3', permission: 3 });
    const row = await findRow(est.id);
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /Edit/ })).toBeNull();
  });

  it('View PDF builds the estimate PDF on the device and opens it', async () => {
    const { made, open } = catchOpened();
    const { data } = await renderScreen(<Estimates />, { level: 4, path: '/view-estimates' });
    const est = await data.repos.estimates.create(
      profile,
      { work_hour: 1, rate_hour: 5_000 },
      await shelve(data, [FILTER]),
      ['Brakes'],
    );
    fireEvent.click(within(await findRow(est.id)).getByRole('button', { name: 'View PDF' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:doc', '_blank'), { timeout: 5000 });
    expect(await isPdf(nth(made, 0))).toBe(true);
  });
});

// ---- Dashboard finance tiles --------------------------------------------------------------------------------------

describe('Dashboard finance tiles (SPEC §2, §6 above level 4)', () => {
  const value = (id: string) => screen.getByTestId(`finance-${id}-value`).textContent;
  const today = (m: string) => screen.getByTestId(`today-${m}-value`).textContent;

  // kept: the counters every invoice write keeps (a device's pull marks them kept); not yet: a device with invoices
  // from before they were kept sums its invoices — the same figures either way
  it.each([
    ['from the counters kept with each write', true],
    ['by summing the invoices, before the counters are kept', false],
  ])(
    'shows Products, Labour (paid in full today), Sales, Discounts and the Transactions Today strip, live: %s',
    async (_, kept) => {
      const { data } = await renderScreen(<Dashboard />, { level: 5 });
      if (kept) await keepDashCounters(data.db);
      await waitFor(() => expect(value('sales')).toBe('$0.00'));
      expect(screen.getByText('Transactions Today')).toBeTruthy();
      for (const label of ['Products', 'Labour', 'Sales', 'Discounts', 'Cash', 'Debit', 'Credit', 'Online', 'Cheque'])
        expect(screen.getByText(label)).toBeTruthy();

      const full = await invoice(data); // $50 labour + $30 products
      const part = await invoice(data, []); // $50 labour, part paid
      await data.repos.invoices.pay(full.id, 'cash', 5_000);
      await data.repos.invoices.pay(full.id, 'credit_card', 3_000);
      await data.repos.invoices.pay(part.id, 'debit_card', 1_000);
      await data.repos.invoices.discount(part.id, 10); // $5 off what is due

      await waitFor(() => expect(value('discounts')).toBe('$5.00')); // the last write
      expect(value('sales')).toBe('$90.00');
      expect(value('labour')).toBe('$50.00'); // only the invoice paid in full
      expect(value('products')).toBe('$30.00');
      expect(today('cash')).toBe('$50.00');
      expect(today('credit_card')).toBe('$30.00');
      expect(today('debit_card')).toBe('$10.00');
      expect(today('online')).toBe('$0.00');
      expect(today('cheque')).toBe('$0.00');

      await data.repos.invoices.pay(part.id, 'online', 3_500);
      await waitFor(() => expect(value('labour')).toBe('$100.00'));
      expect(today('online')).toBe('$35.00');
    },
  );

  it('counts only today: an invoice paid and raised days ago adds nothing', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 5 });
    await keepDashCounters(data.db);
    const old = await invoice(data);
    await data.repos.invoices.pay(old.id, 'cash', 8_000);
    // paid today first: the tiles show it, so the zeros below are the move to three days ago, not a first render
    await waitFor(() => expect([value('labour'), value('sales')]).toEqual(['$50.00', '$80.00']));
    await age(data, old, 3);
    const tx = nth(await data.repos.invoices.transactions(old.id), 0);
    await putRow(data.db, 'transactions', {
      ...tx,
      created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });
    await waitFor(() =>
      expect([value('labour'), value('products'), value('sales'), today('cash')]).toEqual([
        '$0.00',
        '$0.00',
        '$0.00',
        '$0.00',
      ]),
    );
  });

  it('are not shown to level 4', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    await invoice(data);
    await waitFor(() => expect(screen.getByTestId('tile-active-count').textContent).toBe('1'));
    expect(screen.queryByTestId('finance-tiles')).toBeNull();
    expect(screen.queryByText('Transactions Today')).toBeNull();
  });
});
