import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import Dashboard from '../../src/app/jobs/Dashboard';
import Jobs from '../../src/app/jobs/Jobs';
import { createData, type AppData } from '../../src/app/data/DataProvider';
import { toaster } from '../../src/app/feedback/toaster';
import { MSG } from '../../src/domain/messages';
import { setMeta, type CustomerRow, type JobRow } from '../../src/local/db';
import { SEARCH_ROWS } from '../../src/local/repositories/jobSearch';
import { tableDate } from '../../src/app/jobs/columns';
import { putRow } from '../../src/local/rows';
import { catchCsv, renderScreen } from './render';
import { appliedCss } from '../helpers/appliedCss';
import { nth } from '../helpers/present';

// these screens seed a dozen jobs through the repositories: slow on cores shared with other suites

// ---- seeding through the repositories ---------------------------------------------------------------------------

let seq = 0;
async function customer(
  data: AppData,
  over: Partial<{ first: string; last: string; email: string; contact: string }> = {},
): Promise<CustomerRow> {
  seq += 1;
  const n = String(seq).padStart(3, '0');
  const id = await data.repos.customers.add({
    VIN: `1HGCM82633A004${n}`,
    'Registration Number': `PK ${n}`,
    'First name': over.first ?? `Ann${n}`,
    'Last name': over.last ?? `Lee${n}`,
    'Contact number': over.contact ?? `876555${n.padStart(4, '0')}`,
    Email: over.email ?? `ann${n}@shop.test`,
  });
  return (await data.repos.customers.get(id))!;
}

/** A booking for today: a minute ahead, since a booking must lie in the future (SPEC §5, checked on the device too). */
const soon = () => new Date(Date.now() + 60_000).toISOString();

async function job(
  data: AppData,
  opts: { service?: string[]; note?: string; book?: string; c?: CustomerRow } = {},
): Promise<JobRow> {
  const c = opts.c ?? (await customer(data));
  return data.repos.jobs.create({
    customer: c,
    service: opts.service ?? ['Oil change'],
    mileage: 42000,
    customer_note: opts.note,
    book_start: opts.book,
    book_end: opts.book,
  });
}

async function active(data: AppData, opts: Parameters<typeof job>[1] = {}) {
  const j = await job(data, opts);
  return data.repos.jobs.setStatus(j.id, 'active');
}

async function invoiced(data: AppData, jobId: string) {
  return data.repos.invoices.create(jobId, { work_hour: 1, rate_hour: 5000 }, []);
}

async function complete(data: AppData) {
  const j = await active(data);
  await invoiced(data, j.id);
  return data.repos.jobs.setStatus(j.id, 'complete');
}

// ---- reading the screen -----------------------------------------------------------------------------------------

const pageInfo = () => screen.getByTestId('page-info').textContent;
const rowOf = (id: string) => document.querySelector(`[data-row-id="${id}"]`) as HTMLElement;
const bodyRows = () => [...document.querySelectorAll('[data-row-id]')] as HTMLElement[];

/** The text of a row's cell under a column header (visible columns; the first cell is the expand button). */
function cell(row: HTMLElement, header: string): string {
  const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.replace(/[▲▼]/g, '').trim());
  const i = headers.indexOf(header);
  expect(i, `column ${header}`).toBeGreaterThan(-1);
  return nth(row.querySelectorAll('td'), i).textContent ?? '';
}

const TZ = 'America/Jamaica';

async function expand(id: string) {
  fireEvent.click(within(rowOf(id)).getByRole('button', { name: 'Expand row' }));
  return screen.findByTestId(`job-panel-${id}`);
}

// ---- Dashboard --------------------------------------------------------------------------------------------------

