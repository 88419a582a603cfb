import { currentUser, endSession } from './session';

/**
 * SPEC §7: a 403 (and, here, a 401: no, expired or forged token) removes the token and sends the user to /login.
 * Screens' reads come from IndexedDB, so this only meets the few calls made straight to the API; it wraps fetch
 * for same-origin /api calls. Returns the function that puts the original fetch back (tests).
 */
export function onAuthFailure(go: () => void): () => void {
  const original = window.fetch;
  const call = original.bind(window);
  const wrapped: typeof fetch = async (input, init) => {
    const res = await call(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, window.location.href).pathname;
    // only a refusal of *this* user's token ends the session: the outbox also replays other users' entries with
    // their own (possibly expired) tokens, and those are held, not a reason to log anyone out
    const auth = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get(
      'authorization',
    );
    const user = currentUser();
    const mine = user !== null && auth === `Bearer ${user.token}`;
    if (mine && (res.status === 401 || res.status === 403) && path.startsWith('/api/') && path !== '/api/login') {
      // the token and the device's session end together; the outbox stays
      void endSession('refused');
      go();
    }
    return res;
  };
  window.fetch = wrapped;
  return () => {
    if (window.fetch === wrapped) window.fetch = original;
  };
}
