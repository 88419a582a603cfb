import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, string } from 'yup';
import { startOfShopDay } from '../../../domain/dates';
import { jobIdSchema } from '../../../domain/schemas';
import { prepared } from '../../db/prepared';
import { changeLog, jobs } from '../../db/schema';
import { pageQueryDoc } from '../../http/openapi';
import { pageParams } from '../../http/paging';
import { headSeenBy, sawHead } from '../../http/auth';
import { defineRoute } from '../../http/route';
import type { AppServices } from '../../http/services';
import { readSettings } from '../../settings';
import { FEW_MATCHES, jobSearch, jobsMatching, startsAsRegex, type JobSearch } from './search';
import { jobOr404 } from './shared';

const ORDERABLE = {
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

type Orderable = keyof typeof ORDERABLE;
const orderable = (name: string | undefined): Orderable =>
  name !== undefined && Object.hasOwn(ORDERABLE, name) ? (name as Orderable) : 'created_at';

/**
 * How a page reads its jobs: all of them (from DEEP_OFFSET on, the page's ids first); a search's few matches (at most
 * FEW_MATCHES, as its count says) read through its index and sorted; or its many, by walking the sort's index testing
 * each job.
 */
type PageRead = { kind: 'all' | 'deep' } | { kind: 'few' | 'walk'; search: JobSearch };

/**
 * From this offset on, a page of all jobs reads the ids it skips and shows from the sort's (column, id) index alone,
 * then the page's ten rows: an OFFSET read every skipped job's row too. Page 50 by surname: 1.0 → 0.37 ms of the
 * database's CPU; below about 100 the extra join costs more than it saves (page 1: 0.17 vs 0.30 ms).
 */
const DEEP_OFFSET = 100;

/**
 * The change feed's head, read in the same statement as a count or a page (one snapshot): the totals are kept under
 * it, and a read started from a kept user is confirmed by it (ReadDef.confirmsUser).
 */
const HEAD = sql`(select coalesce(max(${changeLog.seq}), 0) from ${changeLog})`.mapWith(Number);

/** A page's columns: every job column, and the head. */
const PAGE_COLUMNS = { ...getTableColumns(jobs), head: HEAD };

/**
 * A page of the job table, built once per sort and kind of read. Every page of all jobs, and of a search's few
 * matches, is a named statement, parsed and planned once per connection: the subquery's OFFSET (a fence) keeps
 * whatever plan PostgreSQL makes reading the matches through the search's index and sorting them, never walking the
 * sort's index, and the count has already said they are few. Parsing and planning an unnamed search on every request
 * was half of the database's CPU for it (docs/PERFORMANCE.md). A walk stays unnamed, so PostgreSQL plans it for each
 * pattern: a generic plan fits one pattern's selectivity to all ('ka' matches thousands of jobs, 'kaz' none).
 */
const pageStatement = (db: AppServices['db'], orderBy: Orderable, dir: 'asc' | 'desc', read: PageRead) => {
  const op = 'search' in read ? read.search.op : undefined;
  const key = `jobs_page_${orderBy}_${dir}_${read.kind}_${op ?? ''}`;
  // ties broken by id in the same direction, so a sort index on (column, id) reads the page in order, either way
  const order = [ORDERABLE[orderBy], jobs.id].map(dir === 'asc' ? asc : desc);
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
  return prepared(db, key, (d) => {
    const where = op && jobsMatching(op, sql.placeholder('pattern'));
    const from =
      read.kind === 'few' ? d.select().from(jobs).where(where).offset(sql.placeholder('fence')).as('jobs') : jobs;
    return d
      .select(PAGE_COLUMNS)
      .from(from)
      .where(read.kind === 'walk' ? where : undefined)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(read.kind === 'walk' ? '' : key);
  });
};

/**
 * How a page reads a search's matches, knowing how many there are: none to read past the last match; a few through
 * the search's index; many by walking the sort's index (a short search's as the same match by regular expression).
 */
function pageRead(search: JobSearch | undefined, matches: number, offset: number): PageRead | 'none' {
  if (offset >= matches) return 'none';
  if (!search) return { kind: offset >= DEEP_OFFSET ? 'deep' : 'all' };
  if (matches <= FEW_MATCHES) return { kind: 'few', search };
  return { kind: 'walk', search: startsAsRegex(search) };
}

/**
 * The paged job table's totals by search, each kept under the change feed's head its count was read with (in the
 * same statement): every write to a job adds a change in its own transaction, so an unchanged head means an
 * unchanged count — on every instance on the database. Counting 100,000 jobs per page turn was most of the list's
 * time (issue 16). The head a request compares with is its user lookup's, or the kept user's it started from.
 */
function jobTotals({ db, live }: AppServices) {
  const kept = new Map<string, { head: number; n: number }>();
  return async (req: FastifyRequest, text: string, search: JobSearch | undefined) => {
    const head = headSeenBy(req) ?? (await live.head());
    const hit = kept.get(text);
    if (hit && hit.head === head) {
      sawHead(req, hit.head, true);
      return hit.n;
    }
    const counted = await countMatches(db, search);
    sawHead(req, counted.head);
    if (kept.size >= 500) kept.clear();
    kept.set(text, counted);
    return counted.n;
  };
}

/**
 * How many jobs a search matches, and the head then. A short search's are counted through the word-start index:
 * when nearly every job matches ('87', the start of every contact number) the planner would rather scan the table
 * and work out each job's word starts (≈ 15 µs a job: 2 s for 100,000 jobs, against 0.1 s through the index), and
 * compile that scan (JIT).
 */
async function countMatches(db: AppServices['db'], search: JobSearch | undefined) {
  const where = search && jobsMatching(search.op, search.pattern);
  const counted = { n: count(), head: HEAD };
  if (search?.op !== 'starts') return (await db.select(counted).from(jobs).where(where))[0];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
    return (await tx.select(counted).from(jobs).where(where))[0];
  });
}

