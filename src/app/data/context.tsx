import { createContext, use, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { BayBookDB } from '../../local/db';
import type { Repositories } from '../../local/repositories';
import type { StorageMonitor } from '../../local/storage';
import type { SyncEngine } from '../../sync/engine';
import type { SyncStatus } from '../../sync/status';
import { onSessionEnd } from '../session/session';

/**
 * What every screen reads and writes through: the device's database, its repositories and the sync engine.
 * Screens never touch Dexie tables or `fetch` for data (DESIGN.md); they take these from context.
 *
 * This module holds only the context and its hooks, with no runtime import of the data layer: the app gives the
 * provider a promise of the data (DataProvider.tsx, loaded as its own chunk), so the shell paints while Dexie, the
 * repositories and the sync engine load (≈ 60 KB gzip, issue 13's first-bundle budget), and a component that reads
 * the data suspends until they are there, as a lazy screen does for its own code.
 */
export interface AppData {
  db: BayBookDB;
  repos: Repositories;
  engine: SyncEngine;
  /** persistent storage granted or not, and how full the device is: checked at start, after queued changes and
   *  (once started) every few minutes; the write path refuses a photo it says will not fit */
  storage: StorageMonitor;
}

const DataContext = createContext<AppData | Promise<AppData> | null>(null);

/**
 * Also ties the session to the device: whenever the session ends (`endSession`: logout, a refused token, an expired
 * one) the engine signs out too, so the device's own session (meta.session) never outlives the token. A refused or
 * expired token is forgotten: that user's queued changes wait for them to sign in again. The outbox stays. A Logout
 * also forgets the member's quick-switch PIN here, whether or not the quick-switch code was ever loaded (issue 18).
 */
export function DataProvider({ data, children }: { data: AppData | Promise<AppData>; children: ReactNode }) {
  useEffect(
    () =>
      onSessionEnd((reason) =>
        Promise.resolve(data).then((d) =>
          // the member's own Logout also forgets their quick-switch PIN on this device (docs/DECISIONS.md)
          d.engine.signOut({ forgetToken: reason !== 'logout', forgetPin: reason === 'logout' }),
        ),
      ),
    [data],
  );
  return <DataContext.Provider value={data}>{children}</DataContext.Provider>;
}

export function useData(): AppData {
  const data = useContext(DataContext);
  if (!data) throw new Error('BayBook data is not available here: wrap the app in <DataProvider>.');
  return data instanceof Promise ? use(data) : data;
}

export const useRepos = (): Repositories => useData().repos;
export const useSync = (): SyncEngine => useData().engine;
/** The device's storage figure, live (null until the browser has answered). */
export function useStorageState(): ReturnType<StorageMonitor['get']> {
  const { storage } = useData();
  return useSyncExternalStore(storage.subscribe, storage.get, storage.get);
}

/** The engine's status store as React state (re-renders on every change). */
export function useSyncStatus(): SyncStatus {
  const { status } = useSync();
  return useSyncExternalStore(status.subscribe, status.get, status.get);
}
