import type { JobRow } from '../../../local/db';

/**
 * The action buttons and dialogs of a job's expanding panel (SPEC §2 Job table, §4 states, §6 levels).
 * `paged` is the server-paged table variant, where level 5 may still change the status of a final job.
 */
export function JobActions(_props: { job: JobRow; paged?: boolean }) {
  return null;
}
