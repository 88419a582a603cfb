import { STORAGE_CHECK_INTERVAL_MS, storageLow } from '../domain/storage';
import type { BayBookDB } from './db';
import { onQueued, setStorageGuard, type StorageGuard } from './write';

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
  const subs = new Set<() => void>();
  let state: StorageState | null = null;
  let asked = false;
  let interval: ReturnType<typeof setInterval> | null = null;

  const set = (next: StorageState) => {
    state = next;
    subs.forEach((fn) => fn());
  };
  const ask = async (protect: boolean): Promise<StorageState> => {
    // persistence is asked for once unless the user asks for it: in Firefox persist() prompts the user
    const persist = protect || !asked;
    asked = true;
    const next = await readStorage(nav, { ask: persist });
    set(next);
    return next;
  };
  const check = () => ask(false);
  const soon = debounced(() => void check(), opts.debounceMs ?? 500);

  const unsubscribe = onQueued((d) => {
    if (d === db) soon.run();
  });
  setStorageGuard(
    db,
    writeGuard(() => state, set, soon.run),
  );

  const monitor: StorageMonitor = {
    get: () => state,
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
    check,
    protect: () => ask(true),
    start(intervalMs = STORAGE_CHECK_INTERVAL_MS) {
      if (interval) return;
      interval = setInterval(() => void check(), intervalMs);
    },
    stop() {
      if (interval) clearInterval(interval);
      interval = null;
      soon.cancel();
    },
    dispose() {
      monitor.stop();
      unsubscribe();
      setStorageGuard(db, null);
    },
  };
  return monitor;
}

/** What the write path reads and tells of the monitor's figure (src/local/write.ts StorageGuard). */
function writeGuard(
  get: () => StorageState | null,
  set: (next: StorageState) => void,
  recheck: () => void,
): StorageGuard {
  return {
    get,
    noteWritten(bytes) {
      // counted now, so a batch of photos is measured against the room it leaves; the browser's answer follows
      const state = get();
      if (state && state.quota > 0) {
        const usage = state.usage + bytes;
        set({ ...state, usage, low: storageLow(usage, state.quota) });
      }
      recheck();
    },
    noteFull: recheck,
  };
}

/** `fn` once, `ms` after the last of a burst of run() calls (a batch of photos is one question). */
function debounced(fn: () => void, ms: number) {
  let pending: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (pending) clearTimeout(pending);
    pending = null;
  };
  return {
    run() {
      cancel();
      pending = setTimeout(() => {
        pending = null;
        fn();
      }, ms);
    },
    cancel,
  };
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
