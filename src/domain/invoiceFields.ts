import type { Cents } from './money';

/**
 * What the customer is charged (SPEC §2 total): labour, products and storage less the discount and the points
 * redeemed — the domain's `totals.total`, before payments. A row without it (written before totals were stored)
 * counts labour plus products less its discount. The Invoices table shows it and the device sorts by it.
 */
export function invoiceTotal(inv: { totals?: unknown; discount?: unknown }): Cents {
  const t = (inv.totals ?? {}) as Record<string, unknown>;
  if (typeof t.total === 'number') return t.total;
  return (Number(t.labour) || 0) + (Number(t.product) || 0) - (Number(inv.discount) || 0);
}

/** Who an invoice is for, as the Invoices table shows it: a product sale to no one is a Quick Sale. */
export function customerName(inv: { first_name?: unknown; last_name?: unknown; type?: unknown }): string {
  const name = `${String(inv.first_name ?? '')} ${String(inv.last_name ?? '')}`.trim();
  return name || (inv.type === 'product' ? 'Quick Sale' : '');
}

/** An estimate's number as the Estimates table and its PDF show it. */
export const estimateNumber = (e: { number: string }) => `EST ${e.number}`;

/** Who an estimate is for, as the Estimates table shows it. */
export const estimateName = (e: { first_name?: unknown; last_name?: unknown }) =>
  `${String(e.first_name ?? '')} ${String(e.last_name ?? '')}`.trim();
