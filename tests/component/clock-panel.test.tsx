import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRepos } from '../../src/app/data/DataProvider';
import { Toaster } from '../../src/app/feedback/toaster';
import { ClockHours } from '../../src/app/jobs/clock/ClockHours';
import { ClockPanel } from '../../src/app/jobs/clock/ClockPanel';
import { ClockSuggestion } from '../../src/app/jobs/clock/ClockSuggestion';
import Reports from '../../src/app/reports/Reports';
import { newId } from '../../src/domain/ids';
import type { BayBookDB } from '../../src/local/db';
import { putRow } from '../../src/local/rows';
import { renderScreen } from './render';

/**
 * A job's time clock panel (issue 18) on the bay's tablet, offline: the signed-in technician's Start, Pause, Resume
 * and Stop (each queued for the server), who is on the job and who paused, the hours, and a clock left running past
 * the shop's closing hour flagged on the job.
 */
afterEach(() => vi.restoreAllMocks());

function Live({ id }: { id: string }) {
  const repos = useRepos();
  const job = useLiveQuery(() => repos.jobs.get(id), [repos, id]);
  return job ? (
    <>
      <ClockPanel job={job} />
      <Toaster />
    </>
  ) : null;
}

async function setting(db: BayBookDB, name: string, description: string, amount: number | null) {
  const at = new Date().toISOString();
  await putRow(db, 'config', {
    id: newId(),
    name,
    title: name,
    description,
    amount,
    created_at: at,
    updated_at: at,
    version: 1,
  });
}

async function job(db: BayBookDB, status = 'active') {
  const id = newId();
  const now = new Date().toISOString();
  await putRow(db, 'jobs', {
    id,
    number: 'T1-9',
    customer_id: null,
    registration: 'PK 9',
    status,
    service: [],
    invoice: [],
    created_at: now,
    updated_at: now,
    version: 1,
  });
  return id;
}

const stretch = (
  db: BayBookDB,
  jobId: string,
  username: string,
  started_at: string,
  stopped_at: string | null = null,
) =>
  putRow(db, 'clock_entries', {
    id: newId(),
    job_id: jobId,
    username,
    started_at,
    stopped_at,
    ended: stopped_at ? 'stop' : '',
    device: 'T2',
    created_at: started_at,
    updated_at: started_at,
    version: 1,
  });

