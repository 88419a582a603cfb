import Dexie, { cmp, type IndexableType, type Table } from 'dexie';
import type { Row } from './db';

/**
 * How a table reads one page (issue 13, docs/ARCHITECTURE.md "How a table reads a page"): keyset paging over a
 * compound index `[<sort key>+id]`. A page is "the next `limit` rows after this row's key and id" (or before it, for
 * Previous), read straight from the index in either direction: the cost is the page, never the table, whatever page
 * the user is on. The id in the index breaks ties, so rows with the same sort value are neither skipped nor shown
 * twice. A row added or removed between two pages shifts nothing that is already shown.
 *
 * The same cursor works on a small set of rows held in memory (a search's matches), so a screen pages a search and
 * the whole table alike.
 */

/** Where a row sits in a sort: its sort value, then its id. */
export type PageKey = [IndexableType, string];

export interface PageCursor {
  /** the sort key without its index brackets: the index read is `[<field>+id]` */
  field: string;
  desc: boolean;
  limit: number;
  /** the last row shown: read the rows after it (Next) */
  after?: PageKey;
  /** the first row shown: read the rows before it (Previous) */
  before?: PageKey;
}

export interface PageOf<T> {
  rows: T[];
  hasNext: boolean;
  hasPrev: boolean;
  /** the first and last rows' keys: the cursors of Previous and Next */
  first?: PageKey;
  last?: PageKey;
}

export function pageKey(row: Row, field: string): PageKey {
  return [row[field] as IndexableType, row.id];
}

function withEnds<T extends Row>(field: string, rows: T[], hasNext: boolean, hasPrev: boolean): PageOf<T> {
  const ends = rows.length ? { first: pageKey(rows[0], field), last: pageKey(rows[rows.length - 1], field) } : {};
  return { rows, hasNext, hasPrev, ...ends };
}

/**
 * One page through the index `[field+id]`, optionally keeping only rows that pass `keep` (the rows are read one by
 * one until the page is full: use it only for filters that most rows pass, or with a bound the caller accepts).
 * Previous near the start (fewer rows before than a page) gives the first page.
 */
export async function readIndexPage<T extends Row>(
  table: Table<T, string>,
  c: PageCursor,
  keep?: (row: T) => boolean,
): Promise<PageOf<T>> {
  const index = `[${c.field}+id]`;
  const back = !!c.before && !c.after;
  const from = back ? c.before : c.after;
  // the index walked upwards: ascending going forward, or descending going back
  const up = c.desc === back;
  let coll = from ? (up ? table.where(index).above(from) : table.where(index).below(from)) : table.orderBy(index);
  if (!up) coll = coll.reverse();
  if (keep) coll = coll.filter(keep);
  const got = await coll.limit(c.limit + 1).toArray();
  const more = got.length > c.limit;
  const rows = got.slice(0, c.limit);
  if (!back) return withEnds(c.field, rows, more, !!from);
  if (!more) return readIndexPage(table, { ...c, before: undefined }, keep);
  return withEnds(c.field, rows.reverse(), true, true);
}

/** The same page over rows held in memory (sorted here by the index's order: sort value, then id). */
export function pageOfRows<T extends Row>(all: T[], c: PageCursor): PageOf<T> {
  const dir = c.desc ? -1 : 1;
  const sorted = [...all].sort((a, b) => dir * cmp(pageKey(a, c.field), pageKey(b, c.field)));
  const after = c.after;
  const before = c.before;
  if (after || !before) {
    const start = after ? sorted.findIndex((r) => dir * cmp(pageKey(r, c.field), after) > 0) : 0;
    const from = start < 0 ? sorted.length : start;
    return withEnds(c.field, sorted.slice(from, from + c.limit), from + c.limit < sorted.length, from > 0);
  }
  const end = sorted.findIndex((r) => dir * cmp(pageKey(r, c.field), before) >= 0);
  const to = end < 0 ? sorted.length : end;
  if (to <= c.limit) return pageOfRows(all, { ...c, before: undefined });
  return withEnds(c.field, sorted.slice(to - c.limit, to), true, true);
}

/** The primary keys of the rows whose `field` starts with `prefix`, at most `limit`, through `[field+id]`. */
export function prefixKeys<T extends Row>(
  table: Table<T, string>,
  field: string,
  prefix: string,
  limit: number,
): Promise<string[]> {
  return table
    .where(`[${field}+id]`)
    .between([prefix, Dexie.minKey], [`${prefix}\uffff`, Dexie.maxKey])
    .limit(limit)
    .primaryKeys();
}
