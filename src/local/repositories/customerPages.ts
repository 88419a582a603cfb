import { SEARCH_COUNT_CAP, matchesTerms, searchTerms } from '../../domain/search';
import { rowCountKey, type BayBookDB, type CustomerRow } from '../db';
import { pageOfRows, prefixKeys, readIndexPage, type PageCursor, type PageKey, type PageOf } from '../paging';

/**
 * The Customers table's pages (issue 13): the first of the tables that read one page through an index
 * (src/local/paging.ts) instead of every row. The other tables follow the same shape: a sort table naming the
 * `[<key>+id]` index of each sortable column, the counter for the total, the domain's search terms for the prefix
 * ranges, and `pageOf`/`eachMatching` below.
 */

/** Each sortable column of the Customers table and the key whose `[<key>+id]` index it reads (version 4). */
export const CUSTOMER_SORTS = {
  registration: 'registration_key',
  first_name: 'first_key',
  last_name: 'name_key',
  vin: 'vin_key',
  contact: 'phone_key',
  email: 'email_key',
  discount: 'discount',
  current_points: 'current_points',
  created_at: 'created_at',
  // 'Active' before 'Blocked' going up, as the words sort: active 1 before 0, the index read the other way
  status: 'active',
} as const;
export type CustomerSort = keyof typeof CUSTOMER_SORTS;

export interface CustomerPageQuery {
  sort: CustomerSort;
  desc: boolean;
  /** the shop search (src/domain/search.ts): prefixes of plate, VIN (start and end), names, phone, email */
  search?: string;
  /** per-column filters: the column's text contains the value, ignoring case (as the table's Filters row says) */
  filters?: { id: string; value: string }[];
  limit: number;
  after?: PageKey;
  before?: PageKey;
}

export interface CustomerPage extends PageOf<CustomerRow> {
  /** the customers on the device, or the matches of a search or filter */
  total: number;
  /** true when there are more matches than `total` (a count stops at SEARCH_COUNT_CAP) */
  totalIsFloor: boolean;
}

/** The text a column shows, for its filter. */
function columnText(c: CustomerRow, id: string): string {
  if (id === 'status') return c.active === 0 ? 'Blocked' : 'Active';
  return String(c[id] ?? '');
}

function cursorOf(q: CustomerPageQuery): PageCursor {
  const field = CUSTOMER_SORTS[q.sort];
  return { field, desc: q.sort === 'status' ? !q.desc : q.desc, limit: q.limit, after: q.after, before: q.before };
}

/**
 * The customers a search matches, when they are at most SEARCH_COUNT_CAP: the union of the terms' prefix ranges,
 * read as keys only, then the rows. `null` when there are more (the caller pages along the sort index instead).
 */
async function boundedMatches(db: BayBookDB, search: string): Promise<CustomerRow[] | null> {
  // the ranges at once: IndexedDB answers requests of one transaction in turn, without a round trip each
  const lists = await Promise.all(
    searchTerms(search).map((t) => prefixKeys(db.customers, t.key, t.prefix, SEARCH_COUNT_CAP + 1)),
  );
  const ids = new Set<string>();
  for (const list of lists) {
    for (const id of list) ids.add(id);
    if (ids.size > SEARCH_COUNT_CAP) return null;
  }
  const rows = await db.customers.bulkGet([...ids]);
  return rows.filter((r): r is CustomerRow => !!r);
}

/** One page of the Customers table for a sort, a search and filters, with the total (bounded for a search). */
export async function pageOf(db: BayBookDB, q: CustomerPageQuery): Promise<CustomerPage> {
  const terms = searchTerms(q.search ?? '');
  const filters = (q.filters ?? [])
    .filter((f) => f.value.trim())
    .map((f) => ({ id: f.id, value: f.value.trim().toLowerCase() }));
  const passes = (c: CustomerRow) => filters.every((f) => columnText(c, f.id).toLowerCase().includes(f.value));
  const cursor = cursorOf(q);
  if (!terms.length && !filters.length) {
    const [page, counter] = await Promise.all([
      readIndexPage(db.customers, cursor),
      db.counters.get(rowCountKey('customers')),
    ]);
    return { ...page, total: counter?.n ?? 0, totalIsFloor: false };
  }
  const matches = terms.length ? await boundedMatches(db, q.search ?? '') : null;
  if (matches) {
    const kept = matches.filter(passes);
    return { ...pageOfRows(kept, cursor), total: kept.length, totalIsFloor: false };
  }
  // many matches (or filters alone): walk the sort's index keeping the matching rows, and count them up to the cap
  // (a rare filter value reads the whole table to find that it has few matches: filters are the slow path)
  const keep = (c: CustomerRow) => matchesTerms(c, terms) && passes(c);
  const [page, counted] = await Promise.all([
    readIndexPage(db.customers, cursor, keep),
    db.customers
      .orderBy(`[${cursor.field}+id]`)
      .filter(keep)
      .limit(SEARCH_COUNT_CAP + 1)
      .count(),
  ]);
  return { ...page, total: Math.min(counted, SEARCH_COUNT_CAP), totalIsFloor: counted > SEARCH_COUNT_CAP };
}

/**
 * Every customer matching the query, in its order, `chunk` rows at a time (Export CSV): keyset pages through the
 * same reads as the table, so an export of 50,000 rows never holds more than a chunk of rows from the database.
 */
export async function eachMatching(
  db: BayBookDB,
  q: Omit<CustomerPageQuery, 'limit' | 'after' | 'before'>,
  onChunk: (rows: CustomerRow[]) => void,
  chunk = 1000,
): Promise<void> {
  let after: PageKey | undefined;
  for (;;) {
    const page = await pageOf(db, { ...q, limit: chunk, after });
    if (page.rows.length) onChunk(page.rows);
    if (!page.hasNext || !page.rows.length) return;
    after = page.last;
  }
}
