import { Box } from '@chakra-ui/react';
import { format, isValid, parse } from 'date-fns';
import Calendar from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import { DAY_FORMAT } from '../../../domain/dates';
import { TOUCH_TARGET_PX } from '../../ui/theme';

/**
 * The booking date picker of the request form (level 4 and up). Loaded lazily (React.lazy) so react-calendar stays
 * out of the main chunk. Days are 'YYYY-MM-DD' labels of the shop's calendar; `today` is the shop's today, earlier
 * days cannot be picked. Tiles and arrows are at least TOUCH_TARGET_PX high (react-calendar's
 * own buttons: no Chakra recipe sizes them).
 */
export default function BookingCalendar({
  day,
  today,
  onPick,
}: {
  day: string | null;
  today: string;
  onPick: (day: string) => void;
}) {
  const asDate = (d: string | null) => {
    if (!d) return null;
    const v = parse(d, DAY_FORMAT, new Date());
    return isValid(v) ? v : null;
  };
  return (
    <Box
      data-testid="booking-calendar"
      maxW="md"
      css={{
        '& .react-calendar': {
          width: '100%',
          border: '1px solid var(--chakra-colors-border)',
          borderRadius: '8px',
          fontFamily: 'inherit',
        },
        '& .react-calendar__tile': { minHeight: `${TOUCH_TARGET_PX}px` },
        '& .react-calendar__navigation button': { minHeight: `${TOUCH_TARGET_PX}px` },
      }}
    >
      <Calendar
        value={asDate(day)}
        minDate={asDate(today) ?? undefined}
        onClickDay={(d) => onPick(format(d, DAY_FORMAT))}
        locale="en-US"
        prevAriaLabel="Previous month"
        nextAriaLabel="Next month"
        prev2AriaLabel="Previous year"
        next2AriaLabel="Next year"
      />
    </Box>
  );
}
