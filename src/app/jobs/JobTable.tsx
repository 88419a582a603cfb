import { Button } from '@chakra-ui/react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { JobRow } from '../../local/db';
import { notifyError } from '../feedback/toaster';
import { useSession } from '../session/session';
import { downloadCsv } from '../ui/csv';
import { DataTable, PAGE_SIZES, type ManualPaging } from '../ui/DataTable';
import { JobPanel } from './JobPanel';
import { JOB_ROWS, jobColumns, jobsCsv } from './columns';
import { useShopTimeZone } from '../ui/useShopTimeZone';

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
  /**
   * The paged variant's Export CSV: every job matching the status and search, in the table's order (a shop exports
   * "these jobs", not the ten on screen). Without it the table exports the rows it holds.
   */
  exportAll?: () => Promise<JobRow[]>;
  /** the job whose panel is open at first (a link to one job) */
  openId?: string;
}

/**
 * SPEC §2 Job table, in both variants: rows coloured by status, registration/VIN search helper, hidden searchable
 * Email/Contact, hidden exportable Services/Customer Note, and each row expanding into its JobPanel.
 */
export function JobTable({ jobs, name, toolbar, loading, manual, exportAll, openId }: JobTableProps) {
  const user = useSession();
  const tz = useShopTimeZone();
  const [search, setSearch] = useState('');
  const paged = !!manual;
  // the search helper goes to whoever owns the search (give a stable onSearchChange to keep the columns stable)
  const onSearch = manual ? manual.onSearchChange : setSearch;
  const username = user?.username ?? '';
  const columns = useMemo(() => jobColumns({ username, tz, paged, onSearch }), [username, tz, paged, onSearch]);
  // stable, so the table's memoised rows are not drawn again on each render of the screen (a keystroke in the search)
  const panel = useCallback((j: JobRow) => <JobPanel job={j} tz={tz} paged={paged} />, [tz, paged]);
  const [exporting, setExporting] = useState(false);
  const exportEvery = async () => {
    if (!exportAll) return;
    setExporting(true);
    try {
      downloadCsv(`${name}.csv`, jobsCsv(await exportAll(), columns));
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };
  const tools = exportAll ? (
    <>
      {toolbar}
      <Button
        size="sm"
        variant="outline"
        onClick={() => void exportEvery()}
        loading={exporting}
        title="Every matching job, not only this page"
      >
        Export CSV
      </Button>
    </>
  ) : (
    toolbar
  );

  return (
    <DataTable<JobRow>
      data={jobs}
      columns={columns}
      name={name}
      getRowId={(j) => j.id}
      pageSizes={PAGE_SIZES.default}
      rowMarks={JOB_ROWS}
      renderExpanded={panel}
      initialExpanded={openId ? [openId] : undefined}
      toolbar={tools}
      exportable={!exportAll}
      loading={loading}
      search={manual ? undefined : search}
      onSearchChange={manual ? undefined : setSearch}
      manual={manual}
      emptyText="No jobs to display"
    />
  );
}
