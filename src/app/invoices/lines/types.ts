import type { InvoiceLine } from '../../../domain/entities';
import type { ReactNode } from 'react';

/** A product line of an invoice, estimate or sale (SPEC §3 Product: price in cents, qty starting at 1). */
export type Line = InvoiceLine;

/** An extra column of the lines table (e.g. the Item Return quantity of the invoice editor). */
export interface LineColumn {
  header: string;
  cell: (line: Line) => ReactNode;
}
