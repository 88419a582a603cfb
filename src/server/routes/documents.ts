import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { normaliseVin } from '../../domain/vin';
import { estimatePdf, invoicePdf, serviceHistoryPdf, shopInfo, type ShopInfo } from '../../pdf';
import { customers, estimates, invoices, jobs, transactions } from '../db/schema';
import { notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { readSettings } from '../settings';
import { readLogo } from './logo';
import { API } from '../../domain/apiRoutes';

/** The shop's details and logo, as every document prints them. */
const shop = async ({ db, blobs }: AppServices): Promise<ShopInfo> => {
  const [settings, logo] = await Promise.all([readSettings(db), readLogo(blobs)]);
  return shopInfo(settings, logo);
};

function sendPdf(reply: FastifyReply, bytes: ArrayBuffer, name: string) {
  reply.header('Content-Disposition', `inline; filename="${name.replace(/[^\w.-]+/g, '_')}.pdf"`);
  reply.header('Cache-Control', 'no-store');
  return reply.type('application/pdf').send(Buffer.from(bytes));
}

/** The documents of SPEC §7 (GET …-pdf), made by src/pdf: the same code the app prints with offline. */
export function documentRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.invoicePdf,
    summary: 'An invoice as PDF',
    async handler({ params, reply }) {
      const id = params.id ?? '';
      const [inv] = isId(id) ? await db.select().from(invoices).where(eq(invoices.id, id)) : [];
      if (!inv) throw notFound(fill(MSG.noRecordFound, { id }));
      const txs = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.invoice_id, id), eq(transactions.deleted, false)))
        .orderBy(asc(transactions.created_at));
      const [job] = inv.request_id ? await db.select().from(jobs).where(eq(jobs.id, inv.request_id)) : [];
      const bytes = invoicePdf(inv, job, txs, await shop(s));
      return sendPdf(reply, bytes, `INV-${inv.number}`);
    },
  });

  defineRoute(app, s, {
    call: API.estimatePdf,
    summary: 'An estimate as PDF',
    async handler({ params, reply }) {
      const id = params.id ?? '';
      const [est] = isId(id) ? await db.select().from(estimates).where(eq(estimates.id, id)) : [];
      if (!est) throw notFound(fill(MSG.noRecordFound, { id }));
      const bytes = estimatePdf(est, await shop(s));
      return sendPdf(reply, bytes, `EST-${est.number}`);
    },
  });

  defineRoute(app, s, {
    call: API.serviceHistory,
    summary: "A vehicle's service history (every job and invoice of the VIN) as PDF",
    async handler({ params, reply }) {
      const vin = normaliseVin(params.vin ?? '');
      const [customer] = await db.select().from(customers).where(eq(customers.vin, vin));
      if (!customer) throw notFound(fill(MSG.noRecordFound, { id: vin }));
      const js = await db.select().from(jobs).where(eq(jobs.vin, vin)).orderBy(desc(jobs.created_at));
      const invs = await db.select().from(invoices).where(eq(invoices.vin, vin)).orderBy(desc(invoices.created_at));
      const bytes = serviceHistoryPdf({ customer, jobs: js, invoices: invs }, await shop(s));
      return sendPdf(reply, bytes, `history-${customer.registration}`);
    },
  });
}
