import type { InferType } from 'yup';
import { fieldChangeShape } from '../fieldChanges';
import { MSG } from '../messages';
import { suppliers } from '../model/stock';
import { idPayloadSchema, modelText, supplierEditSchema, supplierSchema } from '../schemas';
import { missing, type Refusal, type WriteCall } from './calls';

/**
 * Suppliers as catalogue writes (issue 17; SPEC §2 Suppliers, level 5): add, edit and delete. The body is the
 * supplier as supplierSchema casts it — business name required, the rest '' when not given — so an edit sets all
 * four fields on the device as on the server. A delete is soft on the server: products keep the supplier's id.
 */
export const SUPPLIER_CALLS = {
  add: { method: 'POST', path: '/v2/inventory/supplier', action: 'supplier.manage', body: supplierSchema },
  /**
   * SPEC's edit sends all four fields; with base (issue 14) the fields it names are field changes, each with the value
   * it was based on — a decision's use mine sends just the one, so the business name is required only without base.
   */
  edit: {
    method: 'PUT',
    path: '/v2/inventory/supplier',
    action: 'supplier.manage',
    body: supplierEditSchema.shape({
      bizname: modelText('Business name', suppliers.fields.bizname)
        .trim()
        .min(1, MSG.supplierNameRequired)
        .when('base', ([base], s) => (base === undefined ? s.required(MSG.supplierNameRequired) : s)),
      ...fieldChangeShape,
    }),
  },
  remove: { method: 'DELETE', path: '/v2/inventory/supplier', action: 'supplier.manage', body: idPayloadSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

export type SupplierInput = InferType<typeof supplierSchema>;

export interface SupplierNow {
  id: string;
  bizname: string;
  deleted?: boolean | null;
}

export type SupplierFields = Pick<SupplierInput, 'bizname' | 'email' | 'address' | 'contact'>;

interface SupplierPlan {
  fields: SupplierFields;
  /** the activity log (category inventory): subject and predicate */
  log: { subject: string; predicate: string };
  message: string;
}

const fieldsOf = (v: SupplierInput): SupplierFields => ({
  bizname: v.bizname,
  email: v.email,
  address: v.address,
  contact: v.contact,
});
const logOf = (bizname: string, predicate: string) => ({ subject: `Supplier ${bizname}`, predicate });

/** The supplier a write is about, or the 404 it is refused with. */
export function supplierOr404<S extends SupplierNow>(
  id: string,
  s: S | undefined,
): { ok: true; supplier: S } | Refusal {
  return s && !s.deleted ? { ok: true, supplier: s } : missing(id);
}

export function planSupplierAdd(v: SupplierInput): SupplierPlan {
  return { fields: fieldsOf(v), log: logOf(v.bizname, 'added'), message: MSG.supplierAdded };
}

export type SupplierEditInput = InferType<(typeof SUPPLIER_CALLS)['edit']['body']>;

/**
 * An edit's four fields (as cast: one left out is ''; with base, a call naming only some keeps the name the supplier
 * has), logged under the name it has after the edit. With base, the fields it names are field changes (issue 14):
 * the server decides those, the device stores what changed.
 */
export function planSupplierEdit(v: SupplierEditInput, now: SupplierNow): SupplierPlan {
  const bizname = v.bizname ?? now.bizname;
  return { fields: fieldsOf({ ...v, bizname }), log: logOf(bizname, 'edited'), message: MSG.supplierUpdated };
}

export function planSupplierDelete(s: SupplierNow): Omit<SupplierPlan, 'fields'> {
  return { log: logOf(s.bizname, 'deleted'), message: MSG.supplierDeleted };
}
