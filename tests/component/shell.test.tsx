import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createData } from '../../src/app/data/DataProvider';
import { DelayedSpinner } from '../../src/app/feedback/DelayedSpinner';
import { DURATION, Toaster, notify, notifyCopy, notifyError, toaster } from '../../src/app/feedback/toaster';
import { onAuthFailure } from '../../src/app/session/authFailure';
import { TOKEN_KEY, endSession, useSession } from '../../src/app/session/session';
import { ErrorScreen } from '../../src/app/shell/ErrorScreen';
import { InstallButton } from '../../src/app/shell/InstallButton';
import { watchInstallPrompt } from '../../src/app/shell/installPrompt';
import { UpdatePrompt } from '../../src/app/shell/UpdatePrompt';
import { MSG } from '../../src/domain/messages';
import { getMeta, type OutboxEntry } from '../../src/local/db';
import { getTokens, setUserToken } from '../../src/sync/tokens';
import { ApiError } from '../../src/sync/transport';
import { renderScreen } from './render';
import { FakeMediaQueryList } from './fakes';
import { fakeToken } from './token';

// the service worker registration is the browser's; here a test says when a new worker is waiting
const sw = vi.hoisted(() => ({ waiting: false, listeners: new Set<(w: boolean) => void>(), activate: vi.fn() }));
vi.mock('../../src/app/shell/serviceWorker', () => ({
  onWaiting(fn: (w: boolean) => void) {
    sw.listeners.add(fn);
    fn(sw.waiting);
    return () => sw.listeners.delete(fn);
  },
  activateWaiting: sw.activate,
}));

const chakra = (node: ReactNode) => <ChakraProvider value={defaultSystem}>{node}</ChakraProvider>;

function Boom(): ReactNode {
  throw new Error('The job list could not be read');
}

describe('the fallback error screen (SPEC §2)', () => {
  it("shows 'Something went wrong:' with the message, and Try again goes back to /", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const router = createMemoryRouter(
        [
          { path: '/', element: <div>home screen</div> },
          { path: '/view-request', element: <Boom />, errorElement: <ErrorScreen /> },
        ],
        { initialEntries: ['/view-request'] },
      );
      render(chakra(<RouterProvider router={router} />));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(MSG.fallbackError);
      expect(alert.textContent).toContain('The job list could not be read');
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('home screen')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
    } finally {
      quiet.mockRestore();
    }
  });
});

