import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageNotice } from '../../src/app/shell/StorageNotice';
import { SyncStatus } from '../../src/app/shell/SyncStatus';
import { MSG, fill } from '../../src/domain/messages';
import { STORAGE_HEADROOM_BYTES, formatBytes } from '../../src/domain/storage';
import type { BayBookDB, ConflictRow, OutboxEntry } from '../../src/local/db';
import { localWrite } from '../../src/local/write';
import { setUserToken } from '../../src/sync/tokens';
import { renderScreen } from './render';
import { fakeToken } from './token';

const CUSTOMER = {
  VIN: '1HGCM82633A004352',
  'Registration Number': 'PBX 1',
  'First name': 'Kim',
  'Last name': 'Lee',
  'Contact number': '8765550101',
  Email: '',
};
const MB = 1024 * 1024;

let n = 0;
function entry(
  actor: string,
  label = `Change ${++n} by ${actor}`,
  state: OutboxEntry['state'] = 'pending',
): OutboxEntry {
  return {
    id: `e-${actor}-${++n}`,
    method: 'PUT',
    path: '/configsheet/x',
    body: {},
    actor,
    deviceId: 'd',
    createdAt: new Date().toISOString(),
    attempts: 0,
    lastError: '',
    state,
    refs: [],
    touches: [],
    creates: [],
    dependsOn: [],
    label,
  };
}

function conflict(label: string, message: string, status = 422): ConflictRow {
  const e = entry('kim', label, 'rejected');
  return { id: e.id, entry: e, status, message, at: new Date().toISOString() };
}

/** A photo queued the way the repositories queue one: the Blob stored and its upload in the outbox, one transaction. */
function queuePhoto(db: BayBookDB, bytes: number) {
  return localWrite(db, async (w) => {
    const blob = await w.storeBlob(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'bay.jpg');
    await w.enqueue({
      method: 'POST',
      path: '/upload/service-photo',
      form: { job_id: 'j1', id: 'p1' },
      blobId: blob.id,
      label: 'Photo for job #T1-1',
    });
  });
}

