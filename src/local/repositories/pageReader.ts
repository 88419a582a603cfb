import type { Table } from 'dexie';
import { SEARCH_COUNT_CAP, matchesTerms, searchTerms, type SearchKey } from '../../domain/search';
import type { Row } from '../db';
import { pageOfRows, prefixKeys, readIndexPage, type PageCursor, type PageKey, type PageOf } from '../paging';

/**
 * One page of a table through an index (issue 13), for the tables after Customers (customerPages.ts, whose shape this
 * follows): Invoices, Estimates, Transactions and both logs. A table says which `[<key>+id]` index each sortable
 * column reads, which search keys it stores, and where its total comes from (a counter kept with every write); a
 * screen may add a scope (Invoices' Due and Paid) with an index of its own. The cost of a page is the page:
 * - no search, filter or scope: the page straight from the sort's index, the total from the counter;
 * - a search (or a scope) with at most SEARCH_COUNT_CAP matches: their keys from the prefix ranges, then the rows,
 *   paged in memory by the same cursor;
 * - more matches, or per-column filters: the sort's index walked keeping the matching rows, counted up to the cap.
 */

export interface PageQuery<S extends string> {
  sort: S;
  desc: boolean;
  /** the shop search (src/domain/search.ts) over the keys the table stores */
  search?: string;
  /** per-column filters: the column's text contains the value, ignoring case (as the table's Filters row says) */
  filters?: { id: string; value: string }[];
  limit: number;
  after?: PageKey;
  before?: PageKey;
}

export interface CountedPage<T> extends PageOf<T> {
  /** the rows of the table (or scope), or the matches of a search or filter */
  total: number;
  /** true when there are more matches than `total` (a count stops at SEARCH_COUNT_CAP) */
  totalIsFloor: boolean;
}

/** A part of the table a screen picks before any search (Invoices' Due and Paid), read through an index of its own. */
export interface Scope<T> {
  keep(row: T): boolean;
  count(): Promise<number>;
  /** its rows, when there are at most `limit` */
  rows(limit: number): Promise<T[]>;
}

export interface TablePages<T extends Row, S extends string> {
  table: Table<T, string>;
  /** each sortable column and the key whose `[<key>+id]` index it reads */
  sorts: Record<S, string>;
  /** sorts whose index reads the other way round (a status whose words sort against its stored value) */
  flipped?: readonly S[];
  /** the table's rows (a counter: a count() would walk the table) */
  total(): Promise<number>;
  /** the search keys the table stores, each with a `[<key>+id]` index (or a multi-entry one, below) */
  searchKeys: readonly SearchKey[];
  /** search keys stored as a multi-entry index (`*word_keys`) */
  multiKeys?: readonly SearchKey[];
  /** rows a search finds through another table (the Inventory Log by its products' titles): their keys, and a test */
  more?: {
    keys(search: string, limit: number): Promise<string[]>;
    matcher(search: string): Promise<(row: T) => boolean>;
  };
  /** the text a column shows, for its filter */
  columnText(row: T, id: string): string;
}

const cursorOf = (spec: TablePages<Row, string>, q: PageQuery<string>): PageCursor => ({
  field: spec.sorts[q.sort],
  desc: spec.flipped?.includes(q.sort) ? !q.desc : q.desc,
  limit: q.limit,
  after: q.after,
  before: q.before,
});

/** The keys of the rows a search matches, or null when there are more than SEARCH_COUNT_CAP. */
async function searchMatches<T extends Row>(spec: TablePages<T, string>, search: string): Promise<string[] | null> {
  const limit = SEARCH_COUNT_CAP + 1;
  const lists = await Promise.all([
    ...searchTerms(search, spec.searchKeys).map((t) =>
      spec.multiKeys?.includes(t.key)
        ? spec.table.where(t.key).startsWith(t.prefix).limit(limit).primaryKeys()
        : prefixKeys(spec.table, t.key, t.prefix, limit),
    ),
    spec.more?.keys(search, limit) ?? [],
  ]);
  const ids = new Set<string>();
  for (const list of lists) {
    for (const id of list) ids.add(id);
    if (ids.size > SEARCH_COUNT_CAP) return null;
  }
  return [...ids];
}