/** The work-hours field as an invoice holds it, with the clock's suggestion under it. */
function Hours({ jobId }: { jobId: string }) {
  const [hours, setHours] = useState('0');
  return (
    <>
      <output data-testid="work-hours">{hours}</output>
      <ClockSuggestion jobId={jobId} workHours={hours} onUse={setHours} />
    </>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('Clock panel', () => {
  it('starts, pauses, resumes and stops the technician’s own clock offline, beside another technician', async () => {
    const { data } = await renderScreen(<div />, { level: 3, username: 'ann' });
    const id = await job(data.db);
    await stretch(data.db, id, 'bob', new Date(Date.now() - 90 * 60_000).toISOString());
    const { unmount } = await renderScreen(<Live id={id} />, { level: 3, username: 'ann', data });
    await waitFor(() => expect(text('clock-on')).toBe('On the job now: bob'));
    expect(text('clock-total')).toBe('Total clocked: 1.5 h');

    fireEvent.click(screen.getByRole('button', { name: 'Start clock' }));
    await waitFor(() => expect(text('clock-on')).toBe('On the job now: bob, ann'));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(text('clock-paused')).toBe('Paused: ann'));
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(text('clock-on')).toBe('On the job now: bob, ann'));
    fireEvent.click(screen.getByRole('button', { name: 'Stop clock' }));
    await waitFor(() => expect(text('clock-on')).toBe('On the job now: bob'));
    expect(screen.getByRole('button', { name: 'Start clock' })).toBeTruthy();

    const sent = (await data.db.outbox.toArray()).map((e) => e.path);
    expect(sent).toEqual(['/v3/clock/start', '/v3/clock/pause', '/v3/clock/resume', '/v3/clock/stop']);
    expect((await data.db.clock_entries.where('job_id').equals(id).toArray()).map((c) => c.ended).sort()).toEqual([
      '',
      'pause',
      'stop',
    ]);
    unmount();
  });

  it('flags a clock left running past closing, counted to closing; nothing for a level below 3', async () => {
    const { data, unmount } = await renderScreen(<div />, { level: 3, username: 'ann' });
    const id = await job(data.db);
    const at = new Date().toISOString();
    await putRow(data.db, 'config', {
      id: newId(),
      name: 'closing_hour',
      title: 'Closing',
      description: '',
      amount: 17,
      created_at: at,
      updated_at: at,
      version: 1,
    });
    await putRow(data.db, 'config', {
      id: newId(),
      name: 'time_zone',
      title: 'Zone',
      description: 'UTC',
      amount: null,
      created_at: at,
      updated_at: at,
      version: 1,
    });
    await stretch(data.db, id, 'bob', '2026-03-02T15:00:00.000Z');
    unmount();
    const shown = await renderScreen(<Live id={id} />, { level: 3, username: 'ann', data });
    expect((await screen.findByTestId('clock-past-closing')).textContent).toBe(
      "bob's clock ran past closing: counted to 17:00 (still running)",
    );
    expect(text('clock-total')).toBe('Total clocked: 2 h');
    shown.unmount();

    await renderScreen(<Live id={id} />, { level: 2, username: 'helper', data });
    await waitFor(() => expect(screen.getByTestId('location')).toBeTruthy());
    expect(screen.queryByTestId('clock-panel')).toBeNull();
  });

  it('reports the hours by technician and by job for a range, with the clocks that ran past closing', async () => {
    const { data, unmount } = await renderScreen(<div />, { level: 3 });
    const id = await job(data.db);
    await setting(data.db, 'closing_hour', '', 17);
    await setting(data.db, 'time_zone', 'UTC', null);
    await stretch(data.db, id, 'ann', '2026-03-02T08:00:00.000Z', '2026-03-02T10:30:00.000Z');
    await stretch(data.db, id, 'bob', '2026-03-02T16:00:00.000Z', '2026-03-02T19:00:00.000Z');
    await stretch(data.db, id, 'bob', '2026-03-05T08:00:00.000Z', '2026-03-05T09:00:00.000Z');
    unmount();
    await renderScreen(<ClockHours start="2026-03-02" end="2026-03-03" />, { level: 3, data });
    await waitFor(() => expect(text('hours-total')).toBe('Clocked hours: 3.5 h'));
    expect(text('hours-past-closing')).toBe(
      'bob on #T1-9 (PK 9), started 2026-03-02 16:00: ran past closing, counted to 17:00',
    );
    const line = (table: string, name: string) =>
      within(screen.getByRole('table', { name: table }))
        .getByText(name)
        .closest('tr')!.textContent;
    expect(line('Hours by technician', 'ann')).toBe('ann2.510#T1-9 (PK 9)');
    expect(line('Hours by job', '#T1-9 (PK 9)')).toBe('#T1-9 (PK 9)3.521ann, bob');

    // the same report on the Reports screen, under the sales report of the range
    cleanup();
    await renderScreen(<Reports />, { level: 3, path: '/report', data });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-03-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sales Report' }));
    await waitFor(() => expect(text('hours-total')).toBe('Clocked hours: 3.5 h'));
  });

  it("offers the clocked hours as the invoice's work hours; the desk takes them with a tap", async () => {
    const { data, unmount } = await renderScreen(<div />, { level: 4 });
    const id = await job(data.db);
    await stretch(data.db, id, 'ann', '2026-03-02T08:00:00.000Z', '2026-03-02T10:00:00.000Z');
    await stretch(data.db, id, 'bob', '2026-03-02T09:00:00.000Z', '2026-03-02T09:30:00.000Z');
    unmount();
    await renderScreen(<Hours jobId={id} />, { level: 4, data });
    expect((await screen.findByTestId('clock-suggestion')).textContent).toContain('Clocked: 2.5 h');
    fireEvent.click(screen.getByRole('button', { name: 'Use 2.5 h' }));
    await waitFor(() => expect(text('work-hours')).toBe('2.5'));
    expect((screen.getByRole('button', { name: 'Use 2.5 h' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Mend a clock', () => {
  it('the desk gives a clock left running past closing its real stop: counted in full, no longer flagged, queued once', async () => {
    const { data, unmount } = await renderScreen(<div />, { level: 4 });
    const id = await job(data.db);
    await setting(data.db, 'closing_hour', '', 17);
    await setting(data.db, 'time_zone', 'UTC', null);
    await stretch(data.db, id, 'bob', '2026-03-02T16:00:00.000Z');
    unmount();
    await renderScreen(
      <>
        <ClockHours start="2026-03-02" end="2026-03-02" />
        <Toaster />
      </>,
      { level: 4, data },
    );
    await waitFor(() => expect(text('hours-total')).toBe('Clocked hours: 1 h'));
    fireEvent.click(within(screen.getByTestId('hours-past-closing')).getByRole('button', { name: 'Mend' }));
    const dialog = await screen.findByRole('dialog', { name: "Mend bob's clock" });
    const field = within(dialog).getByLabelText(/When did the clock really stop/);
    expect((field as HTMLInputElement).value).toBe('2026-03-02T17:00');

    // a stop before the start is refused in the dialog, nothing stored
    fireEvent.change(field, { target: { value: '2026-03-02T15:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mend' }));
    expect(
      await within(dialog).findByText('The clock started at 2026-03-02 16:00: choose a stop time after that'),
    ).toBeTruthy();
    expect(await data.db.outbox.count()).toBe(0);

    fireEvent.change(field, { target: { value: '2026-03-02T18:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mend' }));
    await waitFor(() => expect(text('hours-total')).toBe('Clocked hours: 2.5 h'));
    expect(screen.queryByTestId('hours-past-closing')).toBeNull();
    const sent = await data.db.outbox.toArray();
    expect(sent.map((e) => [e.path, e.body])).toEqual([
      ['/v3/clock/mend', { data: { id: expect.any(String), stopped_at: '2026-03-02T18:30:00.000Z' } }],
    ]);
  });

  it('a technician (level 3) sees the flag but no Mend', async () => {
    const { data, unmount } = await renderScreen(<div />, { level: 3 });
    const id = await job(data.db);
    await setting(data.db, 'closing_hour', '', 17);
    await setting(data.db, 'time_zone', 'UTC', null);
    await stretch(data.db, id, 'bob', '2026-03-02T16:00:00.000Z');
    unmount();
    await renderScreen(<ClockHours start="2026-03-02" end="2026-03-02" />, { level: 3, data });
    await screen.findByTestId('hours-past-closing');
    expect(screen.queryByRole('button', { name: 'Mend' })).toBeNull();
  });
});
