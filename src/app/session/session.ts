import { useSyncExternalStore } from 'react';
import { decodeToken, tokenExpired } from '../../sync/tokenClaims';

/**
 * The signed-in user of this browser: the JWT in localStorage. An expired token ends the session (`endSession`):
 * the token is removed, the device's session with it, and the user counts as logged out; entries the user queued
 * stay in the outbox and wait for them to sign in.
 */
export const TOKEN_KEY = 'baybook.token';

export interface SessionUser {
  username: string;
  permission: number;
  exp: number;
  token: string;
}

const listeners = new Set<() => void>();
let cached: { token: string | null; user: SessionUser | null } = { token: null, user: null };

function read(): SessionUser | null {
  const token = typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY);
  // the cached answer holds until the token changes or runs out (a token that expires while the app is open)
  const live = !cached.user?.exp || cached.user.exp * 1000 > Date.now();
  if (token === cached.token && live) return cached.user;
  let user: SessionUser | null = null;
  if (token) {
    const p = decodeToken(token);
    if (p?.username && typeof p.permission === 'number' && !tokenExpired(token, Date.now(), 0))
      user = { username: p.username, permission: p.permission, exp: p.exp ?? 0, token };
    else {
      // read during a render: the token goes now, the device's session right after (never inside the render)
      localStorage.removeItem(TOKEN_KEY);
      queueMicrotask(() => void runEndHandlers('expired'));
    }
  }
  cached = { token: user ? token : null, user };
  return user;
}

const notify = () => listeners.forEach((l) => l());

export function currentUser(): SessionUser | null {
  return read();
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

/**
 * Why a session ends: 'logout' (the user's own choice: their queued changes still go out with their token),
 * 'refused' (a 401/403 to this user's token: the token is forgotten, their changes wait for them to sign in again),
 * 'expired' (the token ran out: the same).
 */
export type SessionEndReason = 'logout' | 'refused' | 'expired';

type EndHandler = (reason: SessionEndReason) => Promise<void> | void;
const endHandlers = new Set<EndHandler>();

/**
 * What else must end with the session: the DataProvider registers the sync engine's signOut here, so the device's
 * own session (Dexie meta.session) goes with the token. Returns the unregister function.
 */
export function onSessionEnd(fn: EndHandler): () => void {
  endHandlers.add(fn);
  return () => endHandlers.delete(fn);
}

async function runEndHandlers(reason: SessionEndReason) {
  await Promise.all([...endHandlers].map(async (h) => h(reason)).map((p) => p.catch(() => undefined)));
}

/**
 * THE way a session ends — logout, a 401/403 from the API to this user's token, an expired token: the token in
 * localStorage goes, and the device's session with it (the sync engine's signOut). The outbox stays: queued changes
 * are never dropped by a session ending.
 */
export async function endSession(reason: SessionEndReason): Promise<void> {
  localStorage.removeItem(TOKEN_KEY);
  notify();
  await runEndHandlers(reason);
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      // a token that expires while the app is open ends the session then
      const timer = setInterval(() => {
        const before = cached.user;
        if (before && read() === null) notify();
      }, 30_000);
      const onStorage = (e: StorageEvent) => e.key === TOKEN_KEY && notify();
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(l);
        clearInterval(timer);
        window.removeEventListener('storage', onStorage);
      };
    },
    read,
    () => null,
  );
}
