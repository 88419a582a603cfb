import { and, desc, eq, gt, gte, lte, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoiceSummary, paidSummaryWindow } from '../../domain/reports';
import { invoices, jobs, transactions } from '../db/schema';
import { badRequest } from '../http/errors';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { invoiceOr404 } from '../invoices/ledger';
import { API } from '../../domain/apiRoutes';

/** The invoice reads: the lists by filter, the summary cards, one invoice with its transactions and job. */
export function invoiceReadRoutes(app: FastifyInstance, s: AppServices) {
  listRoute(app, s);
  summaryRoute(app, s);
  oneRoute(app, s);
}

function listRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.invoices,
    summary: 'Invoices: all, due (amount due above 0) or paid',
    async handler({ params }) {
      const filter = params.filter;
      if (!['all', 'due', 'paid'].includes(filter ?? '')) throw badRequest('Choose all, due or paid.');
      const where = filter === 'due' ? gt(invoices.total, 0) : filter === 'paid' ? lte(invoices.total, 0) : undefined;
      return { value: true, data: await s.db.select().from(invoices).where(where).orderBy(desc(invoices.created_at)) };
    },
  });
}

function summaryRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.invoiceStatus,
    summary: 'Summary cards: invoices paid in the last 7 days and unpaid invoices, with totals',
    async handler() {
      // SPEC §9's 7 days and the cards' sums: the devices' rule (src/domain/reports.ts)
      const now = new Date();
      const paid = await s.db
        .select()
        .from(invoices)
        .where(and(lte(invoices.total, 0), gte(invoices.updated_at, paidSummaryWindow(now).from)))
        .orderBy(desc(invoices.updated_at));
      const unpaid = await s.db.select().from(invoices).where(gt(invoices.total, 0)).orderBy(desc(invoices.created_at));
      const cards = invoiceSummary([...paid, ...unpaid], now);
      return {
        value: true,
        data: { data: { paid, unpaid, total: { paid: cards.paid.sum, unpaid: cards.unpaid.sum } } },
      };
    },
  });
}

function oneRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.invoice,
    summary: 'One invoice with its transactions and its job',
    async handler({ params }) {
      const inv = await invoiceOr404(s.db, params.id ?? '');
      const txs = await s.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.invoice_id, inv.id), ne(transactions.deleted, true)))
        .orderBy(desc(transactions.created_at));
      const [job] = inv.request_id ? await s.db.select().from(jobs).where(eq(jobs.id, inv.request_id)) : [];
      return { value: true, data: { ...inv, transactions: txs, job: job ?? null } };
    },
  });
}
