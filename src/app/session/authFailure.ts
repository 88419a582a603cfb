import { clearSession, currentUser } from './session';

/**
 * SPEC §7: a 403 (and, here, a 401: no, expired or forged token) removes the token and sends the user to /login.
 * Screens' reads come from IndexedDB, so this only meets the few calls made straight to the API; it wraps fetch
 * for same-origin /api calls.
 */
export function onAuthFailure(go: () => void) {
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const res = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, window.location.href).pathname;
    // only a refusal of *this* user's token ends the session: the outbox also replays other users' entries with
    // their own (possibly expired) tokens, and those are held, not a reason to log anyone out
    const auth = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('authorization');
    const mine = auth !== null && auth === `Bearer ${currentUser()?.token}`;
    if (mine && (res.status === 401 || res.status === 403) && path.startsWith('/api/') && path !== '/api/login') {
      clearSession();
      go();
    }
    return res;
  };
}
