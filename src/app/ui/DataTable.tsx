import { Box, Button, HStack, IconButton, Input, Menu, Portal, Stack, Table, Text } from '@chakra-ui/react';
import {
  flexRender,
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
  type VisibilityState,
} from '@tanstack/react-table';
import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { csvColumns, csvHeader, csvLines, csvValue, downloadCsv } from './csv';
import { LoadingText } from '../feedback/DelayedSpinner';
import { Pager } from './Pager';
import { notifyError } from '../feedback/toaster';
import { priorityAttr, priorityContainer, type ColumnPriority } from './columnPriority';

/**
 * The one table of BayBook's screens (SPEC §2 tables, §9 page sizes): search, sort, per-column filters, paging,
 * CSV export (hidden columns included when they are exportable), a Columns menu that shows or hides any column
 * (SPEC's hidden Email and Contact included), coloured rows, expanding rows, and a `compact` form for a small table
 * inside a panel (no toolbar; the pager only when there is a second page).
 *
 * Column meta:
 *   hidden      — not shown at first, still searched and exported (SPEC's hidden searchable Email/Contact, exportable
 *                 Services); the Columns menu shows or hides any column
 *   csv         — the value exported (defaults to the accessor's value); `false` keeps the column out of the export
 *   filter      — false turns off the column's filter input
 *   priority    — 1 (default) always shown; 2 and 3 give way on a narrow table (columnPriority.ts)
 *
 * Two modes: client (all rows given, the table pages them) and `manual` (the caller pages, sorts and searches, e.g.
 * through a repository, and gives one page plus the total) — SPEC's "loaded all at once" and "server-paged" variants.
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

export const PAGE_SIZES = {
  customers: [10, 20, 50, 100, 200],
  default: [10, 20, 50, 100, 500],
  products: [10, 20, 50, 100, 150, 300],
  config: [10, 15, 20, 50, 100, 150, 300],
  services: [8],
} as const;

/**
 * SPEC §9: with fewer than 10 rows loaded the page size shrinks to that count; the list of sizes offered then is
 * that count alone (every row is on the one page anyway). A table whose own size is below 10 (services, 8) shrinks
 * only below its size: nine services are still paged 8 + 1.
 */
