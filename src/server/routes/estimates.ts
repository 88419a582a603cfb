import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InvoiceLine } from '../../domain/entities';
import { isId, newId } from '../../domain/ids';
import { estimateChanges } from '../../domain/billingFields';
import { withDevice } from '../../domain/fieldChanges';
import { MSG } from '../../domain/messages';
import { taxOf } from '../../domain/tax';
import { ESTIMATE_CALLS, estimateLine, planEstimate } from '../../domain/writes/estimates';
import { missing } from '../../domain/writes/calls';
import type { Tx } from '../db/client';
import { estimates, products } from '../db/schema';
import { orHttp, refused } from '../http/plans';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { estimateSaveOf, estimateSubject, goneSave, nothingLands, saveConflicts } from '../invoices/fieldSaves';
import { takeNumber } from '../numbers';
import { readSettings } from '../settings';
import { API } from '../../domain/apiRoutes';

/**
 * Estimate lines are priced from the product rows like invoices, but estimates never touch stock; each line is
 * src/domain/writes/estimates.ts estimateLine, the rule the device prices with. A line that is not a product, or
 * names a product that is not in the inventory, is refused with what to do.
 */
async function estimateLines(
  tx: Tx,
  sent: readonly { id: string; qty: number }[],
  previous: readonly InvoiceLine[] = [],
): Promise<InvoiceLine[]> {
  const ids = sent.map((l) => String(l.id)).filter(isId);
  const rows = ids.length ? await tx.select().from(products).where(inArray(products.id, ids)) : [];
  return sent.map((l) => {
    const priced = estimateLine(
      l,
      rows.find((r) => r.id === l.id),
      previous.find((x) => x.id === l.id),
    );
    return orHttp(priced).line;
  });
}

/** Estimates (SPEC §2 Estimate): the saves by the catalogue's plan, the reads, and the delete. */
export function estimatesRoutes(app: FastifyInstance, s: AppServices) {
  estimateSaves(app, s);
  estimateReads(app, s);
  estimateDelete(app, s);
}

/** A new estimate, and the save of changes to one (field by field with base, issue 14). */
function estimateSaves(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: ESTIMATE_CALLS.add,
    write: true,
    summary:
      'Generate an estimate {profile, formData, productInvoice, serviceInvoice}; returns invoice_id (the estimate id)',
    async handler({ tx, body, user, changed, log }) {
      const lines = await estimateLines(tx, body.productInvoice);
      const id = body.id ?? newId();
      const number = await takeNumber(tx, 'estimate', body.number);
      const plan = planEstimate(body, lines, number, (await readSettings(tx)).tax);
      await tx.insert(estimates).values({ id, number, ...plan.row, created_by: user.username });
      changed('estimates', id);
      log('service', `Estimate ${number}`, plan.log);
      return { value: true, message: plan.message, invoice_id: id, number };
    },
  });

  defineRoute(app, s, {
    call: ESTIMATE_CALLS.edit,
    write: true,
    summary: 'Save changes to an estimate {id, profile, formData, productInvoice, serviceInvoice}',
    async handler(ctx) {
      const { tx, body, changed, log } = ctx;
      const [cur] = await tx.select().from(estimates).where(eq(estimates.id, body.id)).for('update');
      // with base, an estimate deleted since: what the save changed waits for a decision (issue 14)
      if (!cur && body.base) return goneSave('estimates', body.id, estimateChanges(body, body.base), body.base);
      if (!cur) refused(missing(body.id));
      // with base: the fields someone changed since are conflicts, the rest land (issue 14, invoices/fieldSaves.ts)
      const decided = estimateSaveOf(cur, body);
      const conflicts = await saveConflicts(ctx, { entity: 'estimates', ...cur }, decided.conflicts);
      if (nothingLands(decided)) return { value: true, invoice_id: cur.id, ...conflicts };
      const { save } = decided;
      const lines = await estimateLines(tx, save.productInvoice, cur.products as InvoiceLine[]);
      const plan = planEstimate(save, lines, undefined, taxOf(cur.totals));
      await tx
        .update(estimates)
        .set({ ...plan.row, updated_at: new Date(), version: sql`${estimates.version} + 1` })
        .where(eq(estimates.id, cur.id));
      changed('estimates', cur.id);
      log('service', estimateSubject(cur.number), withDevice(plan.log, body.device));
      return { value: true, invoice_id: cur.id, ...(conflicts ?? { message: plan.message }) };
    },
  });
}

/** One estimate, and the list newest first. */
function estimateReads(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.estimate,
    summary: 'One estimate',
    async handler({ params }) {
      const id = params.id ?? '';
      const [row] = isId(id) ? await db.select().from(estimates).where(eq(estimates.id, id)) : [];
      if (!row) refused(missing(id));
      return { value: true, data: row };
    },
  });

  defineRoute(app, s, {
    call: API.estimates,
    summary: 'Estimates, newest first',
    async handler() {
      return { value: true, data: await db.select().from(estimates).orderBy(desc(estimates.created_at)) };
    },
  });
}

function estimateDelete(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: ESTIMATE_CALLS.remove,
    write: true,
    summary: 'Delete an estimate {id}',
    async handler({ tx, body, changed, log }) {
      const [row] = await tx.select().from(estimates).where(eq(estimates.id, body.id));
      if (!row) refused(missing(body.id));
      await tx.delete(estimates).where(eq(estimates.id, row.id));
      changed('estimates', row.id, 'delete');
      log('service', `Estimate ${row.number}`, 'deleted');
      return { value: true, message: MSG.estimateDeleted };
    },
  });
}
