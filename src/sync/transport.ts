/**
 * How the device talks to the API: the sync engine, and the login screen's POST /login (screens otherwise read and
 * write the device's database). A `Transport` resolves `{status, data}` for a 2xx answer, throws `ApiError`
 * otherwise — kind 'network' (no answer), 'timeout' (no answer in time) or 'http' (an answer that was not 2xx;
 * `status` and the parsed `body` are set).
 *
 * The engine takes a `Transport` so that tests (and the service worker) can give it their own `fetch`: three
 * simulated devices in one process each need their own failing network.
 */

import { DONE_AT_HEADER, SENT_AT_HEADER } from '../domain/doneAt';
import { MSG } from '../domain/messages';

export type ApiErrorKind = 'network' | 'timeout' | 'http';

export class ApiError extends Error {
  constructor(
    public readonly kind: ApiErrorKind,
    message: string,
    public readonly status?: number,
    public readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  body?: unknown;
  /** multipart upload (photos); sent instead of a JSON body */
  form?: FormData;
  token?: string | null;
  idempotencyKey?: string;
  /** an outbox entry's time of making and the device's clock as it sends it (src/domain/doneAt.ts), ISO */
  done?: { at: string; sentAt: string };
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ApiResult<T = unknown> {
  status: number;
  data: T;
}

/** `T` is the caller's word for the answer's JSON shape (the server's routes are its contract); unchecked here. */
export type Transport = <T = unknown>(method: string, path: string, opts?: ApiRequestOptions) => Promise<ApiResult<T>>;

/** SPEC §9's HTTP timeout: 90 s. A slow bay Wi-Fi gets the whole time; a dead link is found sooner by GET /health. */
export const DEFAULT_TIMEOUT_MS = 90_000;

/** A transport over `fetch` against `baseUrl` (the API root, e.g. `https://shop.example/api` or `/api`). */
export function fetchTransport(baseUrl: string, fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a)): Transport {
  const root = baseUrl.replace(/\/+$/, '');
  return async <T>(method: string, path: string, opts: ApiRequestOptions = {}): Promise<ApiResult<T>> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined && method !== 'GET') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    if (opts.done) {
      headers[DONE_AT_HEADER] = opts.done.at;
      headers[SENT_AT_HEADER] = opts.done.sentAt;
    }

    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const onAbort = () => ctrl.abort();
    opts.signal?.addEventListener('abort', onAbort);
    let res: Response;
    let text: string;
    try {
      res = await fetchImpl(`${root}${path}`, { method, headers, body, signal: ctrl.signal });
      text = await res.text();
    } catch (err) {
      if (timedOut) throw new ApiError('timeout', MSG.requestTimeout);
      throw new ApiError(
        'network',
        (err as Error)?.message ? `Network Error: ${(err as Error).message}` : 'Network Error',
      );
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    if (res.status >= 200 && res.status < 300) return { status: res.status, data: data as T };
    const message =
      data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
        ? (data as { message: string }).message
        : `Request failed with status ${res.status}`;
    throw new ApiError('http', message, res.status, data);
  };
}

/** Whether an error means "try again later" (no answer, a timeout, a 5xx, 408 or 429) rather than "the server said no". */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  if (err.kind !== 'http') return true;
  const s = err.status ?? 0;
  return s >= 500 || s === 408 || s === 429;
}

/** A 5xx answer: the server was reached and failed (kept and retried with backoff, never refused: outbox.ts). */
export function isServerError(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'http' && (err.status ?? 0) >= 500;
}
