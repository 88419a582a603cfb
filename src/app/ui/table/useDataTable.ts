import {
  functionalUpdate as apply,
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type PaginationState,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { PAGE_SIZES } from './paging';
import type { DataTableProps } from './types';

/** The columns marked `hidden` (shown by no one until the Columns menu says so). */
function hiddenColumns<T>(columns: ColumnDef<T, unknown>[]): VisibilityState {
  const v: VisibilityState = {};
  for (const c of columns) {
    const id = c.id ?? (c as { accessorKey?: string }).accessorKey;
    if (id && c.meta?.hidden) v[id] = false;
  }
  return v;
}

/**
 * What the table remembers: sort, search, filters, page, expanded rows and the Columns menu's choices. A `manual`
 * table's sort, search, page (and filters, when it takes them) belong to its caller; the table only passes changes on.
 */
function useTableState<T>(props: DataTableProps<T>) {
  const { columns, manual } = props;
  const [sorting, setSorting] = useState<SortingState>(props.initialSorting ?? []);
  const [ownSearch, setOwnSearch] = useState('');
  const [ownFilters, setOwnFilters] = useState<ColumnFiltersState>([]);
  const [ownPagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: props.initialPageSize ?? (props.pageSizes ?? PAGE_SIZES.default)[0],
  });
  const [expanded, setExpanded] = useState<Record<string, boolean>>(() =>
    Object.fromEntries((props.initialExpanded ?? []).map((id) => [id, true])),
  );
  // what the user chose in the Columns menu, over the columns' own `hidden`
  const [chosen, setChosen] = useState<VisibilityState>({});
  const hiddenAtFirst = useMemo(() => hiddenColumns(columns), [columns]);
  const columnVisibility = useMemo(() => ({ ...hiddenAtFirst, ...chosen }), [hiddenAtFirst, chosen]);
  const filtersOf = manual?.onColumnFiltersChange ? manual : null;
  const search = manual ? manual.search : (props.search ?? ownSearch);
  const pagination = manual ? manual.pagination : ownPagination;
  const sort = manual ? manual.sorting : sorting;
  const columnFilters = filtersOf ? (filtersOf.columnFilters ?? []) : ownFilters;

  // a search set from outside (a click on a registration, say) starts again at the first page, as typing does
  useEffect(() => {
    if (!manual) setPagination((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));
  }, [search, manual]);

  return {
    search,
    setSearch: manual ? manual.onSearchChange : (props.onSearchChange ?? setOwnSearch),
    filtersOn: !manual || !!filtersOf,
    state: {
      sorting: sort,
      globalFilter: manual ? undefined : search,
      columnFilters,
      pagination,
      columnVisibility,
      expanded,
    },
    onSortingChange: (u: Updater<SortingState>) => (manual ? manual.onSortingChange : setSorting)(apply(u, sort)),
    onPaginationChange: (u: Updater<PaginationState>) =>
      (manual ? manual.onPaginationChange : setPagination)(apply(u, pagination)),
    onColumnFiltersChange: (u: Updater<ColumnFiltersState>) =>
      filtersOf ? filtersOf.onColumnFiltersChange?.(apply(u, columnFilters)) : setOwnFilters(u),
    // from the latest choice, not this render's (two quick ticks must both count)
    onColumnVisibilityChange: (u: Updater<VisibilityState>) =>
      setChosen((cur) => apply(u, { ...hiddenAtFirst, ...cur })),
    onExpandedChange: (u: Updater<Record<string, boolean> | true>) =>
      setExpanded((cur) => apply(u, cur) as Record<string, boolean>),
  };
}

/**
 * The TanStack table behind DataTable: a client table sorts, searches (hidden columns included), filters and pages
 * the rows it is given; a `manual` one shows the page its caller gives, with the caller's total.
 */
export function useDataTable<T>(props: DataTableProps<T>) {
  const { manual } = props;
  const { search, setSearch, filtersOn, state, ...handlers } = useTableState(props);
  const table = useReactTable<T>({
    data: props.data,
    columns: props.columns,
    getRowId: props.getRowId,
    state,
    ...handlers,
    getRowCanExpand: () => !!props.renderExpanded,
    // hidden columns stay searchable
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: () => true,
    manualPagination: !!manual,
    manualSorting: !!manual,
    manualFiltering: !!manual,
    rowCount: manual?.total,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
    getFilteredRowModel: manual ? undefined : getFilteredRowModel(),
    getPaginationRowModel: manual ? undefined : getPaginationRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });
  return { table, search, setSearch, filtersOn };
}
