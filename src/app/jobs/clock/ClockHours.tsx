import { Alert, Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ClockLine } from '../../../domain/clockReport';
import { BOOKING_FORMAT, formatShop } from '../../../domain/dates';
import type { ClockHours as Hours } from '../../../local/repositories/clock';
import { useRepos } from '../../data/DataProvider';
import { DataTable, PAGE_SIZES } from '../../ui/DataTable';
import { MendClock } from './MendClock';

/** A line as the tables show it: its name and the names beside it, job ids read as their number and plate. */
interface Row extends ClockLine {
  name: string;
  others: string;
}

const columns = (name: string, others: string): ColumnDef<Row, unknown>[] => [
  { accessorKey: 'name', header: name },
  { accessorKey: 'hours', header: 'Hours', meta: { filter: false } },
  { accessorKey: 'stretches', header: 'Stretches', meta: { filter: false } },
  { accessorKey: 'pastClosing', header: 'Past closing', meta: { filter: false } },
  { accessorKey: 'others', header: others },
];
const BY_TECHNICIAN = columns('Technician', 'Jobs');
const BY_JOB = columns('Job', 'Technicians');

function rows(lines: readonly ClockLine[], label: (key: string) => string, other: (key: string) => string): Row[] {
  return lines.map((l) => ({ ...l, name: label(l.key), others: l.with.map(other).join(', ') }));
}

function Table({ title, data, cols }: { title: string; data: Row[]; cols: ColumnDef<Row, unknown>[] }) {
  return (
    <Box>
      <Heading size="md" mb="3">
        {title}
      </Heading>
      <DataTable
        name={title}
        data={data}
        columns={cols}
        getRowId={(r) => r.key}
        pageSizes={PAGE_SIZES.default}
        emptyText="No clocked hours in this range."
      />
    </Box>
  );
}

function PastClosing({ hours, job }: { hours: Hours; job: (id: string) => string }) {
  return hours.pastClosing.map((c) => (
    <Alert.Root key={c.entry.id} status="warning" size="sm" data-testid="hours-past-closing">
      <Alert.Indicator />
      <Alert.Title>
        {c.entry.username} on {job(c.entry.job_id)}, started{' '}
        {formatShop(c.entry.started_at, hours.timeZone, BOOKING_FORMAT)}: ran past closing, counted to{' '}
        {formatShop(new Date(c.to), hours.timeZone, 'HH:mm')}
      </Alert.Title>
      <MendClock c={c} timeZone={hours.timeZone} />
    </Alert.Root>
  ));
}

/**
 * The hours report (issue 18) under Reports: the time clock's hours by technician and by job for the shop days
 * chosen, from the stretches this device holds (src/domain/clockReport.ts); the clocks that ran past closing are
 * listed to be checked, each counted only to closing until the desk mends it (MendClock) with its real stop.
 */
export function ClockHours({ start, end }: { start: string; end: string }) {
  const repos = useRepos();
  const hours = useLiveQuery(() => repos.clock.hours(start, end, new Date()), [repos, start, end]);
  if (!hours) return null;
  const job = (id: string) => hours.jobs[id] ?? id;
  const same = (key: string) => key;
  return (
    <Stack gap="4" data-testid="clock-hours">
      <Text data-testid="hours-total">Clocked hours: {hours.hours} h</Text>
      <PastClosing hours={hours} job={job} />
      <Table title="Hours by technician" data={rows(hours.byTechnician, same, job)} cols={BY_TECHNICIAN} />
      <Table title="Hours by job" data={rows(hours.byJob, job, same)} cols={BY_JOB} />
    </Stack>
  );
}
