import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createData, type AppData } from '../../src/app/data/DataProvider';
import InvoiceEditor from '../../src/app/invoices/InvoiceEditor';
import { confirmStatusText } from '../../src/domain/jobs';
import { setMeta, type JobRow } from '../../src/local/db';
import { renderScreen } from './render';

// issue 30: the job stayed 'received' after its invoice was paid; Complete job beside PAID completes it from there

afterEach(() => {
  vi.restoreAllMocks();
});

/** A customer, a received job, its $100 invoice (paid in full when `paid`), and the editor open on it. */
async function setup(opts: { level?: number; paid?: boolean; status?: JobRow['status'] } = {}) {
  const data = createData(`complete-job-${Math.random().toString(36).slice(2)}`);
  // seeded by the shop's super admin; the screen then opens at the level under test
  await setMeta(data.db, 'session', { username: 'user5', permission: 5 });
  await setMeta(data.db, 'deviceCode', 'T1');
  const customerId = await data.repos.customers.add({
    VIN: '1HGCM82633A004352',
    'Registration Number': 'PK 1234',
    'First name': 'Ann',
    'Last name': 'Lee',
    'Contact number': '8765551234',
    Email: '',
  });
  const customer = (await data.repos.customers.get(customerId))!;
  const job = await data.repos.jobs.create({ customer, service: ['Oil change'], mileage: 42000 });
  const inv = await data.repos.invoices.create(job.id, { work_hour: 2, rate_hour: 5000 }, []);
  if (opts.paid ?? true) await data.repos.invoices.pay(inv.id, 'cash', inv.total);
  if (opts.status) await data.db.jobs.update(job.id, { status: opts.status });
  await data.db.outbox.clear();
  await renderScreen(<InvoiceEditor />, {
    level: opts.level ?? 4,
    data,
    path: `/view-invoice?id=${inv.id}`,
    route: '/view-invoice',
  });
  await screen.findByTestId('invoice-editor');
  return { data, job };
}

const completeButton = () => screen.queryByRole('button', { name: 'Complete job' });
const jobStatus = async (data: AppData, id: string) => (await data.db.jobs.get(id))?.status;

describe('Invoice editor: Complete job beside PAID (issue 30)', () => {
  it('completes the received job of a paid invoice through the status change the job screen makes, offline', async () => {
    const { data, job } = await setup();
    expect(job.status).toBe('received');
    expect(screen.getByTestId('invoice-status').textContent).toBe('PAID');
    // beside the badge, in the header's first line
    expect(screen.getByTestId('invoice-status').parentElement!.contains(completeButton())).toBe(true);
    fireEvent.click(completeButton()!);
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByText(confirmStatusText(job.number, 'complete'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(async () => expect(await jobStatus(data, job.id)).toBe('complete'));
    expect((await data.db.jobs.get(job.id))?.complete_at).toBeTruthy();
    expect(await data.db.outbox.toArray()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/job-action/status',
        body: { data: expect.objectContaining({ id: job.id, status: 'complete' }) },
      }),
    ]);
    // the editor reads the job live: once complete there is nothing left to offer
    await waitFor(() => expect(completeButton()).toBeNull());
  });

  it('changes nothing when the confirm is cancelled', async () => {
    const { data, job } = await setup();
    fireEvent.click(completeButton()!);
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(await jobStatus(data, job.id)).toBe('received');
    expect(await data.db.outbox.count()).toBe(0);
    expect(completeButton()).toBeTruthy();
  });

  it('is offered for an active job too', async () => {
    await setup({ status: 'active' });
    expect(completeButton()).toBeTruthy();
  });

  it('is not offered while the invoice is due', async () => {
    await setup({ paid: false });
    expect(screen.getByTestId('invoice-status').textContent).toBe('Due');
    expect(completeButton()).toBeNull();
  });

  it.each<JobRow['status']>(['complete', 'canceled'])('is not offered when the job is already %s', async (status) => {
    await setup({ status, level: 5 });
    expect(screen.getByTestId('invoice-status').textContent).toBe('PAID');
    expect(completeButton()).toBeNull();
  });

  it('is not offered below the level that may change a job status', async () => {
    await setup({ level: 2 });
    expect(screen.getByTestId('invoice-status').textContent).toBe('PAID');
    expect(completeButton()).toBeNull();
  });
});
