import type { InvoiceLine } from '../entities';
import type { Check } from '../check';
import { STORAGE_LINE_ID, addLine, checkCanAdd, checkQty } from '../totals';

/**
 * The product lines an invoice or estimate stores, built once (issue 17). A client sends ids and quantities; the
 * line stored is the product as priced by the side that stores it (the device from its product rows, the server from
 * its own: a client's prices are never trusted) — or, for a product the invoice already held, that line as it was
 * raised (a price change does not rewrite an invoice). Both sides keep the same fields: no `stock_seen` (that travels
 * in the call), and `returned` always a number.
 */
export interface LineProduct {
  id: string;
  title: string;
  description: string;
  price: number;
  stock: number;
  deleted?: boolean;
}

/** What was sent, as lines to price: the storage line is the invoice's own (not a product), a repeat adds its qty. */
export function sentLines(sent: readonly { id: string; qty: number }[]): { id: string; qty: number }[] {
  let merged: { id: string; qty: number }[] = [];
  for (const l of sent)
    if (String(l.id) !== STORAGE_LINE_ID) merged = addLine(merged, { id: String(l.id), qty: l.qty });
  return merged;
}

/** Units of a product a line holds: what was sold less what came back. */
export const heldUnits = (line: Pick<InvoiceLine, 'qty' | 'returned'> | undefined) =>
  line ? line.qty - (line.returned ?? 0) : 0;

/** The units this invoice may hold of a product: the stock on the shelf (never below none) and what it already holds. */
export const availableTo = (stock: number, before: InvoiceLine | undefined) => Math.max(0, stock) + heldUnits(before);

/** SPEC §5: a product new to the invoice needs stock; no line holds more than is available to it. */
export function checkLineStock(title: string, qty: number, available: number, isNew: boolean): Check {
  if (isNew) {
    const add = checkCanAdd(available);
    if (!add.ok) return add;
  }
  return checkQty({ title, qty }, available);
}

/** The line an invoice stores for `qty` of a product; `before` is the invoice's line for it, if it had one. */
export function invoiceLine(
  p: Pick<LineProduct, 'id' | 'title' | 'description' | 'price'>,
  qty: number,
  before?: InvoiceLine,
): InvoiceLine {
  return {
    id: p.id,
    title: before?.title ?? p.title,
    description: before?.description ?? p.description,
    price: before?.price ?? p.price,
    qty,
    returned: before?.returned ?? 0,
  };
}
