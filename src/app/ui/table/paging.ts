import type { Table } from '@tanstack/react-table';
import type { DataTableProps } from './types';

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

/** The pager's figures: the sizes offered, the page shown, whether there is a next one, and "11–20 of 57". */
export function pageFigures<T>(table: Table<T>, { data, manual, pageSizes }: DataTableProps<T>) {
  const total = manual ? manual.total : table.getFilteredRowModel().rows.length;
  const offered = shownPageSizes(
    manual ? (manual.totalIsFloor ? Infinity : manual.total) : data.length,
    pageSizes ?? PAGE_SIZES.default,
  );
  const { pageIndex } = table.getState().pagination;
  const pageSize = offered.length === 1 && offered[0] < 10 ? offered[0] : table.getState().pagination.pageSize;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = pageIndex * pageSize + 1;
  // keyset paging knows only the rows it holds; offset paging knows where the page ends
  const last = manual?.hasNext === undefined ? Math.min(total, (pageIndex + 1) * pageSize) : first - 1 + data.length;
  return {
    offered,
    pageIndex,
    pageSize,
    pageCount,
    hasNext: manual?.hasNext ?? pageIndex + 1 < pageCount,
    info: total === 0 ? '0 of 0' : `${first}–${last} of ${manual?.totalIsFloor ? 'more than ' : ''}${total}`,
  };
}