export function shownPageSizes(loaded: number, sizes: readonly number[]): readonly number[] {
  return loaded > 0 && loaded < Math.min(10, ...sizes) ? [loaded] : sizes;
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
  /** background (or a whole style) per row: status colours, blocked customers pink, low stock amber */
  rowStyle?: (row: T) => Record<string, unknown> | undefined;
  /** when set, every row gets an expand button and this renders its panel */
  renderExpanded?: (row: T) => ReactNode;
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

export function DataTable<T>(props: DataTableProps<T>) {
  const { data, columns, name, manual } = props;
  const pageSizes = props.pageSizes ?? PAGE_SIZES.default;
  const [sorting, setSorting] = useState<SortingState>(props.initialSorting ?? []);
  const [ownSearch, setOwnSearch] = useState('');
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [showFilters, setShowFilters] = useState(false);
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: props.initialPageSize ?? pageSizes[0],
  });
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  // what the user chose in the Columns menu, over the columns' own `hidden`
  const [chosenVisibility, setChosenVisibility] = useState<VisibilityState>({});
  const [exporting, setExporting] = useState(false);
  const search = manual ? manual.search : (props.search ?? ownSearch);
  const filtersOf = manual?.onColumnFiltersChange ? manual : null;
  const setSearch = manual ? manual.onSearchChange : (props.onSearchChange ?? setOwnSearch);

  const hiddenAtFirst = useMemo<VisibilityState>(() => {
    const v: VisibilityState = {};
    for (const c of columns) {
      const id = c.id ?? (c as { accessorKey?: string }).accessorKey;
      if (id && c.meta?.hidden) v[id] = false;
    }
    return v;
  }, [columns]);
  const columnVisibility = useMemo<VisibilityState>(
    () => ({ ...hiddenAtFirst, ...chosenVisibility }),
    [hiddenAtFirst, chosenVisibility],
  );

  const table = useReactTable<T>({
    data,
    columns,
    getRowId: props.getRowId,
    state: {
      sorting: manual ? manual.sorting : sorting,
      globalFilter: manual ? undefined : search,
      columnFilters: filtersOf ? (filtersOf.columnFilters ?? []) : columnFilters,
      pagination: manual ? manual.pagination : pagination,
      columnVisibility,
      expanded,
    },
    onSortingChange: (u) => {
      const next = typeof u === 'function' ? u(manual ? manual.sorting : sorting) : u;
      if (manual) manual.onSortingChange(next);
      else setSorting(next);
    },
    onPaginationChange: (u) => {
      const next = typeof u === 'function' ? u(manual ? manual.pagination : pagination) : u;
      if (manual) manual.onPaginationChange(next);
      else setPagination(next);
    },
    onColumnFiltersChange: (u) => {
      if (!filtersOf) return setColumnFilters(u);
      const cur = filtersOf.columnFilters ?? [];
      filtersOf.onColumnFiltersChange?.(typeof u === 'function' ? u(cur) : u);
    },
    // from the latest choice, not this render's (two quick ticks must both count)
    onColumnVisibilityChange: (u) =>
      setChosenVisibility((cur) => (typeof u === 'function' ? u({ ...hiddenAtFirst, ...cur }) : u)),
    onExpandedChange: (u) =>
      setExpanded((cur) =>
        typeof u === 'function' ? (u(cur) as Record<string, boolean>) : (u as Record<string, boolean>),
      ),
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

  const exportCsv = async () => {
    const cols = csvColumns(columns);
    const parts = [csvLines([csvHeader(cols)])];
    const write = (rows: T[]) => {
      if (rows.length) parts.push('\r\n', csvLines(rows.map((r, i) => cols.map((c) => csvValue(r, c, i)))));
    };
    if (!props.exportRows) {
      write((manual ? table.getCoreRowModel().rows : table.getPrePaginationRowModel().rows).map((r) => r.original));
      return downloadCsv(`${name}.csv`, parts);
    }
    setExporting(true);
    try {
      await props.exportRows(write);
      downloadCsv(`${name}.csv`, parts);
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };

  // a search set from outside (a click on a registration, say) starts again at the first page, as typing does
  useEffect(() => {
    if (!manual) setPagination((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));
  }, [search, manual]);

  const total = manual ? manual.total : table.getFilteredRowModel().rows.length;
  const offered = shownPageSizes(manual ? (manual.totalIsFloor ? Infinity : manual.total) : data.length, pageSizes);
  const { pageIndex } = table.getState().pagination;
  const pageSize = offered.length === 1 && offered[0] < 10 ? offered[0] : table.getState().pagination.pageSize;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const hasNext = manual?.hasNext ?? pageIndex + 1 < pageCount;
  const visibleCols = table.getVisibleLeafColumns().length + (props.renderExpanded ? 1 : 0);
  const compact = !!props.compact;
  const headerText = (id: string, header: unknown) => (typeof header === 'string' ? header : id);
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());

  return (
    <Stack gap="3" data-testid={`table-${name}`}>
      {!compact && (
        <HStack gap="2" wrap="wrap">
          {props.searchable !== false && (
            <Input
              maxW="xs"
              size="sm"
              placeholder="Search"
              aria-label={`Search ${name}`}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                table.setPageIndex(0);
              }}
            />
          )}
          {(!manual || filtersOf) && props.filterable !== false && (
            <Button size="sm" variant="outline" onClick={() => setShowFilters((s) => !s)} aria-pressed={showFilters}>
              Filters
            </Button>
          )}
          {props.columnsMenu !== false && hideable.length > 1 && (
            <Menu.Root closeOnSelect={false}>
              <Menu.Trigger asChild>
                <Button size="sm" variant="outline" aria-label={`Columns of ${name}`}>
                  Columns
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content data-testid={`columns-menu-${name}`}>
                    <Menu.ItemGroup>
                      <Menu.ItemGroupLabel>Show columns</Menu.ItemGroupLabel>
                      {hideable.map((c) => (
                        <Menu.CheckboxItem
                          key={c.id}
                          value={c.id}
                          checked={c.getIsVisible()}
                          onCheckedChange={(on) => c.toggleVisibility(!!on)}
                        >
                          {headerText(c.id, c.columnDef.header)}
                          <Menu.ItemIndicator />
                        </Menu.CheckboxItem>
                      ))}
                    </Menu.ItemGroup>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )}
          {props.exportable !== false && (
            <Button size="sm" variant="outline" onClick={() => void exportCsv()} loading={exporting}>
              Export CSV
            </Button>
          )}
          {props.toolbar}
        </HStack>
      )}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" css={priorityContainer}>
        <Table.Root size="sm" aria-label={name} interactive>
          <Table.Header>
            {table.getHeaderGroups().map((hg) => (
              <Fragment key={hg.id}>
                <Table.Row>
                  {props.renderExpanded && <Table.ColumnHeader w="8" aria-label="Expand" />}
                  {hg.headers.map((h) => {
                    const sorted = h.column.getIsSorted();
                    return (
                      <Table.ColumnHeader
                        key={h.id}
                        onClick={h.column.getCanSort() ? h.column.getToggleSortingHandler() : undefined}
                        cursor={h.column.getCanSort() ? 'pointer' : undefined}
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                        whiteSpace="nowrap"
                        {...priorityAttr(h.column.columnDef.meta?.priority)}
                      >
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </Table.ColumnHeader>
                    );
                  })}
                </Table.Row>
                {showFilters && (!manual || filtersOf) && (
                  <Table.Row>
                    {props.renderExpanded && <Table.ColumnHeader />}
                    {hg.headers.map((h) => (
                      <Table.ColumnHeader key={h.id} {...priorityAttr(h.column.columnDef.meta?.priority)}>
                        {h.column.getCanFilter() && h.column.columnDef.meta?.filter !== false && (
                          <Input
                            size="xs"
                            aria-label={`Filter ${typeof h.column.columnDef.header === 'string' ? h.column.columnDef.header : h.id}`}
                            value={(h.column.getFilterValue() as string) ?? ''}
                            onChange={(e) => h.column.setFilterValue(e.target.value || undefined)}
                          />
                        )}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                )}
              </Fragment>
            ))}
          </Table.Header>
          <Table.Body>
            {table.getRowModel().rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={visibleCols}>
                  {props.loading ? (
                    <LoadingText />
                  ) : (
                    <Text color="fg.muted">{props.emptyText ?? 'No records to display'}</Text>
                  )}
                </Table.Cell>
              </Table.Row>
            )}
            {table.getRowModel().rows.map((row) => (
              <Fragment key={row.id}>
                <Table.Row {...(props.rowStyle?.(row.original) ?? {})} data-row-id={row.id}>
                  {props.renderExpanded && (
                    <Table.Cell>
                      <IconButton
                        size="2xs"
                        variant="ghost"
                        aria-label={row.getIsExpanded() ? 'Collapse row' : 'Expand row'}
                        aria-expanded={row.getIsExpanded()}
                        onClick={row.getToggleExpandedHandler()}
                      >
                        {row.getIsExpanded() ? '▾' : '▸'}
                      </IconButton>
                    </Table.Cell>
                  )}
                  {row.getVisibleCells().map((cell) => (
                    <Table.Cell key={cell.id} {...priorityAttr(cell.column.columnDef.meta?.priority)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Cell>
                  ))}
                </Table.Row>
                {row.getIsExpanded() && props.renderExpanded && (
                  <Table.Row>
                    <Table.Cell colSpan={visibleCols} bg="bg.subtle">
                      {props.renderExpanded(row.original)}
                    </Table.Cell>
                  </Table.Row>
                )}
              </Fragment>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {(!compact || pageCount > 1) && (
        <Pager
          pageSize={pageSize}
          offered={offered}
          onPageSize={(n) => table.setPagination({ pageIndex: 0, pageSize: n })}
          info={
            total === 0
              ? '0 of 0'
              : `${pageIndex * pageSize + 1}–${manual?.hasNext === undefined ? Math.min(total, (pageIndex + 1) * pageSize) : pageIndex * pageSize + data.length} of ${manual?.totalIsFloor ? 'more than ' : ''}${total}`
          }
          canPrev={pageIndex > 0}
          canNext={hasNext}
          onPrev={() => table.previousPage()}
          onNext={() => table.nextPage()}
        />
      )}
      <Box />
    </Stack>
  );
}
