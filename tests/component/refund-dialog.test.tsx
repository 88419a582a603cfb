import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createData, type AppData } from '../../src/app/data/DataProvider';
import InvoiceEditor from '../../src/app/invoices/InvoiceEditor';
import Transactions from '../../src/app/invoices/Transactions';
import { MSG, fill } from '../../src/domain/messages';
import { setMeta } from '../../src/local/db';
import { renderScreen } from './render';
import { nth } from '../helpers/present';

/**
 * Refund on a paid invoice (issue 18): the button at the level that may remove a payment (5) and only once the invoice
 * is paid; the dialog's amount, reason and items coming back; one POST /v3/refund queued; the refund listed.
 */
async function paidInvoice(level: number, paid = true, editor = true) {
  const data = createData(`refund-${Math.random().toString(36).slice(2)}`);
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
  const customer = (await data.repos.customers.get(customerId))!;
  const p = await data.repos.products.add({
    title: 'Wiper',
    description: 'Wiper blade',
    price: 1000,
    stock: 5,
    low_stock: 1,
  });
  const job = await data.repos.jobs.create({ customer, service: ['Oil change'], mileage: 42000 });
  const line = { id: p.id, title: 'Wiper', description: p.description, price: 1000, qty: 2 };
  const inv = await data.repos.invoices.create(job.id, { work_hour: 2, rate_hour: 5000 }, [line]);
  await data.repos.invoices.pay(inv.id, 'cash', paid ? 12000 : 5000);
  await data.db.outbox.clear();
  if (!editor) return { data, inv, productId: p.id };
  await renderScreen(<InvoiceEditor />, { level, data, path: `/view-invoice?id=${inv.id}`, route: '/view-invoice' });
  await screen.findByTestId('invoice-editor');
  return { data, inv, productId: p.id };
}

const posts = async (data: AppData) => (await data.db.outbox.toArray()).filter((e) => e.path === '/v3/refund');
const type = (el: Element, value: string) => fireEvent.change(el, { target: { value } });

describe('Refund (issue 18)', () => {
  it('is offered on a paid invoice at level 5 only', async () => {
    await paidInvoice(4);
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('is not offered while an amount is due', async () => {
    await paidInvoice(5, false);
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('needs an amount and a reason; then queues one refund with the item back in stock, and lists it', async () => {
    const { data, inv, productId } = await paidInvoice(5);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const d = await screen.findByTestId('refund-dialog');
    expect(within(d).getByTestId('refund-left').textContent).toBe('$120.00');
    const error = async () => (await within(d).findByTestId('refund-dialog-error')).textContent;
    const submit = within(d).getByRole('button', { name: 'Record refund' });
    fireEvent.click(submit);
    expect(await error()).toContain(MSG.refundAmount);
    type(d.querySelector('[name="amount"]')!, '130');
    type(d.querySelector('[name="reason"]')!, 'Wiper did not fit');
    fireEvent.click(submit);
    // the device plans it as the server will, and words its refusal the same
    expect(await error()).toContain(
      fill(MSG.refundOverPaid, { left: '$120.00', invoice: `INV ${inv.number}`, paid: '$120.00', refunded: '$0.00' }),
    );
    type(d.querySelector('[name="amount"]')!, '10');
    // cash unless said otherwise: the cash-up takes it off that method's takings
    const paidBy = within(d).getByLabelText('Paid back by') as HTMLSelectElement;
    expect(paidBy.value).toBe('cash');
    type(paidBy, 'credit_card');
    fireEvent.click(within(d).getByRole('checkbox', { name: /Wiper/ }));
    await waitFor(() =>
      expect((within(d).getByLabelText('Return quantity of Wiper') as HTMLInputElement).value).toBe('1'),
    );
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByTestId('refund-dialog')).toBeNull());
    const sent = await posts(data);
    expect(sent).toHaveLength(1);
    expect(nth(sent, 0).body).toMatchObject({
      data: {
        invoice_id: inv.id,
        amount: 1000,
        reason: 'Wiper did not fit',
        refund_method: 'credit_card',
        items: [{ id: productId, qty: 1 }],
      },
    });
    expect((await data.repos.products.get(productId))!.stock).toBe(4);
    expect((await screen.findByTestId('refunded')).textContent).toBe('Refunded $10.00 of $120.00 paid');
    // the refund is its own line among the payments, with how the money went back and why
    // (the summary's Refunded line says -$10.00 too)
    const line = (await screen.findAllByText('-$10.00')).map((e) => e.closest('tr')).find(Boolean)!;
    expect(within(line as HTMLElement).getByText('Refund (Credit Card): Wiper did not fit')).toBeTruthy();
    expect(screen.getByTestId('invoice-status').textContent).toBe('PAID');
  });

  it('on Transactions a refund has no Delete (it stays), its payment keeps one', async () => {
    const { data, inv } = await paidInvoice(5, true, false);
    const refund = await data.repos.invoices.refund(inv.id, { amount: 500, reason: 'Goodwill' });
    const payment = nth(
      (await data.db.transactions.where('invoice_id').equals(inv.id).toArray()).filter((t) => t.method === 'cash'),
      0,
    );
    await renderScreen(<Transactions />, { level: 5, data, path: '/transactions' });
    const rowOf = async (id: string) => {
      await waitFor(() => expect(document.querySelector(`[data-row-id="${id}"]`)).toBeTruthy());
      return document.querySelector(`[data-row-id="${id}"]`) as HTMLElement;
    };
    expect(within(await rowOf(refund.id)).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(
      within(await rowOf(payment.id)).getByRole('button', { name: `Delete transaction ${payment.number}` }),
    ).toBeTruthy();
  });
});
