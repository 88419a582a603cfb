import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { displayJobNumber, isFinal } from '../../../domain/jobs';
import { MSG } from '../../../domain/messages';
import type { JobRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { notify } from '../../feedback/toaster';
import { TimesFields } from './TimesFields';
import { bookingText, canRebook, eventBookingSchema, toInstants, type BookingTimes } from './booking';
import { statusPalette } from '../statusColours';
import { DialogFrame } from '../../ui/DialogFrame';
import { submitWith } from '../../ui/submitWith';

const FORM_ID = 'event-booking-form';

/** SPEC §2 "Selecting an event allows changing its date or times" (level 4+; same check, same repository call). */
function RebookForm({ job, tz, onDone }: { job: JobRow; tz: string; onDone: () => void }) {
  const repos = useRepos();
  const resolver = useMemo(() => yupResolver(eventBookingSchema(tz)), [tz]);
  const { register, handleSubmit, formState } = useForm<BookingTimes>({
    resolver,
    defaultValues: { book_start: bookingText(job.book_start, tz), book_end: bookingText(job.book_end, tz) },
  });
  // a refusal is toasted by submitWith
  const onSubmit = async (v: BookingTimes) => {
    const { startIso, endIso } = toInstants(v, tz);
    await repos.jobs.book(job.id, startIso, endIso);
    notify(`Job ${displayJobNumber(job.number)} booked for ${bookingText(startIso, tz)}`);
    onDone();
  };
  return (
    <form id={FORM_ID} onSubmit={submitWith(handleSubmit, onSubmit)} noValidate>
      <TimesFields register={register} errors={formState.errors} />
    </form>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <HStack align="baseline" gap="3">
      <Text minW="28" color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Box flex="1" minW="0">
        {children}
      </Box>
    </HStack>
  );
}

/** Who, which vehicle, its status and the services asked for. */
function JobDetails({ job }: { job: JobRow }) {
  return (
    <>
      <Detail label="Name">
        <Text>
          {job.first_name} {job.last_name}
        </Text>
      </Detail>
      <Detail label="Registration">
        <Text fontWeight="semibold">{job.registration}</Text>
      </Detail>
      <Detail label="Status">
        <Badge colorPalette={statusPalette(job.status)}>{job.status}</Badge>
      </Detail>
      <Detail label="Services">
        {job.service?.length ? (
          <Box as="ol" ps="5" listStyleType="decimal">
            {job.service.map((s, i) => (
              <li key={`${i}-${s}`}>{s}</li>
            ))}
          </Box>
        ) : (
          <Text color="fg.muted">None</Text>
        )}
      </Detail>
    </>
  );
}

/** The booking as it is, and why it cannot change when the job is final. */
function Booked({ job, tz, mayBook }: { job: JobRow; tz: string; mayBook: boolean }) {
  return (
    <>
      <Detail label="Booked">
        <Text data-testid="booking-times">
          {bookingText(job.book_start, tz)} – {bookingText(job.book_end, tz)}
        </Text>
      </Detail>
      {mayBook && isFinal(job.status) && (
        <Text color="fg.muted" fontSize="sm">
          {MSG.cannotUpdateFinal}
        </Text>
      )}
    </>
  );
}

/** A booked job: #number, name, registration, services, booking; editable for levels that may book. */
export function EventDialog({
  jobId,
  tz,
  level,
  mayBook,
  onClose,
}: {
  jobId: string | null;
  tz: string;
  level: number;
  mayBook: boolean;
  onClose: () => void;
}) {
  const repos = useRepos();
  const job = useLiveQuery(() => (jobId ? repos.jobs.get(jobId) : undefined), [repos, jobId]);
  const editable = !!job && canRebook(job.status, level);
  const footer = (
    <>
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
      {editable && (
        <Button type="submit" form={FORM_ID} colorPalette="blue">
          Save
        </Button>
      )}
    </>
  );
  return (
    <DialogFrame
      title={job ? `Job ${displayJobNumber(job.number)}` : 'Job'}
      testId="event-dialog"
      open={!!jobId}
      size={{ base: 'full', md: 'md' }}
      onClose={onClose}
      footer={footer}
    >
      {job && (
        <Stack gap="3">
          <JobDetails job={job} />
          {editable ? (
            <RebookForm key={`${job.id}|${job.book_start}|${job.book_end}|${tz}`} job={job} tz={tz} onDone={onClose} />
          ) : (
            <Booked job={job} tz={tz} mayBook={mayBook} />
          )}
        </Stack>
      )}
    </DialogFrame>
  );
}
