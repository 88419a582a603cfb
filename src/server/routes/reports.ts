import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InvoiceLine } from '../../domain/entities';
import { PAYMENT_METHODS } from '../../domain/entities';
import { startOfShopDay } from '../../domain/dates';
import { reportSchema } from '../../domain/schemas';
import { fromZonedTime } from 'date-fns-tz';
import { invoices, inventoryLog, products, sysLog, transactions } from '../db/schema';
import { badRequest } from '../http/errors';
import { pageParams } from '../http/paging';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { readSettings } from '../settings';

/**
 * Reports and dashboards. Days are the shop's days (config time_zone). "Sales" are money received: payments by
 * cash, card, cheque or online (not discounts or points), so a day's sales match the till (docs/DECISIONS.md).
 */
const isPayment = sql`${transactions.method} in (${sql.join(PAYMENT_METHODS.map((m) => sql`${m}`), sql`, `)})`;

export function reportsRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  async function range(body: { start_date: string; end_date: string }) {
    const { timeZone } = await readSettings(db);
    const from = fromZonedTime(`${body.start_date}T00:00:00`, timeZone);
    const to = new Date(fromZonedTime(`${body.end_date}T00:00:00`, timeZone).getTime() + 86_400_000);
    return { from, to, timeZone };
  }

  defineRoute(app, s, {
    method: 'POST',
    path: '/report',
    summary: 'Sales report {start_date, end_date} (YYYY-MM-DD, 365 days at most): labour, products, discounts and sales per day',
    body: reportSchema,
    async handler({ body }) {
      const { from, to, timeZone } = await range(body);
      const day = (col: typeof invoices.created_at | typeof transactions.created_at) => sql<string>`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      const invoiceRows = await db
        .select({
          dt: day(invoices.created_at),
          labour: sql<number>`coalesce(sum((${invoices.totals}->>'labour')::bigint), 0)::float8`,
          products: sql<number>`coalesce(sum((${invoices.totals}->>'product')::bigint), 0)::float8`,
          discounts: sql<number>`coalesce(sum(${invoices.discount}), 0)::float8`,
        })
        .from(invoices)
        .where(and(gte(invoices.created_at, from), lt(invoices.created_at, to)))
        .groupBy(sql`1`) // by position: the time zone is a bound parameter, so the two expressions would not match
        .orderBy(sql`1`);
      const salesRows = await db
        .select({ dt: day(transactions.created_at), sales: sql<number>`coalesce(sum(${transactions.amount}), 0)::float8` })
        .from(transactions)
        .where(and(gte(transactions.created_at, from), lt(transactions.created_at, to), eq(transactions.deleted, false), isPayment))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return { value: true, data: { invoices: invoiceRows, sales: salesRows } };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/report-products',
    summary: 'Inventory depletion {start_date, end_date}: title, description, qty and total of products sold',
    body: reportSchema,
    async handler({ body }) {
      const { from, to } = await range(body);
      const rows = await db.select({ products: invoices.products }).from(invoices).where(and(gte(invoices.created_at, from), lt(invoices.created_at, to)));
      const byId = new Map<string, { id: string; title: string; description: string; qty: number; total: number }>();
      for (const r of rows) {
        for (const l of r.products as InvoiceLine[]) {
          const qty = l.qty - (l.returned ?? 0);
          if (qty <= 0) continue;
          const cur = byId.get(l.id) ?? { id: l.id, title: l.title, description: l.description, qty: 0, total: 0 };
          cur.qty += qty;
          cur.total += qty * l.price;
          byId.set(l.id, cur);
        }
      }
      return { value: true, data: [...byId.values()].sort((a, b) => b.qty - a.qty || a.title.localeCompare(b.title)) };
    },
  });

  async function today() {
    const { timeZone } = await readSettings(db);
    const from = startOfShopDay(new Date(), timeZone);
    return { from, to: new Date(from.getTime() + 86_400_000) };
  }

  defineRoute(app, s, {
    method: 'GET',
    path: '/dash-report',
    summary: "Today's finance tiles: labour and products of invoices paid in full today; sales and discounts today",
    async handler() {
      const { from, to } = await today();
      const [paid] = await db
        .select({
          labour: sql<number>`coalesce(sum((${invoices.totals}->>'labour')::bigint), 0)::float8`,
          products: sql<number>`coalesce(sum((${invoices.totals}->>'product')::bigint), 0)::float8`,
        })
        .from(invoices)
        .where(and(lte(invoices.total, 0), gte(invoices.updated_at, from), lt(invoices.updated_at, to)));
      const [disc] = await db.select({ discounts: sql<number>`coalesce(sum(${invoices.discount}), 0)::float8` }).from(invoices).where(and(gte(invoices.created_at, from), lt(invoices.created_at, to)));
      const [sales] = await db
        .select({ sales: sql<number>`coalesce(sum(${transactions.amount}), 0)::float8` })
        .from(transactions)
        .where(and(gte(transactions.created_at, from), lt(transactions.created_at, to), eq(transactions.deleted, false), isPayment));
      return { value: true, data: { labour: paid.labour, products: paid.products, discounts: disc.discounts, sales: sales.sales } };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/transaction-summary',
    summary: "Today's takings by method: cash, debit_card, credit_card, online, cheque",
    async handler() {
      const { from, to } = await today();
      const rows = await db
        .select({ method: transactions.method, total: sql<number>`coalesce(sum(${transactions.amount}), 0)::float8` })
        .from(transactions)
        .where(and(gte(transactions.created_at, from), lt(transactions.created_at, to), eq(transactions.deleted, false)))
        .groupBy(transactions.method);
      const data = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, rows.find((r) => r.method === m)?.total ?? 0]));
      return { value: true, data };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/sys-log',
    summary: 'Activity log ?category=service|inventory|system (inventory lists stock movements), newest first, paged',
    async handler({ query }) {
      const category = query.category ?? 'service';
      if (!['service', 'inventory', 'system'].includes(category)) throw badRequest('Choose service, inventory or system.');
      const { page, perPage, offset } = pageParams(query, 500);
      if (category === 'inventory') {
        const rows = await db
          .select({ l: inventoryLog, title: products.title })
          .from(inventoryLog)
          .leftJoin(products, eq(products.id, inventoryLog.product_id))
          .orderBy(desc(inventoryLog.created_at))
          .limit(perPage)
          .offset(offset);
        return {
          value: true,
          data: { data: rows.map((r) => ({ id: r.l.id, subject: r.title ?? r.l.product_id, log: `${r.l.amount > 0 ? '+' : ''}${r.l.amount} ${r.l.reason}${r.l.ref ? ` (${r.l.ref})` : ''}`, created_at: r.l.created_at, username: r.l.username })), page },
        };
      }
      const rows = await db.select().from(sysLog).where(eq(sysLog.category, category)).orderBy(desc(sysLog.created_at)).limit(perPage).offset(offset);
      return { value: true, data: { data: rows.map((r) => ({ ...r, log: r.predicate })), page } };
    },
  });
}
