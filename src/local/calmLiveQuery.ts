import { liveQuery } from 'dexie';

/**
 * A live query that spares the screen while a pull writes pages (issue 13). A first sync commits a page of 1,000 rows
 * two or three times a second; each commit wakes every live query that read a table it wrote, and each answer
 * re-rendered its screen at once — the Dashboard's tiles, finance figures and job table, three renders a page, the
 * main thread's longest tasks during the sync. So:
 *   - an answer equal to the one shown (the same plain data) is not shown again: most pages change nothing a screen
 *     shows (a page of customers, under the job tiles);
 *   - while `busy()` (the sync engine is pulling), answers are held and shown together at most every CALM_MS, the
 *     newest of each query: one render a second for all the screen's queries (one task: React renders them in one
 *     go) instead of one per query per page. The last answer is always shown, so the screen is exact when the pull ends;
 *   - otherwise (a routine pull is over, a tap's own write) every new answer is shown at once.
 * `showHeld` says how held answers are handed over: the screens' hook gives React's startTransition, so their render
 * yields to input every few ms instead of being one task of 100–250 ms on a loaded tablet.
 */

/** At most one showing of held answers per this many ms while a pull runs: each committed page within about a second. */
export const CALM_MS = 1000;
/** A held answer waits at least this long: the queries a commit woke answer one by one, a few ms apart. */
const GATHER_MS = 100;

export interface CalmObservable<T> {
  subscribe(next: (value: T) => void, error?: (err: unknown) => void): { unsubscribe(): void };
}

export interface CalmOptions {
  /** while true, answers are held (the sync engine is pulling) */
  busy: () => boolean;
  /** runs the showing of held answers (default: as is) */
  showHeld?: (show: () => void) => void;
}

const held = new Map<object, { show: () => void; wrap: (show: () => void) => void }>();
let timer: ReturnType<typeof setTimeout> | null = null;
let lastShown = -Infinity;

function showHeld() {
  timer = null;
  lastShown = Date.now();
  const show = [...held.values()];
  held.clear();
  for (const { show: fn, wrap } of show) wrap(fn);
}

function hold(key: object, show: () => void, wrap: (show: () => void) => void) {
  held.set(key, { show, wrap });
  if (timer) return;
  const wait = Math.min(CALM_MS, Math.max(GATHER_MS, lastShown + CALM_MS - Date.now()));
  timer = setTimeout(showHeld, wait);
}

/** The same plain data (what IndexedDB gives back: arrays, plain objects, primitives); anything else by identity. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ka = Object.keys(a);
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.length === Object.keys(b).length && ka.every((k) => k in rb && sameData(ra[k], rb[k]));
}

/** Dexie's liveQuery(querier), its answers shown as the module comment says. */
export function calmLiveQuery<T>(
  querier: () => T | Promise<T>,
  { busy, showHeld = (show) => show() }: CalmOptions,
): CalmObservable<T> {
  return {
    subscribe(next, error) {
      const key = {};
      let shown: { value: T } | null = null;
      const show = (value: T) => {
        if (shown && sameData(shown.value, value)) return;
        shown = { value };
        next(value);
      };
      const inner = liveQuery(querier).subscribe({
        next(value) {
          // the first answer at once (the screen waits for it), and every one when no pull is writing
          if (!shown || !busy()) {
            held.delete(key);
            return show(value);
          }
          hold(key, () => show(value), showHeld);
        },
        error(err) {
          held.delete(key);
          error?.(err);
        },
      });
      return {
        unsubscribe() {
          held.delete(key);
          inner.unsubscribe();
        },
      };
    },
  };
}
