import { useState } from 'react';
import type { ShopSettings } from '../../../domain/configSheet';
import { MSG } from '../../../domain/messages';
import { isInvoiceLocked } from '../../../domain/totals';
import type { InvoiceRow } from '../../../local/db';
import { LocalWriteError } from '../../../local/write';
import { useRepos } from '../../data/DataProvider';
import { errorMessage, notify } from '../../feedback/toaster';
import type { LabourError } from '../lines';
import {
  draftOf,
  figuresOf,
  isDirty,
  linesChanged,
  liveDraft,
  parseDraft,
  withStoredReturns,
  type Draft,
} from './draft';
import { useSubmitOnce } from './useSubmitOnce';

/**
 * The invoice editor's unsaved edits (editor/draft.ts) and their messages: what is shown, whether it differs from the
 * stored invoice, the figures Save would record, and Save & Recal Charges (SPEC §5 Invoice save), guarded against a
 * second submit. Any edit clears the messages of the last attempt.
 */
export function useInvoiceDraft(inv: InvoiceRow, settings: ShopSettings) {
  const repos = useRepos();
  const saveOnce = useSubmitOnce();
  const [ownDraft, setDraft] = useState<Draft | null>(null);
  const [fieldError, setFieldError] = useState<LabourError | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // a paid invoice is locked (SPEC §4): edits left over from before it was paid no longer count
  const kept = isInvoiceLocked(inv) ? null : liveDraft(ownDraft, inv);
  const draft = kept && { ...kept, lines: withStoredReturns(kept.lines, inv) };
  const shown = draft ?? draftOf(inv);
  const dirty = isDirty(draft, inv);

  const clearMessages = () => {
    setFieldError(null);
    setSaveError(null);
    setNotice(null);
  };
  const edit = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...(liveDraft(d, inv) ?? draftOf(inv)), ...change }));
    clearMessages();
  };
  const discard = () => {
    setDraft(null);
    clearMessages();
  };

  /** The form's messages with a scroll to the field, then the repository's rules (zero, stock). */
  const save = () =>
    saveOnce.run(async () => {
      setSaveError(null);
      setNotice(null);
      const parsed = parseDraft(shown, inv);
      if (!parsed.ok) {
        setFieldError({ field: parsed.field, message: parsed.message, at: Date.now() });
        return;
      }
      try {
        await repos.invoices.edit(inv.id, parsed.form, withStoredReturns(parsed.lines, inv));
        setDraft(null);
        setFieldError(null);
        notify('Invoice saved');
      } catch (err) {
        setSaveError(err instanceof LocalWriteError ? err.message : `${MSG.failedProcessRetry} (${errorMessage(err)})`);
      }
    });

  return {
    shown,
    dirty,
    changedUnder: !!draft && draft.base.version !== inv.version,
    adjusted: linesChanged(draft, inv),
    figures: figuresOf(inv, dirty ? draft : null, settings),
    fieldError,
    saveError,
    notice,
    setNotice,
    edit,
    discard,
    save,
    saving: saveOnce.pending,
  };
}

export type InvoiceDraftState = ReturnType<typeof useInvoiceDraft>;
