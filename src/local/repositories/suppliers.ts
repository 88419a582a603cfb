import { newRow } from '../../domain/model';
import { changedFields } from '../../domain/fieldChanges';
import { newId } from '../../domain/ids';
import {
  SUPPLIER_CALLS,
  planSupplierAdd,
  planSupplierEdit,
  supplierOr404,
  type SupplierInput,
} from '../../domain/writes/suppliers';
import { callOf, checkedCall, orRefuse } from '../calls';
import type { BayBookDB, StoredRow } from '../db';
import { queueFieldChange } from '../fieldCalls';
import { localWrite } from '../write';

export type SupplierRow = StoredRow<'suppliers'>;

/**
 * The supplier writes of the products repository (SPEC §2 Suppliers, level 5), as the catalogue plans them
 * (src/domain/writes/suppliers.ts): the body cast by supplierSchema on the device as on the server.
 */
export function supplierWrites(db: BayBookDB) {
  return {
    /** POST /v2/inventory/supplier */
    async addSupplier(input: Partial<SupplierInput> & { bizname: string }): Promise<SupplierRow> {
      const v = await checkedCall(db, SUPPLIER_CALLS.add, input);
      return localWrite(db, async (w) => {
        const plan = planSupplierAdd(v);
        const id = newId();
        const row = await w.put('suppliers', newRow('suppliers', { id, ...plan.fields }, w.now));
        await w.enqueue({
          ...callOf(SUPPLIER_CALLS.add, { ...v, id }),
          creates: [id],
          label: `Add supplier ${v.bizname}`,
        });
        return row;
      });
    },
    /**
     * PUT /v2/inventory/supplier: all four fields, as the form holds them, with base naming those changed (issue 14):
     * a field someone changed since, or a supplier deleted since, waits in Needs your decision.
     */
    async editSupplier(id: string, changes: Partial<Omit<SupplierRow, 'id'>>): Promise<SupplierRow> {
      const v = await checkedCall(db, SUPPLIER_CALLS.edit, { ...changes, id });
      return localWrite(db, async (w) => {
        const cur = orRefuse(supplierOr404(id, await w.get('suppliers', id))).supplier;
        const plan = planSupplierEdit(v, cur);
        const set = changedFields({ ...cur }, plan.fields);
        if (Object.keys(set.changes).length === 0) return cur;
        const row = await w.patch('suppliers', id, { ...set.changes, updated_at: w.now });
        await queueFieldChange(w, 'suppliers', id, set, `Edit supplier ${plan.fields.bizname}`);
        return row;
      });
    },
    /** DELETE /v2/inventory/supplier (products keep the supplier's id) */
    async removeSupplier(id: string): Promise<void> {
      await checkedCall(db, SUPPLIER_CALLS.remove, { id });
      return localWrite(db, async (w) => {
        const cur = orRefuse(supplierOr404(id, await w.get('suppliers', id))).supplier;
        await w.remove('suppliers', id);
        await w.enqueue({ ...callOf(SUPPLIER_CALLS.remove, { id }), label: `Delete supplier ${cur.bizname}` });
      });
    },
  };
}
