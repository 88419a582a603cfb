import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BayBookDB } from '../../src/local/db';
import { CALM_MS, calmLiveQuery, sameData } from '../../src/local/calmLiveQuery';
import { dbName } from './helpers';

/**
 * The Dashboard's live queries during a first sync (issue 13): while the engine pulls, a screen's answers are shown
 * together at most once per CALM_MS, the newest of each; an answer equal to the one shown is not shown again; out of
 * a pull every new answer is shown at once. Fake timers for the holding; fake-indexeddb answers on setImmediate,
 * which stays real.
 */

/**
 * Lets fake-indexeddb and Dexie run: the database answers on setImmediate (real), and Dexie starts a live query's
 * run with a setTimeout of 0 (fake: run here, without moving the clock, so no held answer comes due).
 */
async function idle(ticks = 40) {
  for (let i = 0; i < ticks; i++) {
    vi.advanceTimersByTime(0);
    await new Promise<void>((r) => setImmediate(r));
  }
}

async function until(cond: () => boolean) {
  for (let i = 0; i < 500 && !cond(); i++) await idle(1);
}

describe('calmLiveQuery (issue 13: the Dashboard during a first sync)', () => {
  let db: BayBookDB;
  let busy = false;
  /** the answers each query showed, and which of them were shown through `showHeld` */
  let throughHeld: unknown[] = [];
  const watch = (key: string) => {
    const seen: unknown[] = [];
    let inHeld = false;
    const sub = calmLiveQuery(() => db.meta.get(key).then((r) => r?.value ?? null), {
      busy: () => busy,
      showHeld: (show) => {
        inHeld = true;
        show();
        inHeld = false;
      },
    }).subscribe((v) => {
      seen.push(v);
      if (inHeld) throughHeld.push(v);
    });
    return { seen, sub };
  };
  const put = (key: string, value: unknown) => db.meta.put({ key, value });

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    busy = false;
    throughHeld = [];
    db = new BayBookDB(dbName('calm'));
    await db.open();
  });
  afterEach(() => {
    db.close();
    vi.useRealTimers();
  });

  it('shows every new answer at once when no pull runs, and an equal answer not again', async () => {
    const a = watch('a');
    await until(() => a.seen.length === 1);
    await put('a', 1);
    await until(() => a.seen.length === 2);
    await put('a', { n: [1, 2] });
    await until(() => a.seen.length === 3);
    // written again with the same data: the query answers again, the screen is not told
    await put('a', { n: [1, 2] });
    await idle();
    expect(a.seen).toEqual([null, 1, { n: [1, 2] }]);
    expect(throughHeld).toEqual([]);
    a.sub.unsubscribe();
  });

  it('while pulling, holds the answers and shows the newest of every query together, at most once per CALM_MS', async () => {
    const a = watch('a');
    const b = watch('b');
    await until(() => a.seen.length === 1 && b.seen.length === 1);
    expect([a.seen, b.seen]).toEqual([[null], [null]]);
    busy = true;
    // three pages committed in quick succession
    await put('a', 1);
    await put('b', 1);
    await idle();
    await put('a', 2);
    await idle();
    await put('a', 3);
    await put('b', 2);
    await idle();
    expect([a.seen, b.seen]).toEqual([[null], [null]]);
    // the first showing after a quiet time waits only to gather the answers of a commit
    vi.advanceTimersByTime(100);
    expect([a.seen, b.seen]).toEqual([
      [null, 3],
      [null, 2],
    ]);
    // the next one a CALM_MS after it
    await put('a', 4);
    await idle();
    vi.advanceTimersByTime(CALM_MS - 1);
    expect(a.seen).toEqual([null, 3]);
    vi.advanceTimersByTime(1);
    expect(a.seen).toEqual([null, 3, 4]);
    // the pull ends: the last commit's answer is shown at once, exact
    busy = false;
    await put('b', 3);
    await until(() => b.seen.length === 3);
    expect(b.seen).toEqual([null, 2, 3]);
    // the held ones were handed over through showHeld (the screens: a React transition), the others as they came
    expect(throughHeld).toEqual([3, 2, 4]);
    a.sub.unsubscribe();
    b.sub.unsubscribe();
  });

  it('shows an answer held when the pull ends, and none after unsubscribing', async () => {
    const a = watch('a');
    const b = watch('b');
    await until(() => a.seen.length === 1 && b.seen.length === 1);
    expect([a.seen, b.seen]).toEqual([[null], [null]]);
    busy = true;
    await put('a', 1);
    await put('b', 1);
    await idle();
    b.sub.unsubscribe();
    busy = false;
    vi.advanceTimersByTime(CALM_MS);
    expect(a.seen).toEqual([null, 1]);
    expect(b.seen).toEqual([null]);
    a.sub.unsubscribe();
  });

  it('compares plain data by value and anything else by identity', () => {
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData({ a: [1] }, { a: { 0: 1 } })).toBe(false);
    expect(sameData(new Date(0), new Date(0))).toBe(false);
    expect(sameData(NaN, NaN)).toBe(true);
  });
});
