import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CashUp from '../../src/app/cashup/CashUp';
import { AFTER_CLOSING } from '../../src/domain/cashup';
import { shopDay } from '../../src/domain/dates';
import { MSG } from '../../src/domain/messages';
import type { BayBookDB } from '../../src/local/db';
import { putRow } from '../../src/local/rows';
import { readPdf } from '../helpers/pdfText';
import { catchCsv, renderScreen } from './render';

/**
 * The Cash-up screen (issue 18) on a tablet with the network off: the day's takings by method from the payments the
 * device holds, the counted cash closing the day (the difference, who, when), the refusal in the domain's words,
 * the print buttons, and a till per device when the config sheet says so.
 */
afterEach(() => vi.restoreAllMocks());

let n = 0;
const now = new Date().toISOString();
async function pay(db: BayBookDB, method: string, amount: number, number?: string, refund_method = '', at = now) {
  n += 1;
  await putRow(db, 'transactions', {
    id: `tx-${n}`,
    number: number ?? `T1-${n}`,
    amount,
    method,
    invoice_id: 'inv-1',
    point: 0,
    username: 'desk',
    deleted: false,
    reason: refund_method ? 'came back' : '',
    refund_method,
    created_at: at,
    updated_at: at,
    version: 1,
  });
}
/** The cells of a method's row: method, taken, refunds paid out, expected. */
const rowOf = (label: string) =>
  [...within(screen.getByTestId('cashup-expected')).getByText(label).closest('tr')!.children].map((c) => c.textContent);

