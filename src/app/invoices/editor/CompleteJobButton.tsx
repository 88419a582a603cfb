import { Button } from '@chakra-ui/react';
import { canCompleteWithInvoice } from '../../../domain/jobs';
import type { JobRow } from '../../../local/db';
import { useJobStatusChange } from '../../jobs/actions/StatusControl';
import { useSession } from '../../session/session';

/**
 * Beside a paid invoice's PAID badge (issue 30): completes its job as the job's status select does (the same confirm
 * and write, offline too), so the desk need not go to the job once the invoice is paid. Shown while the job is open
 * and the user's level may complete it; the editor's live read of the job takes it away once the job is complete.
 */
export function CompleteJobButton({ job }: { job: JobRow }) {
  const level = useSession()?.permission ?? 0;
  const changeStatus = useJobStatusChange();
  if (!canCompleteWithInvoice(job.status, level)) return null;
  return (
    <Button size="sm" colorPalette="green" variant="outline" onClick={() => void changeStatus(job, 'complete')}>
      Complete job
    </Button>
  );
}
