/**
 * A server photo's bytes. GET /photo/:id/:size is gated like the photo lists (src/domain/apiRoutes.ts PHOTO_READ), and
 * an <img> cannot send the bearer token, so the screens fetch the bytes here and show them through an object URL.
 * Null when there is no token, no network, or the server refuses: the screen says the photo is not available.
 */
export async function fetchPhoto(
  url: string,
  token: string | null | undefined,
  fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a),
): Promise<Blob | null> {
  if (!token || !url.startsWith('/api/photo/')) return null;
  try {
    const res = await fetchImpl(url, { headers: { authorization: `Bearer ${token}` } });
    return res.ok ? await res.blob() : null;
  } catch {
    return null;
  }
}
