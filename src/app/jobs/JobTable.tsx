import { useMemo, useState, type ReactNode } from 'react';
import type { JobRow } from '../../local/db';
import { useSession } from '../session/session';
import { DataTable, PAGE_SIZES, type ManualPaging } from '../ui/DataTable';
import { JobPanel } from './JobPanel';
import { jobColumns, statusRowStyle } from './columns';
import { useShopTimeZone } from './useShopTimeZone';

export interface JobTableProps {
  jobs: JobRow[];
  /** accessible name and CSV file name */
  name: string;
  toolbar?: ReactNode;
  loading?: boolean;
  /**
   * The paged variant (/view-request): the caller reads one page through repos.jobs.page and gives it here with the
   * total, paging, sorting (Received only) and search. Without it, every row is given and the table pages them.
   */
  manual?: ManualPaging;
}

/**
 * SPEC §2 Job table, in both variants: rows coloured by status, registration/VIN search helper, hidden searchable
 * Email/Contact, hidden exportable Services/Customer Note, and each row expanding into its JobPanel.
 */
export function JobTable({ jobs, name, toolbar, loading, manual }: JobTableProps) {
  const user = useSession();
  const tz = useShopTimeZone();
  const [search, setSearch] = useState('');
  const paged = !!manual;
  // the search helper goes to whoever owns the search (give a stable onSearchChange to keep the columns stable)
  const onSearch = manual ? manual.onSearchChange : setSearch;
  const username = user?.username ?? '';
  const columns = useMemo(() => jobColumns({ username, tz, paged, onSearch }), [username, tz, paged, onSearch]);

  return (
    <DataTable<JobRow>
      data={jobs}
      columns={columns}
      name={name}
      getRowId={(j) => j.id}
      pageSizes={PAGE_SIZES.default}
      rowStyle={statusRowStyle}
      renderExpanded={(j) => <JobPanel job={j} tz={tz} paged={paged} />}
      toolbar={toolbar}
      loading={loading}
      search={manual ? undefined : search}
      onSearchChange={manual ? undefined : setSearch}
      manual={manual}
      emptyText="No jobs to display"
    />
  );
}
