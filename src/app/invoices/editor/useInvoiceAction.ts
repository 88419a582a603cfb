import { useState } from 'react';
import type { InvoiceRow } from '../../../local/db';
import { LocalWriteError } from '../../../local/write';
import { notify } from '../../feedback/toaster';
import { CHANGED_HINT, failure } from './ActionDialog';
import { useSubmitOnce } from './useSubmitOnce';

export interface ActionError {
  message: string;
  hint?: string;
}

/** What a dialog's check gives: why it refuses, or the write (it returns the toast's words). */
export type ActionStep = ActionError | (() => Promise<string>);

/**
 * The write of one of the editor's dialogs (pay, discount, points, storage, item return), run once (useSubmitOnce):
 * the dialog's own check first, then — with `failMessage` set — a refusal when the invoice changed since the dialog
 * showed it (its figures were out of date; the next submit uses the new ones), then the write: done, it toasts and
 * closes; refused, it shows the repository's words, else `failMessage` or SPEC's.
 */
export function useInvoiceAction(
  invoice: InvoiceRow,
  onClose: () => void,
  fail: { message: string; guardVersion: boolean },
) {
  const once = useSubmitOnce();
  const [seenVersion, setSeenVersion] = useState(invoice.version);
  const [error, setError] = useState<ActionError | null>(null);

  const submit = (check: () => ActionStep) =>
    once.run(async () => {
      const step = check();
      if (typeof step !== 'function') return setError(step);
      if (fail.guardVersion && invoice.version !== seenVersion) {
        setSeenVersion(invoice.version);
        return setError({ message: fail.message, hint: CHANGED_HINT });
      }
      try {
        const done = await step();
        once.finish();
        notify(done);
        onClose();
      } catch (err) {
        setError(failure(err, fail.message, (e) => e instanceof LocalWriteError));
      }
    });

  return { pending: once.pending, error, clearError: () => setError(null), submit };
}
