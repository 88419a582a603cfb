import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * The rows of a hand-written statement, named by the caller. Both drivers answer `{rows}` (node-postgres' QueryResult,
 * PGlite's Results); drizzle types the answer by driver, so the statement's shape is the caller's word, given here once.
 */
export async function sqlRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
