import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createData, useRepos, type AppData } from '../../src/app/data/DataProvider';
import { Toaster, toaster } from '../../src/app/feedback/toaster';
import { JobActions, MileageCell } from '../../src/app/jobs/actions/JobActions';
import { confirmAssignText, confirmStatusText } from '../../src/domain/jobs';
import { newId } from '../../src/domain/ids';
import { TOKEN_KEY } from '../../src/app/session/session';
import { MSG, fill } from '../../src/domain/messages';
import { logPreview } from '../../src/domain/schemas/job';
import type { JobRow } from '../../src/local/db';
import { putRow } from '../../src/local/rows';
import { renderScreen } from './render';
import { fakeObjectUrls } from './fakes';
import { nth } from '../helpers/present';

/** The job as the table hands it over: read live from the device database, so the actions re-render after writes. */
function Live({ id, paged }: { id: string; paged?: boolean }) {
  const repos = useRepos();
  const job = useLiveQuery(() => repos.jobs.get(id), [repos, id]);
  if (!job) return null;
  return (
    <>
      <JobActions job={job} paged={paged} />
      <div data-testid="mileage-cell">
        <MileageCell job={job} />
      </div>
      <Toaster />
    </>
  );
}

function jobRow(overrides: Partial<JobRow> = {}): JobRow {
  const now = new Date().toISOString();
  return {
    id: newId(),
    number: 'T1-7',
    customer_id: null,
    vin: '1HGCM82633A004352',
    vin_key: '',
    registration: 'PK 1234',
    registration_key: '',
    first_name: 'Ann',
    last_name: 'Lee',
    contact: '8765551234',
    email: 'none',
    mileage: 42000,
    service: ['Brakes', 'Oil change'],
    status: 'received',
    book_start: null,
    book_end: null,
    start: null,
    active_at: null,
    complete_at: null,
    technician: '',
    customer_note: '',
    service_note: '',
    comment: '',
    invoice: [],
    type: 'service',
    created_by: 'user4',
    created_at: now,
    updated_at: now,
    version: 1,
    ...overrides,
  };
}

async function setup(
  opts: {
    level?: number;
    paged?: boolean;
    job?: Partial<JobRow>;
    seed?: (data: AppData, job: JobRow) => Promise<void>;
  } = {},
) {
  const data = createData(`job-actions-${Math.random().toString(36).slice(2)}`);
  const job = jobRow(opts.job);
  await putRow(data.db, 'jobs', job);
  await opts.seed?.(data, job);
  await renderScreen(<Live id={job.id} paged={opts.paged} />, { level: opts.level ?? 4, data, path: '/view-request' });
  await screen.findByTestId('job-actions');
  return { data, job };
}

const outbox = (data: AppData) => data.db.outbox.toArray();
const confirmDialog = () => screen.findByTestId('confirm-dialog');
/** A dialog hides the rest of the page from assistive tech a frame after opening; a confirm opened before that is hidden too. */
const dialogSettled = () =>
  waitFor(() => expect(screen.getByTestId('job-actions').closest('[aria-hidden="true"]')).toBeTruthy());
const statusSelect = () => screen.queryByRole('combobox', { name: 'Job Status' }) as HTMLSelectElement | null;

// the machine is shared: give IndexedDB writes and Chakra's dialogs time

beforeEach(() => {
  fakeObjectUrls('blob:http://localhost/fake-object-url');
});

afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

