import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SyncStatus } from '../../src/app/shell/SyncStatus';
import type { AppData } from '../../src/app/data/DataProvider';
import type { OutboxEntry } from '../../src/local/db';
import { Toaster } from '../../src/app/feedback/toaster';
import { newId } from '../../src/domain/ids';
import { MSG, fill } from '../../src/domain/messages';
import { LIMITS } from '../../src/domain/schemas/fields';
import type { FieldConflictRow } from '../../src/sync/decisions';
import { renderScreen } from './render';

/** 12:05 in Kingston (the default shop time zone, UTC-5): 17:05 UTC */
const CHANGED_AT = '2025-03-04T17:05:00.000Z';
// a real id: an edited value is checked by its call's schema, which takes only ids the server would
const JOB = newId();

/**
 * The bay's service note, written offline; the desk (jdoe on B1) wrote another one first. `over`: another field's
 * conflict on the same job; `status`: the job's status on the device now.
 */
async function noteConflict(data: AppData, over: Partial<FieldConflictRow['field']> = {}, status = 'active') {
  await data.db.table('jobs').put({
    id: JOB,
    number: 'D1-1',
    registration: 'ABC 123',
    status,
    service_note: 'Desk: customer declined fluid',
    comment: '',
    created_at: CHANGED_AT,
    updated_at: CHANGED_AT,
    version: 2,
    service: [],
    invoice: [],
  });
  const entry: OutboxEntry = {
    id: 'e-note',
    method: 'PUT',
    path: '/job-action/service-note',
    actor: 'kim',
    deviceId: 'd',
    createdAt: CHANGED_AT,
    attempts: 1,
    lastError: '',
    state: 'rejected',
    refs: [JOB],
    touches: [['jobs', JOB]],
    creates: [],
    dependsOn: [],
    label: 'Service note on job #D1-1',
    body: { data: { id: JOB, value: 'Bay: brake fluid low', base: { service_note: '' }, device: 'T1' } },
  };
  const c: FieldConflictRow = {
    id: `field:jobs:${JOB}:${over.field ?? 'service_note'}`,
    entry,
    status: 200,
    message: 'Needs your decision',
    at: CHANGED_AT,
    field: {
      entity: 'jobs',
      id: JOB,
      field: 'service_note',
      mine: 'Bay: brake fluid low',
      base: '',
      theirs: 'Desk: customer declined fluid',
      reason: 'changed',
      by: 'jdoe',
      device: 'B1',
      at: CHANGED_AT,
      record: 'Job #D1-1 (ABC 123)',
      label: 'Service note',
      ...over,
    },
  };
  await data.db.conflicts.put(c);
}

/** The bay moved the booking offline (9:00 in Kingston); the desk had moved it to 10:30 first. */
const bookingConflict = (data: AppData) =>
  noteConflict(data, {
    field: 'book_start',
    label: 'Booking start',
    mine: '2025-03-10T14:00:00.000Z',
    base: '2025-03-09T14:00:00.000Z',
    theirs: '2025-03-10T15:30:00.000Z',
  });

async function openDecision() {
  fireEvent.click(await screen.findByRole('button', { name: '1 need your decision' }));
  const drawer = await screen.findByRole('dialog', { name: 'Needs your decision' });
  return within(drawer).findByTestId('decision');
}

