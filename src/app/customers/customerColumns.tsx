import type { ColumnDef } from '@tanstack/react-table';
import { Text } from '@chakra-ui/react';
import type { CustomerRow } from '../../local/db';
import type { CustomerSort } from '../../local/repositories/customerPages';
import { actionsColumn } from '../ui/columns';
import { createdColumn } from '../ui/list/cells';
import { rowTints, type RowMarks } from '../ui/table/bodyCss';
import { ActionsCell, EditableCell, StatusCell } from './CustomerCells';
import type { EditField } from './tableContext';

/** The Customers table's columns, the sorts their indexes serve, and the row style of a blocked customer. */

function editable(
  field: EditField,
  header: string,
  extra: Partial<ColumnDef<CustomerRow, unknown>> = {},
): ColumnDef<CustomerRow, unknown> {
  return {
    accessorKey: field,
    header,
    cell: ({ row }) => <EditableCell row={row.original} field={field} />,
    ...extra,
  } as ColumnDef<CustomerRow, unknown>;
}

/** At a bay tablet's width the plate, the surname, the status and the actions stay; the rest give way by priority (ui/columnPriority.ts). */
export const COLUMNS: ColumnDef<CustomerRow, unknown>[] = [
  editable('registration', 'Registration'),
  editable('first_name', 'First name', { meta: { priority: 2 } }),
  editable('last_name', 'Last name'),
  editable('vin', 'VIN', { meta: { priority: 3 } }),
  editable('contact', 'Contact', { meta: { priority: 2 } }),
  editable('email', 'Email', { meta: { priority: 3 } }),
  editable('discount', 'Discount %', {
    meta: { priority: 4 },
    cell: ({ row }) => (
      <EditableCell row={row.original} field="discount">
        {row.original.discount ? `${row.original.discount}%` : ''}
      </EditableCell>
    ),
  }),
  { accessorKey: 'current_points', header: 'Points', meta: { priority: 3 } },
  editable('note', 'Note', {
    meta: { priority: 4 },
    // free text up to 500 characters: not worth an index of its own (the filter still finds a note)
    enableSorting: false,
    cell: ({ row }) => (
      <EditableCell row={row.original} field="note">
        <Text maxW="64" lineClamp={2} title={row.original.note}>
          {row.original.note}
        </Text>
      </EditableCell>
    ),
  }),
  createdColumn('Created', { priority: 4 }),
  {
    id: 'status',
    header: 'Status',
    accessorFn: (c) => (c.active === 0 ? 'Blocked' : 'Active'),
    cell: ({ row }) => <StatusCell row={row.original} />,
  },
  actionsColumn(({ row }) => <ActionsCell row={row.original} />, { enableColumnFilter: false }),
];

/** The columns that sort: each reads its own index (src/local/repositories/customerPages.ts CUSTOMER_SORTS). */
export const SORTS: readonly CustomerSort[] = [
  'registration',
  'first_name',
  'last_name',
  'vin',
  'contact',
  'email',
  'discount',
  'current_points',
  'created_at',
  'status',
];
export const BY_NAME = { id: 'last_name', desc: false } as const;

/** Blocked customers are highlighted pink (SPEC §2). */
export const BLOCKED_ROWS: RowMarks<CustomerRow> = {
  attrs: (c) => (c.active === 0 ? { 'data-blocked': 'true' } : undefined),
  css: rowTints('data-blocked', { true: { bg: 'pink.100', hover: 'pink.200' } }),
};