describe('a refused token ends the session (SPEC §7: 403 removes the token and goes to /login)', () => {
  let restoreFetch: () => void = () => {};
  const realFetch = window.fetch;
  afterEach(() => {
    restoreFetch();
    window.fetch = realFetch;
  });

  /** Installs the app's fetch watcher with the router's navigate, as main.tsx does. */
  function Watch() {
    const navigate = useNavigate();
    useEffect(() => {
      restoreFetch = onAuthFailure(() => navigate('/login', { replace: true }));
      return restoreFetch;
    }, [navigate]);
    return <div>screen</div>;
  }

  it('a 401 or 403 to the signed-in user: token removed, device session ended, sent to /login; the outbox stays', async () => {
    for (const status of [401, 403]) {
      window.fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'no' }), { status })) as typeof fetch;
      const { data, unmount } = await renderScreen(<Watch />, { username: 'kim', level: 3 });
      const token = localStorage.getItem(TOKEN_KEY)!;
      await setUserToken(data.db, 'kim', token);
      await data.repos.customers.add({
        VIN: '1HGCM82633A004352',
        'Registration Number': `PBX ${status}`,
        'First name': 'Kim',
        'Last name': 'Lee',
        'Contact number': '8765550101',
        Email: '',
      });
      expect(await data.db.outbox.count()).toBe(1);
      await act(async () => {
        await window.fetch('/api/v2/customers', { headers: { authorization: `Bearer ${token}` } });
      });
      expect(screen.getByTestId('location').textContent).toBe('/login');
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      // the device's own session goes with it (the sync engine's signOut), and the refused token is forgotten …
      await expect.poll(() => getMeta(data.db, 'session', null)).toBeNull();
      await expect.poll(async () => (await getTokens(data.db)).kim).toBeUndefined();
      // … but what kim queued stays, waiting for kim to sign in again
      expect(await data.db.outbox.count()).toBe(1);
      unmount();
      restoreFetch();
    }
  });

  it("a 403 to ANOTHER user's held entry, replayed by the engine with their token, logs nobody out", async () => {
    const server = vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://device').pathname;
      if (path === '/api/health') return new Response('{}', { status: 200 });
      if (path.startsWith('/api/v3/sync/changes')) throw new TypeError('fetch failed'); // no pull in this test
      return new Response(JSON.stringify({ message: MSG.forbidden }), { status: 403 });
    });
    window.fetch = server as typeof fetch;
    const data = createData(`shell-${Math.random().toString(36).slice(2)}`, {
      baseUrl: 'http://device/api',
      fetch: (...a) => window.fetch(...a),
    });
    const { data: same } = await renderScreen(<Watch />, { username: 'kim', level: 3, data });
    expect(same).toBe(data);
    await setUserToken(data.db, 'kim', localStorage.getItem(TOKEN_KEY)!);
    await setUserToken(data.db, 'jdoe', fakeToken('jdoe', 4));
    const entry: OutboxEntry = {
      id: 'entry-of-jdoe',
      method: 'PUT',
      path: '/configsheet/x',
      body: {},
      actor: 'jdoe',
      deviceId: 'd',
      createdAt: new Date().toISOString(),
      attempts: 0,
      lastError: '',
      state: 'pending',
      refs: [],
      touches: [],
      creates: [],
      dependsOn: [],
      label: 'Config change by jdoe',
    };
    await data.db.outbox.add(entry);
    await act(async () => {
      await data.engine.syncNow();
    });
    // jdoe's change was refused (it is in the conflicts list with the server's words) …
    expect(server.mock.calls.some(([u]) => String(u).endsWith('/api/configsheet/x'))).toBe(true);
    expect((await data.engine.conflicts.list()).map((c) => c.message)).toEqual([MSG.forbidden]);
    // … and kim, who is signed in, is still here
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(localStorage.getItem(TOKEN_KEY)).toBeTruthy();
    expect(await getMeta(data.db, 'session', null)).toMatchObject({ username: 'kim' });
  });

  it('an expired token ends the device session too; a logout keeps the token for queued changes', async () => {
    function Who() {
      return <div data-testid="who">{useSession()?.username ?? 'nobody'}</div>;
    }
    const { data, unmount } = await renderScreen(<Who />, { username: 'kim', level: 3 });
    expect(screen.getByTestId('who').textContent).toBe('kim');
    // logout: the session ends on the device, kim's token stays so kim's queued changes still go out
    await setUserToken(data.db, 'kim', localStorage.getItem(TOKEN_KEY)!);
    await act(() => endSession('logout'));
    expect(screen.getByTestId('who').textContent).toBe('nobody');
    expect(await getMeta(data.db, 'session', null)).toBeNull();
    expect((await getTokens(data.db)).kim).toBeTruthy();
    unmount();

    // a token that has run out: noticed on the next read, and the device's session goes with it
    const again = await renderScreen(<Who />, { username: 'kim', level: 3 });
    localStorage.setItem(TOKEN_KEY, fakeToken('kim', 3, -5));
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    });
    expect(screen.getByTestId('who').textContent).toBe('nobody');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    await expect.poll(() => getMeta(again.data.db, 'session', null)).toBeNull();
  });
});

describe('toasts (SPEC §8–§9)', () => {
  afterEach(() => {
    act(() => toaster.remove());
    vi.useRealTimers();
  });
  const visible = (text: string) => toaster.getVisibleToasts().find((t) => t.description === text);

  it('error toasts last 4.1 s, snackbars 4 s, the copy toast 2 s', async () => {
    render(chakra(<Toaster />));
    act(() => {
      notifyError(new Error('Cannot update final requests'));
      notify('Saved');
      notifyCopy('Copied');
    });
    expect(await screen.findByText('Cannot update final requests')).toBeTruthy();
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(DURATION).toMatchObject({ error: 4100, snackbar: 4000, copy: 2000 });
    expect(visible('Cannot update final requests')).toMatchObject({ type: 'error', duration: 4100 });
    expect(visible('Saved')).toMatchObject({ type: 'success', duration: 4000 });
    expect(visible('Copied')).toMatchObject({ duration: 2000 });
  });

  it("'Request timeout.' and 'Network Error' are shown as failures", async () => {
    render(chakra(<Toaster />));
    act(() => {
      notifyError(new ApiError('timeout', 'Request timeout.'));
      notifyError(new ApiError('network', 'Network Error: fetch failed'));
    });
    expect(await screen.findByText(MSG.requestTimeout)).toBeTruthy();
    expect(await screen.findByText(MSG.networkError)).toBeTruthy();
    expect(visible(MSG.requestTimeout)).toMatchObject({ type: 'error', duration: DURATION.error });
    expect(visible(MSG.networkError)).toMatchObject({ type: 'error', duration: DURATION.error });
  });

  it('an error toast goes after 4.1 s, not before', async () => {
    // the toast's timer runs on animation frames and performance.now()
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'Date',
        'performance',
        'requestAnimationFrame',
        'cancelAnimationFrame',
      ],
    });
    render(chakra(<Toaster />));
    act(() => notifyError(new Error('Could not apply points.')));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(visible('Could not apply points.')).toBeTruthy();
    // its 4.1 s run from when it is on screen, a few frames after it was created
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(visible('Could not apply points.')).toBeUndefined();
  });
});

