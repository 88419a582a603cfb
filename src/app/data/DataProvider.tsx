import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { getMeta, openLocalDb, type BayBookDB, type StorageState } from '../../local/db';
import { createRepositories, type Repositories } from '../../local/repositories';
import { createStorageMonitor, type StorageMonitor } from '../../local/storage';
import type { Session } from '../../local/write';
import { createSyncEngine, isSending, type SyncEngine } from '../../sync/engine';
import type { SyncStatus } from '../../sync/status';
import { setOutboxBusyProvider } from '../shell/buildCheck';
import { currentUser, onSessionEnd } from '../session/session';

/**
 * What every screen reads and writes through: the device's database, its repositories and the sync engine.
 * Screens never touch Dexie tables or `fetch` for data (DESIGN.md); they take these from context.
 */
export interface AppData {
  db: BayBookDB;
  repos: Repositories;
  engine: SyncEngine;
  /** persistent storage granted or not, and how full the device is: checked at start, after queued changes and
   *  (once started) every few minutes; the write path refuses a photo it says will not fit */
  storage: StorageMonitor;
}

/**
 * One database + engine + storage monitor. Tests give each render its own database name (and may stub
 * `navigator.storage`); the engine and the periodic storage checks are not started here.
 */
export function createData(dbName = 'baybook', opts: { baseUrl?: string; fetch?: typeof fetch; live?: boolean } = {}): AppData {
  const db = openLocalDb(dbName);
  const engine = createSyncEngine({ db, baseUrl: opts.baseUrl ?? '/api', fetch: opts.fetch, live: opts.live });
  const storage = createStorageMonitor(db);
  void storage.check().catch(() => undefined);
  return { db, repos: createRepositories(db), engine, storage };
}

let singleton: AppData | null = null;

/**
 * The browser app's data: created once, engine started, and the device's session brought in line with the token
 * in localStorage (a reload after sign-in, or a token written by another tab).
 */
export function appDataSingleton(): AppData {
  if (singleton) return singleton;
  const data = createData('baybook', { live: true });
  singleton = data;
  setOutboxBusyProvider(isSending);
  data.storage.start();
  void (async () => {
    const user = currentUser();
    const local = await getMeta<Session | null>(data.db, 'session', null);
    if (user && (local?.username !== user.username || local.permission !== user.permission)) {
      await data.engine.signIn({ username: user.username, permission: user.permission, token: user.token }).catch(() => undefined);
    } else if (!user && local) {
      // the session ended while the app was closed (an expired token, a logout in another tab that did not finish)
      await data.engine.signOut().catch(() => undefined);
    }
    data.engine.start();
  })();
  return data;
}

const DataContext = createContext<AppData | null>(null);

/**
 * Also ties the session to the device: whenever the session ends (`endSession`: logout, a refused token, an expired
 * one) the engine signs out too, so the device's own session (meta.session) never outlives the token. A refused or
 * expired token is forgotten: that user's queued changes wait for them to sign in again. The outbox stays.
 */
export function DataProvider({ data, children }: { data: AppData; children: ReactNode }) {
  useEffect(() => onSessionEnd((reason) => data.engine.signOut({ forgetToken: reason !== 'logout' })), [data]);
  return <DataContext.Provider value={data}>{children}</DataContext.Provider>;
}

export function useData(): AppData {
  const data = useContext(DataContext);
  if (!data) throw new Error('BayBook data is not available here: wrap the app in <DataProvider>.');
  return data;
}

export const useRepos = (): Repositories => useData().repos;
export const useSync = (): SyncEngine => useData().engine;
/** The device's storage figure, live (null until the browser has answered). */
export function useStorageState(): StorageState | null {
  const { storage } = useData();
  return useSyncExternalStore(storage.subscribe, storage.get, storage.get);
}

/** The engine's status store as React state (re-renders on every change). */
export function useSyncStatus(): SyncStatus {
  const { status } = useSync();
  return useSyncExternalStore(status.subscribe, status.get, status.get);
}