describe('the sync status in the shell', () => {
  it('counts the outbox live and never claims "All changes on the server" before counting', async () => {
    const { data } = await renderScreen(<SyncStatus />);
    const count = screen.getByTestId('waiting-count');
    // before the device's outbox has been read, it says so
    expect(count.textContent).toBe('Counting changes…');
    // nor before this device has ever finished a pull (issue 35: a sign-in that never pulled claimed it)
    await expect.poll(() => count.textContent).toBe(MSG.notSyncedYet);
    await data.db.meta.put({ key: 'lastSync', value: new Date().toISOString() });
    await expect.poll(() => count.textContent).toBe('All changes on the server');
    await data.repos.customers.add(CUSTOMER);
    await expect.poll(() => count.textContent).toBe('1 change not yet on the server');
    await data.db.outbox.clear();
    await expect.poll(() => count.textContent).toBe('All changes on the server');
  });

  it('names who must sign in, offline, from the tokens kept on the device (no server asked)', async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await setUserToken(data.db, 'kim', fakeToken('kim', 3));
    // jdoe's token ran out an hour ago; the engine has never run, so the entries are still 'pending'
    await setUserToken(data.db, 'jdoe', fakeToken('jdoe', 4, -3600));
    await data.db.outbox.bulkAdd([entry('jdoe'), entry('jdoe'), entry('jdoe'), entry('kim')]);
    await expect.poll(() => screen.queryByTestId('held-for')?.textContent).toBe('3 changes wait for jdoe to sign in');
    expect(screen.getByTestId('waiting-count').textContent).toBe('4 changes not yet on the server');
    expect(screen.getByTestId('online-state').textContent).toBe('Offline');
    // a user with no token on the device at all waits too
    await data.db.outbox.add(entry('lee'));
    await expect
      .poll(() => screen.getAllByTestId('held-for').map((e) => e.textContent))
      .toEqual(['3 changes wait for jdoe to sign in', '1 change waits for lee to sign in']);
    // jdoe signs in on this device: their changes no longer wait for anyone (even those the engine had marked held)
    await data.db.outbox.where('actor').equals('jdoe').modify({ state: 'held' });
    await setUserToken(data.db, 'jdoe', fakeToken('jdoe', 4));
    await expect
      .poll(() => screen.getAllByTestId('held-for').map((e) => e.textContent))
      .toEqual(['1 change waits for lee to sign in']);
  });

  it('notices a token running out while the app is open', async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    // usable for one more second (tokens count as expired 30 s before their exp)
    await setUserToken(data.db, 'kim', fakeToken('kim', 3, 31));
    await data.db.outbox.add(entry('kim'));
    await expect.poll(() => screen.getByTestId('waiting-count').textContent).toBe('1 change not yet on the server');
    expect(screen.queryByTestId('held-for')).toBeNull();
    await expect
      .poll(() => screen.queryByTestId('held-for')?.textContent, { timeout: 4000 })
      .toBe('1 change waits for kim to sign in');
  });

  it('lists what the server refused and why, with Retry and Discard', async () => {
    const { data } = await renderScreen(<SyncStatus />, { username: 'kim', level: 3 });
    await data.db.conflicts.bulkPut([
      conflict('Status of job #T1-3 to complete', MSG.invoiceRequired),
      conflict('Edit job #T1-4', MSG.cannotUpdateFinal),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: '2 refused' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Changes the server refused')).toBeTruthy();
    const items = () => within(drawer).queryAllByTestId('conflict');
    await expect.poll(() => items().length).toBe(2);
    expect(items()[0].textContent).toContain('Status of job #T1-3 to complete');
    expect(items()[0].textContent).toContain(MSG.invoiceRequired);
    expect(items()[0].textContent).toContain('by kim');
    expect(items()[1].textContent).toContain(MSG.cannotUpdateFinal);

    // Retry: back in the outbox (a new idempotency key), gone from the list
    const refusedId = (await data.db.conflicts.toArray()).find(
      (c) => c.entry.label === 'Status of job #T1-3 to complete',
    )!.entry.id;
    await act(async () => {
      fireEvent.click(within(items()[0]).getByRole('button', { name: 'Retry' }));
    });
    await expect.poll(() => items().length).toBe(1);
    const retried = await data.db.outbox.toArray();
    expect(retried.map((e) => e.label)).toEqual(['Status of job #T1-3 to complete']);
    expect(retried[0].id).not.toBe(refusedId);
    // the count in the header follows (the open drawer hides the rest of the page from the accessibility tree)
    await expect.poll(() => screen.queryByRole('button', { name: '1 refused', hidden: true })).toBeTruthy();

    // Discard, once confirmed: off the list of decisions, kept as discarded, and only its activity-log line queued
    await act(async () => {
      fireEvent.click(within(items()[0]).getByRole('button', { name: 'Discard' }));
    });
    const ask = await screen.findByRole('alertdialog', { name: MSG.discardConfirmTitle });
    fireEvent.change(within(ask).getByRole('textbox', { name: /Why is it discarded/ }), {
      target: { value: 'Made again on the job' },
    });
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Discard for good' }));
    });
    await expect.poll(() => items().length).toBe(0);
    expect(within(drawer).getByText('Nothing was refused.')).toBeTruthy();
    await expect
      .poll(() =>
        within(drawer)
          .queryAllByTestId('discarded')
          .map((e) => e.textContent),
      )
      .toEqual([expect.stringContaining('Edit job #T1-4')]);
    expect((await data.db.outbox.toArray()).map((e) => e.path)).toEqual(['/configsheet/x', '/v3/discarded']);
    await expect.poll(() => screen.queryByRole('button', { name: /refused$/, hidden: true })).toBeNull();
  });

  it('shows the progress of a first sync as a percentage, and nothing for later pulls', async () => {
    const { data } = await renderScreen(<SyncStatus />);
    expect(screen.queryByTestId('first-sync')).toBeNull();
    act(() => data.engine.status.set({ pulling: { applied: 420, estimated: 1000, fraction: 0.42, first: true } }));
    expect(screen.getByTestId('first-sync').textContent).toBe('First sync 42 %');
    act(() => data.engine.status.set({ pulling: { applied: 1000, estimated: 1000, fraction: 1, first: true } }));
    expect(screen.getByTestId('first-sync').textContent).toBe('First sync 100 %');
    act(() => data.engine.status.set({ pulling: { applied: 5, estimated: null, fraction: null, first: false } }));
    expect(screen.queryByTestId('first-sync')).toBeNull();
    act(() => data.engine.status.set({ pulling: null }));
    expect(screen.queryByTestId('first-sync')).toBeNull();
  });
});

