import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RefusedMoneyBanner } from '../../src/app/jobs/RefusedMoneyBanner';
import { SyncStatus } from '../../src/app/shell/SyncStatus';
import { MSG, fill } from '../../src/domain/messages';
import type { AppData } from '../../src/app/data/DataProvider';
import type { InvoiceRow, OutboxEntry } from '../../src/local/db';
import { discardConflict, type KeptConflict } from '../../src/sync/discard';
import { renderScreen } from './render';

/** 12:05 in Kingston (the default shop time zone, UTC-5): 17:05 UTC */
const REFUSED_AT = '2025-03-04T17:05:00.000Z';
/** when the desk settled the invoice: 9:58 in Kingston */
const SETTLED_AT = '2025-03-04T14:58:00.000Z';
const FACTS = { invoice: 'A1-12', due: 0, settled_by: 'jdoe', settled_at: SETTLED_AT, device: 'B2' };
const REASON =
  'INV A1-12 was paid in full on device B2 by jdoe at Mar 4, 9:58 AM — your $40.00 cash payment was not recorded.';

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

/** The tablet's $40 cash payment, as the outbox queued it. */
const PAYMENT_ENTRY: OutboxEntry = {
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

/** The $40 refused because the desk had already settled the invoice, with the server's facts (sync/outbox.ts). */
async function refusedCashPayment(data: AppData) {
  await data.db.invoices.put(INVOICE);
  const c: KeptConflict = {
    id: PAYMENT_ENTRY.id,
    entry: PAYMENT_ENTRY,
    status: 400,
    message: MSG.invalidPayment,
    at: REFUSED_AT,
    facts: FACTS,
  };
  await data.db.conflicts.put(c);
}

async function openRefused() {
  fireEvent.click(await screen.findByRole('button', { name: '1 refused' }));
  const drawer = await screen.findByRole('dialog');
  await expect.poll(() => within(drawer).queryAllByTestId('conflict').length).toBe(1);
  return { drawer, item: within(drawer).getByTestId('conflict') };
}

describe('a refused money entry (issue 14)', () => {
  it("says why in words from the server's facts, in the shop's time, and what to do", async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await refusedCashPayment(data);
    const { item } = await openRefused();
    const text = item.textContent ?? '';
    expect(text).toContain('Cash payment of $40.00 on INV A1-12');
    expect(text).toContain('INV A1-12 · Kim Lee');
    expect(text).toContain(REASON);
    expect(text).toContain(fill(MSG.refusedAdvicePayment, { amount: '$40.00' }));
    expect(text).toContain('Refused Mar 4 2025, 12:05 PM');
    expect(text).not.toContain('17:05');
    expect(text).not.toContain('14:58');
    expect(text).toContain('made by kim');
  });

  it('asks before a discard and for a reason: Keep it keeps it, no reason discards nothing, the reason is logged', async () => {
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

    // one click more is not enough: without a reason nothing is discarded
    fireEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    ask = await screen.findByRole('alertdialog', { name: MSG.discardConfirmTitle });
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Discard for good' }));
    });
    expect(await within(ask).findByText(MSG.discardReasonRequired)).toBeTruthy();
    expect(await data.db.outbox.count()).toBe(0);
    expect(within(drawer).getAllByTestId('conflict')).toHaveLength(1);

    fireEvent.change(within(ask).getByRole('textbox', { name: /Why is it discarded/ }), {
      target: { value: 'Cash given back to the customer' },
    });
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Discard for good' }));
    });
    await expect.poll(() => within(drawer).queryAllByTestId('conflict').length).toBe(0);
    // kept on the device, listed as discarded with its reason, and its activity-log line queued for the server
    // (the discarded list is a live query of its own: it may follow a moment later)
    const kept = (await within(drawer).findByTestId('discarded')).textContent ?? '';
    expect(kept).toContain('Cash payment of $40.00 on INV A1-12');
    expect(kept).toContain('by kim');
    expect(kept).toContain('Cash given back to the customer');
    expect(await data.db.conflicts.count()).toBe(1);
    const [log] = await data.db.outbox.toArray();
    expect(log).toMatchObject({
      method: 'POST',
      path: '/v3/discarded',
      actor: 'kim',
      body: {
        entry_id: 'e-pay',
        what: 'Cash payment of $40.00 on INV A1-12',
        message: REASON,
        reason: 'Cash given back to the customer',
        money: true,
      },
    });
    // the header no longer counts it as waiting for a decision
    await expect.poll(() => screen.queryByRole('button', { name: /refused$/, hidden: true })).toBeNull();
  });

  it('keeps a banner on the Dashboard until someone has dealt with it', async () => {
    const { data } = await renderScreen(<RefusedMoneyBanner />, { username: 'kim', level: 3 });
    await data.db.conflicts.put({
      id: 'e-other',
      entry: { ...PAYMENT_ENTRY, id: 'e-other', path: '/customer', method: 'PUT', label: 'Edit customer Kim Lee' },
      status: 400,
      message: 'Refused',
      at: REFUSED_AT,
    });
    // a refused change that moves no money is for the header's list only
    await expect.poll(async () => (await data.db.conflicts.count()) === 1).toBe(true);
    expect(screen.queryByTestId('refused-money-banner')).toBeNull();

    await refusedCashPayment(data);
    const banner = await screen.findByTestId('refused-money-banner');
    expect(banner.textContent).toContain(MSG.refusedMoneyBannerOne);
    expect(banner.textContent).toContain(`Cash payment of $40.00 on INV A1-12 — ${REASON}`);

    // Review opens the whole refused list; the banner stays until the money is discarded (with a reason) or retried
    fireEvent.click(within(banner).getByRole('button', { name: 'Review' }));
    const review = await screen.findByTestId('refused-money-review');
    await expect.poll(() => within(review).queryAllByTestId('conflict').length).toBe(2);
    await discardConflict(data.db, 'e-pay', 'Recorded on INV A1-13 instead');
    await expect.poll(() => screen.queryByTestId('refused-money-banner')).toBeNull();
  });
});
