import { Box } from '@chakra-ui/react';
import ReactCalendar from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import type { JobRow } from '../../../local/db';
import { statusTint } from '../statusColours';
import { MAX_CHIPS, dateOfKey, dayKeyOf, timeText } from './booking';

/** A job on its day: its time and registration, tinted by its status. */
function Chip({ job: j, tz, onOpen }: { job: JobRow; tz: string; onOpen: (job: JobRow) => void }) {
  const c = statusTint(j.status);
  return (
    <Box
      as="span"
      data-testid="event-chip"
      data-status={j.status}
      display="block"
      bg={c.bg}
      color={c.fg}
      borderRadius="sm"
      px="1"
      fontSize="xs"
      lineHeight="1.6"
      textAlign="start"
      whiteSpace="nowrap"
      overflow="hidden"
      textOverflow="ellipsis"
      cursor="pointer"
      title={`#${j.number} ${j.registration} ${j.first_name} ${j.last_name}`}
      onClick={(e: React.MouseEvent) => {
        e.stopPropagation();
        onOpen(j);
      }}
    >
      {`${timeText(j.book_start, tz)} ${j.registration}`}
    </Box>
  );
}

/**
 * The day tiles are react-calendar's buttons, so the chips inside them are spans: a tap or click on a chip opens its
 * job (and does not also select the day); keyboard users reach the same jobs through the day panel's list.
 */
function DayChips({
  day,
  jobs,
  tz,
  onOpen,
}: {
  day: string;
  jobs: JobRow[];
  tz: string;
  onOpen: (job: JobRow) => void;
}) {
  const shown = jobs.slice(0, MAX_CHIPS);
  const more = jobs.length - shown.length;
  return (
    <Box
      as="span"
      display="flex"
      flexDirection="column"
      gap="0.5"
      mt="1"
      width="100%"
      minW="0"
      data-testid={`day-${day}`}
    >
      {shown.map((j) => (
        <Chip key={j.id} job={j} tz={tz} onOpen={onOpen} />
      ))}
      {more > 0 && (
        <Box as="span" display="block" fontSize="xs" color="fg.muted" textAlign="start">
          +{more} more
        </Box>
      )}
    </Box>
  );
}

export interface MonthGridProps {
  activeStart: Date;
  onActiveStartChange: (d: Date) => void;
  day: string | null;
  onSelectDay: (day: string) => void;
  byDay: Map<string, JobRow[]>;
  tz: string;
  onOpen: (job: JobRow) => void;
}

/** react-calendar's look, sized for a tablet's touch and a desk PC's mouse: tiles tall enough for the chips. */
const GRID_CSS = {
  '& .react-calendar': {
    width: '100%',
    maxWidth: '100%',
    border: 'none',
    fontFamily: 'inherit',
    background: 'transparent',
  },
  '& .react-calendar__navigation': { height: '48px', marginBottom: '8px' },
  '& .react-calendar__navigation button': { minWidth: '48px', fontSize: '1rem', borderRadius: '6px' },
  '& .react-calendar__month-view__weekdays': { fontSize: '0.75rem' },
  '& .react-calendar__month-view__days__day': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    justifyContent: 'flex-start',
    minHeight: '64px',
    padding: '4px 2px',
    borderWidth: '1px',
    borderColor: 'var(--chakra-colors-border)',
    minWidth: '0',
    overflow: 'hidden',
  },
  '@media (min-width: 48em)': {
    '& .react-calendar__month-view__days__day': { minHeight: '104px', padding: '6px 4px' },
  },
  '& .react-calendar__tile abbr': { alignSelf: 'flex-end', fontWeight: 600, paddingInline: '4px' },
  '& .react-calendar__tile--now': { background: 'var(--chakra-colors-yellow-50)' },
  '& .react-calendar__tile--active, & .react-calendar__tile--active:enabled:focus, & .react-calendar__tile--active:enabled:hover':
    {
      background: 'var(--chakra-colors-blue-50)',
      color: 'inherit',
      outline: '2px solid var(--chakra-colors-blue-500)',
      outlineOffset: '-2px',
    },
  '& .react-calendar__tile:enabled:focus-visible': {
    outline: '3px solid var(--chakra-colors-blue-600)',
    outlineOffset: '-3px',
  },
};

/** The month view (react-calendar 6), sized for a tablet's touch and a desk PC's mouse. */
export function MonthGrid({ activeStart, onActiveStartChange, day, onSelectDay, byDay, tz, onOpen }: MonthGridProps) {
  return (
    <Box data-testid="month-grid" css={GRID_CSS}>
      <ReactCalendar
        activeStartDate={activeStart}
        onActiveStartDateChange={({ activeStartDate }) => {
          if (activeStartDate) onActiveStartChange(activeStartDate);
        }}
        value={day ? dateOfKey(day) : null}
        onClickDay={(d) => onSelectDay(dayKeyOf(d))}
        minDetail="year"
        prevAriaLabel="Previous month"
        nextAriaLabel="Next month"
        prev2AriaLabel="Previous year"
        next2AriaLabel="Next year"
        tileContent={({ date, view }) => {
          if (view !== 'month') return null;
          const key = dayKeyOf(date);
          return <DayChips day={key} jobs={byDay.get(key) ?? []} tz={tz} onOpen={onOpen} />;
        }}
      />
    </Box>
  );
}
