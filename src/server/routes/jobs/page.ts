import { asc, desc, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { jobs } from '../../db/schema';
import { sawHead } from '../../http/auth';
import { HEAD, keptUnderHead, type AtHead } from './kept';
import { FEW_MATCHES, jobsMatching, type JobSearch } from './search';

export const ORDERABLE = {
  created_at: jobs.created_at,
  registration: jobs.registration,
  first_name: jobs.first_name,
  last_name: jobs.last_name,
  status: jobs.status,
  mileage: jobs.mileage,
  number: jobs.number,
  vin: jobs.vin,
  technician: jobs.technician,
  complete_at: jobs.complete_at,
  book_start: jobs.book_start,
} as const;

export type Orderable = keyof typeof ORDERABLE;
export const orderable = (name: string | undefined): Orderable =>
  name !== undefined && Object.hasOwn(ORDERABLE, name) ? (name as Orderable) : 'created_at';

/**
 * How a page reads its jobs: all of them (from DEEP_OFFSET on, the page's ids first); a search's few matches (at most
 * FEW_MATCHES, as its count says) by their ids, read through its index and sorted once per head; or its many, by
 * walking the sort's index testing each job.
 */
type PageRead = { kind: 'all' | 'deep' } | { kind: 'few' | 'walk' | 'deepWalk'; search: JobSearch };

/**
 * Up to this offset a search with many matches walks the sort's index in a named statement whose match cannot use
 * the search's index (`jobsMatching`'s `walk`), so the plan PostgreSQL caches is the walk: with more than FEW_MATCHES
 * matches a page of ten near the start tests at most a few thousand jobs of 100,000 ('k', 17,480 matches: about
 * sixty). Parsing and planning it on every request was half of its database CPU (planning alone 0.29 ms of 0.46).
 * Deeper, the walk is planned for each pattern and offset, as PostgreSQL may rather read the matches and sort them.
 */
const SHALLOW_WALK = 50;

/**
 * From this offset on, a page of all jobs reads the ids it skips and shows from the sort's (column, id) index alone,
 * then the page's ten rows: an OFFSET read every skipped job's row too. Page 50 by surname: 1.0 → 0.37 ms of the
 * database's CPU; below about 100 the extra join costs more than it saves (page 1: 0.17 vs 0.30 ms).
 */
const DEEP_OFFSET = 100;

/** A page's columns: every job column, and the head. */
const PAGE_COLUMNS = { ...getTableColumns(jobs), head: HEAD };

/**
 * A page of the job table, built once per sort and kind of read. Every page of all jobs is a named statement, parsed
 * and planned once per connection (parsing and planning on every request was half of the database's CPU for a
 * search: docs/PERFORMANCE.md), and so is a shallow walk (SHALLOW_WALK). A deeper walk stays unnamed, so PostgreSQL
 * plans it for each pattern and offset.
 */
const pageStatement = (db: Db, orderBy: Orderable, dir: 'asc' | 'desc', read: PageRead) => {
  const key = `jobs_page_${orderBy}_${dir}_${read.kind}`;
  const order = orderOf(orderBy, dir);
  if (read.kind === 'deep')
    return prepared(db, key, (d) => {
      const ids = d
        .select({ id: jobs.id })
        .from(jobs)
        .orderBy(...order);
      const page = ids.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
      return d
        .select(PAGE_COLUMNS)
        .from(jobs)
        .where(inArray(jobs.id, page))
        .orderBy(...order)
        .prepare(key);
    });
  return prepared(db, key, (d) =>
    d
      .select(PAGE_COLUMNS)
      .from(jobs)
      .where(
        'search' in read
          ? jobsMatching(sql.placeholder('pattern'), read.kind === 'walk' ? 'walk' : 'index')
          : undefined,
      )
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(read.kind === 'deepWalk' ? '' : key),
  );
};

// ties broken by id in the same direction, so a sort index on (column, id) reads the page in order, either way
const orderOf = (orderBy: Orderable, dir: 'asc' | 'desc') =>
  [ORDERABLE[orderBy], jobs.id].map(dir === 'asc' ? asc : desc);

/**
 * A search's few matches, all their ids in the sort's order, with the head: read through the search's trigram index
 * inside a subquery fenced by OFFSET, so whichever plan PostgreSQL
 * caches for the named statement (generic or custom) reads the index and sorts, never walks the sort's index — the
 * count has already said they are few.
 */
async function matchIds(db: Db, orderBy: Orderable, dir: 'asc' | 'desc', search: JobSearch): Promise<AtHead<string[]>> {
  const key = `jobs_matches_${orderBy}_${dir}`;
  const statement = prepared(db, key, (d) => {
    const matching = d
      .select()
      .from(jobs)
      .where(jobsMatching(sql.placeholder('pattern')));
    return d
      .select({ id: jobs.id, head: HEAD })
      .from(matching.offset(sql.placeholder('fence')).as('jobs'))
      .orderBy(...orderOf(orderBy, dir))
      .prepare(key);
  });
  const rows = await statement.execute({ pattern: search.pattern, fence: 0 });
  return { head: rows[0]?.head ?? NaN, value: rows.map((r) => r.id) };
}

/** Jobs by their ids, in the sort's order: a page of a search's few matches. */
const byIds = (db: Db, orderBy: Orderable, dir: 'asc' | 'desc') =>
  prepared(db, `jobs_by_ids_${orderBy}_${dir}`, (d) =>
    d
      .select(PAGE_COLUMNS)
      .from(jobs)
      .where(sql`${jobs.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(...orderOf(orderBy, dir))
      .prepare(`jobs_by_ids_${orderBy}_${dir}`),
  );

/**
 * How a page reads a search's matches, knowing how many there are: none to read past the last match; a few by their
 * ids; many by walking the sort's index testing each job's keys.
 */
export function pageRead(search: JobSearch | undefined, matches: number, offset: number): PageRead | 'none' {
  if (offset >= matches) return 'none';
  if (!search) return { kind: offset >= DEEP_OFFSET ? 'deep' : 'all' };
  if (matches <= FEW_MATCHES) return { kind: 'few', search };
  return { kind: offset < SHALLOW_WALK ? 'walk' : 'deepWalk', search };
}

/** A page's jobs without the head read with them, which its statement reports (sawHead): none seen if it is empty. */
function pageRows(req: FastifyRequest, rows: (Record<string, unknown> & { head: number })[]) {
  sawHead(req, rows[0]?.head ?? NaN);
  return rows.map(({ head: _head, ...job }) => job);
}

/** What a page turn asks for, and the request's head (see keptUnderHead). */
export interface PageAsk {
  req: FastifyRequest;
  head: number;
  /** the search text as the totals are kept by */
  text: string;
  orderBy: Orderable;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The jobs of a page: a search's few matches by their ids, kept in the sort's order under the head. */
export function pageReader(db: Db) {
  const matches = keptUnderHead<string[]>(100);
  return async (ask: PageAsk, read: PageRead) => {
    const { req, orderBy, dir, limit, offset } = ask;
    if (read.kind !== 'few') {
      const pattern = 'search' in read ? read.search.pattern : undefined;
      return pageRows(req, await pageStatement(db, orderBy, dir, read).execute({ limit, offset, pattern }));
    }
    const key = `${ask.text}\n${orderBy}\n${dir}`;
    const ids = await matches(req, ask.head, key, () => matchIds(db, orderBy, dir, read.search));
    const page = ids.slice(offset, offset + limit);
    return pageRows(req, await byIds(db, orderBy, dir).execute({ ids: `{${page.join(',')}}` }));
  };
}
