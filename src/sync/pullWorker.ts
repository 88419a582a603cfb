import { openLocalDb, type BayBookDB } from '../local/db';
import { pull } from './pull';
import type { PullAsk, PullFailure, PullReply } from './pullTypes';
import { ApiError, fetchTransport } from './transport';

/**
 * The pull's dedicated worker (started by pullInWorker.ts): the page's main thread keeps the screens, this thread
 * fetches the pages, parses them and writes them to the same device database (the schema of src/local/db.ts). Dexie
 * tells the page's live queries of each committed page itself (its storagemutated news crosses contexts on a
 * BroadcastChannel). The outbox lock stays with the page that asked: it holds it until this pull has answered.
 */

const dbs = new Map<string, BayBookDB>();
const aborts = new Map<number, AbortController>();

const reply = (message: PullReply) => globalThis.postMessage(message);

function failure(err: unknown): PullFailure {
  if (err instanceof ApiError)
    return { name: err.name, message: err.message, kind: err.kind, status: err.status, body: err.body };
  const e = err as { name?: unknown; message?: unknown } | null;
  return { name: String(e?.name ?? 'Error'), message: String(e?.message ?? err) };
}

async function run(ask: Extract<PullAsk, { type: 'pull' }>) {
  const db = dbs.get(ask.dbName) ?? openLocalDb(ask.dbName);
  dbs.set(ask.dbName, db);
  const abort = new AbortController();
  aborts.set(ask.id, abort);
  try {
    const result = await pull({
      db,
      transport: fetchTransport(ask.baseUrl),
      token: ask.token,
      pageSize: ask.pageSize,
      timeoutMs: ask.timeoutMs,
      signal: abort.signal,
      onProgress: (progress) => reply({ id: ask.id, type: 'progress', progress }),
    });
    reply({ id: ask.id, type: 'done', result });
  } catch (err) {
    reply({ id: ask.id, type: 'failed', error: failure(err) });
  } finally {
    aborts.delete(ask.id);
  }
}

globalThis.addEventListener('message', (ev: MessageEvent<PullAsk>) => {
  const ask = ev.data;
  if (ask.type === 'abort') aborts.get(ask.id)?.abort();
  else void run(ask);
});
