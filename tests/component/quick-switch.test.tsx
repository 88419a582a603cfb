import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createData } from '../../src/app/data/DataProvider';
import { useLocked, lockDevice } from '../../src/app/session/lock';
import { TOKEN_KEY, endSession } from '../../src/app/session/session';
import { useIdleLock } from '../../src/app/session/useIdleLock';
import { Layout } from '../../src/app/shell/Layout';
import { CONFIG_NAMES } from '../../src/domain/configSheet';
import { newId } from '../../src/domain/ids';
import { QUICK_SWITCH_WORDS, wrongPinWords } from '../../src/domain/quickSwitch';
import { getMeta } from '../../src/local/db';
import { pinStore } from '../../src/local/pins';
import { putRow } from '../../src/local/rows';
import { getSession } from '../../src/local/write';
import { setUserToken } from '../../src/sync/tokens';
import { renderScreen } from './render';
import { fakeToken } from './token';
import { nth } from '../helpers/present';

// PBKDF2 at its real strength is the unit test's (tests/unit/pins.test.ts); here a PIN set through a screen is
// hashed with fewer rounds, so the screens are tested and not the machine's speed
vi.mock('../../src/local/pins', async (original) => {
  const m = await original<typeof import('../../src/local/pins')>();
  return { ...m, pinStore: (db: Parameters<typeof m.pinStore>[0]) => m.pinStore(db, { iterations: 1_000 }) };
});

/** A tablet where kim (level 3, signed in now) and lee (level 2) each signed in once and set a PIN. */
async function sharedTablet({ leeExpired = false } = {}) {
  const data = createData(`quick-switch-${Math.random().toString(36).slice(2)}`);
  const pins = pinStore(data.db);
  await setUserToken(data.db, 'kim', fakeToken('kim', 3));
  await setUserToken(data.db, 'lee', fakeToken('lee', 2, leeExpired ? -60 : 3600));
  await pins.set('kim', '1357');
  await pins.set('lee', '2468');
  return { data, pins };
}

const typePin = (pin: string) => {
  for (const d of pin) fireEvent.click(screen.getByRole('button', { name: `Digit ${d}` }));
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
};

async function lockedTablet(opts?: { leeExpired?: boolean }) {
  const { data, pins } = await sharedTablet(opts);
  lockDevice();
  await renderScreen(<Layout />, { level: 3, username: 'kim', path: '/dash', route: '*', data });
  await screen.findByRole('heading', { name: 'Who is working?' });
  await screen.findByRole('button', { name: 'lee' }); // the tiles come with the live query of the PINs
  return { data, pins };
}

afterEach(() => vi.useRealTimers());

