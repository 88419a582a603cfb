import type { ColumnDef, ColumnFiltersState, PaginationState, SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { ColumnPriority } from '../columnPriority';
import type { RowMarks } from './bodyCss';

/**
 * Column meta:
 *   hidden      — not shown at first, still searched and exported (SPEC's hidden searchable Email/Contact, exportable
 *                 Services); the Columns menu shows or hides any column
 *   csv         — the value exported (defaults to the accessor's value); `false` keeps the column out of the export
 *   filter      — false turns off the column's filter input
 *   priority    — 1 (default) always shown; 2 and 3 give way on a narrow table (columnPriority.ts)
 */
declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    hidden?: boolean;
    csv?: ((row: TData) => unknown) | false;
    filter?: boolean;
    priority?: ColumnPriority;
  }
}

export interface ManualPaging {
  total: number;
  pagination: PaginationState;
  onPaginationChange: (p: PaginationState) => void;
  sorting: SortingState;
  onSortingChange: (s: SortingState) => void;
  search: string;
  onSearchChange: (s: string) => void;
  /** keyset paging (issue 13): whether there is a page after this one (else the total says) */
  hasNext?: boolean;
  /** the total is a floor: the page shows "of more than {total}" (a search stops counting at a cap) */
  totalIsFloor?: boolean;
  /** per-column filters the caller applies (without them a manual table offers no Filters) */
  columnFilters?: ColumnFiltersState;
  onColumnFiltersChange?: (f: ColumnFiltersState) => void;
}

export interface DataTableProps<T> {
  data: T[];
  columns: ColumnDef<T, unknown>[];
  /** accessible name, also the CSV file name */
  name: string;
  getRowId?: (row: T) => string;
  pageSizes?: readonly number[];
  initialPageSize?: number;
  initialSorting?: SortingState;
  /** coloured rows (status colours, blocked customers pink, low stock amber): a mark per row, one style (bodyCss.ts) */
  rowMarks?: RowMarks<T>;
  /** when set, every row gets an expand button and this renders its panel */
  renderExpanded?: (row: T) => ReactNode;
  /** the ids (getRowId) of rows whose panel is open at first: a link to one job opens it */
  initialExpanded?: readonly string[];
  /** buttons beside the search box (Refresh, Add…) */
  toolbar?: ReactNode;
  /** false hides the search box */
  searchable?: boolean;
  exportable?: boolean;
  /** false hides the per-column filters button */
  filterable?: boolean;
  /** false hides the Columns menu (show or hide columns, hidden ones included) */
  columnsMenu?: boolean;
  /** a small table inside a panel: no toolbar, and the pager only when there is more than one page */
  compact?: boolean;
  /** a search set from outside (the registration/VIN "search helper" of the job table) */
  search?: string;
  onSearchChange?: (s: string) => void;
  manual?: ManualPaging;
  /**
   * Export CSV of every matching row, not only the page held (a manual table): called with a writer it hands the rows
   * to, a chunk at a time, in the table's order.
   */
  exportRows?: (write: (rows: T[]) => void) => Promise<void>;
  loading?: boolean;
  emptyText?: string;
}
