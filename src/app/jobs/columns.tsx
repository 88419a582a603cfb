import { Badge, Icon } from '@chakra-ui/react';
import { touchTarget } from '../ui/theme';
import type { ColumnDef, Row, Table } from '@tanstack/react-table';
import { BOOKING_FORMAT, formatShop } from '../../domain/dates';
import { displayJobNumber, isRealDate, turnaround } from '../../domain/jobs';
import type { JobRow } from '../../local/db';
import { toCsv } from '../ui/csv';
import { MailLink, TelLink } from '../ui/links';
import { MileageCell } from './actions/MileageCell';
import { statusPalette } from './statusColours';
import { rowTints, type RowMarks } from '../ui/table/bodyCss';
import { JOB_STATUSES } from '../../domain/entities';

/**
 * The job table's columns (SPEC §2 Job table): Registration (icon when assigned to the signed-in user), Name,
 * Surname, VIN, ID, Mileage, hidden searchable Email and Contact, Received, Completed, Turnaround, Technician,
 * Status, hidden exportable Services and Customer Note. Dates in the shop's time zone.
 */
export interface JobColumnOptions {
  /** the signed-in user: their jobs get the "assigned to you" icon */
  username: string;
  /** the shop's time zone */
  tz: string;
  /** the search helper: a clicked registration or VIN goes into the table's search box */
  onSearch: (value: string) => void;
  /** the paged variant: the repository orders by created_at only, so only Received sorts */
  paged?: boolean;
}

/**
 * Rows coloured by status (a light tint of the status's palette), and the look of the registration and VIN search
 * links in the cells: Chakra's plain `sm` button, underlined in blue, finger-sized on a tablet.
 */
export const JOB_ROWS: RowMarks<JobRow> = {
  attrs: (job) => ({ 'data-status': job.status }),
  css: {
    ...rowTints('data-status', Object.fromEntries(JOB_STATUSES.map((s) => [s, { bg: `${statusPalette(s)}.50` }]))),
    '& [data-registration]': { display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'nowrap' },
    '& button[data-search-helper]': {
      display: 'inline-flex',
      alignItems: 'center',
      minH: '8',
      px: '0',
      textStyle: 'sm',
      lineHeight: '1.2',
      whiteSpace: 'nowrap',
      color: 'blue.700',
      textDecoration: 'underline',
      fontWeight: 'medium',
      cursor: 'button',
      borderRadius: 'l2',
      focusVisibleRing: 'outside',
      ...touchTarget,
    },
  },
};

export function StatusChip({ status }: { status: string }) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="solid" textTransform="capitalize" data-testid="status-chip">
      {status}
    </Badge>
  );
}

/** A stored instant as the table shows it: 'YYYY-MM-DD HH:mm' in the shop's zone (sorts and searches as text). */
export function tableDate(iso: string | null | undefined, tz: string): string {
  return isRealDate(iso) ? formatShop(iso, tz, BOOKING_FORMAT) : '';
}

/** The completion date, only for complete jobs with a real date. */
export function completedDate(job: JobRow, tz: string): string {
  return job.status === 'complete' ? tableDate(job.complete_at, tz) : '';
}

function turnaroundMs(job: JobRow): number {
  if (job.status !== 'complete' || !isRealDate(job.complete_at)) return -1;
  const from = isRealDate(job.active_at) ? job.active_at : job.created_at;
  return isRealDate(from) ? Date.parse(job.complete_at) - Date.parse(from) : -1;
}

export function AssignedIcon() {
  return (
    <Icon boxSize="4" color="blue.600" flexShrink={0} aria-hidden={false}>
      <svg viewBox="0 0 24 24" role="img" aria-label="Assigned to you">
        <title>Assigned to you</title>
        <path
          fill="currentColor"
          d="M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4zm0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4z"
        />
      </svg>
    </Icon>
  );
}

/** A registration or VIN that, clicked, searches the table for itself (and goes back to the first page). */
function SearchHelper({
  value,
  table,
  onSearch,
}: {
  value: string;
  table: Table<JobRow>;
  onSearch: (v: string) => void;
}) {
  if (!value) return null;
  // a plain button styled by the table (JOB_ROWS.css): twenty of them a page (bodyCss.ts says why)
  return (
    <button
      type="button"
      data-search-helper=""
      title={`Search for ${value}`}
      onClick={() => {
        onSearch(value);
        table.setPageIndex(0);
      }}
    >
      {value}
    </button>
  );
}

