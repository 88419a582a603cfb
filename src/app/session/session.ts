import { useSyncExternalStore } from 'react';
import { decodeToken, tokenExpired } from '../../sync/tokens';

/**
 * The signed-in user of this browser: the JWT in localStorage. An expired token is removed and the user counts as
 * logged out; nothing else is touched (entries the user queued stay in the outbox and wait for them to sign in).
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
  if (token === cached.token) return cached.user;
  let user: SessionUser | null = null;
  if (token) {
    const p = decodeToken(token);
    if (p?.username && typeof p.permission === 'number' && !tokenExpired(token, Date.now(), 0)) user = { username: p.username, permission: p.permission, exp: p.exp ?? 0, token };
    else localStorage.removeItem(TOKEN_KEY);
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

/** Logout, a 401/403 from the API, or an expired token: the session ends, the outbox stays. */
export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  notify();
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
