import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_KEY,
  CURRENT_BUILD,
  checkBuild,
  setOutboxBusyProvider,
  startBuildChecks,
} from '../../src/app/shell/buildCheck';

/**
 * The build check (SPEC §4 cache busting) against stand-ins for what jsdom lacks: Cache Storage, the service worker
 * registration and the Web Locks API. The browser half (a real worker, a real reload, offline afterwards) is
 * tests/e2e/shell.test.ts.
 */

const PRECACHE = 'workbox-precache-v2-http://x/';

class FakeCaches {
  store = new Map<string, Map<string, string>>();
  async keys() {
    return [...this.store.keys()];
  }
  async delete(name: string) {
    return this.store.delete(name);
  }
}

/** A registration whose update() finds `next` ('none': the same sw.js; 'installs': a new worker; 'offline'; 'stuck'). */
function fakeRegistration(next: 'none' | 'installs' | 'offline' | 'stuck') {
  const posted: unknown[] = [];
  // checkBuild only posts to the waiting worker
  const worker: Pick<ServiceWorker, 'postMessage'> = { postMessage: (m: unknown) => posted.push(m) };
  const reg: { installing: typeof worker | null; waiting: typeof worker | null; update(): Promise<void> } = {
    installing: null,
    waiting: null,
    async update() {
      if (next === 'offline') throw new TypeError('Failed to fetch');
      if (next === 'installs') {
        reg.installing = worker;
        setTimeout(() => {
          reg.installing = null;
          reg.waiting = worker;
        }, 300);
      }
      if (next === 'stuck') reg.installing = worker;
    },
  };
  return { reg, posted };
}

const served = (build: string | null): typeof fetch =>
  (async () => {
    if (build === null) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ version: '3.0', build }), { status: 200 });
  }) as typeof fetch;

describe('checkBuild', () => {
  let fakeCaches: FakeCaches;
  let held: { name: string }[];
  let controllerchange: (() => void) | null;
  const reload = vi.fn();

  function withWorker(next: Parameters<typeof fakeRegistration>[0]) {
    const f = fakeRegistration(next);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => f.reg,
        addEventListener: (type: string, fn: () => void) => type === 'controllerchange' && (controllerchange = fn),
        removeEventListener: () => undefined,
      },
    });
    return f;
  }

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('baybook.token', 'a-session');
    fakeCaches = new FakeCaches();
    fakeCaches.store.set(PRECACHE, new Map([['/index.html', '<html>']]));
    fakeCaches.store.set('marker', new Map([['/marker', 'x']]));
    vi.stubGlobal('caches', fakeCaches);
    held = [];
    controllerchange = null;
    withWorker('none');
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
  });

  it('keeps running the build it has while the server cannot be reached', async () => {
    localStorage.setItem(BUILD_KEY, CURRENT_BUILD);
    expect(await checkBuild({ reload, fetchImpl: served(null) })).toBe('offline');
    expect(reload).not.toHaveBeenCalled();
    expect(await fakeCaches.keys()).toHaveLength(2);
  });

  it('on a new build installs its worker first, then clears every other cache, lets it take over and reloads; the session stays', async () => {
    localStorage.setItem(BUILD_KEY, CURRENT_BUILD);
    const { posted } = withWorker('installs');
    const check = checkBuild({ reload, fetchImpl: served('next-build') });
    // the new worker takes control when told to skip waiting
    await vi.waitFor(() => expect(posted).toEqual([{ type: 'SKIP_WAITING' }]));
    expect(await fakeCaches.keys()).toEqual([PRECACHE]); // cleared before the takeover, but the precache
    expect(reload).not.toHaveBeenCalled(); // not before the new worker controls the page
    controllerchange?.();
    expect(await check).toBe('busted');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(BUILD_KEY)).toBe('next-build');
    expect(localStorage.getItem('baybook.token')).toBe('a-session');
  });

  it('clears nothing and waits for the next check when the new build cannot be downloaded (the link dropped)', async () => {
    localStorage.setItem(BUILD_KEY, CURRENT_BUILD);
    withWorker('offline');
    expect(await checkBuild({ reload, fetchImpl: served('next-build') })).toBe('deferred');
    expect(await fakeCaches.keys()).toHaveLength(2);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(BUILD_KEY)).toBe(CURRENT_BUILD);
    // nor while the download hangs past its time
    const { posted } = withWorker('stuck');
    expect(await checkBuild({ reload, fetchImpl: served('next-build'), installMs: 600 })).toBe('deferred');
    expect(posted).toEqual([]);
    expect(await fakeCaches.keys()).toHaveLength(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('with no new worker to install, clears the other caches and reloads old code once into the live build', async () => {
    localStorage.setItem(BUILD_KEY, CURRENT_BUILD);
    expect(await checkBuild({ reload, fetchImpl: served('next-build') })).toBe('busted');
    expect(await fakeCaches.keys()).toEqual([PRECACHE]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('after the update prompt brought the live build, clears the other caches without another reload', async () => {
    localStorage.setItem(BUILD_KEY, 'older-build');
    expect(await checkBuild({ reload, fetchImpl: served(CURRENT_BUILD) })).toBe('cleared');
    expect(await fakeCaches.keys()).toEqual([PRECACHE]);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(BUILD_KEY)).toBe(CURRENT_BUILD);
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

  it('a deferred check tries again soon, not at the next interval: the bust lands once the outbox lets go', async () => {
    localStorage.setItem(BUILD_KEY, CURRENT_BUILD);
    held = [{ name: 'baybook-outbox' }];
    const stop = startBuildChecks({ reload, fetchImpl: served('next-build'), waitMs: 0, retryMs: 50 });
    try {
      await new Promise((r) => setTimeout(r, 120));
      expect(reload).not.toHaveBeenCalled();
      held = [];
      await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 2000 });
      expect(localStorage.getItem(BUILD_KEY)).toBe('next-build');
    } finally {
      stop();
    }
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
