import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BayBookDB } from '../../src/local/db';
import type { PullAsk, PullOptions, PullReply, PullResult } from '../../src/sync/pullTypes';

/**
 * The page's side of the pull worker (src/sync/pullInWorker.ts), with a stand-in Worker that answers as
 * pullWorker.ts does: the ask it is sent, progress and the result handed back, an ApiError kept as one (cycle.ts
 * drops a token on its 401), and the pull run in this thread when there is no worker or it fails to start. The
 * worker itself runs in Chromium: tests/e2e/first-sync-pages.test.ts.
 */

const inThread = vi.fn<(opts: PullOptions) => Promise<PullResult>>();
vi.mock('../../src/sync/pull', () => ({ pull: (opts: PullOptions) => inThread(opts) }));

const RESULT: PullResult = { applied: 3, shadowed: 0, pages: 1, cursor: 3, rebased: 0 };

/** A Worker that answers each ask with `answer`'s replies, or fails to start. */
function standIn(answer: (ask: PullAsk) => PullReply[] | 'fail') {
  const asks: PullAsk[] = [];
  class StandIn extends EventTarget {
    postMessage(ask: PullAsk) {
      asks.push(ask);
      const replies = answer(ask);
      queueMicrotask(() => {
        if (replies === 'fail') this.dispatchEvent(new Event('error', { cancelable: true }));
        else for (const data of replies) this.dispatchEvent(new MessageEvent('message', { data }));
      });
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', StandIn);
  return asks;
}

const opts = (over: Partial<PullOptions> = {}): PullOptions => ({
  db: { name: 'baybook-test' } as BayBookDB,
  transport: () => Promise.reject(new Error('the page asked the network itself')),
  token: 't1',
  pageSize: 500,
  workerBaseUrl: 'http://shop.test/api',
  ...over,
});

describe('pullOffMain', () => {
  beforeEach(() => {
    vi.resetModules();
    inThread.mockReset().mockResolvedValue({ ...RESULT, applied: 99 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the worker for the pull and hands back its progress and result', async () => {
    const asks = standIn((ask) => [
      { id: ask.id, type: 'progress', progress: { applied: 3, estimated: 3, fraction: 1, first: true } },
      { id: ask.id, type: 'done', result: RESULT },
    ]);
    const { pullOffMain } = await import('../../src/sync/pullInWorker');
    const progress = vi.fn();
    await expect(pullOffMain(opts({ onProgress: progress }))).resolves.toEqual(RESULT);
    expect(asks).toEqual([
      expect.objectContaining({ type: 'pull', dbName: 'baybook-test', baseUrl: 'http://shop.test/api', token: 't1' }),
    ]);
    expect(progress).toHaveBeenCalledWith({ applied: 3, estimated: 3, fraction: 1, first: true });
    expect(inThread).not.toHaveBeenCalled();
  });

  it("keeps the server's refusal an ApiError with its status", async () => {
    standIn((ask) => [
      { id: ask.id, type: 'failed', error: { name: 'ApiError', message: 'Token expired.', kind: 'http', status: 401 } },
    ]);
    const { pullOffMain } = await import('../../src/sync/pullInWorker');
    // the class as the module under test sees it (resetModules gives each test fresh modules)
    const { ApiError } = await import('../../src/sync/transport');
    const err = await pullOffMain(opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'http', status: 401, message: 'Token expired.' });
  });

  it('pulls in this thread when the worker fails to start, and from then on', async () => {
    const asks = standIn(() => 'fail');
    const { pullOffMain } = await import('../../src/sync/pullInWorker');
    await expect(pullOffMain(opts())).resolves.toMatchObject({ applied: 99 });
    await expect(pullOffMain(opts())).resolves.toMatchObject({ applied: 99 });
    expect([asks.length, inThread.mock.calls.length]).toEqual([1, 2]);
  });

  it('pulls in this thread without an API root for the worker or without Worker', async () => {
    const asks = standIn((ask) => [{ id: ask.id, type: 'done', result: RESULT }]);
    const { pullOffMain } = await import('../../src/sync/pullInWorker');
    await expect(pullOffMain(opts({ workerBaseUrl: undefined }))).resolves.toMatchObject({ applied: 99 });
    vi.unstubAllGlobals();
    vi.resetModules();
    const fresh = await import('../../src/sync/pullInWorker');
    await expect(fresh.pullOffMain(opts())).resolves.toMatchObject({ applied: 99 });
    expect([asks.length, inThread.mock.calls.length]).toEqual([0, 2]);
  });
});
