import type { InvoiceRow } from '../../../local/db';

/** Labour plus products (SPEC §2 "total (labour + products)"). */
export function invoiceTotal(inv: Pick<InvoiceRow, 'totals'>): number {
  const t = (inv.totals ?? {}) as { labour?: number; product?: number };
  return (Number(t.labour) || 0) + (Number(t.product) || 0);
}

export function customerName(inv: Pick<InvoiceRow, 'first_name' | 'last_name' | 'type'>): string {
  const name = `${inv.first_name ?? ''} ${inv.last_name ?? ''}`.trim();
  return name || (inv.type === 'product' ? 'Quick Sale' : '');
}
