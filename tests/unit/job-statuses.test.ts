import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOB_STATUSES } from '../../src/domain/entities';

/**
 * Issue 17: the job statuses are listed once, as the domain's JOB_STATUSES (src/domain/entities.ts); a route, a
 * screen or a rule that takes any of them reads that list (or names a subset of it: STATUS_OPTIONS, FINAL_STATUSES).
 * A list written out again agrees today and drifts the day a status is added.
 */

/** Every .ts/.tsx file under `dir`, with its text. */
const sources = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => [join(dir, f), readFileSync(join(dir, f), 'utf8')] as const);

/** The array literals of `text` (no nested brackets, any lines) that hold every job status as a quoted word. */
function statusLists(file: string, text: string): string[] {
  const lists = text.match(/\[[^[\]]*\]/g) ?? [];
  const whole = (list: string) => JOB_STATUSES.every((s) => new RegExp(`['"\`]${s}['"\`]`).test(list));
  return lists.filter(whole).map((list) => `${file}: ${list.replace(/\s+/g, ' ')}`);
}

describe('the job statuses are listed once (issue 17)', () => {
  it('the check finds a list of every status, over lines and in any order, and not a subset', () => {
    expect(
      statusLists('x', "oneOf([\n  'active',\n  'received', 'complete', 'booked', \"canceled\"], MSG.x)"),
    ).toHaveLength(1);
    expect(statusLists('x', "const FINAL: readonly JobStatus[] = ['complete', 'canceled'];")).toEqual([]);
  });

  it('only the domain writes the list out', () => {
    const found = [...sources('src'), ...sources('sw')].flatMap(([f, t]) => statusLists(f, t));
    expect(found).toEqual([
      `${join('src', 'domain', 'entities.ts')}: ['booked', 'received', 'active', 'complete', 'canceled']`,
    ]);
  });
});
