import { Alert, Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame } from '../../ui/DialogFrame';

/**
 * The editor's dialogs (payment amount, discount, points, storage, item return): a form, so Enter submits, with its
 * message shown in the dialog (SPEC's words) and the submit button busy while the write runs.
 */
export function ActionDialog(props: {
  title: string;
  testId: string;
  submitLabel: string;
  pending: boolean;
  error?: { message: string; hint?: string } | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { title, testId, submitLabel, pending, error, onSubmit, onClose, children } = props;
  const footer = (
    <>
      <Button variant="outline" onClick={onClose} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" colorPalette="blue" loading={pending} disabled={pending}>
        {submitLabel}
      </Button>
    </>
  );
  return (
    <DialogFrame
      title={title}
      testId={testId}
      size="md"
      onClose={onClose}
      onSubmit={onSubmit}
      busy={pending}
      footer={footer}
    >
      {children}
      {error && (
        <Alert.Root status="error" size="sm" mt="3" role="alert" data-testid={`${testId}-error`}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{error.message}</Alert.Title>
            {error.hint && <Alert.Description>{error.hint}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
    </DialogFrame>
  );
}

/** What the user is told when a money write fails: a refusal as the repository words it, else SPEC's message. */
export function failure(
  err: unknown,
  specMessage: string,
  isRefusal: (e: unknown) => boolean,
): { message: string; hint?: string } {
  if (isRefusal(err)) return { message: (err as Error).message };
  return {
    message: specMessage,
    hint: `Nothing was recorded (${err instanceof Error ? err.message : String(err)}). Save the invoice, then try again.`,
  };
}

/** The invoice changed (another device or tab) while a dialog was open: its figures were out of date. */
export const CHANGED_HINT =
  'This invoice changed while the dialog was open, so nothing was recorded. Check the new amount due and try again.';
