import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fromZonedTime } from 'date-fns-tz';
import { checkReportRange } from '../../domain/dates';
import { isId } from '../../domain/ids';
import { MSG } from '../../domain/messages';
import { clockEntries } from '../db/schema';
import { badRequest } from '../http/errors';
import { pageQueryDoc } from '../http/openapi';
import { pageParams } from '../http/paging';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { readSettings } from '../settings';
import { API } from '../../domain/apiRoutes';

const DAY = 86_400_000;

/** The stretches asked for: begun within the shop days start..end (the shop's zone), on one job, of one member. */
async function filterOf(s: AppServices, query: Record<string, string | undefined>): Promise<SQL | undefined> {
  const { start, end, job_id, username } = query;
  if (!start && !end && !job_id) throw badRequest(MSG.clockListFilter);
  if (job_id !== undefined && !isId(job_id)) throw badRequest(MSG.invalidId);
  const where: (SQL | undefined)[] = [
    job_id ? eq(clockEntries.job_id, job_id) : undefined,
    username ? eq(clockEntries.username, username) : undefined,
  ];
  if (start || end) {
    const range = checkReportRange(start, end);
    if (!range.ok) throw badRequest(range.message);
    const { timeZone } = await readSettings(s.db);
    const from = fromZonedTime(`${start}T00:00:00`, timeZone);
    // the day after `end` begins at its own midnight in the zone (a daylight-saving day is not 24 hours)
    const after = new Date(Date.parse(`${end}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    where.push(
      gte(clockEntries.started_at, from),
      lt(clockEntries.started_at, fromZonedTime(`${after}T00:00:00`, timeZone)),
    );
  }
  return and(...where);
}

/**
 * GET /v3/clock (issue 18, the hours report's level): the time clock's stretches, newest first, paged like the other
 * tables — for a range of shop days and/or a job (one of them is needed: the whole clock is not one page's read),
 * optionally one member's. Each stretch as the device holds it (a running one has no stopped_at; 'mend': its stop set
 * afterwards).
 */
export function clockListRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.clock,
    summary:
      'Clock stretches, newest first, paged: start/end (shop days) and/or job_id, username → data.data, page, total',
    query: {
      ...pageQueryDoc(50),
      start: { type: 'string', description: 'First shop day, YYYY-MM-DD (with end)' },
      end: { type: 'string', description: 'Last shop day, YYYY-MM-DD (with start; at most 365 days)' },
      job_id: { type: 'string', description: "A job's id: its stretches only" },
      username: { type: 'string', description: "A member's stretches only" },
    },
    async handler({ query }) {
      const { page, perPage, offset } = pageParams(query, 50);
      const where = await filterOf(s, query);
      const [rows, [{ n }]] = await Promise.all([
        s.db
          .select()
          .from(clockEntries)
          .where(where)
          .orderBy(desc(clockEntries.started_at), desc(clockEntries.id))
          .limit(perPage)
          .offset(offset),
        s.db.select({ n: count() }).from(clockEntries).where(where),
      ]);
      return { value: true, data: { data: rows, page, total: n } };
    },
  });
}
