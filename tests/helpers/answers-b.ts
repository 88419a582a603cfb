import type { Row } from './answers';

/**
 * Answer shapes more than one API suite reads, beside tests/helpers/answers.ts: what a write says, whether it took or
 * was refused (SPEC §5 words on both), as a test reads it to explain a failed status.
 */
export interface Said {
  value: boolean;
  message?: string;
}

/**
 * A row of GET /v2/inventory/products_: the product as the member's level may see it (no cost below the level that
 * manages stock), its supplier's name (for that level only) and its first photo's thumbnail.
 */
export type ListedProduct = Row<'products'> & { supplier_name?: string; thumbnail: string | null };
