import { useSyncExternalStore } from 'react';

/**
 * Whether this device is locked to the "Who is working?" screen (issue 18: quick switch on a shared tablet). Kept in
 * localStorage so a reload, or another tab, stays locked; ended by the next sign-in on the device (a PIN or a
 * password: src/app/session/signIn.ts). While locked the shell shows the lock screen instead of any screen; the
 * session that stepped aside stays signed in underneath (its changes keep syncing with its own token), and one that
 * ends while locked just leaves the lock screen to ask for a password. This module stays out of the data layer
 * (first load): the lock screen and the PIN store load as their own chunk.
 */
const LOCK_KEY = 'baybook.locked';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

const isLocked = () => typeof localStorage !== 'undefined' && localStorage.getItem(LOCK_KEY) !== null;

export function lockDevice() {
  localStorage.setItem(LOCK_KEY, new Date().toISOString());
  notify();
}

export function unlockDevice() {
  localStorage.removeItem(LOCK_KEY);
  notify();
}

export function useLocked(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      const onStorage = (e: StorageEvent) => (e.key === LOCK_KEY || e.key === null) && notify();
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(l);
        window.removeEventListener('storage', onStorage);
      };
    },
    isLocked,
    () => false,
  );
}
