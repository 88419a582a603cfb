import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { MSG } from '../../../domain/messages';
import { toCents } from '../../../domain/money';
import { MAX_RATE_CENTS } from '../../../domain/totals';

/** SPEC §5 Invoice save: work-hour and rate inputs take up to 9 characters. */
export const LABOUR_INPUT_MAX = 9;

/** Work hours and rate per hour as typed (the rate in dollars). */
export interface LabourValues {
  workHours: string;
  rate: string;
}

export type LabourField = keyof LabourValues;

/** A refusal of one field; `at` changes on every Save so the page scrolls to the field again. */
export interface LabourError {
  field: LabourField;
  message: string;
  at: number;
}

const NUMBER_TEXT = /^\d*\.?\d*$/;

/**
 * What a work-hours or rate field keeps of a typed value (SPEC §5): numbers of 0 or more, up to 9 characters; a
 * negative or otherwise non-numeric entry is ignored (the previous value stays).
 */
export function acceptLabourInput(next: string, prev: string): string {
  const t = next.trim();
  if (t.length > LABOUR_INPUT_MAX || !NUMBER_TEXT.test(t)) return prev;
  return t;
}

/**
 * SPEC §5 Invoice save: 'Enter work hours' / 'Enter rate/hour' when empty (rate at most 9999999999), else the form
 * the repositories take (rate in cents). A product sale sends 0 and 0 without asking.
 */
export function labourForm(
  v: LabourValues,
): { ok: true; form: { work_hour: number; rate_hour: number } } | { ok: false; field: LabourField; message: string } {
  const hours = v.workHours.trim() === '' ? Number.NaN : Number(v.workHours);
  if (!Number.isFinite(hours) || hours < 0) return { ok: false, field: 'workHours', message: MSG.enterWorkHours };
  const rate = v.rate.trim() === '' ? Number.NaN : Number(v.rate);
  if (!Number.isFinite(rate) || rate < 0) return { ok: false, field: 'rate', message: MSG.enterRate };
  const cents = toCents(rate);
  if (cents > MAX_RATE_CENTS) return { ok: false, field: 'rate', message: MSG.enterRate };
  return { ok: true, form: { work_hour: hours, rate_hour: cents } };
}

/** SPEC §2 work hours and rate per hour inputs; a refusal scrolls to its field and focuses it. */
export function LabourFields({
  values,
  onChange,
  error,
  disabled,
}: {
  values: LabourValues;
  onChange: (values: LabourValues) => void;
  error?: LabourError | null;
  disabled?: boolean;
}) {
  const hoursRef = useRef<HTMLInputElement>(null);
  const rateRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!error) return;
    const el = (error.field === 'workHours' ? hoursRef : rateRef).current;
    el?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    el?.focus();
  }, [error]);

  const set = (field: LabourField, text: string) =>
    onChange({ ...values, [field]: acceptLabourInput(text, values[field]) });

  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <Field.Root invalid={error?.field === 'workHours'} required disabled={disabled}>
        <Field.Label>Work hours</Field.Label>
        <Input
          ref={hoursRef}
          inputMode="decimal"
          maxLength={LABOUR_INPUT_MAX}
          value={values.workHours}
          onChange={(e) => set('workHours', e.target.value)}
        />
        <Field.ErrorText>{error?.field === 'workHours' ? error.message : null}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={error?.field === 'rate'} required disabled={disabled}>
        <Field.Label>Rate per hour</Field.Label>
        <Input
          ref={rateRef}
          inputMode="decimal"
          maxLength={LABOUR_INPUT_MAX}
          value={values.rate}
          onChange={(e) => set('rate', e.target.value)}
        />
        <Field.HelperText>US dollars</Field.HelperText>
        <Field.ErrorText>{error?.field === 'rate' ? error.message : null}</Field.ErrorText>
      </Field.Root>
    </SimpleGrid>
  );
}