describe('Job actions: status (SPEC §4)', () => {
  it("asks 'Update job <#number> to <status>?' and queues PUT /job-action/status", async () => {
    const { data, job } = await setup({ level: 3 });
    const select = statusSelect()!;
    expect(select.value).toBe('received');
    expect([...select.options].map((o) => o.value)).toEqual(['received', 'active', 'complete']);
    fireEvent.change(select, { target: { value: 'active' } });
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Update job #T1-7 to active?')).toBeTruthy();
    expect(confirmStatusText(job.number, 'active')).toBe('Update job #T1-7 to active?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(async () => expect((await data.db.jobs.get(job.id))?.status).toBe('active'));
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/job-action/status',
      body: { data: { id: job.id, status: 'active' } },
    });
    await waitFor(() => expect(statusSelect()!.value).toBe('active'));
  });

  it('sends nothing when the change is not confirmed', async () => {
    const { data, job } = await setup({ level: 3 });
    fireEvent.change(statusSelect()!, { target: { value: 'active' } });
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(await outbox(data)).toHaveLength(0);
    expect((await data.db.jobs.get(job.id))?.status).toBe('received');
    expect(statusSelect()!.value).toBe('received');
  });

  it("refuses to complete a job without an invoice: 'An invoice is required to complete job', nothing queued", async () => {
    const { data, job } = await setup({ level: 4, job: { status: 'active' } });
    fireEvent.change(statusSelect()!, { target: { value: 'complete' } });
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MSG.invoiceRequired)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);
    expect((await data.db.jobs.get(job.id))?.status).toBe('active');
    expect(statusSelect()!.value).toBe('active');
  });

  it('completes a job that has an invoice', async () => {
    const { data, job } = await setup({ level: 4, job: { status: 'active', invoice: ['inv-1'] } });
    fireEvent.change(statusSelect()!, { target: { value: 'complete' } });
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Update' }));
    await waitFor(async () => expect((await data.db.jobs.get(job.id))?.status).toBe('complete'));
    expect((await outbox(data))[0]).toMatchObject({
      path: '/job-action/status',
      body: { data: { status: 'complete' } },
    });
  });

  it('shows level 3 (and 4) only a status chip on a complete job, with no updating actions', async () => {
    await setup({ level: 3, job: { status: 'complete', invoice: ['inv-1'] } });
    expect(statusSelect()).toBeNull();
    expect(screen.getByTestId('job-status-chip').textContent).toBe('complete');
    for (const name of ['Edit services', 'Cancel job', 'Generate Invoice'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mileage/ })).toBeNull();
  });

  it('shows level 4 only a chip on a canceled job, even in the paged table', async () => {
    await setup({ level: 4, paged: true, job: { status: 'canceled' } });
    expect(statusSelect()).toBeNull();
    expect(screen.getByTestId('job-status-chip').textContent).toBe('canceled');
    expect(screen.queryByRole('combobox', { name: 'Assigned to' })).toBeNull();
  });

  it('lets level 5 change the status of a complete job in the paged variant (a chip in the other one)', async () => {
    const first = await setup({ level: 5, job: { status: 'complete', invoice: ['inv-1'] } });
    expect(statusSelect()).toBeNull();
    expect(first.data).toBeTruthy();
    cleanup();

    const { data, job } = await setup({ level: 5, paged: true, job: { status: 'complete', invoice: ['inv-1'] } });
    const select = statusSelect()!;
    expect(select.value).toBe('complete');
    fireEvent.change(select, { target: { value: 'active' } });
    const dialog = await confirmDialog();
    expect(within(dialog).getByText(confirmStatusText(job.number, 'active'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(async () => expect((await data.db.jobs.get(job.id))?.status).toBe('active'));
    expect((await outbox(data))[0]).toMatchObject({
      method: 'PUT',
      path: '/job-action/status',
      body: { data: { id: job.id, status: 'active' } },
    });
  });

  it("shows a final job's notes read-only with 'Cannot update final requests'", async () => {
    await setup({ level: 4, job: { status: 'complete', invoice: ['inv-1'], comment: 'Ready for pickup' } });
    fireEvent.click(screen.getByRole('button', { name: 'Customer Comments' }));
    expect(await screen.findByText(MSG.cannotUpdateFinal)).toBeTruthy();
    expect((screen.getByLabelText('Comments for customer') as HTMLTextAreaElement).value).toBe('Ready for pickup');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('Job actions: technician (SPEC §4)', () => {
  const technicians = async (data: AppData) => {
    await putRow(data.db, 'users', { id: newId(), username: 'mike', permission: 3 });
    await putRow(data.db, 'users', { id: newId(), username: 'sara', permission: 3 });
    await putRow(data.db, 'users', { id: newId(), username: 'boss', permission: 5 });
  };

  it("offers level-3 users, asks 'Assign job <#number> to <user>?' and queues PUT /job-action/technician", async () => {
    const { data, job } = await setup({ level: 4, seed: technicians });
    const select = (await screen.findByRole('combobox', { name: 'Assigned to' })) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.value)).toEqual(['', 'mike', 'sara']));
    fireEvent.change(select, { target: { value: 'sara' } });
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Assign job #T1-7 to sara?')).toBeTruthy();
    expect(confirmAssignText(job.number, 'sara')).toBe('Assign job #T1-7 to sara?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(async () => expect((await data.db.jobs.get(job.id))?.technician).toBe('sara'));
    expect((await outbox(data))[0]).toMatchObject({
      method: 'PUT',
      path: '/job-action/technician',
      body: { data: { id: job.id, technician: 'sara' } },
    });
  });

  it('skips an empty or unchanged selection silently: no confirm, nothing queued', async () => {
    const { data } = await setup({ level: 4, job: { technician: 'mike' }, seed: technicians });
    const select = (await screen.findByRole('combobox', { name: 'Assigned to' })) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('mike'));
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.change(select, { target: { value: 'mike' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(await outbox(data)).toHaveLength(0);
  });

  it('is not offered to level 3', async () => {
    await setup({ level: 3, job: { technician: 'mike' } });
    expect(screen.queryByRole('combobox', { name: 'Assigned to' })).toBeNull();
    expect(screen.getByTestId('job-technician').textContent).toBe('mike');
  });
});

describe('Job actions: Customer Comments and Service Notes', () => {
  it('saves the customer comment from a textarea holding the current text (PUT /job-action/comment)', async () => {
    const { data, job } = await setup({ level: 3, job: { comment: 'Call when done' } });
    fireEvent.click(screen.getByRole('button', { name: 'Customer Comments' }));
    const area = (await screen.findByLabelText('Comments for customer')) as HTMLTextAreaElement;
    expect(area.value).toBe('Call when done');
    fireEvent.change(area, { target: { value: 'Brake pads worn, replace next visit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await data.db.jobs.get(job.id))?.comment).toBe('Brake pads worn, replace next visit'),
    );
    expect((await outbox(data))[0]).toMatchObject({
      method: 'PUT',
      path: '/job-action/comment',
      body: { data: { id: job.id, value: 'Brake pads worn, replace next visit' } },
    });
    await waitFor(() => expect(screen.queryByLabelText('Comments for customer')).toBeNull());
  });

  it('saves the service note (PUT /job-action/service-note)', async () => {
    const { data, job } = await setup({ level: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Service Notes' }));
    const area = (await screen.findByLabelText('Service note')) as HTMLTextAreaElement;
    expect(area.value).toBe('');
    fireEvent.change(area, { target: { value: 'Rear left caliper sticking' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await data.db.jobs.get(job.id))?.service_note).toBe('Rear left caliper sticking'),
    );
    expect((await outbox(data))[0]).toMatchObject({
      method: 'PUT',
      path: '/job-action/service-note',
      body: { data: { id: job.id, value: 'Rear left caliper sticking' } },
    });
  });
});

describe('Job actions: Edit services', () => {
  const catalogue = async (data: AppData) => {
    for (const title of ['Brakes', 'Alignment', 'Oil change', 'Air filter', 'Battery'])
      await putRow(data.db, 'services', { id: newId(), title, description: title });
  };

  it("groups the catalogue by first letter, ticks the job's services and needs at least one ('Select at least one(1) service')", async () => {
    const { data, job } = await setup({ level: 4, seed: catalogue });
    fireEvent.click(screen.getByRole('button', { name: 'Edit services' }));
    const a = await screen.findByRole('group', { name: 'Services A' });
    await waitFor(() => expect(within(a).getAllByRole('checkbox')).toHaveLength(2));
    expect(within(a).getByText('Air filter')).toBeTruthy();
    expect(within(a).getByText('Alignment')).toBeTruthy();
    const b = screen.getByRole('group', { name: 'Services B' });
    expect(within(b).getByText('Battery')).toBeTruthy();
    expect(within(b).getByText('Brakes')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Services O' })).getByText('Oil change')).toBeTruthy();
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    // the component's state (data-state on the label), not the native input's own toggle
    const ticked = (name: string) => box(name).closest('label')?.getAttribute('data-state') === 'checked';
    expect(ticked('Brakes')).toBe(true);
    expect(ticked('Oil change')).toBe(true);
    expect(ticked('Alignment')).toBe(false);

    fireEvent.click(box('Brakes'));
    fireEvent.click(box('Oil change'));
    await waitFor(() => expect(ticked('Brakes') || ticked('Oil change')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.selectOneService)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);

    fireEvent.click(box('Alignment'));
    fireEvent.click(box('Oil change'));
    await waitFor(() => expect(ticked('Alignment') && ticked('Oil change')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await data.db.jobs.get(job.id))?.service).toEqual(['Alignment', 'Oil change']));
    expect((await outbox(data))[0]).toMatchObject({
      method: 'PUT',
      path: '/job-action/services',
      body: { data: { id: job.id, service: ['Alignment', 'Oil change'] } },
    });
  });

  it('is offered above level 3 only', async () => {
    await setup({ level: 3 });
    expect(screen.queryByRole('button', { name: 'Edit services' })).toBeNull();
  });
});

describe('Job actions: cancel', () => {
  it("confirms 'Are you sure you want to cancel this job?' and queues PUT /job-action/cancel", async () => {
    const { data, job } = await setup({ level: 4, job: { status: 'active' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel job' }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText(MSG.confirmCancel)).toBeTruthy();
    expect(MSG.confirmCancel).toBe('Are you sure you want to cancel this job?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel job' }));
    await waitFor(async () => expect((await data.db.jobs.get(job.id))?.status).toBe('canceled'));
    expect((await outbox(data))[0]).toMatchObject({
      method: 'PUT',
      path: '/job-action/cancel',
      body: { data: { id: job.id } },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel job' })).toBeNull());
    expect(screen.getByTestId('job-status-chip').textContent).toBe('canceled');
  });

  it('is not offered to level 3', async () => {
    await setup({ level: 3 });
    expect(screen.queryByRole('button', { name: 'Cancel job' })).toBeNull();
  });
});

describe('Job actions: Service Log', () => {
  it("refuses an empty comment with 'You need to write something!' and adds a written one (POST /service-log)", async () => {
    const { data, job } = await setup({ level: 4 });
    fireEvent.click(screen.getByRole('button', { name: 'Service Log' }));
    const area = await screen.findByLabelText('Log Service Comment');
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(MSG.writeSomething)).toBeTruthy();
    fireEvent.change(area, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(MSG.writeSomething)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);

    fireEvent.change(area, { target: { value: 'Customer approved extra work' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add comment' }));
    const list = await screen.findByRole('list', { name: 'Log entries' });
    expect(await within(list).findByText('Customer approved extra work')).toBeTruthy();
    expect(within(list).getByText(/user4 · /)).toBeTruthy();
    const [entry] = await outbox(data);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/service-log',
      body: { data: { value: 'Customer approved extra work', job_id: job.id } },
    });
    // level 4 adds but cannot delete
    expect(within(list).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it("shows 'Something went wrong <message>' when adding fails", async () => {
    const { data } = await setup({ level: 4 });
    vi.spyOn(data.repos.jobs, 'addLog').mockRejectedValue(new Error('Quota exceeded'));
    fireEvent.click(screen.getByRole('button', { name: 'Service Log' }));
    fireEvent.change(await screen.findByLabelText('Log Service Comment'), { target: { value: 'Test drive done' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(fill(MSG.somethingWentWrong, { message: 'Quota exceeded' }))).toBeTruthy();
    expect(screen.getByText('Something went wrong Quota exceeded')).toBeTruthy();
  });

  it('lists entries with who and when in shop time; level 3 reads without adding', async () => {
    await setup({
      level: 3,
      seed: async (data, job) => {
        await putRow(data.db, 'service_log', {
          id: newId(),
          job_id: job.id,
          message: 'Car dropped off',
          username: 'mike',
          created_at: '2025-03-04T15:30:00.000Z',
        });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Service Log' }));
    expect(await screen.findByText('Car dropped off')).toBeTruthy();
    // 15:30 UTC is 10:30 in America/Jamaica (UTC-5)
    expect(screen.getByText('mike · Mar 4th 2025, 10:30:00 AM')).toBeTruthy();
    expect(screen.queryByLabelText('Log Service Comment')).toBeNull();
  });

  it('lets level 5 delete an entry after a prompt showing its first 15 characters (DELETE /service-log)', async () => {
    const message = 'Torque wrench calibrated before wheel refit';
    const logId = newId();
    const { data } = await setup({
      level: 5,
      seed: async (d, job) => {
        await putRow(d.db, 'service_log', {
          id: logId,
          job_id: job.id,
          message,
          username: 'mike',
          created_at: new Date().toISOString(),
        });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Service Log' }));
    await screen.findByText(message);
    await dialogSettled();
    fireEvent.click(screen.getByRole('button', { name: `Delete log entry ${logPreview(message)}` }));
    const dialog = await confirmDialog();
    expect(logPreview(message)).toBe('Torque wrench c');
    const prompt = within(dialog).getByText(/Torque wrench c/).textContent!;
    expect(prompt).toContain('Torque wrench c');
    expect(prompt).not.toContain('Torque wrench ca');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    expect(await data.db.service_log.get(logId)).toBeUndefined();
    expect((await outbox(data))[0]).toMatchObject({
      method: 'DELETE',
      path: '/service-log',
      body: { data: { id: logId } },
    });
    // the Service Log dialog stays open after the confirm
    expect(screen.getByText(/Service Log #T1-7/)).toBeTruthy();
  });

  it("shows 'Something went wrong <message>' when deleting fails", async () => {
    const { data } = await setup({
      level: 5,
      seed: async (d, job) => {
        await putRow(d.db, 'service_log', {
          id: newId(),
          job_id: job.id,
          message: 'Oil topped up',
          username: 'mike',
          created_at: new Date().toISOString(),
        });
      },
    });
    vi.spyOn(data.repos.jobs, 'removeLog').mockRejectedValue(new Error('Database closed'));
    fireEvent.click(screen.getByRole('button', { name: 'Service Log' }));
    await dialogSettled();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete log entry Oil topped up' }));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Something went wrong Database closed')).toBeTruthy();
  });
});

describe('Job actions: Gallery', () => {
  const open = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Gallery' }));
    return (await screen.findByTestId('photo-input')) as HTMLInputElement;
  };

  it('offers Add Photo (files, several) and the rear camera', async () => {
    await setup({ level: 3 });
    const input = await open();
    expect(input.accept).toBe('image/*');
    expect(input.multiple).toBe(true);
    expect(screen.getByTestId('camera-input').getAttribute('capture')).toBe('environment');
    expect(screen.getByRole('button', { name: 'Add Photo' })).toBeTruthy();
  });

  it("refuses a file over 10 MB with 'File size should be less than 10MB' and queues nothing", async () => {
    const { data } = await setup({ level: 3 });
    const input = await open();
    const big = new File([new Uint8Array(11_000_000)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(MSG.fileTooLarge)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);
    expect(await data.db.blobs.count()).toBe(0);
    expect(await data.db.service_photos.count()).toBe(0);
  });

  it('refuses a file that is not an image', async () => {
    const { data } = await setup({ level: 3 });
    const input = await open();
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(MSG.imagesOnly)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);
    // pictures the server would refuse (src/server/images.ts) are refused on the device, with what to do
    fireEvent.change(input, {
      target: {
        files: [
          new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'dent.svg', {
            type: 'image/svg+xml',
          }),
        ],
      },
    });
    expect(await screen.findByText(MSG.photoNotRaster)).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(64)], 'anim.gif', { type: 'image/gif' })] } });
    // one notice a refusal: the SVG's and now the GIF's
    await waitFor(() => expect(screen.getAllByText(MSG.photoNotRaster)).toHaveLength(2));
    expect(await outbox(data)).toHaveLength(0);
    expect(await data.db.blobs.count()).toBe(0);
  });

  it('keeps a small image on the device and queues POST /upload/service-photo with its blob; it shows through an object URL', async () => {
    const { data, job } = await setup({ level: 3 });
    const input = await open();
    const photo = new File([new Uint8Array(2048)], 'dent.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    await waitFor(async () => expect(await outbox(data)).toHaveLength(1));
    const entry = nth(await outbox(data), 0);
    expect(entry).toMatchObject({ method: 'POST', path: '/upload/service-photo', form: { job_id: job.id } });
    expect(entry.blobId).toBeTruthy();
    const blob = await data.db.blobs.get(entry.blobId!);
    expect(blob?.size).toBe(2048);
    const img = (await screen.findByAltText('Photo 1')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('blob:http://localhost/fake-object-url');
    expect(URL.createObjectURL).toHaveBeenCalled();
    expect(screen.getByText('Not uploaded yet')).toBeTruthy();
  });

  it('shows server photos by their thumbnail, fetched with the token (an <img> cannot send it), and deletes one after a confirm (DELETE /servicePhoto)', async () => {
    const photoId = newId();
    const fetched = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        async () =>
          new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { headers: { 'content-type': 'image/webp' } }),
      );
    const { data } = await setup({
      level: 3,
      seed: async (d, job) => {
        await putRow(d.db, 'service_photos', {
          id: photoId,
          job_id: job.id,
          src: `/api/photo/${photoId}/full`,
          thumbnail: `/api/photo/${photoId}/thumb`,
        });
      },
    });
    await open();
    const img = (await screen.findByAltText('Photo 1')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('blob:http://localhost/fake-object-url');
    const [url, init] = fetched.mock.calls.find(([u]) => String(u).startsWith('/api/photo/'))!;
    expect(url).toBe(`/api/photo/${photoId}/thumb`);
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${localStorage.getItem(TOKEN_KEY)}`);
    await dialogSettled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 1' }));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByAltText('Photo 1')).toBeNull());
    expect((await outbox(data))[0]).toMatchObject({
      method: 'DELETE',
      path: '/servicePhoto',
      body: { data: { id: photoId } },
    });
  });
});

describe('Job actions: Generate Invoice', () => {
  for (const status of ['received', 'active']) {
    it(`is offered for a ${status} job at level 4 and opens /generate-invoice?id=<job id>`, async () => {
      const { job } = await setup({ level: 4, job: { status } });
      fireEvent.click(screen.getByRole('button', { name: 'Generate Invoice' }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/generate-invoice?id=${job.id}`));
    });
  }

  for (const status of ['booked', 'complete', 'canceled']) {
    it(`is not offered for a ${status} job`, async () => {
      await setup({ level: 5, job: { status, invoice: ['inv-1'] } });
      expect(screen.queryByRole('button', { name: 'Generate Invoice' })).toBeNull();
    });
  }

  it('is not offered to level 3', async () => {
    await setup({ level: 3, job: { status: 'active' } });
    expect(screen.queryByRole('button', { name: 'Generate Invoice' })).toBeNull();
  });
});

describe('MileageCell', () => {
  const cell = () => within(screen.getByTestId('mileage-cell'));

  it("edits inline above level 3: Enter saves (PUT /service), bad input says 'Invalid Mileage'", async () => {
    const { data, job } = await setup({ level: 4 });
    fireEvent.click(cell().getByRole('button', { name: 'Mileage 42000, edit' }));
    const input = cell().getByLabelText('Mileage') as HTMLInputElement;
    expect(input.value).toBe('42000');

    fireEvent.change(input, { target: { value: '12abc' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await cell().findByText(MSG.invalidMileage)).toBeTruthy();
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await cell().findByText(MSG.invalidMileage)).toBeTruthy();
    expect(await outbox(data)).toHaveLength(0);

    fireEvent.change(input, { target: { value: '45100' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(async () => expect((await data.db.jobs.get(job.id))?.mileage).toBe(45100));
    fireEvent.blur(input);
    const entries = await outbox(data);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'PUT',
      path: '/service',
      body: { data: { id: job.id, mileage: 45100 } },
    });
    expect(await cell().findByRole('button', { name: 'Mileage 45100, edit' })).toBeTruthy();
  });

  it('saves on blur and cancels on Escape', async () => {
    const { data, job } = await setup({ level: 4 });
    const edit = () => fireEvent.keyDown(cell().getByRole('button', { name: /^Mileage \d+, edit$/ }), { key: 'Enter' });
    edit();
    let input = cell().getByLabelText('Mileage');
    fireEvent.change(input, { target: { value: '99999' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(cell().queryByLabelText('Mileage')).toBeNull();
    expect(await outbox(data)).toHaveLength(0);

    edit();
    input = cell().getByLabelText('Mileage');
    fireEvent.change(input, { target: { value: '43000' } });
    fireEvent.blur(input);
    await waitFor(async () => expect((await data.db.jobs.get(job.id))?.mileage).toBe(43000));
    expect(await outbox(data)).toHaveLength(1);
  });

  it('is plain text at level 3', async () => {
    await setup({ level: 3 });
    expect(cell().getByText('42000')).toBeTruthy();
    expect(cell().queryByRole('button')).toBeNull();
  });
});
