import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_KEY, CURRENT_BUILD, checkBuild, setOutboxBusyProvider } from '../../src/app/shell/buildCheck';

/**
 * The build check (SPEC §4 cache busting) against stand-ins for what jsdom lacks: Cache Storage, service worker
 * registrations and the Web Locks API. The browser half (a real worker, a real reload, offline afterwards) is
 * tests/e2e/shell.test.ts.
 */

class FakeCaches {
  store = new Map<string, Map<string, string>>();
  async keys() {
    return [...this.store.keys()];
  }
  async delete(name: string) {
    return this.store.delete(name);
  }
}

const served = (build: string | null): typeof fetch =>
  (async () => {
    if (build === null) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ version: '3.0', build }), { status: 200 });
  }) as typeof fetch;

describe('checkBuild', () => {
  let fakeCaches: FakeCaches;
  let unregistered: number;
  let held: { name: string }[];
  const reload = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('baybook.token', 'a-session');
    fakeCaches = new FakeCaches();
    fakeCaches.store.set('workbox-precache-v2-http://x/', new Map([['/index.html', '<html>']]));
    fakeCaches.store.set('marker', new Map([['/marker', 'x']]));
    vi.stubGlobal('caches', fakeCaches);
    unregistered = 0;
    held = [];
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistrations: async () => [{ unregister: async () => (unregistered++, true) }] },
    });
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: { query: async () => ({ held: [...held], pending: [] }), request: async () => undefined },
    });
    setOutboxBusyProvider(() => false);
    reload.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setOutboxBusyProvider(() => false);
  });

  it('leaves everything alone while the live build is the one stored', async () => {
    localStorage.setItem(BUILD_KEY, CURRENT_BUILD);
    expect(await checkBuild({ reload, fetchImpl: served(CURRENT_BUILD) })).toBe('same');
    expect(reload).not.toHaveBeenCalled();
    expect(await fakeCaches.keys()).toHaveLength(2);
    expect(unregistered).toBe(0);
  });

  it('keeps running the build it has while the server cannot be reached', async () => {
    localStorage.setItem(BUILD_KEY, CURRENT_BUILD);
    expect(await checkBuild({ reload, fetchImpl: served(null) })).toBe('offline');
    expect(reload).not.toHaveBeenCalled();
    expect(await fakeCaches.keys()).toHaveLength(2);
  });

  it('on a new build clears every cache, drops the worker that cached the old one and reloads; the session stays', async () => {
    localStorage.setItem(BUILD_KEY, CURRENT_BUILD);
    expect(await checkBuild({ reload, fetchImpl: served('next-build') })).toBe('busted');
    expect(await fakeCaches.keys()).toEqual([]);
    expect(unregistered).toBe(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(BUILD_KEY)).toBe('next-build');
    expect(localStorage.getItem('baybook.token')).toBe('a-session');
  });

  it('never busts while this tab is sending the outbox: the next check does it', async () => {
    localStorage.setItem(BUILD_KEY, CURRENT_BUILD);
    let sending = true;
    setOutboxBusyProvider(() => sending);
    expect(await checkBuild({ reload, fetchImpl: served('next-build'), waitMs: 0 })).toBe('deferred');
    expect(reload).not.toHaveBeenCalled();
    expect(await fakeCaches.keys()).toHaveLength(2);
    expect(localStorage.getItem(BUILD_KEY)).toBe(CURRENT_BUILD);
    sending = false;
    expect(await checkBuild({ reload, fetchImpl: served('next-build'), waitMs: 0 })).toBe('busted');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never busts while another tab or the service worker holds the outbox lock', async () => {
    localStorage.setItem(BUILD_KEY, CURRENT_BUILD);
    held = [{ name: 'baybook-outbox' }];
    expect(await checkBuild({ reload, fetchImpl: served('next-build'), waitMs: 0 })).toBe('deferred');
    expect(reload).not.toHaveBeenCalled();
    expect(await fakeCaches.keys()).toHaveLength(2);
    held = [{ name: 'some-other-lock' }];
    expect(await checkBuild({ reload, fetchImpl: served('next-build'), waitMs: 0 })).toBe('busted');
  });

  it('a tab still on the old code after another tab busted reloads once, and does not loop', async () => {
    localStorage.setItem(BUILD_KEY, 'next-build'); // another tab stored it
    expect(await checkBuild({ reload, fetchImpl: served('next-build') })).toBe('reloaded');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(await fakeCaches.keys()).toHaveLength(2); // the other tab already cleared; nothing more to clear here
    // the reload still got the old code (say the server had not finished deploying): no second reload
    expect(await checkBuild({ reload, fetchImpl: served('next-build') })).toBe('same');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
