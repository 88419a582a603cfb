import { fetchTransport } from './transport';

/**
 * The server's pictures a device shows or prints: job and product photos (GET /photo/:id/:size) and the shop's logo
 * (GET /shop-logo). Both are gated, and an <img> cannot send the bearer token, so the screens fetch the bytes here
 * and show them through an object URL. Each is kept in Cache Storage once fetched, so a photo seen once, or the logo,
 * is there again with the network cut.
 */

const CACHE = 'baybook-images';
const LOGO_URL = '/api/shop-logo';
const LOGO_WAIT_MS = 5_000;

type Fetch = typeof fetch;
const defaultFetch: Fetch = (...a) => globalThis.fetch(...a);

/** The device's picture cache; null where the platform has none (Node, jsdom) or refuses it (private mode). */
async function openCache(): Promise<Cache | null> {
  try {
    return globalThis.caches ? await globalThis.caches.open(CACHE) : null;
  } catch {
    return null;
  }
}

const withToken = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/**
 * A server photo's bytes: the copy kept on this device (a photo's bytes never change: its id names them), else fetched
 * with the session's token and kept. Null when neither can be had (offline and never seen, no token, refused): the
 * screen says the photo is not available, never shows a refusal.
 */
export async function fetchPhoto(
  url: string,
  token: string | null | undefined,
  fetchImpl: Fetch = defaultFetch,
): Promise<Blob | null> {
  if (!url.startsWith('/api/photo/')) return null;
  const cache = await openCache();
  const kept = await cache?.match(url);
  if (kept) return kept.blob();
  if (!token) return null;
  try {
    const res = await fetchImpl(url, withToken(token));
    if (!res.ok) return null;
    await cache?.put(url, res.clone()).catch(() => undefined);
    return await res.blob();
  } catch {
    return null;
  }
}

/**
 * A photo taken on this device, just sent: its bytes are kept under the server's URLs for it (the answer's src and
 * thumbnail), so it still shows with the network cut once the outbox lets go of its own copy.
 */
export async function keepSentPhoto(answer: unknown, form: FormData | undefined): Promise<void> {
  const file = form?.get('myfile');
  if (!(file instanceof Blob) || !answer || typeof answer !== 'object') return;
  const cache = await openCache();
  for (const key of ['src', 'thumbnail']) {
    const url: unknown = Reflect.get(answer, key);
    if (typeof url !== 'string' || !url.startsWith('/api/photo/')) continue;
    const bytes = new Response(file, { headers: { 'content-type': file.type } });
    await cache?.put(url, bytes).catch(() => undefined);
  }
}

/**
 * The shop's logo (a PNG) for a document: asked of the server whenever it can be (the shop may have changed it or
 * removed it), else the copy kept from the last time. Null when the shop has none.
 */
export async function fetchShopLogo(
  token: string | null | undefined,
  fetchImpl: Fetch = defaultFetch,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const cache = await openCache();
  try {
    // a document is being printed: on a poor link it waits this long at most, then prints with the kept copy
    const res = token
      ? await fetchImpl(LOGO_URL, { ...withToken(token), signal: AbortSignal.timeout(LOGO_WAIT_MS) })
      : null;
    if (res?.status === 204) {
      await cache?.delete(LOGO_URL);
      return null;
    }
    if (res?.ok) {
      await cache?.put(LOGO_URL, res.clone()).catch(() => undefined);
      return new Uint8Array(await res.arrayBuffer());
    }
  } catch {
    // offline or the server unreachable: the kept copy below
  }
  const kept = await cache?.match(LOGO_URL);
  return kept ? new Uint8Array(await kept.arrayBuffer()) : null;
}

const api = fetchTransport('/api');

/**
 * Config's Upload logo and Remove logo (level 5): straight to the server, never queued — one shop, one logo, not a
 * record two devices could edit offline; a refusal (offline, too large, not a picture) comes back to the screen.
 * The next fetchShopLogo keeps the new copy, or forgets the removed one.
 */
export const uploadShopLogo = (form: FormData, token: string | undefined) => api('POST', '/shop-logo', { form, token });
export const removeShopLogo = (token: string | undefined) => api('DELETE', '/shop-logo', { body: {}, token });
