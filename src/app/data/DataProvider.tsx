import { getMeta, openLocalDb } from '../../local/db';
import { createRepositories } from '../../local/repositories';
import { createStorageMonitor } from '../../local/storage';
import type { Session } from '../../local/write';
import { createSyncEngine, isSending } from '../../sync/engine';
import { pullOffMain } from '../../sync/pullInWorker';
import { setOutboxBusyProvider } from '../shell/buildCheck';
import { currentUser, endSession } from '../session/session';
import { signInDevice } from '../session/signIn';
import type { AppData } from './context';

// the context and its hooks live in ./context (no runtime import of the data layer); named here as well so the
// screens, which load with the data layer anyway, keep one import (the shell imports ./context itself)
export { DataProvider, useRepos, useSync, type AppData } from './context';

/**
 * One database + engine + storage monitor. Tests give each render its own database name (and may stub
 * `navigator.storage`); the engine and the periodic storage checks are not started here.
 */
export function createData(dbName = 'baybook', opts: { baseUrl?: string; fetch?: typeof fetch; live?: boolean } = {}): AppData {
  const db = openLocalDb(dbName);
  const engine = createSyncEngine({
    db,
    baseUrl: opts.baseUrl ?? '/api',
    fetch: opts.fetch,
    live: opts.live,
    pull: pullOffMain,
  });
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
      // a device that cannot keep the session would pull nothing under the user's screens: back to Login, which
      // says why when it fails again (issue 35)
      await signInDevice(data.engine, user).catch(() => endSession('expired'));
    } else if (!user && local) {
      // the session ended while the app was closed (an expired token, a logout in another tab that did not finish)
      await data.engine.signOut().catch(() => undefined);
    }
    data.engine.start();
  })();
  return data;
}
