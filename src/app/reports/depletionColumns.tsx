import type { ColumnDef } from '@tanstack/react-table';
import { formatUSD, plainDollars } from '../../domain/money';
import type { DepletionRow } from '../../domain/reports';

/** SPEC §2 'Inventory Depletion': Title, Description, Qty, Total (the CSV gets the total in dollars, 2 decimals). */
export const DEPLETION_COLUMNS: ColumnDef<DepletionRow, unknown>[] = [
  { accessorKey: 'title', header: 'Title' },
  { accessorKey: 'description', header: 'Description' },
  { accessorKey: 'qty', header: 'Qty', meta: { filter: false } },
  {
    accessorKey: 'total',
    header: 'Total',
    cell: ({ row }) => formatUSD(row.original.total),
    meta: { filter: false, csv: (r) => plainDollars(r.total) },
  },
];