/** Email and Contact: hidden until shown from the Columns menu; searched either way; mail and phone links (SPEC §2). */
const CONTACT_COLUMNS: ColumnDef<JobRow, unknown>[] = [
  {
    id: 'email',
    accessorKey: 'email',
    header: 'Email',
    meta: { hidden: true },
    cell: ({ row }) => <MailLink email={row.original.email} />,
  },
  {
    id: 'contact',
    accessorKey: 'contact',
    header: 'Contact',
    meta: { hidden: true },
    cell: ({ row }) => <TelLink phone={row.original.contact} />,
  },
];

/** Turnaround (sorted by its time, not its words), technician, status and the hidden Services and Customer Note. */
const TAIL_COLUMNS: ColumnDef<JobRow, unknown>[] = [
  {
    id: 'turnaround',
    accessorFn: (j) => turnaround(j),
    header: 'Turnaround',
    meta: { priority: 3 },
    sortingFn: (a: Row<JobRow>, b: Row<JobRow>) => turnaroundMs(a.original) - turnaroundMs(b.original),
  },
  { id: 'technician', accessorKey: 'technician', header: 'Technician' },
  {
    id: 'status',
    accessorKey: 'status',
    header: 'Status',
    cell: ({ row }) => <StatusChip status={row.original.status} />,
  },
  {
    id: 'service',
    accessorFn: (j) => (Array.isArray(j.service) ? j.service.join(', ') : String(j.service ?? '')),
    header: 'Services',
    meta: { hidden: true },
  },
  { id: 'customer_note', accessorKey: 'customer_note', header: 'Customer Note', meta: { hidden: true } },
];

/** Received and Completed, in the shop's time zone. */
const dateColumns = (tz: string): ColumnDef<JobRow, unknown>[] => [
  {
    id: 'created_at',
    accessorFn: (j) => tableDate(j.created_at, tz),
    header: 'Received',
    sortDescFirst: true,
    meta: { priority: 3 },
  },
  {
    id: 'complete_at',
    accessorFn: (j) => completedDate(j, tz),
    header: 'Completed',
    sortDescFirst: true,
    meta: { priority: 3 },
  },
];

export function jobColumns({ username, tz, onSearch, paged = false }: JobColumnOptions): ColumnDef<JobRow, unknown>[] {
  const sortable = (id: string) => !paged || id === 'created_at';
  const cols: ColumnDef<JobRow, unknown>[] = [
    {
      id: 'registration',
      accessorKey: 'registration',
      header: 'Registration',
      cell: ({ row, table }) => (
        <span data-registration="">
          <SearchHelper value={row.original.registration} table={table} onSearch={onSearch} />
          {!!username && row.original.technician === username && <AssignedIcon />}
        </span>
      ),
    },
    { id: 'first_name', accessorKey: 'first_name', header: 'Name', meta: { priority: 2 } },
    { id: 'last_name', accessorKey: 'last_name', header: 'Surname' },
    {
      id: 'vin',
      accessorKey: 'vin',
      header: 'VIN',
      meta: { priority: 3 },
      cell: ({ row, table }) => <SearchHelper value={row.original.vin} table={table} onSearch={onSearch} />,
    },
    { id: 'number', accessorFn: (j) => displayJobNumber(String(j.number ?? '')), header: 'ID', meta: { priority: 2 } },
    {
      id: 'mileage',
      accessorKey: 'mileage',
      header: 'Mileage',
      meta: { priority: 3 },
      filterFn: 'includesString',
      // the inline editor for levels above 3 on open jobs; plain text otherwise
      cell: ({ row }) => <MileageCell job={row.original} />,
    },
    ...CONTACT_COLUMNS,
    ...dateColumns(tz),
    ...TAIL_COLUMNS,
  ];
  return cols.map((c) => ({ ...c, enableSorting: sortable(c.id!) }));
}

/**
 * The job table's CSV for rows the table does not hold (the paged variant exports every matching job, not the page
 * on screen): the columns the table exports (hidden Services and Customer Note included), each value read as the
 * table reads it (the column's `csv`, else its accessor).
 */
export function jobsCsv(jobs: JobRow[], columns: ColumnDef<JobRow, unknown>[]): string {
  const cols = columns.filter((c) => c.meta?.csv !== false && c.id);
  const header = cols.map((c) => (typeof c.header === 'string' ? c.header : c.id!));
  const value = (c: ColumnDef<JobRow, unknown>, j: JobRow, i: number): unknown => {
    const csv = c.meta?.csv;
    if (csv) return csv(j);
    if ('accessorFn' in c && c.accessorFn) return c.accessorFn(j, i);
    if ('accessorKey' in c && c.accessorKey) return j[c.accessorKey as string];
    return '';
  };
  return toCsv(
    header,
    jobs.map((j, i) => cols.map((c) => value(c, j, i))),
  );
}
