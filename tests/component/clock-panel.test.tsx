import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRepos } from '../../src/app/data/DataProvider';
import { Toaster } from '../../src/app/feedback/toaster';
import { ClockPanel } from '../../src/app/jobs/clock/ClockPanel';
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

const stretch = (db: BayBookDB, jobId: string, username: string, started_at: string) =>
  putRow(db, 'clock_entries', {
    id: newId(),
    job_id: jobId,
    username,
    started_at,
    stopped_at: null,
    ended: '',
    device: 'T2',
    created_at: started_at,
    updated_at: started_at,
    version: 1,
  });

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
});
