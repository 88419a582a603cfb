import type { Row } from '../../src/local/db';
import type { PageKey } from '../../src/local/paging';
import type { PageQuery } from '../../src/local/repositories/pageReader';
import { nth } from '../helpers/present';

/** A table's page reader as its screen calls it. */
export type ReadPage<S extends string, T extends { id: string } = Row> = (
  q: PageQuery<S>,
) => Promise<{ rows: T[]; hasNext: boolean; hasPrev: boolean; total: number }>;

/**
 * Walks every page forward with Next, then back with Previous; returns the ids in the order shown. `keyOf` gives the
 * key a page ends on, as the screen passes it to the next read (pageKey of the stored row on its sort field).
 */
export async function walkPages<S extends string, T extends { id: string }>(
  read: ReadPage<S, T>,
  keyOf: (row: T) => PageKey,
  q: PageQuery<S>,
) {
  const forward: string[][] = [];
  let page = await read(q);
  forward.push(page.rows.map((r) => r.id));
  while (page.hasNext) {
    page = await read({ ...q, after: keyOf(nth(page.rows, page.rows.length - 1)) });
    forward.push(page.rows.map((r) => r.id));
  }
  const backward: string[][] = [nth(forward, forward.length - 1)];
  while (page.hasPrev) {
    page = await read({ ...q, before: keyOf(nth(page.rows, 0)) });
    backward.unshift(page.rows.map((r) => r.id));
  }
  return { forward, backward, total: (await read(q)).total };
}

/** The ids a table must show, all in memory: the kept rows sorted by a value, ties by id. */
export function sortedIds<T extends Row>(
  rows: T[],
  value: (r: T) => string | number,
  desc: boolean,
  keep: (r: T) => boolean = () => true,
): string[] {
  const cmp = (a: T, b: T) => {
    const x = value(a);
    const y = value(b);
    return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (desc ? -1 : 1);
  };
  return rows
    .filter(keep)
    .sort(cmp)
    .map((r) => r.id);
}
