import { pull } from './pull';
import type { PullAsk, PullFailure, PullOptions, PullReply, PullResult } from './pullTypes';
import { ApiError } from './transport';

/**
 * The pull off the page's main thread (issue 13: a first sync of 170,000 rows cloned, written and collected on the
 * main thread froze the app for 150–330 ms at a time). The page keeps the outbox lock and the order (the outbox sent
 * first, then the pull) and only hears progress and the result; one dedicated worker per page runs every pull
 * (pullWorker.ts). Where there is no Worker (the service worker, Node), no API root to give it (a transport of the
 * caller's own), or the worker failed to start, the pull runs in this thread as before.
 */

interface Asked {
  opts: PullOptions;
  resolve(result: PullResult): void;
  reject(err: unknown): void;
}

let worker: Worker | null = null;
/** the worker failed to start (its script did not load): every pull of this page runs in this thread */
let broken = false;
let nextId = 1;
const asked = new Map<number, Asked>();

function toError(f: PullFailure): Error {
  if (f.kind) return new ApiError(f.kind, f.message, f.status, f.body);
  return Object.assign(new Error(f.message), { name: f.name });
}

function hear(ev: MessageEvent<PullReply>) {
  const msg = ev.data;
  const one = asked.get(msg.id);
  if (!one) return;
  if (msg.type === 'progress') return one.opts.onProgress?.(msg.progress);
  asked.delete(msg.id);
  if (msg.type === 'done') one.resolve(msg.result);
  else one.reject(toError(msg.error));
}

/** The worker died or never started: what it was asked runs here (a page is one transaction: nothing half-written). */
function fallBack(ev: Event) {
  ev.preventDefault();
  broken = true;
  worker?.terminate();
  worker = null;
  for (const [id, one] of asked) {
    asked.delete(id);
    pull(one.opts).then(one.resolve, one.reject);
  }
}

function pullWorker(): Worker | null {
  if (worker || broken || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./pullWorker.ts', import.meta.url), { type: 'module', name: 'baybook-pull' });
  } catch {
    broken = true;
    return null;
  }
  worker.addEventListener('message', hear);
  worker.addEventListener('error', fallBack);
  worker.addEventListener('messageerror', fallBack);
  return worker;
}

/** `pull(opts)` in the page's pull worker when `opts.workerBaseUrl` is given and the page can run one. */
export function pullOffMain(opts: PullOptions): Promise<PullResult> {
  const w = opts.workerBaseUrl ? pullWorker() : null;
  if (!w || !opts.workerBaseUrl) return pull(opts);
  const id = nextId++;
  const ask: PullAsk = {
    id,
    type: 'pull',
    dbName: opts.db.name,
    baseUrl: new URL(opts.workerBaseUrl, globalThis.location?.href).href,
    token: opts.token,
    pageSize: opts.pageSize,
    timeoutMs: opts.timeoutMs,
  };
  return new Promise<PullResult>((resolve, reject) => {
    asked.set(id, { opts, resolve, reject });
    opts.signal?.addEventListener('abort', () => w.postMessage({ id, type: 'abort' } satisfies PullAsk), {
      once: true,
    });
    w.postMessage(ask);
  });
}
