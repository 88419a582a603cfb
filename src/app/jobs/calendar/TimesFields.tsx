import { Field, Input, Stack, Text } from '@chakra-ui/react';
import type { FieldErrors } from 'react-hook-form';
import type { RegisterFields } from '../../ui/formFields';
import { bookingMessage, type BookingTimes } from './booking';

/**
 * From and To of a booking in SPEC's 'YYYY-MM-DD HH:mm' (shop time). The booking check (SPEC §5) reports on the end,
 * so its message is shown once under both fields and both are marked invalid.
 */
export function TimesFields({
  register,
  errors,
}: {
  register: RegisterFields<BookingTimes>;
  errors: FieldErrors<BookingTimes>;
}) {
  const message = bookingMessage(errors);
  return (
    <Stack gap="2">
      {/* side by side where both show a whole 'YYYY-MM-DD HH:mm', one above the other where not (the calendar's
          day panel on a tablet is narrower than the screen: issue 15, the times were cut) */}
      <Stack direction="row" wrap="wrap" gap="3">
        <Field.Root invalid={!!message} flex="1 1 12rem">
          <Field.Label>From</Field.Label>
          <Input placeholder="YYYY-MM-DD HH:mm" autoComplete="off" size="lg" {...register('book_start')} />
        </Field.Root>
        <Field.Root invalid={!!message} flex="1 1 12rem">
          <Field.Label>To</Field.Label>
          <Input placeholder="YYYY-MM-DD HH:mm" autoComplete="off" size="lg" {...register('book_end')} />
        </Field.Root>
      </Stack>
      {message ? (
        <Text color="fg.error" fontSize="sm" role="alert" data-testid="booking-error">
          {message}
        </Text>
      ) : (
        <Text color="fg.muted" fontSize="xs">
          Shop time, YYYY-MM-DD HH:mm
        </Text>
      )}
    </Stack>
  );
}