describe('the device storage line', () => {
  afterEach(() => {
    delete (navigator as { storage?: unknown }).storage;
  });

  /** navigator.storage as the browser gives it, with figures a test can change. */
  function stubStorage(opts: { persisted?: boolean; grant?: boolean; usage: number; quota: number }) {
    const s = {
      persisted: opts.persisted ?? false,
      usage: opts.usage,
      quota: opts.quota,
      persist: vi.fn(async () => {
        s.persisted = opts.grant ?? false;
        return s.persisted;
      }),
      estimate: vi.fn(async () => ({ usage: s.usage, quota: s.quota })),
    };
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { persisted: async () => s.persisted, persist: s.persist, estimate: s.estimate },
    });
    return s;
  }

  it("says 'Storage protected' when the browser granted persistence, with the free space", async () => {
    const s = stubStorage({ grant: true, usage: 148 * MB, quota: 2048 * MB });
    await renderScreen(<SyncStatus />);
    const line = await screen.findByTestId('storage-state');
    expect(line.textContent).toBe(MSG.storageProtected);
    expect(line.getAttribute('title')).toBe(fill(MSG.storageProtectedHint, { free: '1.9 GB' }));
    expect(s.persist).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('storage-low')).toBeNull();
  });

  it("says 'Storage not protected' when refused, and warns when the device is nearly full", async () => {
    stubStorage({ grant: false, usage: 1990 * MB, quota: 2048 * MB });
    await renderScreen(<SyncStatus />);
    const line = await screen.findByTestId('storage-state');
    expect(line.textContent).toBe(MSG.storageNotProtected);
    expect(line.getAttribute('title')).toBe(fill(MSG.storageNotProtectedHint, { free: '58 MB' }));
    expect(screen.getByTestId('storage-low').textContent).toBe(MSG.storageLow);
  });

  it('not protected: one sentence on what it means and "Protect storage", which asks the browser again (issue 15)', async () => {
    const s = stubStorage({ grant: false, usage: 100 * MB, quota: 2048 * MB });
    await renderScreen(<StorageNotice />);
    const notice = await screen.findByTestId('storage-notice');
    expect(notice.textContent).toContain(MSG.storageNotice);
    expect(s.persist).toHaveBeenCalledTimes(1); // the monitor's one question at start
    fireEvent.click(within(notice).getByRole('button', { name: 'Protect storage' }));
    // refused again: what to do next
    await expect.poll(() => screen.queryByTestId('storage-refused')?.textContent).toBe(MSG.storageRefused);
    expect(s.persist).toHaveBeenCalledTimes(2);
    // granted (installed meanwhile): the notice goes
    s.persist.mockImplementation(async () => (s.persisted = true));
    fireEvent.click(within(notice).getByRole('button', { name: 'Protect storage' }));
    await expect.poll(() => screen.queryByTestId('storage-notice')).toBeNull();
    expect(s.persist).toHaveBeenCalledTimes(3);
  });

  it('protected: no notice', async () => {
    stubStorage({ persisted: true, usage: 100 * MB, quota: 2048 * MB });
    const { data } = await renderScreen(<StorageNotice />);
    await expect.poll(() => data.storage.get()?.persisted).toBe(true);
    expect(screen.queryByTestId('storage-notice')).toBeNull();
  });

  it('checks again after a photo is queued, and refuses one that will not fit, with nothing queued', async () => {
    const s = stubStorage({ persisted: true, usage: 1900 * MB, quota: 2048 * MB });
    const { data } = await renderScreen(<SyncStatus />);
    await screen.findByTestId('storage-state');
    expect(screen.getByTestId('storage-low')).toBeTruthy(); // 148 MB free of 2 GB: under 10 %
    const asked = s.estimate.mock.calls.length;

    // a 5 MB photo fits; the browser is asked again once it is stored
    s.usage += 5 * MB;
    await queuePhoto(data.db, 5 * MB);
    await expect.poll(() => s.estimate.mock.calls.length).toBeGreaterThan(asked);
    expect(await data.db.blobs.count()).toBe(1);

    // the device fills up (another app): the next check shows it, and a photo that would not fit is refused
    s.usage = 2048 * MB - STORAGE_HEADROOM_BYTES - 2 * MB;
    await act(() => data.storage.check());
    const free = formatBytes(STORAGE_HEADROOM_BYTES + 2 * MB);
    await expect(queuePhoto(data.db, 3 * MB)).rejects.toThrow(fill(MSG.storageNoRoomForPhoto, { free }));
    expect(await data.db.blobs.count()).toBe(1);
    expect(await data.db.outbox.count()).toBe(1);
    // a smaller one still fits
    await queuePhoto(data.db, 1 * MB);
    expect(await data.db.outbox.count()).toBe(2);
  });

  it('counts a stored photo before the browser answers, so a batch cannot overfill the device', async () => {
    // the estimate lags (as browsers' do): it keeps saying 40 MB free
    const s = stubStorage({ persisted: true, usage: 2008 * MB, quota: 2048 * MB });
    const { data } = await renderScreen(<SyncStatus />);
    await screen.findByTestId('storage-state');
    s.estimate.mockImplementation(() => new Promise(() => {})); // and then stops answering
    await queuePhoto(data.db, 9 * MB);
    await queuePhoto(data.db, 9 * MB);
    await queuePhoto(data.db, 9 * MB); // 40 - 27 = 13 MB left: a 9 MB photo plus 10 MB headroom no longer fits
    await expect(queuePhoto(data.db, 9 * MB)).rejects.toThrow(fill(MSG.storageNoRoomForPhoto, { free: '13 MB' }));
    expect(await data.db.outbox.count()).toBe(3);
  });

  it('checks again every few minutes once started, and whenever the outbox grows', async () => {
    const s = stubStorage({ grant: true, usage: 10 * MB, quota: 2048 * MB });
    const { data } = await renderScreen(<SyncStatus />);
    await screen.findByTestId('storage-state');
    const before = s.estimate.mock.calls.length;
    await data.repos.customers.add(CUSTOMER); // the outbox grew
    await expect.poll(() => s.estimate.mock.calls.length).toBe(before + 1);
    data.storage.start(100);
    try {
      await expect.poll(() => s.estimate.mock.calls.length).toBeGreaterThanOrEqual(before + 3);
    } finally {
      data.storage.stop();
    }
    // persistence was asked for once, at the first check
    expect(s.persist).toHaveBeenCalledTimes(1);
  });

  it("turns the browser's own quota error into a message that says what to do", async () => {
    const { data } = await renderScreen(<SyncStatus />);
    vi.spyOn(data.db.blobs, 'put').mockRejectedValue(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    );
    await expect(queuePhoto(data.db, 1000)).rejects.toThrow(MSG.storageFull);
    expect(await data.db.outbox.count()).toBe(0);
  });
});
