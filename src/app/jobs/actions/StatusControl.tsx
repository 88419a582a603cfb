import { Badge, NativeSelect } from '@chakra-ui/react';
import type { JobStatus } from '../../../domain/entities';
import { STATUS_OPTIONS, canChangeFinal, confirmStatusText, displayJobNumber, isFinal } from '../../../domain/jobs';
import { can } from '../../../domain/permissions';
import type { JobRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { useConfirmedAction } from '../../ui/confirm';
import { statusPalette } from '../statusColours';

/** The status as a coloured chip (what levels 3 and 4 see on a complete or canceled job). */
export function StatusChip({ status }: { status: string }) {
  return (
    <Badge
      colorPalette={statusPalette(status)}
      variant="solid"
      size="lg"
      textTransform="capitalize"
      data-testid="job-status-chip"
    >
      {status}
    </Badge>
  );
}

/**
 * A job's status change, wherever it is asked for (the status select, the invoice editor's Complete job): confirmed
 * ('Update job <#number> to <status>?', SPEC §4), then written on the device by repos.jobs.setStatus, so it works
 * offline. Resolves true once written.
 */
export function useJobStatusChange() {
  const repos = useRepos();
  const act = useConfirmedAction();
  return (job: JobRow, to: JobStatus) =>
    act({
      title: 'Job Status',
      message: confirmStatusText(job.number, to),
      confirmLabel: 'Update',
      run: () => repos.jobs.setStatus(job.id, to),
      done: `Job ${displayJobNumber(job.number)} updated to ${to}`,
    });
}

/**
 * SPEC §4: a select of every status except booked and canceled, the current one selected; any change is confirmed
 * ('Update job <#number> to <status>?') and then written offline. Complete and canceled are final: a chip only,
 * except for level 5 in the server-paged table.
 */
export function StatusControl({ job, paged, level }: { job: JobRow; paged?: boolean; level: number }) {
  const changeStatus = useJobStatusChange();
  const final = isFinal(job.status);
  if (!can('job.status', level) || (final && !(paged && canChangeFinal(level))))
    return <StatusChip status={job.status} />;

  const current = (STATUS_OPTIONS as readonly string[]).includes(job.status);
  const change = async (to: string) => {
    if (!to || to === job.status) return;
    await changeStatus(job, to as JobStatus);
  };

  return (
    <NativeSelect.Root size="sm" width={{ base: 'full', sm: '44' }}>
      <NativeSelect.Field
        aria-label="Job Status"
        value={job.status}
        onChange={(e) => void change(e.currentTarget.value)}
      >
        {!current && (
          <option value={job.status} disabled>
            {job.status}
          </option>
        )}
        {STATUS_OPTIONS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