describe('Dashboard (SPEC §2)', () => {
  it('shows the tile counts and loads a clicked tile as "<Status> Customers" (active by default)', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    const a1 = await active(data);
    const a2 = await active(data);
    const r1 = await job(data);
    const b1 = await job(data, { book: soon() });
    await job(data, { book: new Date(Date.now() + 3 * 86_400_000).toISOString() }); // booked for another day
    const c1 = await complete(data);

    const count = (s: string) => screen.getByTestId(`tile-${s}-count`).textContent;
    await waitFor(() =>
      expect([count('active'), count('complete'), count('received'), count('booked')]).toEqual(['2', '1', '1', '1']),
    );

    expect(screen.getByTestId('table-title').textContent).toBe('Active Customers');
    await waitFor(() =>
      expect(
        bodyRows()
          .map((r) => r.dataset.rowId)
          .sort(),
      ).toEqual([a1.id, a2.id].sort()),
    );

    fireEvent.click(screen.getByTestId('tile-complete'));
    await waitFor(() => expect(screen.getByTestId('table-title').textContent).toBe('Complete Customers'));
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([c1.id]));

    fireEvent.click(screen.getByTestId('tile-received'));
    await waitFor(() => expect(screen.getByTestId('table-title').textContent).toBe('Received Customers'));
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([r1.id]));

    fireEvent.click(screen.getByTestId('tile-booked'));
    await waitFor(() => expect(screen.getByTestId('table-title').textContent).toBe('Booked Customers'));
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([b1.id]));
    expect(screen.getByTestId('tile-booked').getAttribute('aria-pressed')).toBe('true');
  });

  it("'Complete Customers' lists only the jobs completed on the shop's today, read by the complete_at index", async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    const today = await complete(data);
    // completed earlier, as another device's rows arrive from the pull: 30 hours ago is never the shop's today
    const yesterday = await complete(data);
    await putRow(data.db, 'jobs', { ...yesterday, complete_at: new Date(Date.now() - 30 * 3_600_000).toISOString() });
    const lastMonth = await complete(data);
    await putRow(data.db, 'jobs', { ...lastMonth, complete_at: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    const index = data.db.jobs.schema.idxByName['[status+complete_at]'];
    expect(index, 'the [status+complete_at] index').toBeTruthy();
    expect(await data.repos.jobs.tileJobs('complete')).toEqual([expect.objectContaining({ id: today.id })]);

    await waitFor(() => expect(screen.getByTestId('tile-complete-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('tile-complete'));
    await waitFor(() => expect(screen.getByTestId('table-title').textContent).toBe('Complete Customers'));
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([today.id]));
    // a job completed now (live) joins the tile
    const later = await complete(data);
    await waitFor(() =>
      expect(
        bodyRows()
          .map((r) => r.dataset.rowId)
          .sort(),
      ).toEqual([today.id, later.id].sort()),
    );
  });

  it('follows job writes live, and Refresh re-reads and asks the sync engine for a cycle', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    const sync = vi.spyOn(data.engine, 'syncNow').mockResolvedValue({ online: false });
    const a = await active(data);
    await waitFor(() => expect(screen.getByTestId('tile-active-count').textContent).toBe('1'));
    await data.repos.jobs.cancel(a.id);
    await waitFor(() => expect(screen.getByTestId('tile-active-count').textContent).toBe('0'));
    await waitFor(() => expect(bodyRows()).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('tile-active-count').textContent).toBe('0');
  });
});

// ---- the job table ----------------------------------------------------------------------------------------------

