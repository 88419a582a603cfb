import type { CustomerRow } from '../../local/db';
import { CUSTOMER_EDITABLE } from '../../domain/writes/customers';
import { rowContext } from '../ui/list/rowContext';
import type { RowEdit } from '../ui/list/useRowEdit';

/**
 * What the Customers table's cells share with the screen (Customers.tsx): the inline edit's form and the row
 * actions, kept out of the column definitions so the cells never remount while a row is edited.
 */

/** The inline edit form: the editable fields of a row, as text inputs give them (the schema casts discount). */
export interface EditForm {
  id: string;
  first_name: string;
  last_name: string;
  vin: string;
  registration: string;
  contact: string;
  email: string;
  note: string;
  discount: number;
}

export type EditField = Exclude<keyof EditForm, 'id'>;
/** the catalogue's editable fields: the plan checks these and no others */
export const EDIT_FIELDS: EditField[] = [...CUSTOMER_EDITABLE];

export function editValues(c: CustomerRow): EditForm {
  return {
    id: c.id,
    first_name: c.first_name ?? '',
    last_name: c.last_name ?? '',
    vin: c.vin ?? '',
    registration: c.registration ?? '',
    contact: String(c.contact ?? ''),
    email: c.email ?? '',
    note: c.note ?? '',
    discount: Number(c.discount ?? 0),
  };
}

/** What the row cells need, kept out of the column definitions so the cells never remount while a row is edited. */
export interface TableCtx extends RowEdit<CustomerRow, EditForm> {
  toggleBlock(c: CustomerRow): void;
}

export const { context: TableContext, useCells: useTableCtx } = rowContext<TableCtx>('Customers');
