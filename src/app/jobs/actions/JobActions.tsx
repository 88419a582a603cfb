import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { canCancel, canGenerateInvoice, displayJobNumber, isFinal } from '../../../domain/jobs';
import { MSG } from '../../../domain/messages';
import { can } from '../../../domain/permissions';
import type { JobRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { useConfirmedAction } from '../../ui/confirm';
import { AssignControl } from './AssignControl';
import { GalleryDialog } from './GalleryDialog';
import { useLevel } from '../../session/useLevel';
import { NoteDialog } from './NoteDialog';
import { ServiceLogDialog } from './ServiceLogDialog';
import { ServicesDialog } from './ServicesDialog';
import { StatusControl } from './StatusControl';

export { MileageCell } from './MileageCell';

type Open = 'comment' | 'note' | 'services' | 'log' | 'gallery' | null;

/**
 * The action buttons and dialogs of a job's expanding panel (SPEC §2 Job table, §4 states, §6 levels).
 * `paged` is the server-paged table variant, where level 5 may still change the status of a final job.
 * Every write goes through the jobs repository (local row + outbox entry; works offline); refusals are shown with
 * the repository's message. A final job (complete, canceled) offers no updates beyond its log and photos.
 */
export function JobActions({ job, paged }: { job: JobRow; paged?: boolean }) {
  const repos = useRepos();
  const act = useConfirmedAction();
  const level = useLevel();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const cancelJob = async () => {
    await act({
      title: 'Cancel job',
      message: MSG.confirmCancel,
      confirmLabel: 'Yes, cancel job',
      cancelLabel: 'No',
      danger: true,
      run: () => repos.jobs.cancel(job.id),
      done: `Job ${displayJobNumber(job.number)} canceled`,
    });
  };

  return (
    <Stack gap="3" data-testid="job-actions">
      <StatusAndAssignee job={job} paged={paged} level={level} />

      <ActionButtons job={job} level={level} onOpen={setOpen} onCancel={() => void cancelJob()} />

      <JobDialogs job={job} level={level} open={open} onClose={close} />
    </Stack>
  );
}

/** Job Status and Assigned to, side by side (stacked on a narrow screen). */
function StatusAndAssignee({ job, paged, level }: { job: JobRow; paged?: boolean; level: number }) {
  return (
    <Flex
      gap={{ base: '3', md: '6' }}
      wrap="wrap"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
    >
      <Box>
        <Text fontSize="sm" fontWeight="semibold" mb="1">
          Job Status
        </Text>
        <StatusControl job={job} paged={paged} level={level} />
      </Box>
      <Box>
        <Text fontSize="sm" fontWeight="semibold" mb="1">
          Assigned to
        </Text>
        <AssignControl job={job} level={level} />
      </Box>
    </Flex>
  );
}

/** The panel's buttons, each where the level (and the job's status) allows it. */
function ActionButtons({
  job,
  level,
  onOpen,
  onCancel,
}: {
  job: JobRow;
  level: number;
  onOpen: (dialog: Open) => void;
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const final = isFinal(job.status);
  return (
    <Flex gap="2" wrap="wrap" role="group" aria-label={`Actions for job ${displayJobNumber(job.number)}`}>
      {can('job.comment', level) && (
        <Button size="sm" variant="outline" onClick={() => onOpen('comment')}>
          Customer Comments
        </Button>
      )}
      {can('job.serviceNote', level) && (
        <Button size="sm" variant="outline" onClick={() => onOpen('note')}>
          Service Notes
        </Button>
      )}
      {can('job.services', level) && !final && (
        <Button size="sm" variant="outline" onClick={() => onOpen('services')}>
          Edit services
        </Button>
      )}
      {can('serviceLog.view', level) && (
        <Button size="sm" variant="outline" onClick={() => onOpen('log')}>
          Service Log
        </Button>
      )}
      {can('job.photos', level) && (
        <Button size="sm" variant="outline" onClick={() => onOpen('gallery')}>
          Gallery
        </Button>
      )}
      {can('invoice.create', level) && canGenerateInvoice(job.status) && (
        <Button
          size="sm"
          colorPalette="green"
          onClick={() => void navigate(`/generate-invoice?id=${encodeURIComponent(job.id)}`)}
        >
          Generate Invoice
        </Button>
      )}
      {can('job.cancel', level) && canCancel(job.status, level) && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={onCancel}>
          Cancel job
        </Button>
      )}
    </Flex>
  );
}

/** The open dialog: comments and notes (read-only on a final job), services, log, gallery. */
function JobDialogs({
  job,
  level,
  open,
  onClose: close,
}: {
  job: JobRow;
  level: number;
  open: Open;
  onClose: () => void;
}) {
  const repos = useRepos();
  const final = isFinal(job.status);
  return (
    <>
      {open === 'comment' && (
        <NoteDialog
          title="Customer Comments"
          label="Comments for customer"
          initial={job.comment ?? ''}
          readOnly={final}
          onSave={(value) => repos.jobs.comment(job.id, value)}
          onClose={close}
        />
      )}
      {open === 'note' && (
        <NoteDialog
          title="Service Notes"
          label="Service note"
          initial={job.service_note ?? ''}
          readOnly={final}
          onSave={(value) => repos.jobs.serviceNote(job.id, value)}
          onClose={close}
        />
      )}
      {open === 'services' && <ServicesDialog job={job} onClose={close} />}
      {open === 'log' && <ServiceLogDialog job={job} level={level} onClose={close} />}
      {open === 'gallery' && <GalleryDialog job={job} level={level} onClose={close} />}
    </>
  );
}