/** "Close the day", then the dialog's own "Close the day" (issue 30: closing asks first). */
async function closeDay() {
  fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close the day' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

const amountOf = (method: string) =>
  within(screen.getByTestId('cashup-expected')).getByText(method).closest('tr')!.lastElementChild!.textContent;

describe('Cash-up', () => {
  it("shows the day's takings by method and closes the day with the counted cash, offline", async () => {
    const { data } = await renderScreen(<CashUp />, { path: '/cash-up', username: 'boss' });
    await pay(data.db, 'cash', 12000);
    await pay(data.db, 'credit_card', 5050);
    await pay(data.db, 'cash', 3000);
    await pay(data.db, 'discount', 999);
    await waitFor(() => expect(amountOf('Cash')).toBe('$150.00'));
    expect(amountOf('Credit Card')).toBe('$50.50');
    expect(screen.getByTestId('cashup-total').textContent).toBe('$200.50');
    expect(screen.getByTestId('cashup-till').textContent).toContain('Till: Shop');

    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    expect((await screen.findByTestId('cashup-error')).textContent).toBe(MSG.cashupCounted);

    fireEvent.change(screen.getByLabelText('Counted cash ($)'), { target: { value: '148' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'two notes short' } });
    await closeDay();
    const made = await screen.findByTestId('cashup-made');
    expect(within(made).getByTestId('cashup-difference').textContent).toBe('-$2.00 · short $2.00');
    expect(within(made).getByTestId('cashup-closed').textContent).toMatch(
      /^Closed by boss at \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    expect(within(made).getByText('Note: two notes short')).toBeTruthy();
    const [entry] = await data.db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'POST', path: '/v3/cashup' });
    expect(entry!.body).toMatchObject({ data: { counted_cash: 14800, note: 'two notes short', device: 'T1' } });
    await waitFor(() => expect(within(screen.getByTestId('cashup-recent')).getByText('boss')).toBeTruthy());
  });

  it("shows the day's refunds by method (how many, how much) and expected = taken − refunds, before and after closing", async () => {
    const { data } = await renderScreen(<CashUp />, { path: '/cash-up', username: 'boss' });
    await pay(data.db, 'cash', 12000);
    await pay(data.db, 'credit_card', 5050);
    await pay(data.db, 'refund', -3000, undefined, 'cash');
    await pay(data.db, 'refund', -500, undefined, 'cash');
    await pay(data.db, 'refund', -1050, undefined, 'credit_card');
    await waitFor(() => expect(rowOf('Cash')).toEqual(['Cash', '$120.00', '2 · -$35.00', '$85.00']));
    expect(rowOf('Credit Card')).toEqual(['Credit Card', '$50.50', '1 · -$10.50', '$40.00']);
    expect(rowOf('Cheque')).toEqual(['Cheque', '$0.00', '—', '$0.00']);
    expect(rowOf('Total (2 payments, 3 refunds)')).toEqual([
      'Total (2 payments, 3 refunds)',
      '$170.50',
      '3 · -$45.50',
      '$125.00',
    ]);

    fireEvent.change(screen.getByLabelText('Counted cash ($)'), { target: { value: '85' } });
    await closeDay();
    expect((await screen.findByTestId('cashup-difference')).textContent).toBe('$0.00 · even');
    // the cash-up made shows what it stored: the same lines
    expect(rowOf('Cash')).toEqual(['Cash', '$120.00', '2 · -$35.00', '$85.00']);
    const [row] = await data.db.cashups.toArray();
    expect(row!.refunds).toMatchObject({ cash: { count: 2, cents: 3500 }, credit_card: { count: 1, cents: 1050 } });
  });

  it('asks before closing: the day, the till, the counted cash and the difference; Cancel closes nothing', async () => {
    const { data } = await renderScreen(<CashUp />, { path: '/cash-up', username: 'boss' });
    await pay(data.db, 'cash', 15000);
    await waitFor(() => expect(amountOf('Cash')).toBe('$150.00'));
    fireEvent.change(screen.getByLabelText('Counted cash ($)'), { target: { value: '148' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    const dialog = await screen.findByRole('alertdialog');
    const day = shopDay(new Date(), 'America/Jamaica');
    const asked = within(dialog).getByTestId('cashup-confirm').textContent;
    expect(asked).toContain(`Close ${day} for the till Shop?`);
    expect(asked).toContain('Counted cash $148.00 against $150.00 expected: short $2.00 (-$2.00).');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await data.db.cashups.count()).toBe(0);
    expect(await data.db.outbox.count()).toBe(0);
    expect(screen.queryByTestId('cashup-made')).toBeNull();
    expect((screen.getByLabelText('Counted cash ($)') as HTMLInputElement).value).toBe('148');

    await closeDay();
    expect((await screen.findByTestId('cashup-difference')).textContent).toBe('-$2.00 · short $2.00');
    expect(await data.db.cashups.count()).toBe(1);
  });

  it('refuses a count it cannot keep without asking', async () => {
    await renderScreen(<CashUp />, { path: '/cash-up' });
    fireEvent.click(await screen.findByRole('button', { name: 'Close the day' }));
    expect((await screen.findByTestId('cashup-error')).textContent).toBe(MSG.cashupCounted);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the payments taken after closing apart, by method, and prints them; not those taken before', async () => {
    const { data } = await renderScreen(<CashUp />, { path: '/cash-up', username: 'boss' });
    const before = new Date(Date.now() - 60_000).toISOString();
    await pay(data.db, 'cash', 5000, undefined, '', before);
    await waitFor(() => expect(amountOf('Cash')).toBe('$50.00'));
    fireEvent.change(screen.getByLabelText('Counted cash ($)'), { target: { value: '50' } });
    await closeDay();
    expect((await screen.findByTestId('cashup-after-none')).textContent).toBe(AFTER_CLOSING.none);
    const [made] = await data.db.cashups.toArray();

    const later = new Date(Date.parse(made!.closed_at) + 1000).toISOString();
    await pay(data.db, 'cash', 2500, undefined, '', later);
    await pay(data.db, 'credit_card', 1200, undefined, '', later);
    // taken on a tablet before the close, its row arriving only now: in the drawer when it was counted
    await pay(data.db, 'cash', 700, 'B2-1', '', before);
    const section = await screen.findByTestId('cashup-after-section');
    expect(within(section).getByRole('heading').textContent).toBe(AFTER_CLOSING.title);
    expect(within(section).getByText(AFTER_CLOSING.advice)).toBeTruthy();
    const after = within(section).getByTestId('cashup-after-table');
    const cells = (label: string) =>
      [...within(after).getByText(label).closest('tr')!.children].map((c) => c.textContent);
    await waitFor(() => expect(cells('Cash')).toEqual(['Cash', '$25.00', '—', '$25.00']));
    expect(cells('Credit Card')).toEqual(['Credit Card', '$12.00', '—', '$12.00']);
    expect(within(after).getByTestId('cashup-after-total').textContent).toBe('$37.00');
    expect(within(after).getByText('Total (2 payments, 0 refunds)')).toBeTruthy();
    // the count stays as it was made
    expect(amountOf('Cash')).toBe('$50.00');

    const saved = catchCsv();
    vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Print A4' }));
      await waitFor(() => expect(saved.blobs()).toHaveLength(1), { timeout: 10_000 });
      const doc = await readPdf(await saved.blobs()[0]!.arrayBuffer());
      for (const line of [AFTER_CLOSING.title, 'Cash $25.00', 'Total (2 payments) $37.00'])
        expect(doc.text, line).toContain(line);
    } finally {
      saved.restore();
    }
  });

  it('prints the cash-up on A4 and on the 80 mm roll, built on the device', async () => {
    const { data } = await renderScreen(<CashUp />, { path: '/cash-up' });
    await pay(data.db, 'cash', 1000);
    fireEvent.change(await screen.findByLabelText('Counted cash ($)'), { target: { value: '10' } });
    await closeDay();
    await screen.findByTestId('cashup-made');
    const saved = catchCsv();
    vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Print A4' }));
      await waitFor(() => expect(saved.blobs()).toHaveLength(1), { timeout: 10_000 });
      fireEvent.click(screen.getByRole('button', { name: 'Print 80 mm' }));
      await waitFor(() => expect(saved.blobs()).toHaveLength(2), { timeout: 10_000 });
      const day = shopDay(new Date(), 'America/Jamaica');
      expect(saved.files()).toEqual([`cash-up-${day}-shop.pdf`, `cash-up-${day}-shop.pdf`]);
      expect(saved.blobs().map((b) => b.type)).toEqual(['application/pdf', 'application/pdf']);
    } finally {
      saved.restore();
    }
  });

  it("per device, as the config sheet says: the till counts this device's payments only", async () => {
    const { data } = await renderScreen(<CashUp />, { path: '/cash-up' });
    await putRow(data.db, 'config', {
      id: 'cfg-scope',
      name: 'cashup_scope',
      title: 'Cash-up',
      description: 'device',
      amount: null,
      created_at: now,
      updated_at: now,
      version: 1,
    });
    await pay(data.db, 'cash', 4000);
    await pay(data.db, 'cash', 9900, 'A2-7');
    await waitFor(() => expect(screen.getByTestId('cashup-till').textContent).toContain('Till: T1 (this device)'));
    await waitFor(() => expect(amountOf('Cash')).toBe('$40.00'));
  });
});
