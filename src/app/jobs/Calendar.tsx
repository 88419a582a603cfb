import { Box, Button, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { startOfMonth } from 'date-fns';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { shopDay } from '../../domain/dates';
import { can } from '../../domain/permissions';
import type { JobRow } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { useSession } from '../session/session';
import { dateOfKey, dayKeyOf, groupByDay, monthRange } from './calendar/booking';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { DayPanel } from './calendar/DayPanel';
import { EventDialog } from './calendar/EventDialog';
import { MonthGrid } from './calendar/MonthGrid';

/**
 * SPEC §2 Booking calendar (/view-calendar, level 2+): a month of bookings by shop day; selecting a day (a slot)
 * lists its bookings and, above level 3, books an open job into it; selecting a booking opens the job and, above
 * level 3, changes its date or times (SPEC §4: a booking date update sets status booked; §5: 'Invalid dates',
 * 'Invalid booking dates'). Everything reads and writes the device's database, so it works offline.
 */
export default function Calendar() {
  const repos = useRepos();
  const user = useSession();
  const level = user?.permission ?? 0;
  const mayBook = can('calendar.book', level);
  const tz = useShopTimeZone();

  const [activeStart, setActiveStart] = useState(() => startOfMonth(new Date()));
  const [day, setDay] = useState<string>(() => dayKeyOf(new Date()));
  const [eventId, setEventId] = useState<string | null>(null);

  const { fromIso, toIso } = useMemo(() => monthRange(activeStart, tz), [activeStart, tz]);
  const bookings = useLiveQuery(() => repos.jobs.bookings(fromIso, toIso), [repos, fromIso, toIso]);
  const byDay = useMemo(() => groupByDay(bookings ?? [], tz), [bookings, tz]);

  const selectDay = (key: string) => {
    setDay(key);
    const d = dateOfKey(key);
    if (d.getMonth() !== activeStart.getMonth() || d.getFullYear() !== activeStart.getFullYear())
      setActiveStart(startOfMonth(d));
  };
  const openJob = (job: JobRow) => {
    if (job.book_start) setDay(shopDay(job.book_start, tz));
    setEventId(job.id);
  };
  const goToday = () => {
    const today = shopDay(new Date(), tz);
    setDay(today);
    setActiveStart(startOfMonth(dateOfKey(today)));
  };

  return (
    <Box>
      <CalendarHead loading={bookings === undefined} onToday={goToday} />
      <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '4', lg: '6' }} align="flex-start">
        <Box flex="2" minW="0" width="100%">
          <MonthGrid
            activeStart={activeStart}
            onActiveStartChange={setActiveStart}
            day={day}
            onSelectDay={selectDay}
            byDay={byDay}
            tz={tz}
            onOpen={openJob}
          />
        </Box>
        <Box as="aside" aria-label="Selected day" flex="1" minW="0" width="100%" maxW={{ lg: '420px' }}>
          <DayPanel day={day} jobs={byDay.get(day) ?? []} tz={tz} mayBook={mayBook} onOpen={openJob} />
        </Box>
      </Flex>
      <EventDialog jobId={eventId} tz={tz} level={level} mayBook={mayBook} onClose={() => setEventId(null)} />
    </Box>
  );
}

/** The title, Loading… while the month's bookings are read, and Today. */
function CalendarHead({ loading, onToday }: { loading: boolean; onToday: () => void }) {
  return (
    <HStack justify="space-between" wrap="wrap" gap="2" mb="4">
      <Heading as="h1" size="lg">
        Booking calendar
      </Heading>
      <HStack gap="2">
        {loading && (
          <Text fontSize="sm" color="fg.muted">
            Loading…
          </Text>
        )}
        <Button variant="outline" size="md" onClick={onToday}>
          Today
        </Button>
      </HStack>
    </HStack>
  );
}
