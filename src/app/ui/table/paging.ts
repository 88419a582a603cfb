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
 * The rows-per-page choices: the table's own sizes (SPEC §9), however many rows there are — or null, no selector.
 * Issue 30: SPEC §9's "with fewer than 10 rows the page size shrinks to that count" made a table of 3 rows offer "3"
 * alone, and a fourth row made it "4". A user reads "Rows per page" as a setting that stays put; while every row fits
 * on one page of the smallest size (and for a table with one size, the services' 8) any choice shows the same page,
 * so the selector is hidden rather than offering sizes that change nothing; it appears with the first row past the
 * smallest size. The "1–4 of 4" line says how many rows there are either way.
 */
function pageSizeChoices(loaded: number, sizes: readonly number[]): readonly number[] | null {
  return sizes.length > 1 && loaded > Math.min(...sizes) ? sizes : null;
}

/** The pager's figures: the sizes offered (null: none), the page shown, whether there is a next one, and "11–20 of 57". */
export function pageFigures<T>(table: Table<T>, { data, manual, pageSizes }: DataTableProps<T>) {
  const total = manual ? manual.total : table.getFilteredRowModel().rows.length;
  const offered = pageSizeChoices(
    manual ? (manual.totalIsFloor ? Infinity : manual.total) : data.length,
    pageSizes ?? PAGE_SIZES.default,
  );
  const { pageIndex, pageSize } = table.getState().pagination;
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
