import { useEffect, useState } from 'react';
import type { ShopSettings } from '../../../domain/configSheet';
import { MSG } from '../../../domain/messages';
import type { CustomerRow, InvoiceRow, JobRow, TransactionRow } from '../../../local/db';
import type { EditorDialog } from './dialogKinds';
import { DiscountDialog } from './DiscountDialog';
import { ItemReturnDialog } from './ItemReturnDialog';
import { PaymentDialog } from './PaymentDialog';
import { ReceiptsDialog } from './Payments';
import { PointsDialog } from './PointsDialog';
import { RefundDialog } from './RefundDialog';
import { StorageDialog } from './Storage';

/** The dialogs that change the amount due: SPEC §4 wants the invoice saved before any of them opens. */
const NEEDS_SAVED = new Set<EditorDialog['kind']>(['pay', 'discount', 'points', 'return']);

/**
 * Which of the invoice editor's dialogs is open. `open` refuses a money dialog while there are unsaved edits (SPEC §4
 * 'Must save changes before you make a payment.', shown through `setNotice`); once the invoice is paid in full (here
 * or on another device) the money dialogs close and only the receipts and a refund (issue 18: paid invoices only) stay.
 */
export function useEditorDialog(dirty: boolean, locked: boolean, setNotice: (notice: string | null) => void) {
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  useEffect(() => {
    if (locked) setDialog((d) => (d?.kind === 'receipts' || d?.kind === 'refund' ? d : null));
  }, [locked]);
  const open = (next: EditorDialog) => {
    if (dirty && NEEDS_SAVED.has(next.kind)) {
      setNotice(MSG.mustSaveFirst);
      return;
    }
    setNotice(null);
    setDialog(next);
  };
  return { dialog, open, showReceipts: () => setDialog({ kind: 'receipts' }), close: () => setDialog(null) };
}

/** The editor's open dialog, if the level (and the lock) still allow it. */
export function EditorDialogs({
  dialog,
  onClose,
  inv,
  job,
  customer,
  payments,
  settings,
  canPay,
  canEdit,
  canRefund,
}: {
  dialog: EditorDialog | null;
  onClose: () => void;
  inv: InvoiceRow;
  job: JobRow | null;
  customer: CustomerRow | null;
  payments: TransactionRow[];
  settings: ShopSettings;
  canPay: boolean;
  canEdit: boolean;
  canRefund: boolean;
}) {
  if (!dialog || !allowed(dialog, canPay, canEdit, canRefund)) return null;
  switch (dialog.kind) {
    case 'pay':
      return <PaymentDialog invoice={inv} method={dialog.method} onClose={onClose} />;
    case 'discount':
      return <DiscountDialog invoice={inv} customerPercent={customer?.discount ?? 0} onClose={onClose} />;
    case 'points':
      return (
        <PointsDialog
          invoice={inv}
          available={customer?.current_points ?? 0}
          pointValueCents={settings.pointValueCents}
          onClose={onClose}
        />
      );
    case 'storage':
      return <StorageDialog invoice={inv} since={storageSince(inv, job)} settings={settings} onClose={onClose} />;
    case 'return':
      return <ItemReturnDialog invoice={inv} onClose={onClose} />;
    case 'refund':
      return <RefundDialog invoice={inv} payments={payments} onClose={onClose} />;
    case 'receipts':
      return <ReceiptsDialog invoice={inv} payments={payments} settings={settings} onClose={onClose} />;
  }
}

/**
 * Taking money needs payment.take, storage and returns change the invoice (invoice.edit), a refund needs what
 * removing a transaction needs (transaction.delete); receipts are for all.
 */
function allowed(dialog: EditorDialog, canPay: boolean, canEdit: boolean, canRefund: boolean): boolean {
  if (dialog.kind === 'receipts') return true;
  if (dialog.kind === 'refund') return canRefund;
  return dialog.kind === 'storage' || dialog.kind === 'return' ? canEdit : canPay;
}

/** Storage counts from the job's completion, or from the invoice's creation when the job has none (or no job). */
const storageSince = (inv: InvoiceRow, job: JobRow | null) =>
  job?.complete_at && !job.complete_at.startsWith('0000') ? job.complete_at : inv.created_at;
