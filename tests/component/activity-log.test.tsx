import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ActivityLog from '../../src/app/admin/ActivityLog';
import { newId } from '../../src/domain/ids';
import { putRow } from '../../src/local/rows';
import { renderScreen } from './render';

const rowOf = (id: string) => document.querySelector(`[data-row-id="${id}"]`) as HTMLElement | null;
async function findRow(id: string) {
  await waitFor(() => expect(rowOf(id)).toBeTruthy());
  return rowOf(id)!;
}
const line = (id: string, subject: string, created_at: string, done_at: string | null) => ({
  id,
  category: 'service',
  subject,
  predicate: 'status active',
  username: 'mike',
  created_at,
  done_at,
});

/**
 * Issue 30: offline work read as the time it synced. A line shows when it was done on the device, and under it when
 * the server received it where that was more than a minute later; lines from before (no done_at) read as they did.
 */
describe('Activity Log: when it was done, and when it synced (issue 30)', () => {
  it('shows the time done with "synced HH:mm" when received later, and orders the lines by when done', async () => {
    const { data } = await renderScreen(<ActivityLog />, { level: 5, path: '/view-sys-log' });
    const [offline, online, old] = [newId(), newId(), newId()];
    // done offline at 01:07 (06:07 UTC; the shop is UTC-5), received at 01:12
    await putRow(
      data.db,
      'sys_log',
      line(offline, 'Job #A1-7', '2025-03-05T06:12:00.000Z', '2025-03-05T06:07:00.000Z'),
    );
    // done online at 01:10, received within the second
    await putRow(data.db, 'sys_log', line(online, 'Job #A1-8', '2025-03-05T06:10:00.400Z', '2025-03-05T06:10:00.000Z'));
    // logged before the device time was kept
    await putRow(data.db, 'sys_log', line(old, 'Job #A1-9', '2025-03-05T06:09:00.000Z', null));

    const done = await findRow(offline);
    expect(within(done).getByText('Mar 5th 2025, 1:07:00 AM')).toBeTruthy();
    expect(within(done).getByText('synced 01:12')).toBeTruthy();
    const now = await findRow(online);
    expect(within(now).getByText('Mar 5th 2025, 1:10:00 AM')).toBeTruthy();
    expect(within(now).queryByText(/synced/)).toBeNull();
    const before = await findRow(old);
    expect(within(before).getByText('Mar 5th 2025, 1:09:00 AM')).toBeTruthy();
    expect(within(before).queryByText(/synced/)).toBeNull();

    // newest done first: the line received last was done first
    const ids = [...document.querySelectorAll('tbody [data-row-id]')].map((r) => r.getAttribute('data-row-id'));
    expect(ids).toEqual([online, old, offline]);
  });
});
