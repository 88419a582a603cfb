import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Dashboard from '../../src/app/jobs/Dashboard';
import { pull, type Change, type ChangesPage } from '../../src/sync/pull';
import type { Transport } from '../../src/sync/transport';
import { renderScreen } from './render';

/**
 * The Dashboard through a real first sync (issue 35): while the pull is still bringing rows, the counters hold only
 * what has arrived, and the tiles and money say "Counting…" rather than a 0 (or a part) shown as the shop's figure
 * beside a table already listing active jobs; once caught up they are exact and agree with the table.
 */

function job(n: number, status: string): Change {
  const id = `0190${String(n).padStart(8, '0')}-0000-7000-8000-00000000f000`;
  const at = new Date(Date.now() - n * 60_000).toISOString();
  const row = {
    id,
    number: `T1-${n}`,
    customer_id: null,
    vin: `1HGCM82633A00${String(n).padStart(4, '0')}`,
    registration: `PK ${n}`,
    first_name: 'Ann',
    last_name: `Lee${n}`,
    service: ['Oil change'],
    status,
    created_at: at,
    updated_at: at,
    version: 1,
  };
  return { seq: n, entity: 'jobs', id, op: 'upsert', row };
}

/** The server's feed in pages of `limit`; every page after the first waits for `release()`. */
function gatedFeed(changes: Change[]) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const transport = async (_method: string, path: string) => {
    const q = new URL(path, 'http://x').searchParams;
    const since = Number(q.get('since'));
    const limit = Number(q.get('limit'));
    if (since > 0) await gate;
    const rest = changes.filter((c) => c.seq > since);
    const page = rest.slice(0, limit);
    const data: ChangesPage = {
      changes: page,
      cursor: page.at(-1)?.seq ?? since,
      more: rest.length > limit,
      head: changes.length,
      scope: 5,
    };
    return { status: 200, data };
  };
  return { transport: transport as Transport, release: () => open() };
}

const tileCount = (status: string) => screen.getByTestId(`tile-${status}-count`);
const tableRows = () => document.querySelectorAll('[data-row-id]').length;

describe('Dashboard during a real first sync (issue 35)', () => {
  it('says Counting… for the tiles and money until the pull has caught up, then shows figures the table agrees with', async () => {
    const { data } = await renderScreen(<Dashboard />, { level: 5 });
    await waitFor(() => expect(tileCount('active').textContent).toBe('0'));
    // 12 active and 4 received jobs; the first page of 8 holds active jobs only
    const changes = Array.from({ length: 16 }, (_, i) => job(i + 1, i < 12 ? 'active' : 'received'));
    const { transport, release } = gatedFeed(changes);
    const pulled = pull({ db: data.db, transport, token: 't', pageSize: 8 });

    // the first page is on the device and listed; the rest is still on its way (held at the gate, so the tiles'
    // own live query, which answers apart from the table's, is waited for rather than raced)
    await waitFor(() => {
      expect(tableRows()).toBe(8);
      expect(tileCount('active').textContent).toBe('Counting…');
      expect(screen.getByTestId('today-cash-value').textContent).toBe('Counting…');
    });
    for (const status of ['active', 'received', 'complete', 'booked']) {
      expect(tileCount(status).textContent).toBe('Counting…');
      expect(tileCount(status).getAttribute('aria-label')).toMatch(/still counting/);
    }
    expect(screen.getByTestId('finance-sales-value').textContent).toBe('Counting…');
    expect(screen.getByTestId('today-cash-value').textContent).toBe('Counting…');
    expect(screen.getByRole('button', { name: /Active: still counting/ })).toBeTruthy();

    release();
    await pulled;
    await waitFor(() => expect(tileCount('active').textContent).toBe('12'));
    expect(tileCount('received').textContent).toBe('4');
    expect(screen.getByTestId('page-info').textContent).toMatch(/12/);
    await waitFor(() => expect(screen.getByTestId('finance-sales-value').textContent).toBe('$0.00'));
    expect(screen.getByTestId('today-cash-value').textContent).toBe('$0.00');
  });
});