describe('Job table (SPEC §2)', () => {
  it('shows the columns, keeps Email and Contact hidden but searchable, and colours rows by status', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    const one = await active(data, {
      c: await customer(data, { first: 'Maya', last: 'Brown', email: 'maya@brown.test', contact: '8765551234' }),
    });
    const two = await active(data, {
      c: await customer(data, { first: 'Omar', last: 'Grant', email: 'omar@grant.test', contact: '8765559876' }),
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(2));

    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
    for (const h of [
      'Registration',
      'Name',
      'Surname',
      'VIN',
      'ID',
      'Mileage',
      'Received',
      'Completed',
      'Turnaround',
      'Technician',
      'Status',
    ])
      expect(headers).toContain(h);
    for (const h of ['Email', 'Contact', 'Services', 'Customer Note']) expect(headers).not.toContain(h);

    const row = rowOf(one.id);
    expect(cell(row, 'Name')).toBe('Maya');
    expect(cell(row, 'Surname')).toBe('Brown');
    expect(cell(row, 'ID')).toBe(`#${one.number}`);
    expect(cell(row, 'Mileage')).toBe('42000');
    expect(cell(row, 'Status')).toBe('active');
    expect(row.dataset.status).toBe('active');
    expect(cell(row, 'Received')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const search = screen.getByRole('textbox', { name: 'Search Active Customers' });
    fireEvent.change(search, { target: { value: 'omar@grant' } });
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([two.id]));
    fireEvent.change(search, { target: { value: '8765551234' } });
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([one.id]));
  });

  it('colours each row by its status (the background of the row itself, not only a data attribute)', async () => {
    const { data } = await renderScreen(<Jobs />, { level: 5, path: '/view-request' });
    const received = await job(data);
    const booked = await job(data, { book: new Date(Date.now() + 86_400_000).toISOString() });
    const act = await active(data);
    const done = await complete(data);
    const gone = await job(data);
    await data.repos.jobs.cancel(gone.id);
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    // the table colours its rows by their data-status (one rule per status, src/app/ui/table/bodyCss.ts)
    const bg = (id: string) => /background:var\(--chakra-colors-([a-z]+)-50\)/.exec(appliedCss(rowOf(id)))?.[1];
    // the cancel reaches the table through a live query: it may land after the row count does
    await waitFor(() =>
      expect({
        received: bg(received.id),
        booked: bg(booked.id),
        active: bg(act.id),
        complete: bg(done.id),
        canceled: bg(gone.id),
      }).toEqual({
        received: 'blue',
        booked: 'purple',
        active: 'orange',
        complete: 'green',
        canceled: 'gray',
      }),
    );
    // a status change repaints the row
    await data.repos.jobs.setStatus(received.id, 'active');
    await waitFor(() => expect(bg(received.id)).toBe('orange'));
  });

  it('Export CSV includes the hidden Services and Customer Note (and Email, Contact) columns', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    const c = await customer(data, { first: 'Maya', last: 'Brown', email: 'maya@brown.test', contact: '8765551234' });
    const j = await active(data, { c, service: ['Oil change', 'Brake pads'], note: 'Squeal, front "left"' });
    await waitFor(() => expect(rowOf(j.id)).toBeTruthy());
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
    expect(headers).not.toContain('Services');
    expect(headers).not.toContain('Customer Note');
    const csv = catchCsv();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      // every active job, read for the file (the table holds one page of them)
      await waitFor(() => expect(csv.files()).toEqual(['Active Customers.csv']));
      const text = nth(await csv.texts(), 0);
      expect(text.split('\r\n')).toEqual([
        'Registration,Name,Surname,VIN,ID,Mileage,Email,Contact,Received,Completed,Turnaround,Technician,Status,Services,Customer Note',
        `${j.registration},Maya,Brown,${j.vin},#${j.number},42000,maya@brown.test,8765551234,${tableDate(j.created_at, TZ)},,,,active,"Oil change, Brake pads","Squeal, front ""left"""`,
      ]);
    } finally {
      csv.restore();
    }
  });

  it('shows the registration icon only on jobs assigned to the signed-in user', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4, username: 'tech1' });
    const mine = await active(data);
    const theirs = await active(data);
    await data.repos.jobs.assign(mine.id, 'tech1');
    await data.repos.jobs.assign(theirs.id, 'tech2');
    await waitFor(() =>
      expect([cell(rowOf(mine.id), 'Technician'), cell(rowOf(theirs.id), 'Technician')]).toEqual(['tech1', 'tech2']),
    );
    expect(within(rowOf(mine.id)).getByRole('img', { name: 'Assigned to you' })).toBeTruthy();
    expect(within(rowOf(theirs.id)).queryByRole('img', { name: 'Assigned to you' })).toBeNull();
    expect(screen.getAllByRole('img', { name: 'Assigned to you' })).toHaveLength(1);
  });

  it('fills Completed and Turnaround only for complete jobs', async () => {
    const { data } = await renderScreen(<Jobs />, { level: 4, path: '/view-request' });
    const open = await active(data);
    const done = await complete(data);
    // the same job as another device completed it: three hours after work started
    const end = new Date();
    await putRow(data.db, 'jobs', {
      ...done,
      active_at: new Date(end.getTime() - 3 * 3_600_000).toISOString(),
      complete_at: end.toISOString(),
    });
    await waitFor(() => expect(cell(rowOf(done.id), 'Turnaround')).toBe('3 hours'));
    expect(cell(rowOf(done.id), 'Completed')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cell(rowOf(open.id), 'Completed')).toBe('');
    expect(cell(rowOf(open.id), 'Turnaround')).toBe('');
  });

  it('puts a clicked registration or VIN into the search box (the search helper)', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    const one = await active(data);
    const two = await active(data);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    fireEvent.click(within(rowOf(one.id)).getByRole('button', { name: one.registration }));
    const search = screen.getByRole('textbox', { name: 'Search Active Customers' }) as HTMLInputElement;
    expect(search.value).toBe(one.registration);
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([one.id]));

    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    fireEvent.click(within(rowOf(two.id)).getByRole('button', { name: two.vin }));
    expect(search.value).toBe(two.vin);
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([two.id]));
  });

  it('expands a row into its panel: contact links, numbered services, booking chip, the three notes, and "No invoice generated!"', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    const c = await customer(data, { email: 'kim@shop.test', contact: '8765550101' });
    const j = await job(data, {
      c,
      service: ['Oil change', 'Brake pads'],
      note: 'Rattle at the back',
      book: soon(),
    });
    await data.repos.jobs.serviceNote(j.id, 'Rear pads worn to metal');
    await data.repos.jobs.comment(j.id, 'Please collect by Friday');
    fireEvent.click(screen.getByTestId('tile-booked'));
    await waitFor(() => expect(rowOf(j.id)).toBeTruthy());

    const panel = within(await expand(j.id));
    const services = within(panel.getByRole('table', { name: `Services of #${j.number}` }));
    expect(
      services
        .getAllByRole('row')
        .filter((r) => r.querySelector('td'))
        .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)),
    ).toEqual([
      ['1', 'Oil change'],
      ['2', 'Brake pads'],
    ]);
    expect(panel.getByText(/^Booked for \w{3} \d{1,2}\w{2} \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)$/i)).toBeTruthy();
    expect(panel.getByRole('link', { name: 'kim@shop.test' }).getAttribute('href')).toBe('mailto:kim@shop.test');
    expect(panel.getByRole('link', { name: '8765550101' }).getAttribute('href')).toBe('tel:8765550101');

    expect(within(panel.getByTestId('note-info')).getByText('Rattle at the back')).toBeTruthy();
    expect(within(panel.getByTestId('note-error')).getByText('Rear pads worn to metal')).toBeTruthy();
    expect(within(panel.getByTestId('note-warning')).getByText('Please collect by Friday')).toBeTruthy();
    expect(panel.getByText(MSG.noInvoice)).toBeTruthy();
    expect((panel.getByLabelText('Assigned to') as HTMLSelectElement).value).toBe('');
  });

  it("shows the 'Booked for <date time>' chip only while the job is booked", async () => {
    const { data } = await renderScreen(<Jobs />, { level: 4, path: '/view-request' });
    const j = await job(data, { book: new Date(Date.now() + 86_400_000).toISOString() });
    await waitFor(() => expect(rowOf(j.id)).toBeTruthy());
    const panel = await expand(j.id);
    expect(within(panel).getByTestId('booked-chip').textContent).toMatch(/^Booked for /);
    await data.repos.jobs.setStatus(j.id, 'received');
    await waitFor(() => expect(rowOf(j.id).dataset.status).toBe('received'));
    await waitFor(() =>
      expect(within(screen.getByTestId(`job-panel-${j.id}`)).queryByTestId('booked-chip')).toBeNull(),
    );
  });

  it('shows the hidden Email and Contact from the Columns menu, as mailto: and tel: links', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    const one = await active(data, { c: await customer(data, { email: 'maya@brown.test', contact: '8765551234' }) });
    await waitFor(() => expect(rowOf(one.id)).toBeTruthy());
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
    expect(headers()).not.toContain('Email');

    fireEvent.click(screen.getByRole('button', { name: 'Columns of Active Customers' }));
    const menu = await screen.findByTestId('columns-menu-Active Customers');
    const email = within(menu).getByRole('menuitemcheckbox', { name: 'Email' });
    expect(email.getAttribute('aria-checked')).toBe('false');
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Registration' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(email);
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Contact' }));
    await waitFor(() => expect(headers()).toEqual(expect.arrayContaining(['Email', 'Contact'])));
    expect(within(rowOf(one.id)).getByRole('link', { name: 'maya@brown.test' }).getAttribute('href')).toBe(
      'mailto:maya@brown.test',
    );
    expect(within(rowOf(one.id)).getByRole('link', { name: '8765551234' }).getAttribute('href')).toBe('tel:8765551234');
    expect(cell(rowOf(one.id), 'Email')).toBe('maya@brown.test');

    // and hidden again
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Email' }));
    await waitFor(() => expect(headers()).not.toContain('Email'));
    expect(headers()).toContain('Contact');
  });

  it("pages a job's services table at 8 (SPEC §9)", async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    const titles = Array.from({ length: 10 }, (_, i) => `Service ${String(i + 1).padStart(2, '0')}`);
    const j = await active(data, { service: titles });
    await waitFor(() => expect(rowOf(j.id)).toBeTruthy());
    const panel = await expand(j.id);
    const table = within(panel).getByTestId(`table-Services of #${j.number}`);
    const shown = () =>
      [...table.querySelectorAll('[data-row-id]')].map((r) => r.querySelectorAll('td')[1]?.textContent);
    expect(shown()).toEqual(titles.slice(0, 8));
    expect(within(table).getByTestId('page-info').textContent).toBe('1–8 of 10');
    // a table of one size offers no choice (issue 30)
    expect(within(table).queryByLabelText('Rows per page')).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Next page' }));
    expect(shown()).toEqual(titles.slice(8));
    expect(within(table).getByTestId('page-info').textContent).toBe('9–10 of 10');
  });

  it('shows an invoice chip linking to /view-invoice?id=<invoice> when the job has one', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    const j = await active(data);
    const inv = await invoiced(data, j.id);
    await waitFor(() => expect(rowOf(j.id)).toBeTruthy());
    const panel = within(await expand(j.id));
    const link = await panel.findByRole('link', { name: `INV ${inv.number}` });
    expect(link.getAttribute('href')).toBe(`/view-invoice?id=${inv.id}`);
    expect(panel.queryByText(MSG.noInvoice)).toBeNull();
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe(`/view-invoice?id=${inv.id}`);
  });
});

