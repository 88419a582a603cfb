import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InvoiceLine } from '../../domain/entities';
import { isId, newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { estimateSchema, idPayloadSchema, idField, rowVersion } from '../../domain/schemas';
import { computeInvoice, type InvoiceInput } from '../../domain/totals';
import type { Tx } from '../db/client';
import { estimates, products } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { takeNumber } from '../numbers';

/**
 * Estimate lines are priced from the product rows like invoices, but estimates never touch stock. A line that is not
 * a product, or names a product that is not in the inventory, is refused with what to do (it was silently dropped,
 * so a saved estimate could quote less than the screen showed). A product deleted after it was put on this estimate
 * (`previous`) keeps its line as quoted.
 */
async function estimateLines(tx: Tx, sent: readonly { id: string; qty: number }[], previous: readonly InvoiceLine[] = []): Promise<InvoiceLine[]> {
  const notProduct = sent.find((l) => !isId(String(l.id)));
  if (notProduct) throw badRequest(`An item on this estimate is not a product (${String(notProduct.id)}). Take it off the estimate and pick the product again.`);
  const ids = sent.map((l) => String(l.id));
  const rows = ids.length ? await tx.select().from(products).where(inArray(products.id, ids)) : [];
  return sent.map((l) => {
    const p = rows.find((r) => r.id === l.id);
    const before = previous.find((x) => x.id === l.id);
    // qty is validated by productLinesSchema (a whole number from 1 to LIMITS.qty): taken as sent, never rewritten
    if (p && !p.deleted) return { id: p.id, title: p.title, description: p.description, price: p.price, qty: l.qty };
    if (before) return { ...before, qty: l.qty };
    if (p) throw notFound(`${p.title} has been removed from the inventory. Take it off the estimate before saving.`);
    throw notFound(`There is no product ${l.id} in the inventory. Take it off the estimate before saving.`);
  });
}

function totalsOf(input: Omit<InvoiceInput, 'type'>) {
  const { status: _s, ...t } = computeInvoice({ ...input, type: 'service' });
  return t;
}

export function estimatesRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    method: 'POST',
    path: '/estimate',
    write: true,
    summary: 'Generate an estimate {profile, formData, productInvoice, serviceInvoice}; returns invoice_id (the estimate id)',
    body: estimateSchema,
    async handler({ tx, body, user, changed, log }) {
      const lines = await estimateLines(tx, body.productInvoice);
      const totals = totalsOf({ workHour: body.formData.work_hour, rateCents: body.formData.rate_hour, lines, discountPercent: body.discount });
      const id = body.id ?? newId();
      const number = await takeNumber(tx, 'estimate', body.number);
      await tx.insert(estimates).values({
        id,
        number,
        first_name: body.profile.first_name,
        last_name: body.profile.last_name,
        profile: body.profile,
        products: lines,
        services: body.serviceInvoice,
        work_hour: body.formData.work_hour,
        rate_hour: body.formData.rate_hour,
        discount: totals.discount,
        totals,
        total: totals.total,
        created_by: user.username,
      });
      changed('estimates', id);
      log('service', `Estimate ${number}`, `for ${body.profile.first_name} ${body.profile.last_name}: ${totals.total / 100}`);
      return { value: true, message: `Estimate ${number} saved`, invoice_id: id, number };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/estimate-details',
    write: true,
    summary: 'Save changes to an estimate {id, profile, formData, productInvoice, serviceInvoice}',
    body: estimateSchema.shape({ id: idField().required(MSG.invalidId), base_version: rowVersion() }),
    async handler({ tx, body, changed, log }) {
      const [cur] = await tx.select().from(estimates).where(eq(estimates.id, body.id));
      if (!cur) throw notFound(fill(MSG.noRecordFound, { id: body.id }));
      const lines = await estimateLines(tx, body.productInvoice, cur.products as InvoiceLine[]);
      const totals = totalsOf({ workHour: body.formData.work_hour, rateCents: body.formData.rate_hour, lines, discountPercent: body.discount });
      await tx
        .update(estimates)
        .set({ first_name: body.profile.first_name, last_name: body.profile.last_name, profile: body.profile, products: lines, services: body.serviceInvoice, work_hour: body.formData.work_hour, rate_hour: body.formData.rate_hour, discount: totals.discount, totals, total: totals.total, updated_at: new Date(), version: sql`${estimates.version} + 1` })
        .where(eq(estimates.id, cur.id));
      changed('estimates', cur.id);
      log('service', `Estimate ${cur.number}`, 'changed');
      return { value: true, message: 'Estimate saved', invoice_id: cur.id };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/estimate/:id',
    summary: 'One estimate',
    async handler({ params }) {
      const id = params.id ?? '';
      const [row] = isId(id) ? await db.select().from(estimates).where(eq(estimates.id, id)) : [];
      if (!row) throw notFound(fill(MSG.noRecordFound, { id }));
      return { value: true, data: row };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/estimates',
    summary: 'Estimates, newest first',
    async handler() {
      return { value: true, data: await db.select().from(estimates).orderBy(desc(estimates.created_at)) };
    },
  });

  defineRoute(app, s, {
    method: 'DELETE',
    path: '/estimate',
    write: true,
    summary: 'Delete an estimate {id}',
    body: idPayloadSchema,
    async handler({ tx, body, changed, log }) {
      const [row] = await tx.select().from(estimates).where(eq(estimates.id, body.id));
      if (!row) throw notFound(fill(MSG.noRecordFound, { id: body.id }));
      await tx.delete(estimates).where(eq(estimates.id, row.id));
      changed('estimates', row.id, 'delete');
      log('service', `Estimate ${row.number}`, 'deleted');
      return { value: true, message: 'Estimate deleted' };
    },
  });
}
