import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { displayInvoiceNumber } from '../../../domain/jobs';
import { checkInvoiceSave } from '../../../domain/totals';
import { notify, notifyError } from '../../feedback/toaster';

/**
 * The one Save of a new invoice (Create Invoice, Make Sale): SPEC §5's save check (checkInvoiceSave) shown as the
 * save error, then the repository call once (busy while it runs), '<number> saved' and the invoice editor; a refusal
 * is shown as is, both in the save error and as a toast, and Save can be pressed again.
 */
export function useSaveNewInvoice() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (
    type: 'service' | 'product',
    lines: readonly unknown[],
    totalCents: number,
    write: () => Promise<{ id: string; number: string }>,
  ) => {
    const check = checkInvoiceSave(type, lines, totalCents);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const inv = await write();
      notify(`${displayInvoiceNumber(inv.number)} saved`);
      void navigate(`/view-invoice?id=${encodeURIComponent(inv.id)}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      notifyError(err);
      setBusy(false);
    }
  };

  return { error, setError, busy, save };
}
