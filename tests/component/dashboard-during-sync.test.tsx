import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Dashboard from '../../src/app/jobs/Dashboard';
import { applyPage, type Change } from '../../src/sync/pull';
import { renderScreen } from './render';

/**
 * The Dashboard watched through a first sync (issue 13): while the engine pulls, its live queries are shown at most
 * once a second (src/local/calmLiveQuery.ts), yet each committed page shows within a second or two and the tiles and
 * the table are exact once the pull is over.
 */

let n = 0;
function activeJob(seq: number): Change {
  n += 1;
  const id = `0190${String(n).padStart(8, '0')}-0000-7000-8000-00000000d000`;
  const at = new Date(Date.now() - n * 60_000).toISOString();
  return {
    seq,
    entity: 'jobs',
    id,
    op: 'upsert',
    row: {
      id,
      number: `T1-${n}`,
      customer_id: 'c1',
      vin: `1HGCM82633A00${String(n).padStart(4, '0')}`,
      registration: `PK ${n}`,
      first_name: 'Ann',
      last_name: `Lee${n}`,
      service: ['Oil change'],
      status: 'active',
      created_at: at,
      updated_at: at,
      version: 1,
    },
  };
}

const activeCount = () => screen.getByTestId('tile-active-count').textContent;
const tableRows = () => document.querySelectorAll('[data-row-id]').length;

describe('Dashboard during a first sync (issue 13)', () => {
  it('shows each pulled page within about a second while the pull runs, and exact figures at its end', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 4 });
    await waitFor(() => expect(activeCount()).toBe('0'));
    let seq = 0;
    const page = (count: number, more: boolean) => {
      const changes = Array.from({ length: count }, () => activeJob(++seq));
      return applyPage(data.db, { changes, cursor: seq, more });
    };
    data.engine.status.set({ pulling: { applied: 0, estimated: 40, fraction: 0, first: true } });
    await page(5, true);
    await waitFor(() => expect(activeCount()).toBe('5'), { timeout: 2500 });
    // pages committed one after the other: the newest answer is shown, none lost
    await page(5, true);
    await page(5, true);
    await waitFor(() => expect(activeCount()).toBe('15'), { timeout: 2500 });
    await waitFor(() => expect(tableRows()).toBe(10), { timeout: 2500 });
    // the last page, then the pull is over: its rows shown
    await page(3, false);
    data.engine.status.set({ pulling: null });
    await waitFor(() => expect(activeCount()).toBe('18'), { timeout: 2500 });
    expect(screen.getByTestId('page-info').textContent).toMatch(/18/);
    // out of a pull, a write shows at once
    await page(1, false);
    await waitFor(() => expect(activeCount()).toBe('19'), { timeout: 500 });
  });
});
