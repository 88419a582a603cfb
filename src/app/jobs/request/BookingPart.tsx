import { Box, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { DAY_FORMAT, formatShop } from '../../../domain/dates';
import { Section } from '../../ui/Section';
import type { RequestFormValues } from './form';

/** react-calendar is loaded only when the booking part is shown (level 4 and up), never in the main chunk. */
const BookingCalendar = lazy(() => import('./BookingCalendar'));

const BOOKING_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/;

/**
 * Make Service Request's optional booking (level 4 and up): a day picked on the calendar fills both times (keeping
 * times already typed), which can then be adjusted as text in the shop's time zone.
 */
export function BookingPart(props: {
  form: Pick<UseFormReturn<RequestFormValues>, 'register' | 'watch' | 'setValue' | 'getValues'>;
  errors: FieldErrors<RequestFormValues>;
  isSubmitted: boolean;
  tz: string;
}) {
  const { form, errors, isSubmitted, tz } = props;
  const { register, watch, setValue, getValues } = form;
  const pickedDay = BOOKING_TEXT.exec(watch('book_start').trim())?.[1] ?? null;
  const today = formatShop(new Date(), tz, DAY_FORMAT);
  const opts = { shouldValidate: isSubmitted, shouldDirty: true };
  const pickDay = (day: string) => {
    const time = (t: string, fallback: string) => BOOKING_TEXT.exec(t.trim())?.[2] ?? fallback;
    setValue('book_start', `${day} ${time(getValues('book_start'), '08:00')}`, opts);
    setValue('book_end', `${day} ${time(getValues('book_end'), '09:00')}`, opts);
  };
  const clear = () => {
    setValue('book_start', '', { shouldValidate: isSubmitted });
    setValue('book_end', '', { shouldValidate: isSubmitted });
  };
  const bookingError = errors.book_end?.message ?? errors.book_start?.message;
  return (
    <Section title="Booking (optional)" testId="booking">
      <Stack gap="4" direction={{ base: 'column', lg: 'row' }} align={{ lg: 'flex-start' }}>
        <Suspense fallback={<Text color="fg.muted">Loading calendar…</Text>}>
          <BookingCalendar day={pickedDay} today={today} onPick={pickDay} />
        </Suspense>
        <Stack gap="3" flex="1">
          <Field.Root invalid={!!bookingError}>
            <Field.Label>From</Field.Label>
            <Input placeholder="YYYY-MM-DD HH:mm" autoComplete="off" {...register('book_start')} />
          </Field.Root>
          <Field.Root invalid={!!bookingError}>
            <Field.Label>To</Field.Label>
            <Input placeholder="YYYY-MM-DD HH:mm" autoComplete="off" {...register('book_end')} />
            <Field.ErrorText>{bookingError}</Field.ErrorText>
          </Field.Root>
          <Text fontSize="xs" color="fg.muted">
            Pick a day, then adjust the times (YYYY-MM-DD HH:mm, shop time {tz}). Leave both empty for no booking.
          </Text>
          <Box>
            <Button size="sm" variant="ghost" onClick={clear}>
              Clear booking
            </Button>
          </Box>
        </Stack>
      </Stack>
    </Section>
  );
}
