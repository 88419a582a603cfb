import type { Answer } from './answers';

/** A multipart upload as the device sends one: its text fields and the file under `myfile` (SPEC §8). */
export interface Form {
  fields?: Record<string, string>;
  file: { bytes: Uint8Array; name: string; type: string };
}

export interface ApiOptions {
  /** sent as JSON */
  body?: unknown;
  /** JSON text sent as written (a number JSON.stringify would round, a body that is not JSON) */
  raw?: string;
  /** sent as multipart/form-data */
  form?: Form;
  /** a Bearer token; undefined: the caller's default; null: none */
  token?: string | null;
  key?: string;
  headers?: Record<string, string>;
}

/** an answer's body is its JSON, or its text when it is not JSON (a PDF, say) */
export interface ApiAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** The answer's JSON, else its text, as the shape the test names: the trust `Transport<T>` also takes. */
async function answerBody<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return body as T;
}

function formData({ fields = {}, file }: Form): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('myfile', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

export type Api = <T = Answer>(method: string, path: string, opts?: ApiOptions) => Promise<ApiAnswer<T>>;

/**
 * Requests against the /api of the server at `url` (a test server, one instance of several, the product), signed
 * with `token()` unless a request names its own. `T` names the answer the test expects (see `answers.ts`).
 */
export function apiAt(url: string, token: () => string | null = () => null): Api {
  return async <T = Answer>(method: string, path: string, opts: ApiOptions = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    let body: string | FormData | undefined;
    if (opts.form) body = formData(opts.form);
    else {
      body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
      if (body !== undefined) headers['content-type'] = 'application/json';
    }
    const bearer = opts.token === undefined ? token() : opts.token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (opts.key) headers['idempotency-key'] = opts.key;
    const res = await fetch(`${url}/api${path}`, { method, headers, body });
    return { status: res.status, body: await answerBody<T>(res), headers: res.headers };
  };
}