/** A page's jobs without the head read with them, which its statement reports (sawHead): none seen if it is empty. */
function pageRows(req: FastifyRequest, rows: (Record<string, unknown> & { head: number })[]) {
  sawHead(req, rows[0]?.head ?? NaN);
  return rows.map(({ head: _head, ...job }) => job);
}

/** The reads of jobs: dashboard tiles and counts, the paged and the whole job table, one job. */
export function listRoutes(app: FastifyInstance, s: AppServices) {
  tileRoutes(app, s);
  tableRoutes(app, s);
  wholeRoutes(app, s);
}

/** The dashboard's tiles: their counts and the jobs behind one. */
function tileRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;
  defineRoute(app, s, {
    method: 'POST',
    path: '/bookings-fetch',
    summary: 'The jobs behind a dashboard tile {status}: active and received all time, complete and booked today',
    body: object({
      status: string()
        .required('Select a status')
        .oneOf(['active', 'received', 'complete', 'booked', 'canceled'], 'Select a status'),
    }),
    async handler({ body }) {
      const settings = await readSettings(db);
      const today = startOfShopDay(new Date(), settings.timeZone);
      const tomorrow = new Date(today.getTime() + 24 * 3600 * 1000);
      const where =
        body.status === 'complete'
          ? and(eq(jobs.status, 'complete'), gte(jobs.complete_at, today), lt(jobs.complete_at, tomorrow))
          : body.status === 'booked'
            ? and(eq(jobs.status, 'booked'), gte(jobs.book_start, today), lt(jobs.book_start, tomorrow))
            : eq(jobs.status, body.status);
      const rows = await db.select().from(jobs).where(where).orderBy(desc(jobs.created_at));
      return { value: true, data: rows };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/dash',
    summary: 'Dashboard tile counts: active (all time), received (all time), complete (today), booked (today)',
    async handler() {
      const settings = await readSettings(db);
      const today = startOfShopDay(new Date(), settings.timeZone);
      const tomorrow = new Date(today.getTime() + 24 * 3600 * 1000);
      const n = async (where: SQL | undefined) =>
        Number((await db.select({ n: count() }).from(jobs).where(where))[0].n);
      return {
        value: true,
        data: {
          active: await n(eq(jobs.status, 'active')),
          received: await n(eq(jobs.status, 'received')),
          complete: await n(
            and(eq(jobs.status, 'complete'), gte(jobs.complete_at, today), lt(jobs.complete_at, tomorrow)),
          ),
          booked: await n(and(eq(jobs.status, 'booked'), gte(jobs.book_start, today), lt(jobs.book_start, tomorrow))),
        },
      };
    },
  });
}

/** The job table, paged on the server. */
function tableRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;
  const totals = jobTotals(s);
  defineRoute(app, s, {
    method: 'GET',
    path: '/bookings_',
    confirmsUser: true,
    summary: 'Jobs, server-paged: per_page, page, orderBy, orderDirection, search → data.data, data.page, data.total',
    query: {
      ...pageQueryDoc(10),
      orderBy: {
        type: 'string',
        description: 'Column to sort by',
        enum: Object.keys(ORDERABLE),
        default: 'created_at',
      },
      orderDirection: { type: 'string', description: 'Sort direction', enum: ['asc', 'desc'], default: 'desc' },
      search: {
        type: 'string',
        description: 'Text found in registration, VIN, names, contact, email, job number or technician',
      },
    },
    async handler({ req, query }) {
      const { page, perPage, offset } = pageParams(query, 10);
      const orderBy = orderable(query.orderBy);
      const dir = String(query.orderDirection ?? 'desc').toLowerCase() === 'asc' ? 'asc' : 'desc';
      const text = String(query.search ?? '');
      const search = jobSearch(text);
      const n = await totals(req, text.trim().toLowerCase(), search);
      const read = pageRead(search, n, offset);
      const rows =
        read === 'none'
          ? []
          : pageRows(
              req,
              await pageStatement(db, orderBy, dir, read).execute({
                limit: perPage,
                offset,
                pattern: 'search' in read ? read.search.pattern : undefined,
                fence: 0,
              }),
            );
      return { value: true, data: { data: rows, page, total: n } };
    },
  });
}

/** The whole job table at once, and one job. */
function wholeRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;
  defineRoute(app, s, {
    method: 'GET',
    path: '/bookings',
    summary: 'Every job (the all-at-once job table)',
    async handler() {
      return { value: true, data: await db.select().from(jobs).orderBy(desc(jobs.created_at)) };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/booking',
    summary: 'One job {id}',
    body: jobIdSchema,
    async handler({ body }) {
      const job = await jobOr404(db, body.id);
      return { value: true, data: job };
    },
  });
}
