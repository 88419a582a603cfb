/**
 * Low-stock highlighting of the inventory tables (SPEC §2 Products): amber when stock is at or below low_stock and
 * above 0, pink when stock is 0 or less. One rule for every screen that colours a product.
 */
export type StockLevel = 'ok' | 'low' | 'out';

export function stockLevel(p: { stock: number; low_stock: number }): StockLevel {
  if (p.stock <= 0) return 'out';
  return p.stock <= p.low_stock ? 'low' : 'ok';
}

/** The row colour of each level (Chakra palette tokens); 'ok' rows are not coloured. */
export const STOCK_COLOR: Record<Exclude<StockLevel, 'ok'>, string> = { low: 'orange', out: 'pink' };
