import { DEFAULT_TIME_ZONE, formatShop, shopDay } from '../domain/dates';
import { MSG, fill } from '../domain/messages';

/**
 * What the shell shows about sync: online or not, how many changes are not yet on the server (always shown —
 * DESIGN.md), conflicts, last sync, whose changes wait for a sign-in, and the progress of a first sync.
 * A tiny store (subscribe/get), React-free: the shell wraps it with useSyncExternalStore, or the engine is given the
 * shell's own store through `onStatus`.
 */

export interface SyncStatus {
  /** the last reachability check (GET /api/health) answered */
  online: boolean;
  /** entries not yet on the server (pending, sending and held) */
  waiting: number;
  conflicts: number;
  /** ISO time of the last complete push + pull */
  lastSync: string | null;
  /** users whose changes wait for them to sign in: [{username, count}] ("3 changes wait for jdoe to sign in") */
  heldFor: { username: string; count: number }[];
  /** the worker is sending right now (the cache-busting code must not reload meanwhile) */
  sending: boolean;
  /** a pull is running; `fraction` is known on a first sync of a new device */
  pulling: { applied: number; estimated: number | null; fraction: number | null; first: boolean } | null;
  /** the last network or server error, '' when the last cycle went through */
  lastError: string;
  /** when the next automatic retry is due after a failure (ms since epoch) */
  retryAt: number | null;
  /**
   * 5xx answers in a row (a push of the head entry, or the reachability check): the server is reachable but failing.
   * The changes stay on the device and are retried with backoff; never refused for it. 0 once a cycle goes through.
   */
  serverErrors: number;
}

export const INITIAL_STATUS: SyncStatus = {
  online: false,
  waiting: 0,
  conflicts: 0,
  lastSync: null,
  heldFor: [],
  sending: false,
  pulling: null,
  lastError: '',
  retryAt: null,
  serverErrors: 0,
};

/**
 * A pull with pages still to come (a first sync, a long catch-up): screens show its news calmly (calmLiveQuery). The
 * last page, and a routine pull's one page, are not: a change another device just made shows at once.
 */
export const catchingUp = (pulling: SyncStatus['pulling']): boolean => pulling !== null && pulling.fraction !== 1;

export interface StatusStore {
  get(): SyncStatus;
  set(patch: Partial<SyncStatus>): void;
  subscribe(fn: (s: SyncStatus) => void): () => void;
}

export function createStatusStore(initial: SyncStatus = INITIAL_STATUS): StatusStore {
  let state = initial;
  const subs = new Set<(s: SyncStatus) => void>();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      for (const fn of subs) fn(state);
    },
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
  };
}

/** "3 changes wait for jdoe to sign in" */
export function heldMessage(h: { username: string; count: number }): string {
  return fill(h.count === 1 ? MSG.heldOne : MSG.heldMany, { count: h.count, user: h.username });
}

/** From this many 5xx answers in a row the shell says the server keeps failing (one blip is not worth a line). */
export const SERVER_TROUBLE_AFTER = 2;

/** "The server keeps failing (Server error 502: …). 3 changes are kept on this device and will be sent when it recovers." */
export function serverTroubleMessage(
  s: Pick<SyncStatus, 'serverErrors' | 'lastError'>,
  waiting: number,
): string | null {
  if (s.serverErrors < SERVER_TROUBLE_AFTER) return null;
  const why = s.lastError ? ` (${s.lastError})` : '';
  const kept =
    waiting === 0
      ? 'Nothing is waiting to be sent.'
      : `${waiting} change${waiting === 1 ? ' is' : 's are'} kept on this device and will be sent when it recovers.`;
  return `The server keeps failing${why}. ${kept}`;
}

/**
 * "Synced 3:04 PM" when the last sync was on the shop's today, "Synced Mar 4, 3:04 PM" on another day of this year,
 * "Synced Mar 4 2024, 3:04 PM" before: a device left offline overnight must not pass yesterday's sync off as today's.
 * Days and times in the shop's time zone (config 'time_zone'), not the device's.
 */
export function lastSyncText(lastSync: string, now: number | Date = Date.now(), tz = DEFAULT_TIME_ZONE): string {
  const at = new Date(lastSync);
  if (Number.isNaN(at.getTime())) return 'Synced at an unknown time';
  if (shopDay(at, tz) === shopDay(now, tz)) return `Synced ${formatShop(at, tz, 'h:mm a')}`;
  const sameYear = shopDay(at, tz).slice(0, 4) === shopDay(now, tz).slice(0, 4);
  return `Synced ${formatShop(at, tz, sameYear ? 'MMM d, h:mm a' : 'MMM d yyyy, h:mm a')}`;
}
