import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled form field with its message under it when the form refused its value (else the `helper` text). */
export function FormField({
  label,
  error,
  required,
  readOnly,
  helper,
  children,
}: {
  label: string;
  error?: { message?: string };
  required?: boolean;
  readOnly?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} required={required} readOnly={readOnly}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error ? (
        <Field.ErrorText>{error.message}</Field.ErrorText>
      ) : (
        helper && <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );
}
