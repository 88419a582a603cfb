import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceHistoryButton } from '../../src/app/customers/ServiceHistory';
import { createData } from '../../src/app/data/DataProvider';
import { toaster } from '../../src/app/feedback/toaster';
import { TOKEN_KEY } from '../../src/app/session/session';
import { newId } from '../../src/domain/ids';
import { setMeta } from '../../src/local/db';
import { putRow } from '../../src/local/rows';
import { renderScreen } from './render';
import { fakeObjectUrls } from './fakes';
import { atLeast } from '../helpers/present';

/**
 * Issue 15: the vehicle's service history on screen shows each job's photos as thumbnails that open full size — a
 * photo taken on this device from its bytes in IndexedDB, another device's fetched with the session's token (an <img>
 * cannot send it), and one that cannot be had offline said so, never a broken image or a 401.
 */

let given: (Blob | MediaSource)[] = [];
beforeEach(() => {
  given = fakeObjectUrls((n) => `blob:http://localhost/object-${n}`).given;
});
afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

/** A device signed in at level 4 with a device code, so it can write before the screen is rendered over it. */
async function signedIn() {
  const data = createData(`history-${Math.random().toString(36).slice(2)}`);
  await setMeta(data.db, 'session', { username: 'user4', permission: 4 });
  await setMeta(data.db, 'deviceCode', 'T1');
  return data;
}

async function seed() {
  const data = await signedIn();
  const id = await data.repos.customers.add({
    VIN: '2HGCM82633A004999',
    'Registration Number': 'HIS 1',
    'First name': 'Hal',
    'Last name': 'Story',
    'Contact number': '8765550999',
    Email: '',
  });
  const customer = (await data.repos.customers.get(id))!;
  const older = await data.repos.jobs.create({ customer, service: ['Oil change'], mileage: 41000 });
  const newer = await data.repos.jobs.create({ customer, service: ['Brake check', 'Wheel alignment'], mileage: 42000 });
  return { data, customer, older: older.id, newer: newer.id };
}

describe('Service History on screen (issue 15)', () => {
  it("lists every job of the VIN with its services and shows each job's photos, local and the server's", async () => {
    const { data, customer, older, newer } = await seed();
    // taken on this device: kept in IndexedDB until the outbox sends it
    await data.repos.jobs.addPhoto(newer, new File([new Uint8Array(2048)], 'dent.jpg', { type: 'image/jpeg' }));
    // from another device: online (thumb served) and one whose bytes cannot be had (the network is down)
    const seen = newId();
    const unreachable = newId();
    for (const id of [seen, unreachable])
      await putRow(data.db, 'service_photos', {
        id,
        job_id: older,
        src: `/api/photo/${id}/full`,
        thumbnail: `/api/photo/${id}/thumb`,
      });
    const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      if (String(url).includes(unreachable)) throw new TypeError('Failed to fetch');
      return new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3]), {
        headers: { 'content-type': 'image/webp' },
      });
    });
    await renderScreen(<ServiceHistoryButton customer={customer} />, { level: 4, data });
    fireEvent.click(screen.getByRole('button', { name: 'Service History' }));
    const dialog = await screen.findByTestId('service-history');
    await waitFor(() => expect(within(dialog).getAllByTestId('history-job')).toHaveLength(2));
    const [first, second] = atLeast(within(dialog).getAllByTestId('history-job'), 2);
    // newest first, with the services
    expect(first.textContent).toContain('Brake check, Wheel alignment');
    expect(second.textContent).toContain('Oil change');

    // the local photo from its stored bytes, marked as not uploaded yet
    const local = (await within(first).findByRole('img')) as HTMLImageElement;
    expect(local.getAttribute('src')).toMatch(/^blob:http:\/\/localhost\/object-/);
    expect(within(first).getByText('Not uploaded yet')).toBeTruthy();

    // the server's photo fetched with the token; the unreachable one says so
    await waitFor(() => expect(within(second).getAllByRole('img')).toHaveLength(1));
    expect(await within(second).findByText('Not available offline')).toBeTruthy();
    const [url, init] = fetched.mock.calls.find(([u]) => String(u).includes(seen))!;
    expect(url).toBe(`/api/photo/${seen}/thumb`);
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${localStorage.getItem(TOKEN_KEY)}`);
    // two pictures shown: the server's thumbnail and the local photo, which was read from IndexedDB, not asked for
    expect(given).toHaveLength(2);
    expect(fetched.mock.calls.map(([u]) => String(u)).sort()).toEqual(
      [`/api/photo/${seen}/thumb`, `/api/photo/${unreachable}/thumb`].sort(),
    );

    // a thumbnail opens the full-size photo in a new tab
    const tab = { location: { href: '' }, close: vi.fn() };
    // the new tab: where the photo is sent, and its close (a photo that cannot be had closes it)
    // defined, not assigned: assigning `location` on an object made from window runs the environment's own setter,
    // which replaced the test worker's window.location for every file after this one
    const opened: Window = Object.create(window, { location: { value: tab.location }, close: { value: tab.close } });
    vi.spyOn(window, 'open').mockReturnValue(opened);
    fireEvent.click(within(second).getByRole('button', { name: /^Open photo 1 of/ }));
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(fetched.mock.calls.some(([u]) => u === `/api/photo/${seen}/full`)).toBe(true);
  });

  it('says when the vehicle has no jobs yet', async () => {
    const data = await signedIn();
    const id = await data.repos.customers.add({
      VIN: '2HGCM82633A004998',
      'Registration Number': 'HIS 2',
      'First name': 'No',
      'Last name': 'Jobs',
      'Contact number': '8765550998',
      Email: '',
    });
    await renderScreen(<ServiceHistoryButton customer={(await data.repos.customers.get(id))!} />, { level: 4, data });
    fireEvent.click(screen.getByRole('button', { name: 'Service History' }));
    expect(await screen.findByText('No jobs for this vehicle yet.')).toBeTruthy();
  });
});
