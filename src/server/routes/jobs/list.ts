import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startOfShopDay } from '../../../domain/dates';
import { jobs } from '../../db/schema';
import { pageQueryDoc } from '../../http/openapi';
import { pageParams } from '../../http/paging';
import { headSeenBy } from '../../http/auth';
import { defineRoute } from '../../http/route';
import type { AppServices } from '../../http/services';
import { readSettings } from '../../settings';
import { countMatches, keptUnderHead } from './kept';
import { ORDERABLE, orderable, pageRead, pageReader } from './page';
import { jobSearch } from './search';
import { jobOr404 } from './shared';
import { API } from '../../../domain/apiRoutes';

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
    call: API.bookingsFetch,
    summary: 'The jobs behind a dashboard tile {status}: active and received all time, complete and booked today',
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
    call: API.dash,
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
  const totals = keptUnderHead<number>(500);
  const readPage = pageReader(db);
  defineRoute(app, s, {
    call: API.bookingsPaged,
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
      const head = headSeenBy(req) ?? (await s.live.head());
      const key = text.trim().toLowerCase();
      const n = await totals(req, head, key, () => countMatches(db, search));
      const read = pageRead(search, n, offset);
      const ask = { req, head, text: key, orderBy, dir, limit: perPage, offset } as const;
      const rows = read === 'none' ? [] : await readPage(ask, read);
      return { value: true, data: { data: rows, page, total: n } };
    },
  });
}

/** The whole job table at once, and one job. */
function wholeRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;
  defineRoute(app, s, {
    call: API.bookings,
    summary: 'Every job (the all-at-once job table)',
    async handler() {
      return { value: true, data: await db.select().from(jobs).orderBy(desc(jobs.created_at)) };
    },
  });

  defineRoute(app, s, {
    call: API.booking,
    summary: 'One job {id}',
    async handler({ body }) {
      const job = await jobOr404(db, body.id);
      return { value: true, data: job };
    },
  });
}