// ---- the paged variant ------------------------------------------------------------------------------------------

describe('Job table, paged variant (/view-request)', () => {
  it('pages, filters by status, searches, sorts by Received and shows synced rows live', async () => {
    const { data } = await renderScreen(<Jobs />, { level: 4, path: '/view-request' });
    const c = await customer(data);
    const made: JobRow[] = [];
    for (let i = 0; i < 12; i++) made.push(await job(data, { c }));
    for (const j of made.slice(0, 3)) await data.repos.jobs.setStatus(j.id, 'active');

    await waitFor(() => expect(pageInfo()).toBe('1–10 of 12'));
    expect(bodyRows()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pageInfo()).toBe('11–12 of 12'));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));

    fireEvent.change(screen.getByRole('combobox', { name: 'Status filter' }), { target: { value: 'active' } });
    await waitFor(() => expect(pageInfo()).toBe('1–3 of 3'));
    await waitFor(() =>
      expect(
        bodyRows()
          .map((r) => r.dataset.rowId)
          .sort(),
      ).toEqual(
        made
          .slice(0, 3)
          .map((j) => j.id)
          .sort(),
      ),
    );
    expect(bodyRows().every((r) => r.dataset.status === 'active')).toBe(true);

    fireEvent.change(screen.getByRole('combobox', { name: 'Status filter' }), { target: { value: 'received' } });
    await waitFor(() => expect(pageInfo()).toBe('1–9 of 9'));

    // search by job number
    fireEvent.change(screen.getByRole('combobox', { name: 'Status filter' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search Service Requests' }), {
      target: { value: `#${nth(made, 11).number}` },
    });
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([nth(made, 11).id]));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search Service Requests' }), { target: { value: '' } });
    await waitFor(() => expect(pageInfo()).toBe('1–10 of 12'));

    // rows from another device, created long ago and just now: newest first, oldest first after a click on Received
    const base = made[0];
    const old = { ...base, id: 'old-job', number: 'X1-1', created_at: '2020-01-01T10:00:00.000Z', status: 'received' };
    await putRow(data.db, 'jobs', old);
    await waitFor(() => expect(pageInfo()).toBe('1–10 of 13'));
    expect(nth(bodyRows(), 0).dataset.rowId).not.toBe('old-job');
    fireEvent.click(screen.getByRole('columnheader', { name: /Received/ }));
    await waitFor(() => expect(nth(bodyRows(), 0).dataset.rowId).toBe('old-job'));
    expect(screen.getByRole('columnheader', { name: /Received/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pageInfo()).toBe('11–13 of 13'));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
  });

  it('Export CSV gives every job matching the status and search, not only the page on screen', async () => {
    // seeded before the screen opens (no live re-render per write: quicker on shared cores)
    const data = createData(`export-${Math.random().toString(36).slice(2)}`);
    await setMeta(data.db, 'session', { username: 'user4', permission: 4 });
    await setMeta(data.db, 'deviceCode', 'T1');
    const c = await customer(data);
    const made: JobRow[] = [];
    for (let i = 0; i < 12; i++) made.push(await job(data, { c, note: `visit ${i + 1}` }));
    for (const j of made.slice(0, 3)) await data.repos.jobs.setStatus(j.id, 'active');
    await renderScreen(<Jobs />, { level: 4, path: '/view-request', data });
    await waitFor(() => expect(pageInfo()).toBe('1–10 of 12'));
    expect(screen.getAllByRole('button', { name: 'Export CSV' })).toHaveLength(1);
    const csv = catchCsv();
    const noteColumn = async (n: number) => {
      await waitFor(async () => expect(await csv.texts()).toHaveLength(n));
      const lines = nth(await csv.texts(), n - 1).split('\r\n');
      expect(lines[0]).toMatch(/,Services,Customer Note$/);
      return lines.slice(1).map((l) => l.split(',').at(-1));
    };
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      // newest first, as the table orders: all twelve, though ten are on screen
      expect(await noteColumn(1)).toEqual(made.map((_, i) => `visit ${12 - i}`));
      expect(csv.files()).toEqual(['Service Requests.csv']);

      // oldest first when Received is sorted that way
      fireEvent.click(screen.getAllByRole('columnheader').find((h) => h.textContent?.startsWith('Received'))!);
      await waitFor(() => expect(nth(bodyRows(), 0).dataset.rowId).toBe(nth(made, 0).id));
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await noteColumn(2)).toEqual(made.map((_, i) => `visit ${i + 1}`));

      // the status filter and the search narrow the export as they narrow the table
      fireEvent.change(screen.getByRole('combobox', { name: 'Status filter' }), { target: { value: 'active' } });
      await waitFor(() => expect(pageInfo()).toBe('1–3 of 3'));
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await noteColumn(3)).toEqual(['visit 1', 'visit 2', 'visit 3']);
      fireEvent.change(screen.getByRole('textbox', { name: 'Search Service Requests' }), {
        target: { value: `#${nth(made, 1).number}` },
      });
      await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([nth(made, 1).id]));
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await noteColumn(4)).toEqual(['visit 2']);
    } finally {
      csv.restore();
    }
  });

  it('searches the hidden Email and Contact, and names, by their start in the paged variant', async () => {
    const { data } = await renderScreen(<Jobs />, { level: 4, path: '/view-request' });
    const maya = await job(data, {
      c: await customer(data, { first: 'Maya', last: 'Brown', email: 'Maya.Brown@Mail.test', contact: '8765551234' }),
    });
    const omar = await job(data, {
      c: await customer(data, { first: 'Omar', last: 'Grant', email: 'omar@grant.test', contact: '8765559876' }),
    });
    await waitFor(() => expect(pageInfo()).toBe('1–2 of 2'));
    const search = screen.getByRole('textbox', { name: 'Search Service Requests' });
    const shows = async (value: string, ids: string[]) => {
      fireEvent.change(search, { target: { value } });
      await waitFor(() =>
        expect(
          bodyRows().map((r) => r.dataset.rowId),
          value,
        ).toEqual(ids),
      );
    };
    // email by its start, case ignored (the shop search: never a part inside it)
    await shows('omar@grant', [omar.id]);
    await shows('MAYA.BROWN@', [maya.id]);
    await shows('brown@mail', []);
    // contact by the start of its digits, typed with or without dashes or brackets
    await shows('(876) 555-1', [maya.id]);
    await shows('876-555-9876', [omar.id]);
    await shows('5551234', []);
    // name and surname, either order
    await shows('maya', [maya.id]);
    await shows('GRANT', [omar.id]);
    await shows('Omar Grant', [omar.id]);
    await shows('nobody@else', []);
    expect(pageInfo()).toBe('0 of 0');
  });

  it('a one-character search filters by what starts with it (never the whole table unfiltered)', async () => {
    const { data } = await renderScreen(<Jobs />, { level: 4, path: '/view-request' });
    const zed = await job(data, {
      c: await customer(data, { first: 'Zed', last: 'Young', email: 'zed@y.test', contact: '8765550000' }),
    });
    await job(data, { c: await customer(data, { first: 'Amy', last: 'Ward', email: 'amy@w.test' }) });
    await waitFor(() => expect(pageInfo()).toBe('1–2 of 2'));
    const search = screen.getByRole('textbox', { name: 'Search Service Requests' });
    fireEvent.change(search, { target: { value: 'z' } });
    await waitFor(() => expect(bodyRows().map((r) => r.dataset.rowId)).toEqual([zed.id]));
    expect(pageInfo()).toBe('1–1 of 1');
    // 'e' is inside both emails and names, but starts none of them: nothing
    fireEvent.change(search, { target: { value: 'e' } });
    await waitFor(() => expect(pageInfo()).toBe('0 of 0'));
  });

  it('finds an old job among many newer ones through the indexes, and says "more than" for a search too broad to read whole', async () => {
    const { data } = await renderScreen(<Jobs />, { level: 4, path: '/view-request' });
    const c = await customer(data, { first: 'Old', last: 'Timer', contact: '8761112222', email: 'old@timer.test' });
    const old = await job(data, { c });
    await putRow(data.db, 'jobs', { ...old, created_at: '2015-01-01T10:00:00.000Z' });
    // more newer jobs than a search reads whole, straight into the table (as a first sync would bring them), their
    // ids in time order as UUIDv7's are
    const newer = Array.from({ length: SEARCH_ROWS + 100 }, (_, i) => ({
      ...old,
      id: `bulk-${String(SEARCH_ROWS + 100 - i).padStart(4, '0')}`,
      number: `Z9-${i}`,
      customer_id: 'someone',
      first_name: 'Bulk',
      last_name: 'Row',
      contact: '8760000000',
      email: 'bulk@row.test',
      registration: 'BULK 1',
      registration_key: 'BULK1',
      vin: 'VINBULK',
      vin_key: 'VINBULK',
      created_at: new Date(Date.now() - i * 1000).toISOString(),
    }));
    await data.db.jobs.bulkPut(newer);
    const search = screen.getByRole('textbox', { name: 'Search Service Requests' });
    for (const value of [c.registration, 'Timer', 'timer old', '876111', 'old@t', `#${old.number}`]) {
      fireEvent.change(search, { target: { value } });
      await waitFor(
        () =>
          expect(
            bodyRows().map((r) => r.dataset.rowId),
            value,
          ).toEqual([old.id]),
        { timeout: 5000 },
      );
      expect(pageInfo(), value).toBe('1–1 of 1');
    }
    // every bulk job has the plate: the search reads its bounds' worth, newest first, and says there are more
    fireEvent.change(search, { target: { value: 'bulk' } });
    await waitFor(() => expect(pageInfo()).toMatch(/^1–10 of more than \d+$/), { timeout: 5000 });
    expect(bodyRows().map((r) => r.dataset.rowId)).toEqual(newer.slice(0, 10).map((j) => j.id));
  }, 30_000);

  it('puts a clicked registration into the paged search and goes back to the first page', async () => {
    const { data } = await renderScreen(<Jobs />, { level: 4, path: '/view-request' });
    const c = await customer(data);
    for (let i = 0; i < 11; i++) await job(data, { c });
    const other = await job(data);
    await waitFor(() => expect(pageInfo()).toBe('1–10 of 12'));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pageInfo()).toBe('11–12 of 12'));
    const target = bodyRows().find((r) => r.dataset.rowId !== other.id) ?? nth(bodyRows(), 0);
    const reg = c.registration;
    fireEvent.click(within(target).getByRole('button', { name: reg }));
    expect((screen.getByRole('textbox', { name: 'Search Service Requests' }) as HTMLInputElement).value).toBe(reg);
    await waitFor(() => expect(pageInfo()).toBe('1–10 of 11'));
  });

  it('shows a warning toast when a page cannot be read', async () => {
    const toast = vi.spyOn(toaster, 'create');
    const { data } = await renderScreen(<Jobs />, { level: 4, path: '/view-request' });
    await waitFor(() => expect(pageInfo()).toBe('0 of 0'));
    vi.spyOn(data.repos.jobs, 'page').mockRejectedValue(new Error('The database connection is closed'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status filter' }), { target: { value: 'active' } });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'warning', description: 'The database connection is closed' }),
      ),
    );
    expect(pageInfo()).toBe('0 of 0');
    toast.mockRestore();
  });
});
