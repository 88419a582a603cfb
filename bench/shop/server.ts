import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { openDatabase, type Db } from '../../src/server/db/client';
import { checkFeedShapes, fillFeedJson } from '../../src/server/db/feedJson';
import * as t from '../../src/server/db/schema';
import type { SyncEntityName } from '../../src/domain/sync';
import { customerAt, invoiceAt, jobAt, transactionAt } from './data';

/**
 * A shop-size server for the first-sync benchmark: the rows of bench/shop/data.ts (the same a seeded device holds)
 * written straight into a fresh PGlite data dir, with a change_log entry each, as two years of use leave them. Run
 * before the product starts on that data dir (PGlite has one user at a time); the product's own start-up then adds
 * its admin and config as on any first start.
 */

export interface ShopSize {
  customers: number;
  /** the shop: 100,000 jobs, 10,000 invoices and 8,500 payments for 50,000 customers */
  jobs: number;
  invoices: number;
  payments: number;
}

export const shopOf = (customers: number): ShopSize => ({
  customers,
  jobs: customers * 2,
  invoices: customers / 5,
  payments: Math.round(customers * 0.17),
});

const CHUNK = 2000;

/** A device row as the server stores it: only the table's columns, times as Dates. */
function serverRow(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    if (!(key in row)) continue;
    const v = row[key];
    out[key] = col.columnType === 'PgTimestamp' && typeof v === 'string' ? new Date(v) : v;
  }
  return out;
}

async function insertAll(
  db: Db,
  entity: SyncEntityName,
  table: PgTable,
  count: number,
  make: (i: number) => Record<string, unknown>,
) {
  for (let i = 0; i < count; i += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - i) }, (_, k) => serverRow(table, make(i + k)));
    await db.insert(table).values(rows);
    await db.insert(t.changeLog).values(rows.map((r) => ({ entity, row_id: r.id as string, op: 'upsert' })));
  }
}

/**
 * Fills `dataDir` (a fresh PGlite data dir), or the PostgreSQL database at `databaseUrl`, with a shop of `size`;
 * returns the number of changes written.
 */
export async function seedServer(
  at: string | { databaseUrl: string },
  size: ShopSize,
  now = Date.now(),
): Promise<number> {
  const database = await openDatabase(typeof at === 'string' ? { dataDir: at } : { databaseUrl: at.databaseUrl });
  const { db } = database;
  try {
    const { customers: n } = size;
    // the device's derived registration_key is the server's lookup key too (upper case, no spaces)
    await insertAll(db, 'customers', t.customers, n, (i) => customerAt(i, now));
    await insertAll(db, 'jobs', t.jobs, size.jobs, (j) => jobAt(j, n, now));
    await insertAll(db, 'invoices', t.invoices, size.invoices, (i) => invoiceAt(i, n, now));
    await insertAll(db, 'transactions', t.transactions, size.payments, (p) => transactionAt(p, n, now));
    // each change_log entry keeps its row's JSON, as the product's writes leave it
    await checkFeedShapes(db);
    await fillFeedJson(db);
    return await db.$count(t.changeLog);
  } finally {
    await database.close();
  }
}
