import { STORAGE_CHECK_INTERVAL_MS, storageLow } from '../domain/storage';
import type { BayBookDB } from './db';
import { onQueued, setStorageGuard } from './write';

/**
 * Keeps the device's storage figure fresh (DESIGN.md: "IndexedDB can vanish"): asks for persistent storage once, then
 * asks the browser how full the device is again after every queued change (debounced), at once after a photo is
 * stored (its bytes are counted before the browser's answer comes), and every few minutes while started. The shell
 * shows the figure; the write path reads it to refuse a photo that will not fit (src/local/write.ts).
 */
export interface StorageMonitor {
  /** the last figure, or null before the first answer */
  get(): StorageState | null;
  subscribe(fn: () => void): () => void;
  /** ask the browser now */
  check(): Promise<StorageState>;
  /** ask the browser to protect the device's data now, however often it was asked before (a click on the shell's
   *  "Protect storage": browsers grant it more readily on a user's gesture, and once the app is installed) */
  protect(): Promise<StorageState>;
  /** periodic checks (the app; tests leave them off) */
  start(intervalMs?: number): void;
  stop(): void;
  /** stop everything and let the write path forget this monitor */
  dispose(): void;
}

export interface StorageMonitorOptions {
  nav?: Partial<Navigator>;
  /** wait this long after a queued change before asking (a batch of photos is one question) */
  debounceMs?: number;
}

export function createStorageMonitor(db: BayBookDB, opts: StorageMonitorOptions = {}): StorageMonitor {
  const nav = 'nav' in opts ? opts.nav : globalThis.navigator;
  const debounceMs = opts.debounceMs ?? 500;
  const subs = new Set<() => void>();
  let state: StorageState | null = null;
  let asked = false;
  let interval: ReturnType<typeof setInterval> | null = null;
  let pending: ReturnType<typeof setTimeout> | null = null;

  const set = (next: StorageState) => {
    state = next;
    subs.forEach((fn) => fn());
  };

  async function check(): Promise<StorageState> {
    // persistence is asked for once: in Firefox persist() prompts the user
    const ask = !asked;
    asked = true;
    const next = await readStorage(nav, { ask });
    set(next);
    return next;
  }

  function soon() {
    if (pending) clearTimeout(pending);
    pending = setTimeout(() => {
      pending = null;
      void check();
    }, debounceMs);
  }

  const unsubscribe = onQueued((d) => {
    if (d === db) soon();
  });

  setStorageGuard(db, {
    get: () => state,
    noteWritten(bytes) {
      // counted now, so a batch of photos is measured against the room it leaves; the browser's answer follows
      if (state && state.quota > 0) {
        const usage = state.usage + bytes;
        set({ ...state, usage, low: storageLow(usage, state.quota) });
      }
      soon();
    },
    noteFull: soon,
  });

  const monitor: StorageMonitor = {
    get: () => state,
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
    check,
    async protect() {
      asked = true;
      const next = await readStorage(nav, { ask: true });
      set(next);
      return next;
    },
    start(intervalMs = STORAGE_CHECK_INTERVAL_MS) {
      if (interval) return;
      interval = setInterval(() => void check(), intervalMs);
    },
    stop() {
      if (interval) clearInterval(interval);
      interval = null;
      if (pending) clearTimeout(pending);
      pending = null;
    },
    dispose() {
      monitor.stop();
      unsubscribe();
      setStorageGuard(db, null);
    },
  };
  return monitor;
}

// ---- what the browser says ---------------------------------------------------------------------------------------

export interface StorageState {
  persisted: boolean;
  usage: number;
  quota: number;
  /** less than 10% (or 100 MB) of the quota left: show a warning, the outbox may not fit much more */
  low: boolean;
}

/**
 * Asks the browser to keep this origin's data (so IndexedDB is not evicted under storage pressure) and reports how
 * much is used. Works without the Storage API (Node, old browsers): reports not persisted, zero usage.
 */
export async function ensurePersistentStorage(
  nav: Partial<Navigator> | undefined = globalThis.navigator,
): Promise<StorageState> {
  return readStorage(nav, { ask: true });
}

/**
 * How full the device is, and whether its data is protected. `ask` also asks for protection (once, at start: in
 * Firefox `persist()` shows the user a prompt, so later checks only read `persisted()`).
 */
export async function readStorage(
  nav: Partial<Navigator> | undefined = globalThis.navigator,
  { ask = false } = {},
): Promise<StorageState> {
  const storage = nav?.storage;
  if (!storage) return { persisted: false, usage: 0, quota: 0, low: false };
  let persisted: boolean;
  try {
    persisted = (await storage.persisted?.()) ?? false;
    if (!persisted && ask && storage.persist) persisted = await storage.persist();
  } catch {
    persisted = false; // a browser that throws here (private mode) keeps nothing
  }
  let usage = 0;
  let quota = 0;
  try {
    const est = await storage.estimate?.();
    usage = est?.usage ?? 0;
    quota = est?.quota ?? 0;
  } catch {
    /* estimate unavailable */
  }
  return { persisted, usage, quota, low: storageLow(usage, quota) };
}
