import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  SUPPLIER_CALLS,
  planSupplierAdd,
  planSupplierDelete,
  planSupplierEdit,
  supplierOr404,
} from '../../domain/writes/suppliers';
import { isId, newId } from '../../domain/ids';
import { decideEdit, editAnswer, editedLine, goneEdit, namedBy } from '../fieldEdits';
import { suppliers } from '../db/schema';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { orHttp } from '../http/plans';
import { supplierRow } from '../inventory/products';
import { API } from '../../domain/apiRoutes';

/** Suppliers (SPEC §2 Suppliers, level 5): the list, one, and the catalogue's writes (src/domain/writes/suppliers.ts). */
export function suppliersRoutes(app: FastifyInstance, s: AppServices) {
  supplierReads(app, s);
  supplierWrites(app, s);
}

/** The list by business name, and one supplier. */
function supplierReads(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.suppliers,
    summary: 'Suppliers, by business name',
    async handler() {
      return {
        value: true,
        data: await db.select().from(suppliers).where(eq(suppliers.deleted, false)).orderBy(asc(suppliers.bizname)),
      };
    },
  });

  defineRoute(app, s, {
    call: API.supplier,
    summary: 'One supplier (?id=)',
    query: { id: { type: 'string', description: "The supplier's id" } },
    async handler({ query }) {
      const id = query.id ?? '';
      return { value: true, data: orHttp(supplierOr404(id, await supplierRow(db, id))).supplier };
    },
  });
}

/** Add, edit (field by field with base, issue 14) and the soft delete, each the catalogue's plan. */
function supplierWrites(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: SUPPLIER_CALLS.add,
    write: true,
    summary: 'Add a supplier {bizname, email, address, contact}',
    async handler({ tx, body, changed, log }) {
      const plan = planSupplierAdd(body);
      const id = body.id ?? newId();
      await tx.insert(suppliers).values({ ...plan.fields, id });
      changed('suppliers', id);
      log('inventory', plan.log.subject, plan.log.predicate);
      return { value: true, message: plan.message, id };
    },
  });

  defineRoute(app, s, {
    call: SUPPLIER_CALLS.edit,
    write: true,
    summary:
      'Edit a supplier (all four fields: one left out is emptied); with base, the fields it names are field changes (issue 14)',
    async handler({ tx, body, changed, log }) {
      const [row] = isId(body.id) ? await tx.select().from(suppliers).where(eq(suppliers.id, body.id)) : [];
      const record = { entity: 'suppliers' as const, id: body.id, subject: `Supplier ${row?.bizname ?? ''}` };
      // with base, a supplier deleted since: what the edit changed waits for a decision
      if (row?.deleted && body.base)
        return goneEdit(tx, record, namedBy(planSupplierEdit(body, row).fields, body.base));
      const now = orHttp(supplierOr404(body.id, row)).supplier;
      const plan = planSupplierEdit(body, now);
      const decided = decideEdit(now, plan.fields, body.base);
      if (Object.keys(decided.apply).length) {
        await tx
          .update(suppliers)
          .set({ ...decided.apply, updated_at: new Date(), version: sql`${suppliers.version} + 1` })
          .where(eq(suppliers.id, body.id));
        changed('suppliers', body.id);
        log('inventory', plan.log.subject, editedLine(decided, !!body.base, body.device));
      }
      return editAnswer(tx, record, decided, plan.message);
    },
  });

  defineRoute(app, s, {
    call: SUPPLIER_CALLS.remove,
    write: true,
    summary: 'Delete a supplier {id} (soft: products keep the supplier id)',
    async handler({ tx, body, changed, log }) {
      const row = orHttp(supplierOr404(body.id, await supplierRow(tx, body.id))).supplier;
      const plan = planSupplierDelete(row);
      await tx
        .update(suppliers)
        .set({ deleted: true, updated_at: new Date(), version: sql`${suppliers.version} + 1` })
        .where(eq(suppliers.id, row.id));
      changed('suppliers', row.id, 'delete');
      log('inventory', plan.log.subject, plan.log.predicate);
      return { value: true, message: plan.message };
    },
  });
}
