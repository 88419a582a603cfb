import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { InvoiceLine } from '../../domain/entities';
import { isId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { normaliseVin } from '../../domain/vin';
import { documentTotals, estimatePdf, estimateProfile, invoicePdf, serviceHistoryPdf, type ShopInfo } from '../../pdf';
import type { Db } from '../db/client';
import { customers, estimates, invoices, jobs, transactions } from '../db/schema';
import { notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { readSettings } from '../settings';

async function shopInfo(db: Db): Promise<ShopInfo> {
  const s = await readSettings(db);
  return { name: s.shopName, timeZone: s.timeZone, storageFirstDayJmd: s.storageFirstDayJmdCents, storagePerDayJmd: s.storagePerDayJmdCents };
}

const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());

function sendPdf(reply: FastifyReply, bytes: ArrayBuffer, name: string) {
  reply.header('Content-Disposition', `inline; filename="${name.replace(/[^\w.-]+/g, '_')}.pdf"`);
  reply.header('Cache-Control', 'no-store');
  return reply.type('application/pdf').send(Buffer.from(bytes));
}

/** The documents of SPEC §7 (GET …-pdf), made by src/pdf: the same code the app prints with offline. */
export function documentRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    method: 'GET',
    path: '/invoice-pdf/:id',
    summary: 'An invoice as PDF',
    async handler({ params, reply }) {
      const id = params.id ?? '';
      const [inv] = isId(id) ? await db.select().from(invoices).where(eq(invoices.id, id)) : [];
      if (!inv) throw notFound(fill(MSG.noRecordFound, { id }));
      const txs = await db.select().from(transactions).where(and(eq(transactions.invoice_id, id), eq(transactions.deleted, false))).orderBy(asc(transactions.created_at));
      const bytes = invoicePdf(
        {
          ...inv,
          created_at: iso(inv.created_at),
          products: inv.products as InvoiceLine[],
          totals: documentTotals(inv.totals),
          transactions: txs.map((t) => ({ number: t.number, method: t.method, amount: t.amount, created_at: iso(t.created_at) })),
        },
        await shopInfo(db),
      );
      return sendPdf(reply, bytes, `INV-${inv.number}`);
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/estimate-pdf/:id',
    summary: 'An estimate as PDF',
    async handler({ params, reply }) {
      const id = params.id ?? '';
      const [est] = isId(id) ? await db.select().from(estimates).where(eq(estimates.id, id)) : [];
      if (!est) throw notFound(fill(MSG.noRecordFound, { id }));
      const bytes = estimatePdf({ ...est, created_at: iso(est.created_at), profile: estimateProfile(est.profile, est), services: est.services as string[], products: est.products as InvoiceLine[], totals: documentTotals(est.totals) }, await shopInfo(db));
      return sendPdf(reply, bytes, `EST-${est.number}`);
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/service-history/:vin',
    summary: "A vehicle's service history (every job and invoice of the VIN) as PDF",
    async handler({ params, reply }) {
      const vin = normaliseVin(params.vin ?? '');
      const [customer] = await db.select().from(customers).where(eq(customers.vin, vin));
      if (!customer) throw notFound(fill(MSG.noRecordFound, { id: vin }));
      const js = await db.select().from(jobs).where(eq(jobs.vin, vin)).orderBy(desc(jobs.created_at));
      const invs = await db.select().from(invoices).where(eq(invoices.vin, vin)).orderBy(desc(invoices.created_at));
      const bytes = serviceHistoryPdf(
        {
          customer,
          jobs: js.map((j) => ({ ...j, created_at: iso(j.created_at) })),
          invoices: invs.map((i) => ({ number: i.number, created_at: iso(i.created_at), totals: documentTotals(i.totals), total: i.total })),
        },
        await shopInfo(db),
      );
      return sendPdf(reply, bytes, `history-${customer.registration}`);
    },
  });
}