describe('the loading indicator (SPEC §9: only after 1 s)', () => {
  afterEach(() => vi.useRealTimers());

  it('is hidden for the first second and shown from then on', () => {
    vi.useFakeTimers();
    render(chakra(<DelayedSpinner />));
    expect(screen.queryByLabelText('Loading')).toBeNull();
    act(() => void vi.advanceTimersByTime(999));
    expect(screen.queryByLabelText('Loading')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByLabelText('Loading')).toBeTruthy();
  });

  it('never shows for a load that ends within the second', () => {
    vi.useFakeTimers();
    const { rerender } = render(chakra(<DelayedSpinner active />));
    act(() => void vi.advanceTimersByTime(600));
    rerender(chakra(<DelayedSpinner active={false} />));
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });
});

describe('the install button', () => {
  let stop: () => void = () => {};
  const realMatchMedia = window.matchMedia;
  afterEach(() => {
    stop();
    window.matchMedia = realMatchMedia;
  });

  const offer = (outcome: 'accepted' | 'dismissed' = 'accepted') =>
    Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => {}),
      userChoice: Promise.resolve({ outcome }),
    });

  it('appears when the browser offers installation (even before the shell was on screen) and prompts on click', async () => {
    stop = watchInstallPrompt();
    const early = offer();
    window.dispatchEvent(early); // fired while the login page was showing
    expect(early.defaultPrevented).toBe(true);
    render(chakra(<InstallButton />));
    fireEvent.click(screen.getByRole('button', { name: 'Install BayBook' }));
    expect(early.prompt).toHaveBeenCalledTimes(1);
    // accepted: installed, the button goes
    await expect.poll(() => screen.queryByRole('button', { name: 'Install BayBook' })).toBeNull();
  });

  it('is absent until offered, and goes on appinstalled', async () => {
    stop = watchInstallPrompt();
    render(chakra(<InstallButton />));
    expect(screen.queryByRole('button', { name: 'Install BayBook' })).toBeNull();
    act(() => void window.dispatchEvent(offer()));
    expect(screen.getByRole('button', { name: 'Install BayBook' })).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('button', { name: 'Install BayBook' })).toBeNull();
    // once installed, a later offer shows nothing
    act(() => void window.dispatchEvent(offer()));
    expect(screen.queryByRole('button', { name: 'Install BayBook' })).toBeNull();
  });

  it('is never shown when running standalone, and goes when the display mode turns standalone', () => {
    const STANDALONE = '(display-mode: standalone)';
    const asked: FakeMediaQueryList[] = [];
    let standalone = true;
    window.matchMedia = (q: string) => {
      const list = new FakeMediaQueryList(q, q === STANDALONE && standalone);
      asked.push(list);
      return list;
    };
    stop = watchInstallPrompt();
    render(chakra(<InstallButton />));
    act(() => void window.dispatchEvent(offer()));
    expect(screen.queryByRole('button', { name: 'Install BayBook' })).toBeNull();
    stop();

    standalone = false;
    stop = watchInstallPrompt();
    act(() => void window.dispatchEvent(offer()));
    expect(screen.getByRole('button', { name: 'Install BayBook' })).toBeTruthy();
    act(() => asked.findLast((l) => l.media === STANDALONE)!.change(true));
    expect(screen.queryByRole('button', { name: 'Install BayBook' })).toBeNull();
  });
});

describe('the update prompt', () => {
  beforeEach(() => {
    sw.waiting = false;
    sw.activate.mockClear();
  });

  it('appears when a new worker is waiting; Reload is disabled, live, while the outbox is sending', async () => {
    await renderScreen(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    act(() => sw.listeners.forEach((l) => l(true)));
    expect(screen.getByTestId('update-prompt').textContent).toContain(MSG.updateReady);
    const reload = () => screen.getByRole('button', { name: 'Reload' }) as HTMLButtonElement;
    expect(reload().disabled).toBe(false);
    expect(screen.queryByText(MSG.updateWaitsForSync)).toBeNull();
  });

  it('follows the engine: disabled with the reason while sending, enabled after, and Reload activates the worker', async () => {
    sw.waiting = true;
    const { data } = await renderScreen(<UpdatePrompt />);
    const reload = () => screen.getByRole('button', { name: 'Reload' }) as HTMLButtonElement;
    expect(reload().disabled).toBe(false);
    act(() => data.engine.status.set({ sending: true }));
    expect(reload().disabled).toBe(true);
    expect(screen.getByText(MSG.updateWaitsForSync)).toBeTruthy();
    fireEvent.click(reload());
    expect(sw.activate).not.toHaveBeenCalled();
    act(() => data.engine.status.set({ sending: false }));
    expect(reload().disabled).toBe(false);
    expect(screen.queryByText(MSG.updateWaitsForSync)).toBeNull();
    fireEvent.click(reload());
    expect(sw.activate).toHaveBeenCalledTimes(1);
  });
});