describe('the "Who is working?" screen of a shared tablet (issue 18)', () => {
  it("shows a big tile per member with a PIN; lee's PIN switches the device to lee's own session", async () => {
    const { data } = await lockedTablet();
    expect(screen.queryByRole('banner')).toBeNull(); // no header, menu or screen while locked
    const tiles = ['kim', 'lee'].map((n) => screen.getByRole('button', { name: n }));
    expect(tiles).toHaveLength(2);
    fireEvent.click(nth(tiles, 1));
    expect(await screen.findByLabelText('PIN of lee')).toBeTruthy();
    typePin('1357');
    expect((await screen.findByRole('alert')).textContent).toBe(wrongPinWords(4));
    // still kim's device, still locked
    expect((await getSession(data.db))?.username).toBe('kim');
    typePin('2468');
    // unlocked: lee's header, lee's token, lee's device session (the name lee's changes are recorded under)
    await waitFor(() => expect(screen.getByTestId('current-user').textContent).toContain('lee'));
    expect(screen.queryByTestId('lock-screen')).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBe((await getMeta<Record<string, string>>(data.db, 'tokens', {})).lee);
    expect(await getSession(data.db)).toEqual({ username: 'lee', permission: 2 });
  });

  it('the PIN can be typed on a keyboard too (Enter is OK)', async () => {
    await lockedTablet();
    fireEvent.click(screen.getByRole('button', { name: 'kim' }));
    const field = await screen.findByLabelText('PIN of kim');
    fireEvent.change(field, { target: { value: '13a57' } });
    expect((field as HTMLInputElement).value).toBe('1357');
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(screen.queryByTestId('lock-screen')).toBeNull());
  });

  it('a session that has ended asks for the password, with the name filled in', async () => {
    await lockedTablet({ leeExpired: true });
    fireEvent.click(screen.getByRole('button', { name: 'lee' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'The session of lee has ended: sign in with your password',
    );
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('lee');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('PIN of lee')).toBeNull();
  });

  it('five wrong PINs forget the PIN: the password, and the tile is gone', async () => {
    const { pins } = await lockedTablet();
    fireEvent.click(screen.getByRole('button', { name: 'lee' }));
    await screen.findByLabelText('PIN of lee');
    for (let left = 4; left >= 1; left--) {
      typePin('0000');
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(wrongPinWords(left)));
    }
    typePin('0000');
    expect((await screen.findByRole('status')).textContent).toBe(QUICK_SWITCH_WORDS.pinForgotten);
    expect(await pins.members()).toEqual(['kim']);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Who is working?' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'lee' })).toBeNull());
    expect(screen.getByRole('button', { name: 'kim' })).toBeTruthy();
  });

  it('someone new to the device signs in with the password from there', async () => {
    await lockedTablet();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with password' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });
});

describe('quick switch in the header', () => {
  it('looks as SPEC has it until a PIN is set: no Lock button; the name opens the PIN dialog', async () => {
    const { data } = await renderScreen(<Layout />, { level: 3, username: 'kim', path: '/dash', route: '*' });
    const name = await screen.findByRole('button', { name: /kim/ });
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    fireEvent.click(name);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('New PIN'), { target: { value: '12' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Set PIN' }));
    expect(await dialog.findByText(QUICK_SWITCH_WORDS.pinFormat)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('New PIN'), { target: { value: '482913' } });
    fireEvent.change(dialog.getByLabelText('New PIN again'), { target: { value: '482910' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Set PIN' }));
    expect(await dialog.findByText(QUICK_SWITCH_WORDS.pinRepeat)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('New PIN again'), { target: { value: '482913' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Set PIN' }));
    // now a shared tablet: the Lock button, which locks it
    const lock = await screen.findByRole('button', { name: 'Lock' });
    expect(await pinStore(data.db).members()).toEqual(['kim']);
    fireEvent.click(lock);
    expect(await screen.findByRole('heading', { name: 'Who is working?' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'kim' })).toBeTruthy();
  });

  it('Forget my PIN takes the member off the device', async () => {
    const { data } = await sharedTablet();
    await renderScreen(<Layout />, { level: 3, username: 'kim', path: '/dash', route: '*', data });
    fireEvent.click(await screen.findByRole('button', { name: /kim/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Forget my PIN' }));
    await waitFor(async () => expect(await pinStore(data.db).members()).toEqual(['lee']));
  });

  it('Logout forgets the member’s PIN and tile here (the password next time); their token stays for queued changes', async () => {
    const { data, pins } = await sharedTablet();
    await renderScreen(<Layout />, { level: 3, username: 'kim', path: '/dash', route: '*', data });
    await screen.findByRole('button', { name: 'Lock' }); // quick switch is loaded: kim and lee have a PIN
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(async () => expect(await pins.members()).toEqual(['lee']));
    expect(Object.keys(await getMeta<Record<string, string>>(data.db, 'tokens', {})).sort()).toEqual(['kim', 'lee']);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('Logout forgets the PIN even where the quick-switch code never loaded (a screen without the header)', async () => {
    const { data, pins } = await sharedTablet();
    await renderScreen(<p>No header here</p>, { level: 3, username: 'kim', data });
    await screen.findByText('No header here');
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    await act(() => endSession('logout'));
    await waitFor(async () => expect(await pins.members()).toEqual(['lee']));
    expect(await getSession(data.db)).toBeNull();
  });

  it('a session refused by the server keeps the PIN (the lock screen asks for the password anyway)', async () => {
    const { data, pins } = await sharedTablet();
    await renderScreen(<Layout />, { level: 3, username: 'kim', path: '/dash', route: '*', data });
    await screen.findByRole('button', { name: 'Lock' });
    await act(() => endSession('refused'));
    expect(await pins.members()).toEqual(['kim', 'lee']);
  });
});

describe('the idle lock', () => {
  it('locks after the idle time without a touch; a touch starts it again; 0 never locks', () => {
    vi.useFakeTimers();
    const locked = renderHook(() => useLocked());
    const off = renderHook(() => useIdleLock(0));
    act(() => void vi.advanceTimersByTime(3_600_000));
    expect(locked.result.current).toBe(false);
    off.unmount();
    renderHook(() => useIdleLock(60_000));
    act(() => void vi.advanceTimersByTime(45_000));
    fireEvent.pointerDown(document.body);
    act(() => void vi.advanceTimersByTime(45_000));
    expect(locked.result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(15_000));
    expect(locked.result.current).toBe(true);
  });

  it("the shop's idle time from Config locks a tablet where a PIN is set, with no touch", async () => {
    const { data } = await sharedTablet();
    const at = new Date().toISOString();
    // 0.005 minutes: 300 ms, so the real timer runs out within the test
    const row = { id: newId(), name: CONFIG_NAMES.lockIdleMinutes, title: 'Lock', description: '', amount: 0.005 };
    await putRow(data.db, 'config', { ...row, created_at: at, updated_at: at, version: 1 });
    const locked = renderHook(() => useLocked());
    await renderScreen(<Layout />, { level: 3, username: 'kim', path: '/dash', route: '*', data });
    expect(locked.result.current).toBe(false);
    await waitFor(() => expect(locked.result.current).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Who is working?' })).toBeTruthy();
  });
});
