import type { CellContext, ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/**
 * The Actions column of a DataTable: its buttons are not sorted, searched, exported to CSV or filtered. `extra` for
 * what a table adds (e.g. enableHiding: false where the actions must stay).
 */
export function actionsColumn<T>(
  cell: (c: CellContext<T, unknown>) => ReactNode,
  extra: Partial<ColumnDef<T, unknown>> = {},
): ColumnDef<T, unknown> {
  return {
    id: 'actions',
    header: 'Actions',
    enableSorting: false,
    enableGlobalFilter: false,
    meta: { csv: false, filter: false },
    cell,
    ...extra,
  } as ColumnDef<T, unknown>;
}
