import { Badge, Box, Button, Field, Heading, HStack, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { format } from 'date-fns';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { JobRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { notify } from '../../feedback/toaster';
import { TimesFields } from './TimesFields';
import {
  BOOKABLE_STATUSES,
  bookingText,
  SLOT_HOURS,
  dateOfKey,
  dayBookingSchema,
  defaultSlot,
  matchesJob,
  slotText,
  timeText,
  toInstants,
  type SlotTimes,
  type DayBooking,
} from './booking';
import { statusPalette } from '../statusColours';
import { submitWith } from '../../ui/submitWith';

/** Options shown at once in the job picker; the search narrows the rest. */
const MAX_OPTIONS = 100;

const jobLabel = (j: JobRow) => `#${j.number} ${j.registration} — ${j.first_name} ${j.last_name} (${j.status})`;

/** The open jobs (received, active or booked) the search matches, by registration; the chosen one stays listed. */
function useOpenJobs(search: string, selected: string) {
  const repos = useRepos();
  const open = useLiveQuery(
    async () => (await Promise.all(BOOKABLE_STATUSES.map((s) => repos.jobs.byStatus(s)))).flat(),
    [repos],
  );
  const matches = useMemo(
    () =>
      (open ?? []).filter((j) => matchesJob(j, search)).sort((a, b) => a.registration.localeCompare(b.registration)),
    [open, search],
  );
  const options = useMemo(() => {
    const list = matches.slice(0, MAX_OPTIONS);
    const current =
      selected && !list.some((j) => j.id === selected) ? (open ?? []).find((j) => j.id === selected) : undefined;
    return current ? [current, ...list] : list;
  }, [matches, open, selected]);
  return { open, matches, options };
}

/** The day's slots: a tap sets the from and to times. */
function SlotButtons({ day, start, onPick }: { day: string; start: string | null; onPick: (slot: SlotTimes) => void }) {
  return (
    <Box role="group" aria-label="Slots">
      <Text fontSize="sm" fontWeight="medium" mb="1">
        Slot
      </Text>
      <Wrap gap="1">
        {SLOT_HOURS.map((h) => {
          const slot = slotText(day, h);
          const on = start === slot.book_start;
          return (
            <Button
              key={h}
              size="sm"
              minW="14"
              variant={on ? 'solid' : 'outline'}
              colorPalette="blue"
              aria-pressed={on}
              onClick={() => onPick(slot)}
            >
              {slot.book_start.slice(11)}
            </Button>
          );
        })}
      </Wrap>
    </Box>
  );
}

/** The job to book: the matches (the first 100; the search narrows the rest). */
function JobSelect({
  field,
  loading,
  matches,
  options,
}: {
  field: UseFormRegisterReturn;
  loading: boolean;
  matches: number;
  options: JobRow[];
}) {
  return (
    <Field.Root>
      <Field.Label>Job</Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field {...field}>
          <option value="">{loading ? 'Loading…' : matches ? 'Select a job' : 'No open job matches'}</option>
          {options.map((j) => (
            <option key={j.id} value={j.id}>
              {jobLabel(j)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {matches > MAX_OPTIONS && (
        <Field.HelperText>
          Showing {MAX_OPTIONS} of {matches}: refine the search.
        </Field.HelperText>
      )}
    </Field.Root>
  );
}

/** SPEC §2 "Selecting a slot sets from and to times": book an open job (received, active or booked) into the day. */
function BookForm({ day, tz }: { day: string; tz: string }) {
  const repos = useRepos();
  const [search, setSearch] = useState('');
  const resolver = useMemo(() => yupResolver(dayBookingSchema(tz)), [tz]);
  const { register, handleSubmit, setValue, watch, reset, clearErrors, formState } = useForm<DayBooking>({
    resolver,
    defaultValues: { job: '', ...defaultSlot(day, tz) },
  });
  const selected = watch('job');
  const start = watch('book_start');
  const { open, matches, options } = useOpenJobs(search, selected);

  // a refusal is toasted by submitWith
  const onSubmit = async (v: DayBooking) => {
    const { startIso, endIso } = toInstants(v, tz);
    const job = await repos.jobs.book(v.job, startIso, endIso);
    notify(`Job #${job.number} booked for ${bookingText(startIso, tz)}`);
    reset({ job: '', book_start: v.book_start, book_end: v.book_end });
    setSearch('');
  };

  return (
    <Box asChild borderWidth="1px" borderRadius="md" p="3">
      <form onSubmit={submitWith(handleSubmit, onSubmit)} noValidate data-testid="book-form">
        <Stack gap="3">
          <Heading as="h3" size="sm">
            Book a job
          </Heading>
          <Field.Root>
            <Field.Label>Find job</Field.Label>
            <Input
              size="lg"
              placeholder="Registration or #number"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              autoComplete="off"
            />
          </Field.Root>
          <JobSelect field={register('job')} loading={open === undefined} matches={matches.length} options={options} />
          <SlotButtons
            day={day}
            start={start}
            onPick={(slot) => {
              setValue('book_start', slot.book_start);
              setValue('book_end', slot.book_end);
              clearErrors();
            }}
          />
          <TimesFields register={register} errors={formState.errors} />
          <Button type="submit" colorPalette="blue" size="lg" disabled={!selected} loading={formState.isSubmitting}>
            Book
          </Button>
        </Stack>
      </form>
    </Box>
  );
}

/** The selected day: its bookings (each opens the job) and, for levels that may book, the booking form. */
export function DayPanel({
  day,
  jobs,
  tz,
  mayBook,
  onOpen,
}: {
  day: string;
  jobs: JobRow[];
  tz: string;
  mayBook: boolean;
  onOpen: (job: JobRow) => void;
}) {
  return (
    <Stack gap="4" data-testid="day-panel">
      <Heading as="h2" size="md">
        {format(dateOfKey(day), 'EEEE, MMMM d, yyyy')}
      </Heading>
      {jobs.length ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Bookings of the day">
          {jobs.map((j) => (
            <li key={j.id}>
              <Button
                variant="outline"
                width="100%"
                height="auto"
                py="2"
                justifyContent="flex-start"
                textAlign="start"
                whiteSpace="normal"
                onClick={() => onOpen(j)}
              >
                <Stack gap="0" flex="1" minW="0">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="semibold">
                      {timeText(j.book_start, tz)}–{timeText(j.book_end, tz)}
                    </Text>
                    <Text>{j.registration}</Text>
                    <Badge colorPalette={statusPalette(j.status)}>{j.status}</Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    #{j.number} {j.first_name} {j.last_name}
                  </Text>
                </Stack>
              </Button>
            </li>
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">No bookings on this day.</Text>
      )}
      {mayBook && <BookForm key={`${day}|${tz}`} day={day} tz={tz} />}
    </Stack>
  );
}