/** The rows of a scope or a search when they are few enough to page in memory; null when they are not. */
async function boundedRows<T extends Row>(
  spec: TablePages<T, string>,
  search: string,
  scope: Scope<T> | undefined,
): Promise<T[] | null> {
  if (search.trim()) {
    const ids = await searchMatches(spec, search);
    if (!ids) return null;
    const rows = await spec.table.bulkGet(ids);
    return rows.filter((r): r is T => !!r);
  }
  if (scope && (await scope.count()) <= SEARCH_COUNT_CAP) return scope.rows(SEARCH_COUNT_CAP);
  return null;
}

/** One page of a table for a sort, a search, filters and a scope, with the total (bounded for a search or filter). */
export async function readPage<T extends Row, S extends string>(
  spec: TablePages<T, S>,
  q: PageQuery<S>,
  scope?: Scope<T>,
): Promise<CountedPage<T>> {
  const search = q.search ?? '';
  const terms = searchTerms(search, spec.searchKeys);
  const filters = (q.filters ?? [])
    .filter((f) => f.value.trim())
    .map((f) => ({ id: f.id, value: f.value.trim().toLowerCase() }));
  const cursor = cursorOf(spec as TablePages<Row, string>, q);
  const inScope = (r: T) =>
    (!scope || scope.keep(r)) && filters.every((f) => spec.columnText(r, f.id).toLowerCase().includes(f.value));
  if (!search.trim() && !filters.length && !scope) {
    const [page, total] = await Promise.all([readIndexPage(spec.table, cursor), spec.total()]);
    return { ...page, total, totalIsFloor: false };
  }
  const few = await boundedRows(spec, search, scope);
  if (few) {
    // the search's matches by construction: only the scope and the filters are left to check
    const kept = few.filter(inScope);
    return { ...pageOfRows(kept, cursor), total: kept.length, totalIsFloor: false };
  }
  // many matches (or filters alone): walk the sort's index keeping the matching rows; a scope alone counts exactly
  const more = search.trim() && spec.more ? await spec.more.matcher(search) : undefined;
  const keep = (r: T) => inScope(r) && (!search.trim() || matchesTerms(r, terms) || !!more?.(r));
  const [page, counted] = await Promise.all([readIndexPage(spec.table, cursor, keep), countOf()]);
  const floor = counted > SEARCH_COUNT_CAP && !(scope && !search.trim() && !filters.length);
  return { ...page, total: floor ? SEARCH_COUNT_CAP : counted, totalIsFloor: floor };

  function countOf(): Promise<number> {
    if (!search.trim() && scope && !filters.length) return scope.count();
    // a search alone already found more matches than the cap in its prefix ranges (keys only): no rows to count
    if (search.trim() && !scope && !filters.length) return Promise.resolve(SEARCH_COUNT_CAP + 1);
    return spec.table
      .orderBy(`[${cursor.field}+id]`)
      .filter(keep)
      .limit(SEARCH_COUNT_CAP + 1)
      .count();
  }
}

/**
 * Every row matching the query, in its order, `chunk` rows at a time (Export CSV): keyset pages through the same
 * reads as the table, so an export never holds more than a chunk of rows from the database.
 */
export async function eachOfPages<T extends Row, S extends string>(
  spec: TablePages<T, S>,
  q: Omit<PageQuery<S>, 'limit' | 'after' | 'before'>,
  onChunk: (rows: T[]) => void | Promise<void>,
  scope?: Scope<T>,
  chunk = 1000,
): Promise<void> {
  let after: PageKey | undefined;
  for (;;) {
    const page = await readPage(spec, { ...q, limit: chunk, after }, scope);
    if (page.rows.length) await onChunk(page.rows);
    if (!page.hasNext || !page.rows.length) return;
    after = page.last;
  }
}
