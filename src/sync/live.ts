import { getMeta, type BayBookDB } from '../local/db';
import type { Session } from '../local/write';
import { withLock } from './lock';
import { backoffMs } from './outbox';
import { getCursor } from './pull';
import { getCursorMark } from './pullReset';
import { validToken } from './tokens';

/**
 * The device's ear for live changes (issue 16): GET /api/v3/sync/live as a server-sent-events stream, read with
 * fetch() so the token goes in the Authorization header as on every other call (EventSource cannot send headers; a
 * token in the URL would end up in proxies' logs). Each `change` event carries the server's head seq; a head past
 * this device's cursor asks the engine for a sync, and so does a first event that shows a restored server. Polling stays as it is (engine.ts): while the stream is down,
 * changes arrive at the next poll as before; the stream is opened again with growing waits.
 */

export interface LiveEvent {
  event: string;
  data: string;
}

/** Heartbeats come every 20 s (src/server/liveStream.ts): three missed, and the connection is taken for dead. */
const SILENCE_MS = 60_000;
/** Past the engine's 30 s poll a longer wait saves nothing: the poll brings the changes meanwhile, and this comes back. */
const MAX_WAIT_MS = 60_000;

/** Reads an SSE body event by event (comment lines — the heartbeats — only prove the link is alive). */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: LiveEvent) => void,
  onBytes: () => void = () => undefined,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // a CR that ends a chunk waits for the next one: it may be the first half of a CRLF
  let held = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onBytes();
    const text = held + decoder.decode(value, { stream: true });
    held = text.endsWith('\r') ? '\r' : '';
    buffer += text.slice(0, text.length - held.length).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) onEvent({ event, data: data.join('\n') });
    }
  }
}

export interface LiveOptions {
  db: BayBookDB;
  /** the API root, as the engine's */
  baseUrl: string;
  fetch?: typeof fetch;
  /** asks the engine for a sync */
  kick: () => void;
  random?: () => number;
}

/** Listens until the returned stop() is called; never throws. */
export function listenLive(opts: LiveOptions): () => void {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v3/sync/live`;
  let stopped = false;
  let failures = 0;
  let ctrl: AbortController | null = null;
  let wake: (() => void) | null = null;

  const onChange = (data: string) => {
    failures = 0;
    void asksForSync(opts.db, data)
      .then((yes) => yes && opts.kick())
      .catch(() => undefined);
  };
  const listenOnce = async (token: string) => {
    ctrl = new AbortController();
    try {
      return await streamOnce(doFetch, url, token, ctrl, onChange);
    } finally {
      ctrl = null;
    }
  };
  const run = async () => {
    while (!stopped) {
      const session = await getMeta<Session | null>(opts.db, 'session', null).catch(() => null);
      const token = session ? await validToken(opts.db, session.username).catch(() => null) : null;
      const heard = token ? await listenOnce(token) : false;
      if (stopped) return;
      // a stream that ran and ended (the server restarting, its ten-minute limit) is opened again at once
      if (heard) continue;
      failures++;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(MAX_WAIT_MS, backoffMs(failures, opts.random)));
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = null;
    }
  };
  // one stream per device database, not one per open tab: its pulls land in the IndexedDB every tab reads, and over
  // HTTP/1.1 a browser opens only six connections per site. The next tab takes over when the listening one closes.
  void withLock(`baybook-live:${opts.db.name}`, run, { ifAvailable: false });

  return () => {
    stopped = true;
    ctrl?.abort();
    wake?.();
  };
}

/**
 * One stream, from opening to its end (or `abort`, or a silence): each `change` event's data to `onChange`; true when
 * the server spoke on it (it sends the head first).
 */
async function streamOnce(
  doFetch: typeof fetch,
  url: string,
  token: string,
  abort: AbortController,
  onChange: (data: string) => void,
): Promise<boolean> {
  let heard = false;
  let silence: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(silence);
    silence = setTimeout(() => abort.abort(), SILENCE_MS);
  };
  try {
    alive();
    const res = await doFetch(url, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    if (!res.ok || !res.body) return false;
    const onEvent = (e: LiveEvent) => {
      if (e.event !== 'change') return;
      heard = true;
      onChange(e.data);
    };
    await readEvents(res.body, onEvent, alive);
  } catch {
    // no link, or aborted: the wait, then again
  } finally {
    clearTimeout(silence);
  }
  return heard;
}

/** Whether a `change` event's head asks for a sync: a head past the device's cursor, or a restored server. */
async function asksForSync(db: BayBookDB, data: string): Promise<boolean> {
  const event = JSON.parse(data) as { seq?: unknown; mark?: unknown };
  const seq = Number(event.seq);
  const cursor = await getCursor(db);
  if (seq > cursor) return true;
  // the stream's first event tells the head's mark too: a head behind the cursor, or at it with another mark, is a
  // server restored from a backup, and the pull finds the same reset a poll would (src/sync/pullReset.ts)
  return 'mark' in event && cursor > 0 && (seq < cursor || (await otherMark(db, event.mark)));
}

/** the head is the cursor's seq: another change than the one pulled there, when the device kept its mark */
async function otherMark(db: BayBookDB, mark: unknown): Promise<boolean> {
  const kept = await getCursorMark(db);
  return kept !== null && mark !== kept;
}
