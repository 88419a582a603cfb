import type { ColumnFiltersState, PaginationState, SortingState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { errorMessage, notify } from '../feedback/toaster';
import type { ManualPaging } from './DataTable';
import { useCalmLiveQuery } from './useCalmLiveQuery';

/**
 * A table that reads one page at a time through its repository (issue 13, docs/ARCHITECTURE.md "How a table reads a
 * page"): the sort, search and filters the user picked, and where the page starts — after the last row shown (Next)
 * or before the first (Previous), as the repository's page handed them back. No offset: the tenth page costs what
 * the first does. The page is a live query, so a pulled or edited row shows at once on the page that holds it.
 * Give it stable `read` and `each` (useCallback or module functions).
 */

export interface KeysetRequest<S extends string, K> {
  sort: S;
  desc: boolean;
  search: string;
  filters: { id: string; value: string }[];
  limit: number;
  after?: K;
  before?: K;
}

export interface KeysetPage<T, K> {
  rows: T[];
  total: number;
  totalIsFloor: boolean;
  hasNext: boolean;
  hasPrev: boolean;
  first?: K;
  last?: K;
}

/** What the user picked: the sort (one of `sorts`; none, or another, is the default), the search and the filters. */
function usePicks<S extends string>(defaultSort: { id: S; desc: boolean }, sorts: readonly S[]) {
  const [sorting, setSorting] = useState<SortingState>([defaultSort]);
  const [search, setSearch] = useState('');
  const [columnFilters, setFilters] = useState<ColumnFiltersState>([]);
  const picked = sorts.find((s) => s === sorting[0]?.id);
  return {
    // taking the sort off goes back to the default order
    sorting: picked ? sorting : [defaultSort],
    setSorting: (s: SortingState) => setSorting(s.length ? s : [defaultSort]),
    search,
    setSearch,
    columnFilters,
    setFilters,
    sort: picked ?? defaultSort.id,
    desc: picked ? !!sorting[0]?.desc : defaultSort.desc,
    // the filters as text, so the live query's dependencies compare by value
    filterKey: JSON.stringify(columnFilters.map((f) => ({ id: f.id, value: String(f.value ?? '') }))),
  };
}

type Filters = KeysetRequest<string, unknown>['filters'];

export function useKeysetPages<T, S extends string, K>(opts: {
  read: (q: KeysetRequest<S, K>) => Promise<KeysetPage<T, K>>;
  each: (q: Omit<KeysetRequest<S, K>, 'limit' | 'after' | 'before'>, write: (rows: T[]) => void) => Promise<void>;
  /** the sort when the user has picked none */
  defaultSort: { id: S; desc: boolean };
  /** the column ids that sort (a header click on another is ignored) */
  sorts: readonly S[];
  pageSize: number;
}) {
  const { read, each } = opts;
  const picks = usePicks(opts.defaultSort, opts.sorts);
  const { sort, desc, search, filterKey } = picks;
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: opts.pageSize });
  const [cursor, setCursor] = useState<{ after?: K; before?: K }>({});
  const { pageSize } = pagination;

  // calm while a first sync writes pages under the table (useCalmLiveQuery): one render a second, not three a page
  const page = useCalmLiveQuery(
    () =>
      read({ sort, desc, search, filters: JSON.parse(filterKey) as Filters, limit: pageSize, ...cursor }).catch(
        (err: unknown) => {
          // SPEC §8: a paged table that fails to load shows a warning toast (and an empty page, not a broken screen)
          notify(errorMessage(err), 'warning');
          return null;
        },
      ),
    [read, sort, desc, search, filterKey, pageSize, cursor],
  );

  const firstPage = useCallback((size?: number) => {
    setCursor({});
    setPagination((p) => ({ pageIndex: 0, pageSize: size ?? p.pageSize }));
  }, []);

  // Previous that met the start (rows were added or removed meanwhile) is the first page
  const shown = page && !page.hasPrev ? { ...pagination, pageIndex: 0 } : pagination;
  const onPaginationChange = (next: PaginationState) => {
    if (next.pageSize !== shown.pageSize || next.pageIndex === 0) return firstPage(next.pageSize);
    if (next.pageIndex > shown.pageIndex && page?.last !== undefined) setCursor({ after: page.last });
    else if (next.pageIndex < shown.pageIndex && page?.first !== undefined) setCursor({ before: page.first });
    else return;
    setPagination(next);
  };

  const exportRows = useCallback(
    (write: (rows: T[]) => void) => each({ sort, desc, search, filters: JSON.parse(filterKey) as Filters }, write),
    [each, sort, desc, search, filterKey],
  );
  /** a new sort, search or filter starts again at the first page */
  const andFirstPage =
    <V>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      firstPage();
    };

  const manual: ManualPaging = {
    total: page?.total ?? 0,
    totalIsFloor: page?.totalIsFloor,
    hasNext: page?.hasNext ?? false,
    pagination: shown,
    onPaginationChange,
    sorting: picks.sorting,
    onSortingChange: andFirstPage(picks.setSorting),
    search,
    onSearchChange: andFirstPage(picks.setSearch),
    columnFilters: picks.columnFilters,
    onColumnFiltersChange: andFirstPage(picks.setFilters),
  };
  return { rows: page?.rows ?? [], loading: page === undefined, manual, exportRows };
}
