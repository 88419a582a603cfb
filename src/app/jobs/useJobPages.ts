import type { PaginationState, SortingState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import type { JobStatus } from '../../domain/entities';
import type { Repositories } from '../../local/repositories';
import { useRepos } from '../data/DataProvider';
import { errorMessage, notify } from '../feedback/toaster';
import { PAGE_SIZES, type ManualPaging } from '../ui/DataTable';
import { useCalmLiveQuery } from '../ui/useCalmLiveQuery';

const DEFAULT_SORT: SortingState = [{ id: 'created_at', desc: true }];

/**
 * One page of jobs, newest or oldest first. The repository pages newest first; an oldest-first page is the mirror
 * slice of that order, read back to front.
 */
export async function loadJobPage(
  repos: Repositories,
  q: { status: JobStatus | ''; search: string; offset: number; limit: number; desc: boolean },
) {
  const status = q.status || undefined;
  if (q.desc) return repos.jobs.page({ status, search: q.search, offset: q.offset, limit: q.limit });
  const { total, totalIsFloor } = await repos.jobs.page({ status, search: q.search, offset: 0, limit: 1 });
  const count = Math.min(q.limit, total - q.offset);
  if (count <= 0) return { rows: [], total, totalIsFloor };
  const { rows } = await repos.jobs.page({ status, search: q.search, offset: total - q.offset - count, limit: count });
  return { rows: rows.reverse(), total, totalIsFloor };
}

/**
 * The paged job table's state and reads (the Service Requests screen, and the Dashboard's Active and Received
 * tiles): one page through repos.jobs.page, live (calmly while a pull writes pages: both are watched during a first
 * sync), with its total, sorting, search and an Export CSV of every match.
 */
export function useJobPages(status: JobStatus | '', initialSearch = '') {
  const repos = useRepos();
  const [search, setSearch] = useState(initialSearch);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZES.default[0] });
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_SORT);
  const desc = sorting[0]?.desc ?? true;
  const { pageIndex, pageSize } = pagination;

  const result = useCalmLiveQuery(
    () =>
      loadJobPage(repos, { status, search: search.trim(), offset: pageIndex * pageSize, limit: pageSize, desc }).catch(
        (err: unknown) => {
          // SPEC §8: a paged table that fails to load shows a warning toast (and an empty page, not a broken screen)
          notify(errorMessage(err), 'warning');
          return { rows: [], total: 0, totalIsFloor: false };
        },
      ),
    [repos, status, search, pageIndex, pageSize, desc],
  );
  // Export CSV: every job matching the status and search (not only this page), in the table's order
  const exportAll = useCallback(async () => {
    const { rows } = await repos.jobs.page({
      status: status || undefined,
      search: search.trim(),
      offset: 0,
      limit: Infinity,
    });
    return desc ? rows : rows.reverse();
  }, [repos, status, search, desc]);
  // only Received sorts; taking the sort off goes back to newest first
  const onSortingChange = useCallback((s: SortingState) => setSorting(s.length ? s : DEFAULT_SORT), []);
  const manual: ManualPaging = {
    total: result?.total ?? 0,
    // a search too broad to read whole counts the matches found within its bounds: "of more than"
    totalIsFloor: result?.totalIsFloor,
    pagination,
    onPaginationChange: setPagination,
    sorting,
    onSortingChange,
    search,
    onSearchChange: setSearch,
  };
  return { rows: result?.rows, manual, exportAll, toFirstPage: () => setPagination((p) => ({ ...p, pageIndex: 0 })) };
}
