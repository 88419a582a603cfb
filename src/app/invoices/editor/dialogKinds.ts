import type { PaymentMethod } from '../../../domain/entities';

/** The invoice editor's dialogs, apart from EditorDialogs.tsx so that a dialog can open another without a cycle. */
export type EditorDialog =
  | { kind: 'pay'; method: PaymentMethod }
  | { kind: 'discount' }
  | { kind: 'points' }
  | { kind: 'storage' }
  | { kind: 'return' }
  | { kind: 'refund' }
  | { kind: 'receipts' };
