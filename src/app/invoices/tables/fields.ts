import type { InvoiceRow } from '../../../local/db';

/**
 * What the customer is charged (SPEC §2 total): labour, products and storage less the discount and the points
 * redeemed — the domain's `totals.total`, before payments. A row without it (written before totals were stored)
 * counts labour plus products less its discount.
 */
export function invoiceTotal(inv: Pick<InvoiceRow, 'totals' | 'discount'>): number {
  const t = inv.totals ?? {};
  if (typeof t.total === 'number') return t.total;
  return (Number(t.labour) || 0) + (Number(t.product) || 0) - (Number(inv.discount) || 0);
}

export function customerName(inv: Pick<InvoiceRow, 'first_name' | 'last_name' | 'type'>): string {
  const name = `${inv.first_name ?? ''} ${inv.last_name ?? ''}`.trim();
  return name || (inv.type === 'product' ? 'Quick Sale' : '');
}