describe('the "Needs your decision" list (issue 14)', () => {
  it('shows the record, the field, what you wrote, what is there now, who changed it, where and when in shop time', async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await noteConflict(data);
    const text = (await openDecision()).textContent ?? '';
    expect(text).toContain('Job #D1-1 (ABC 123)');
    expect(text).toContain('Service note');
    expect(text).toContain('What you wrote: Bay: brake fluid low');
    expect(text).toContain('What is there now: Desk: customer declined fluid');
    expect(text).toContain('Changed by jdoe on B1, Mar 4 2025, 12:05 PM');
    expect(text).not.toContain('17:05');
  });

  it("Use mine sends the note against the desk's and logs the decision; the row shows it at once", async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await noteConflict(data);
    const item = await openDecision();
    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: 'Use mine' }));
    });
    await expect.poll(() => data.db.conflicts.count()).toBe(0);
    const [send, log] = await data.db.outbox.toArray();
    expect(send).toMatchObject({
      method: 'PUT',
      path: '/job-action/service-note',
      actor: 'kim',
      body: {
        data: {
          id: JOB,
          value: 'Bay: brake fluid low',
          base: { service_note: 'Desk: customer declined fluid' },
          device: 'T1',
        },
      },
    });
    expect(log).toMatchObject({
      method: 'POST',
      path: '/v3/decided',
      body: { record: 'Job #D1-1 (ABC 123)', field: 'Service note', choice: 'mine' },
    });
    expect((await data.db.table('jobs').get(JOB)).service_note).toBe('Bay: brake fluid low');
    await expect.poll(() => screen.queryByRole('button', { name: /need your decision$/, hidden: true })).toBeNull();
  });

  it('Keep theirs drops mine: only the decision goes, to the activity log', async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await noteConflict(data);
    const item = await openDecision();
    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: 'Keep theirs' }));
    });
    await expect.poll(() => data.db.conflicts.count()).toBe(0);
    expect(await data.db.outbox.toArray()).toMatchObject([
      {
        path: '/v3/decided',
        body: { choice: 'theirs', mine: 'Bay: brake fluid low', theirs: 'Desk: customer declined fluid' },
      },
    ]);
    expect((await data.db.table('jobs').get(JOB)).service_note).toBe('Desk: customer declined fluid');
  });

  it("Edit and send sends what was typed, against the desk's note", async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await noteConflict(data);
    const item = await openDecision();
    fireEvent.click(within(item).getByRole('button', { name: 'Edit and send' }));
    fireEvent.change(within(item).getByRole('textbox', { name: 'New Service note' }), {
      target: { value: 'Fluid low; customer declined' },
    });
    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: 'Send' }));
    });
    await expect.poll(() => data.db.conflicts.count()).toBe(0);
    const [send, log] = await data.db.outbox.toArray();
    expect(send).toMatchObject({
      body: {
        data: { value: 'Fluid low; customer declined', base: { service_note: 'Desk: customer declined fluid' } },
      },
    });
    expect(log).toMatchObject({
      path: '/v3/decided',
      body: { choice: 'edited', value: 'Fluid low; customer declined' },
    });
  });

  it('Edit and send refuses a note past its length in the server’s words, and keeps the decision and the text', async () => {
    const { data } = await renderScreen(
      <>
        <SyncStatus />
        <Toaster />
      </>,
      { username: 'kim', level: 3 },
    );
    await noteConflict(data);
    const item = await openDecision();
    fireEvent.click(within(item).getByRole('button', { name: 'Edit and send' }));
    const long = 'x'.repeat(LIMITS.text + 1);
    fireEvent.change(within(item).getByRole('textbox', { name: 'New Service note' }), { target: { value: long } });
    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: 'Send' }));
    });
    expect(await screen.findByText(fill(MSG.textMax, { field: 'Note', max: LIMITS.text }))).toBeTruthy();
    expect(await data.db.conflicts.count()).toBe(1);
    expect(await data.db.outbox.where('state').notEqual('rejected').count()).toBe(0);
    expect(within(item).getByRole<HTMLTextAreaElement>('textbox', { name: 'New Service note' }).value).toBe(long);
  });

  it("shows booking times in the shop's time zone, not as UTC text, and logs the decision with them", async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await bookingConflict(data);
    const item = await openDecision();
    const text = item.textContent ?? '';
    expect(text).toContain('Booking start');
    expect(text).toContain('What you wrote: Mar 10 2025, 9:00 AM');
    expect(text).toContain('What is there now: Mar 10 2025, 10:30 AM');
    expect(text).not.toMatch(/T1\d:\d\d/);
    // a booking is moved on the calendar, where its rules are checked, not typed here
    expect(within(item).queryByRole('button', { name: 'Edit and send' })).toBeNull();
    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: 'Keep theirs' }));
    });
    await expect.poll(() => data.db.conflicts.count()).toBe(0);
    expect(await data.db.outbox.toArray()).toMatchObject([
      { path: '/v3/decided', body: { field: 'Booking start', choice: 'theirs', time: true, money: false } },
    ]);
  });

  it('a note on a job closed since offers only keep theirs while the job stays closed, and says who closed it', async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await noteConflict(data, { reason: 'blocked', theirs: '' }, 'canceled');
    const item = await openDecision();
    expect(item.textContent).toContain(
      'The job was completed or canceled since you wrote this. Changed by jdoe on B1, Mar 4 2025, 12:05 PM',
    );
    await within(item).findByText(/ask a level 5 user to reopen it/);
    expect(within(item).getByRole('button', { name: 'Keep theirs' })).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Use mine' })).toBeNull();
    // reopened (a level-5 user moved it back): use mine is offered again
    await act(async () => {
      await data.db.table('jobs').update(JOB, { status: 'active' });
    });
    expect(await within(item).findByRole('button', { name: 'Use mine' })).toBeTruthy();
  });

  /** The bay's lines on INV B2-7 (3 pads); the desk's first (2 pads and a disc). `total`: what is due on it now. */
  async function linesConflict(data: AppData, total: number, over: Partial<FieldConflictRow['field']> = {}) {
    await data.db.table('products').bulkPut([
      { id: 'p1', title: 'Brake pads', description: '', price: 4500, stock: 9, created_at: CHANGED_AT },
      { id: 'p2', title: 'Disc', description: '', price: 1250, stock: 9, created_at: CHANGED_AT },
    ]);
    await data.db.table('invoices').put({ id: 'inv-1', number: 'B2-7', total, created_at: CHANGED_AT, version: 3 });
    await noteConflict(data, {
      entity: 'invoices',
      id: 'inv-1',
      field: 'products',
      label: 'Lines',
      record: 'Invoice INV B2-7',
      mine: [{ id: 'p1', qty: 3 }],
      base: [{ id: 'p1', qty: 2 }],
      theirs: [
        { id: 'p1', qty: 2 },
        { id: 'p2', qty: 1 },
      ],
      ...over,
    });
  }

  it("an invoice's lines show as products and quantities; keep theirs logs them so", async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await linesConflict(data, 5000);
    const item = await openDecision();
    await expect.poll(() => item.textContent).toContain('What you wrote: 3 × Brake pads');
    expect(item.textContent).toContain('What is there now: 2 × Brake pads, 1 × Disc');
    // lines are changed in the invoice editor, where stock and prices are checked, not typed here
    expect(within(item).queryByRole('button', { name: 'Edit and send' })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Use mine' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: 'Keep theirs' }));
    });
    await expect.poll(() => data.db.conflicts.count()).toBe(0);
    expect(await data.db.outbox.toArray()).toMatchObject([
      {
        path: '/v3/decided',
        body: {
          record: 'Invoice INV B2-7',
          field: 'Lines',
          mine: '3 × Brake pads',
          theirs: '2 × Brake pads, 1 × Disc',
        },
      },
    ]);
  });

  it('an invoice paid in full since offers only keep theirs, and says why; use mine once an amount is due again', async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await linesConflict(data, 0, { reason: 'blocked' });
    const item = await openDecision();
    await within(item).findByText(/A paid invoice takes no changes/);
    expect(item.textContent).toContain('The invoice was paid in full since you saved it. Changed by jdoe on B1');
    expect(within(item).queryByRole('button', { name: 'Use mine' })).toBeNull();
    await act(async () => {
      await data.db.table('invoices').update('inv-1', { total: 2500 });
    });
    expect(await within(item).findByRole('button', { name: 'Use mine' })).toBeTruthy();
  });

  it('a customer blocked since: use mine is offered, and what it does is said in words', async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await noteConflict(data, {
      entity: 'customers',
      id: 'c-1',
      field: 'note',
      label: 'Note',
      record: 'Ann Lee (ABC 123)',
      mine: 'Call first',
      theirs: '',
      reason: 'blocked',
    });
    const item = await openDecision();
    expect(item.textContent).toContain('The customer was blocked since you edited them. Changed by jdoe on B1');
    expect(item.textContent).toContain('use mine saves your change and the customer stays blocked');
    expect(within(item).getByRole('button', { name: 'Use mine' })).toBeTruthy();
  });
});
