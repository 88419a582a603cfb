import { sql } from 'drizzle-orm';
import type { Tx } from './db/client';
import { numberSeries } from './db/schema';
import { badRequest } from './http/errors';

/** Letters for device codes; S is kept for the server's own series, I and O look like digits. */
const LETTERS = 'ABCDEFGHJKLMNPQRTUVWXYZ';

/** 1 → 'A1', 2 → 'B1', … 23 → 'Z1', 24 → 'A2': short enough to read aloud and print on a receipt. */
export function deviceCode(n: number): string {
  return `${LETTERS[(n - 1) % LETTERS.length]}${Math.floor((n - 1) / LETTERS.length) + 1}`;
}

/** The inverse of deviceCode: 'A1' → 1, 'A2' → 24; null for text that deviceCode never writes. */
export function deviceCodeIndex(code: string): number | null {
  const m = /^([A-Z])([1-9]\d{0,3})$/.exec(code);
  const letter = m ? LETTERS.indexOf(m[1]) : -1;
  return m && letter >= 0 ? (Number(m[2]) - 1) * LETTERS.length + letter + 1 : null;
}

/** A staff-facing number: `<device code>-<n>` from the device's own series, or `S-<n>` from the server's. */
export const NUMBER_PATTERN = /^(S|[A-Z]\d{1,4})-\d{1,9}$/;

export type NumberKind = 'job' | 'invoice' | 'estimate' | 'receipt';

/**
 * The number for a new row: the device's (checked for shape; uniqueness is the table's unique index) or the
 * next of the server's own series, taken inside the caller's transaction.
 */
export async function takeNumber(tx: Tx, kind: NumberKind, given?: string | null): Promise<string> {
  if (given) {
    if (!NUMBER_PATTERN.test(given)) throw badRequest(`Invalid ${kind} number.`);
    return given;
  }
  const [row] = await tx
    .insert(numberSeries)
    .values({ name: `S:${kind}`, last: 1 })
    .onConflictDoUpdate({ target: numberSeries.name, set: { last: sql`${numberSeries.last} + 1` } })
    .returning({ last: numberSeries.last });
  return `S-${row.last}`;
}
