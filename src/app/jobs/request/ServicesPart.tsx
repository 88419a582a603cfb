import { Badge, Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { textMax } from '../../../domain/model/fields';
import { jobs } from '../../../domain/model/jobs';
import { Section } from '../../ui/Section';
import { ServicesChecklist } from '../../ui/ServicesChecklist';
import { checklist, type RequestFormValues } from './form';

/** the customer's note on a request: the model's jobs.customer_note, as the request's schema reads it */
const NOTE_MAX = textMax(jobs.fields.customer_note);

/**
 * Make Service Request's "Vehicle and services" part: mileage (leaving it re-checks the outstanding work), the
 * customer note with its count, and the catalogue's checklist with the vehicle's outstanding services marked.
 */
export function ServicesPart(props: {
  form: Pick<UseFormReturn<RequestFormValues>, 'register' | 'watch' | 'getValues'>;
  errors: FieldErrors<RequestFormValues>;
  catalogue: readonly { title: string; description: string }[] | undefined;
  outstanding: readonly string[];
  ticked: readonly string[];
  onMileageBlur: () => void;
  onServices: (next: string[]) => void;
}) {
  const { form, errors, catalogue, outstanding, ticked, onMileageBlur, onServices } = props;
  const { register, watch, getValues } = form;
  const toggle = (title: string, on: boolean) => {
    // the latest value, not this render's: two quick taps must both count
    const now = getValues('service');
    onServices(on ? [...new Set([...now, title])] : now.filter((s) => s !== title));
  };
  const noteLength = watch('customer_note').length;
  return (
    <Section title="Vehicle and services">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={!!errors.mileage} required>
            <Field.Label>Mileage</Field.Label>
            <Input inputMode="numeric" autoComplete="off" {...register('mileage', { onBlur: onMileageBlur })} />
            <Field.ErrorText>{errors.mileage?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.customer_note}>
            <Field.Label>Customer note</Field.Label>
            <Textarea rows={2} maxLength={NOTE_MAX} {...register('customer_note')} />
            <Field.HelperText>
              {noteLength}/{NOTE_MAX}
            </Field.HelperText>
            <Field.ErrorText>{errors.customer_note?.message}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <ServicesChecklist
          items={checklist(catalogue ?? [], outstanding)}
          loaded={!!catalogue}
          ticked={ticked}
          onToggle={toggle}
          error={errors.service?.message}
          badge={(title) =>
            outstanding.includes(title) && (
              <Badge ml="2" colorPalette="orange" size="sm">
                Outstanding
              </Badge>
            )
          }
        />
      </Stack>
    </Section>
  );
}
