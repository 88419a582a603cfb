import { Box, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Pager } from './Pager';
import { pageFigures } from './table/paging';
import { TableGrid } from './table/TableGrid';
import { TableToolbar } from './table/TableToolbar';
import type { DataTableProps } from './table/types';
import { useCsvExport } from './table/useCsvExport';
import { useDataTable } from './table/useDataTable';

export { PAGE_SIZES } from './table/paging';
export type { ManualPaging } from './table/types';

/**
 * The one table of BayBook's screens (SPEC §2 tables, §9 page sizes): search, sort, per-column filters, paging,
 * CSV export (hidden columns included when they are exportable), a Columns menu that shows or hides any column
 * (SPEC's hidden Email and Contact included), coloured rows, expanding rows, and a `compact` form for a small table
 * inside a panel (no toolbar; the pager only when there is a second page). Column meta: table/types.ts.
 *
 * Two modes: client (all rows given, the table pages them) and `manual` (the caller pages, sorts and searches, e.g.
 * through a repository, and gives one page plus the total) — SPEC's "loaded all at once" and "server-paged" variants.
 * The parts: table/useDataTable.ts (state and TanStack), table/paging.ts (the pager's figures), table/useCsvExport.ts,
 * table/TableToolbar.tsx and table/TableGrid.tsx (what is drawn).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { name } = props;
  const { table, search, setSearch, filtersOn } = useDataTable(props);
  const csv = useCsvExport(table, props);
  const [showFilters, setShowFilters] = useState(false);
  const page = pageFigures(table, props);
  const filterable = filtersOn && props.filterable !== false;

  return (
    <Stack gap="3" data-testid={`table-${name}`}>
      {!props.compact && (
        <TableToolbar
          table={table}
          name={name}
          search={props.searchable !== false ? search : null}
          onSearch={setSearch}
          filters={filterable ? { shown: showFilters, toggle: () => setShowFilters((s) => !s) } : null}
          columnsMenu={props.columnsMenu !== false}
          exportCsv={props.exportable !== false ? { busy: csv.exporting, run: () => void csv.exportCsv() } : null}
        >
          {props.toolbar}
        </TableToolbar>
      )}
      <TableGrid
        table={table}
        name={name}
        showFilters={showFilters && filtersOn}
        rowMarks={props.rowMarks}
        renderExpanded={props.renderExpanded}
        loading={props.loading}
        emptyText={props.emptyText}
      />
      {(!props.compact || page.pageCount > 1) && (
        <Pager
          pageSize={page.pageSize}
          offered={page.offered}
          onPageSize={(n) => table.setPagination({ pageIndex: 0, pageSize: n })}
          info={page.info}
          canPrev={page.pageIndex > 0}
          canNext={page.hasNext}
          onPrev={() => table.previousPage()}
          onNext={() => table.nextPage()}
        />
      )}
      <Box />
    </Stack>
  );
}
