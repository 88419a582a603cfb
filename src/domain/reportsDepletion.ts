import type { Cents } from './money';
import { within, type TimeWindow, type When } from './reportsBasis';

/** The Reports screen's 'Inventory Depletion' table and POST /report-products. */

/** One product's line in the 'Inventory Depletion' table: Title, Description, Qty, Total (cents). */
export interface DepletionRow {
  id: string;
  title: string;
  description: string;
  qty: number;
  total: Cents;
}

interface DepletionLine {
  id: string;
  title: string;
  description: string;
  price: Cents;
  qty: number;
  returned?: number;
}

/**
 * POST /report-products: the products sold on the invoices raised in the window, per product — quantity net of
 * returns and its total at the invoice's price — most sold first, then by title.
 */
export function inventoryDepletion(
  invoices: readonly { products: unknown; created_at: When }[],
  w: TimeWindow,
): DepletionRow[] {
  const byId = new Map<string, DepletionRow>();
  for (const inv of invoices) {
    if (!within(inv.created_at, w) || !Array.isArray(inv.products)) continue;
    for (const l of inv.products as DepletionLine[]) {
      const qty = (Number(l.qty) || 0) - (Number(l.returned) || 0);
      if (qty <= 0) continue;
      const cur = byId.get(l.id) ?? { id: l.id, title: l.title, description: l.description, qty: 0, total: 0 };
      cur.qty += qty;
      cur.total += qty * (Number(l.price) || 0);
      byId.set(l.id, cur);
    }
  }
  return [...byId.values()].sort((a, b) => b.qty - a.qty || a.title.localeCompare(b.title));
}
