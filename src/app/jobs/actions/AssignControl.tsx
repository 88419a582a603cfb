import { NativeSelect, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { confirmAssignText, displayJobNumber, isFinal } from '../../../domain/jobs';
import { can } from '../../../domain/permissions';
import type { JobRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { useConfirmedAction } from '../../ui/confirm';

/**
 * SPEC §4 / §6: above level 3, a select of the technicians (level-3 users); a choice is confirmed
 * ('Assign job <#number> to <user>?') and skipped silently when empty or unchanged. Others, and final jobs, read
 * the name only.
 */
export function AssignControl({ job, level }: { job: JobRow; level: number }) {
  const repos = useRepos();
  const act = useConfirmedAction();
  const technicians = useLiveQuery(() => repos.team.technicians(), [repos]) ?? [];
  if (!can('job.assign', level) || isFinal(job.status)) {
    return <Text data-testid="job-technician">{job.technician || 'Not assigned'}</Text>;
  }

  const names = technicians.map((t) => t.username);
  if (job.technician && !names.includes(job.technician)) names.unshift(job.technician);

  const assign = async (user: string) => {
    if (!user || user === job.technician) return;
    await act({
      title: 'Assign technician',
      message: confirmAssignText(job.number, user),
      confirmLabel: 'Assign',
      run: () => repos.jobs.assign(job.id, user),
      done: (assigned) => (assigned ? `Job ${displayJobNumber(job.number)} assigned to ${user}` : undefined),
    });
  };

  return (
    <NativeSelect.Root size="sm" width={{ base: 'full', sm: '44' }}>
      <NativeSelect.Field
        aria-label="Assigned to"
        value={job.technician ?? ''}
        onChange={(e) => void assign(e.currentTarget.value)}
      >
        <option value="">Select technician</option>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
