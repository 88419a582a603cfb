import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { estimateNumber } from '../../../domain/invoiceFields';
import { useRepos } from '../../data/DataProvider';
import { errorMessage, notify, notifyError } from '../../feedback/toaster';
import type { LabourError } from '../../invoices/lines';
import { checkDraft, type DraftErrors, type EstimateDraft } from './draft';
import type { EstimateDraftState } from './useEstimateDraft';

/**
 * Save Changes (SPEC §5 Estimate save): every refusal at once by field, the labour field's with a scroll to it; then
 * repos.estimates.create or edit, once at a time. A new estimate's address becomes its ?id= once it is saved.
 */
export function useSaveEstimate({ saved, settle }: Pick<EstimateDraftState, 'saved' | 'settle'>) {
  const repos = useRepos();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<DraftErrors>({});
  const [labourError, setLabourError] = useState<LabourError | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);

  const write = async (draft: EstimateDraft, check: Extract<ReturnType<typeof checkDraft>, { ok: true }>) => {
    const { profile, form } = check;
    const next = saved
      ? await repos.estimates.edit(saved.id, profile, form, draft.lines, draft.services)
      : await repos.estimates.create(profile, form, draft.lines, draft.services);
    settle(next);
    notify(`${estimateNumber(next)} saved`);
    if (!saved) void navigate(`/view-estimate?id=${encodeURIComponent(next.id)}`, { replace: true });
  };

  const save = async (draft: EstimateDraft) => {
    if (saving.current) return;
    setSaveError(null);
    const check = checkDraft(draft);
    if (!check.ok) {
      setErrors(check.errors);
      const field = check.errors.workHours ? 'workHours' : check.errors.rate ? 'rate' : null;
      setLabourError(field ? { field, message: check.errors[field] ?? '', at: Date.now() } : null);
      return;
    }
    setErrors({});
    setLabourError(null);
    saving.current = true;
    setBusy(true);
    try {
      await write(draft, check);
    } catch (err) {
      setSaveError(errorMessage(err));
      notifyError(err);
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };

  return { errors, setErrors, labourError, setLabourError, saveError, setSaveError, busy, save };
}

export type EstimateSaveState = ReturnType<typeof useSaveEstimate>;
