import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SyncStatus } from '../../src/app/shell/SyncStatus';
import { MSG } from '../../src/domain/messages';
import type { AppData } from '../../src/app/data/DataProvider';
import type { ConflictRow, InvoiceRow, OutboxEntry } from '../../src/local/db';
import { renderScreen } from './render';

/** 12:05 in Kingston (the default shop time zone, UTC-5): 17:05 UTC */
const REFUSED_AT = '2025-03-04T17:05:00.000Z';

const INVOICE = {
  id: 'inv-1',
  number: 'A1-12',
  request_id: null,
  customer_id: 'c-1',
  first_name: 'Kim',
  last_name: 'Lee',
  registration: 'PBX 1',
  vin: '',
  total: 0,
  payment: 9000,
  discount: 0,
  discount_percent: 0,
  points_value: 0,
  work_hour: 0,
  rate_hour: 0,
  products: [],
  profile: {},
  totals: {},
  storage: 'off',
  storage_days: 0,
  invoice_status: 'paid',
  type: 'service',
  created_by: '',
  created_at: REFUSED_AT,
  updated_at: REFUSED_AT,
  version: 3,
} satisfies InvoiceRow;

/** The tablet's $40 cash payment, refused because the desk had already settled the invoice. */
async function refusedCashPayment(data: AppData) {
  await data.db.invoices.put(INVOICE);
  const entry: OutboxEntry = {
    id: 'e-pay',
    method: 'POST',
    path: '/transaction',
    actor: 'kim',
    deviceId: 'd',
    createdAt: REFUSED_AT,
    attempts: 1,
    lastError: MSG.invalidPayment,
    state: 'rejected',
    refs: ['t-1', 'inv-1'],
    touches: [],
    creates: ['t-1'],
    dependsOn: [],
    label: 'Payment of $40.00 on A1-12',
    body: {
      data: { id: 't-1', number: 'T1-5', method: 'cash', invoice_id: 'inv-1', amount: 4000, vin: '', base_version: 2 },
    },
  };
  const c: ConflictRow = { id: entry.id, entry, status: 400, message: MSG.invalidPayment, at: REFUSED_AT };
  await data.db.conflicts.put(c);
}

async function openRefused() {
  fireEvent.click(await screen.findByRole('button', { name: '1 refused' }));
  const drawer = await screen.findByRole('dialog');
  await expect.poll(() => within(drawer).queryAllByTestId('conflict').length).toBe(1);
  return { drawer, item: within(drawer).getByTestId('conflict') };
}

describe('a refused money entry (issue 14)', () => {
  it("says what it was in a cashier's words: the record, the amount, the server's message and the shop's time", async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await refusedCashPayment(data);
    const { item } = await openRefused();
    const text = item.textContent ?? '';
    expect(text).toContain('Cash payment of $40.00 on INV A1-12');
    expect(text).toContain('INV A1-12 · Kim Lee');
    expect(text).toContain(MSG.invalidPayment);
    expect(text).toContain('Check INV A1-12 with the front desk before you decide');
    expect(text).toContain('Refused Mar 4 2025, 12:05 PM');
    expect(text).not.toContain('17:05');
    expect(text).toContain('made by kim');
  });

  it('asks before a discard, saying what is lost: Keep it keeps the entry, Discard for good keeps a trace', async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await refusedCashPayment(data);
    const { drawer, item } = await openRefused();

    fireEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    let ask = await screen.findByRole('alertdialog', { name: MSG.discardConfirmTitle });
    expect(ask.textContent).toContain(
      'This $40.00 cash payment will not be recorded anywhere. Keep the cash aside and record it again',
    );
    expect(ask.textContent).toContain(MSG.discardTrace);
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Keep it' }));
    });
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    expect(within(drawer).getAllByTestId('conflict')).toHaveLength(1);
    expect(await data.db.outbox.count()).toBe(0);

    fireEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    ask = await screen.findByRole('alertdialog', { name: MSG.discardConfirmTitle });
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Discard for good' }));
    });
    await expect.poll(() => within(drawer).queryAllByTestId('conflict').length).toBe(0);
    // kept on the device, listed as discarded, and its activity-log line queued for the server
    // (the discarded list is a live query of its own: it may follow a moment later)
    const kept = (await within(drawer).findByTestId('discarded')).textContent ?? '';
    expect(kept).toContain('Cash payment of $40.00 on INV A1-12');
    expect(kept).toContain('by kim');
    expect(kept).toContain(MSG.discardedLogWaiting);
    expect(await data.db.conflicts.count()).toBe(1);
    const [log] = await data.db.outbox.toArray();
    expect(log).toMatchObject({
      method: 'POST',
      path: '/v3/discarded',
      actor: 'kim',
      body: {
        entry_id: 'e-pay',
        what: 'Cash payment of $40.00 on INV A1-12',
        message: MSG.invalidPayment,
        money: true,
      },
    });
    // the header no longer counts it as waiting for a decision
    await expect.poll(() => screen.queryByRole('button', { name: /refused$/, hidden: true })).toBeNull();
  });
});
