import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { ensurePersistentStorage, getMeta, openLocalDb, type BayBookDB, type StorageState } from '../../local/db';
import { createRepositories, type Repositories } from '../../local/repositories';
import type { Session } from '../../local/write';
import { createSyncEngine, isSending, type SyncEngine } from '../../sync/engine';
import type { SyncStatus } from '../../sync/status';
import { setOutboxBusyProvider } from '../shell/buildCheck';
import { currentUser } from '../session/session';

/**
 * What every screen reads and writes through: the device's database, its repositories and the sync engine.
 * Screens never touch Dexie tables or `fetch` for data (DESIGN.md); they take these from context.
 */
export interface AppData {
  db: BayBookDB;
  repos: Repositories;
  engine: SyncEngine;
  /** asked once: persistent storage granted, and how full the device is */
  storage: Promise<StorageState>;
}

/** One database + engine. Tests give each render its own database name; the engine is not started here. */
export function createData(dbName = 'baybook', opts: { baseUrl?: string; fetch?: typeof fetch } = {}): AppData {
  const db = openLocalDb(dbName);
  const engine = createSyncEngine({ db, baseUrl: opts.baseUrl ?? '/api', fetch: opts.fetch });
  return { db, repos: createRepositories(db), engine, storage: ensurePersistentStorage() };
}

let singleton: AppData | null = null;

/**
 * The browser app's data: created once, engine started, and the device's session brought in line with the token
 * in localStorage (a reload after sign-in, or a token written by another tab).
 */
export function appDataSingleton(): AppData {
  if (singleton) return singleton;
  const data = createData('baybook');
  singleton = data;
  setOutboxBusyProvider(isSending);
  void (async () => {
    const user = currentUser();
    const local = await getMeta<Session | null>(data.db, 'session', null);
    if (user && (local?.username !== user.username || local.permission !== user.permission)) {
      await data.engine.signIn({ username: user.username, permission: user.permission, token: user.token }).catch(() => undefined);
    }
    data.engine.start();
  })();
  return data;
}

const DataContext = createContext<AppData | null>(null);

export function DataProvider({ data, children }: { data: AppData; children: ReactNode }) {
  return <DataContext.Provider value={data}>{children}</DataContext.Provider>;
}

export function useData(): AppData {
  const data = useContext(DataContext);
  if (!data) throw new Error('BayBook data is not available here: wrap the app in <DataProvider>.');
  return data;
}

export const useRepos = (): Repositories => useData().repos;
export const useSync = (): SyncEngine => useData().engine;
export const useStorageState = (): Promise<StorageState> => useData().storage;

/** The engine's status store as React state (re-renders on every change). */
export function useSyncStatus(): SyncStatus {
  const { status } = useSync();
  return useSyncExternalStore(status.subscribe, status.get, status.get);
}
