import { and, desc, eq, gte, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startOfShopDay } from '../../domain/dates';
import { inventoryLogSubject, inventoryLogText } from '../../domain/logs';
import type { Db } from '../db/client';
import { invoices, inventoryLog, products, sysLog, transactions } from '../db/schema';
import { badRequest } from '../http/errors';
import { pageQueryDoc } from '../http/openapi';
import { pageParams } from '../http/paging';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { readSettings } from '../settings';
import {
  dashReport,
  inventoryDepletion,
  reportWindow,
  salesReport,
  transactionSummary,
  type TimeWindow,
} from '../../domain/reports';
import { API } from '../../domain/apiRoutes';

/**
 * Reports and dashboards. Days are the shop's days (config time_zone). "Sales" are money received: payments by
 * cash, card, cheque or online (not discounts or points), so a day's sales match the till (docs/DECISIONS.md). The
 * figures are src/domain/reports.ts over the rows read here, the rule the devices use.
 */

/** The window of a report's dates, in the shop's days. */
async function range(db: Db, body: { start_date: string; end_date: string }) {
  const { timeZone } = await readSettings(db);
  return { ...reportWindow(body.start_date, body.end_date, timeZone), timeZone };
}

/** Today, in the shop's time zone. */
async function today(db: Db): Promise<TimeWindow> {
  const { timeZone } = await readSettings(db);
  const from = startOfShopDay(new Date(), timeZone);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** The window's transactions, reversed ones left out: what the domain's rules (src/domain/reports.ts) read. */
function transactionsIn(db: Db, window: TimeWindow) {
  return db
    .select({
      amount: transactions.amount,
      method: transactions.method,
      created_at: transactions.created_at,
      deleted: transactions.deleted,
      // a refund comes off the takings of the method its money went back by (issue 18)
      refund_method: transactions.refund_method,
    })
    .from(transactions)
    .where(
      and(
        gte(transactions.created_at, window.from),
        lt(transactions.created_at, window.to),
        eq(transactions.deleted, false),
      ),
    );
}

export function reportsRoutes(app: FastifyInstance, s: AppServices) {
  rangeReports(app, s);
  todayReports(app, s);
  activityLog(app, s);
}

/** The two reports of a range of dates: sales per day, and the inventory depletion. */
function rangeReports(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.report,
    summary:
      'Sales report {start_date, end_date} (YYYY-MM-DD, 365 days at most): labour, products, discounts and sales per day',
    async handler({ body }) {
      const { from, to, timeZone } = await range(db, body);
      // the rows of the range; the per-day figures are the domain's rule (src/domain/reports.ts), one with the devices
      const invs = await db
        .select({ discount: invoices.discount, totals: invoices.totals, created_at: invoices.created_at })
        .from(invoices)
        .where(and(gte(invoices.created_at, from), lt(invoices.created_at, to)));
      const txs = await transactionsIn(db, { from, to });
      return { value: true, data: salesReport(invs, txs, { from, to }, timeZone) };
    },
  });

  defineRoute(app, s, {
    call: API.reportProducts,
    summary: 'Inventory depletion {start_date, end_date}: title, description, qty and total of products sold',
    async handler({ body }) {
      const { from, to } = await range(db, body);
      const rows = await db
        .select({ products: invoices.products, created_at: invoices.created_at })
        .from(invoices)
        .where(and(gte(invoices.created_at, from), lt(invoices.created_at, to)));
      return { value: true, data: inventoryDepletion(rows, { from, to }) };
    },
  });
}

/** The dashboard's figures of today: the finance tiles and the takings by method. */
function todayReports(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.dashReport,
    summary: "Today's finance tiles: labour and products of invoices paid in full today; sales and discounts today",
    async handler() {
      const day = await today(db);
      // the invoices raised or changed today; the domain rule picks the paid ones and the discounts (one rule with the devices)
      const inDay = (col: typeof invoices.created_at | typeof invoices.updated_at) =>
        and(gte(col, day.from), lt(col, day.to));
      const invs = await db
        .select({
          total: invoices.total,
          discount: invoices.discount,
          totals: invoices.totals,
          created_at: invoices.created_at,
          updated_at: invoices.updated_at,
        })
        .from(invoices)
        .where(or(inDay(invoices.updated_at), inDay(invoices.created_at)));
      return { value: true, data: dashReport(invs, await transactionsIn(db, day), day) };
    },
  });

  defineRoute(app, s, {
    call: API.transactionSummary,
    summary: "Today's takings by method: cash, debit_card, credit_card, online, cheque",
    async handler() {
      const day = await today(db);
      return { value: true, data: transactionSummary(await transactionsIn(db, day), day) };
    },
  });
}

/** A page of the stock movements, each worded as the activity log shows it. */
async function inventoryLogPage(db: Db, perPage: number, offset: number) {
  const rows = await db
    .select({ l: inventoryLog, title: products.title })
    .from(inventoryLog)
    .leftJoin(products, eq(products.id, inventoryLog.product_id))
    .orderBy(desc(inventoryLog.created_at))
    .limit(perPage)
    .offset(offset);
  return rows.map((r) => ({
    id: r.l.id,
    subject: inventoryLogSubject(r.title, r.l.product_id),
    log: inventoryLogText(r.l.amount, r.l.reason, r.l.ref),
    created_at: r.l.created_at,
    username: r.l.username,
  }));
}

/** The activity log (SPEC §3): jobs and money, stock movements, or team and settings. */
function activityLog(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.sysLog,
    summary: 'Activity log ?category=service|inventory|system (inventory lists stock movements), newest first, paged',
    query: {
      category: {
        type: 'string',
        description: 'Which log: jobs and money, stock movements, or team and settings',
        enum: ['service', 'inventory', 'system'],
        default: 'service',
      },
      ...pageQueryDoc(500),
    },
    async handler({ query }) {
      const category = query.category ?? 'service';
      if (!['service', 'inventory', 'system'].includes(category))
        throw badRequest('Choose service, inventory or system.');
      const { page, perPage, offset } = pageParams(query, 500);
      if (category === 'inventory')
        return { value: true, data: { data: await inventoryLogPage(db, perPage, offset), page } };
      const rows = await db
        .select()
        .from(sysLog)
        .where(eq(sysLog.category, category))
        .orderBy(desc(sysLog.created_at))
        .limit(perPage)
        .offset(offset);
      return { value: true, data: { data: rows.map((r) => ({ ...r, log: r.predicate })), page } };
    },
  });
}
