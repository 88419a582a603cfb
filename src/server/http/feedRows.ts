import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { serverOnlyColumns } from '../../domain/model';
import type { SyncEntityName } from '../../domain/sync';
import type { Db } from '../db/client';

/**
 * The rows of the change feed as JSON text built by the database (issue 16: "let PostgreSQL build the JSON"): the
 * feed's time went to reading every column into JavaScript values, Dates included, filtering them and serialising
 * them again. Each row comes back as one text column, in the shape the feed always sent: the device's columns only
 * (the model's server-only fields left out), times as JavaScript's toISOString writes them (UTC, milliseconds, 'Z').
 */
export interface FeedRow {
  /** the row as JSON text */
  json: string;
  /** a soft-deleted row (the tables with a `deleted` column): sent as a delete */
  deleted: boolean;
}

const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The select list of a device's row, built once per table from its schema: `row_to_json` over it writes compact JSON
 * (json_build_object puts spaces around every colon and comma, a tenth more to compress and send).
 */
function deviceColumns(entity: SyncEntityName, table: PgTable): string {
  const omit = new Set(serverOnlyColumns(entity));
  return Object.entries(getTableColumns(table))
    .filter(([key]) => !omit.has(key))
    .map(([key, col]) => {
      const ref = quoted(col.name);
      const value = col.columnType === 'PgTimestamp' ? `to_char(${ref} at time zone 'UTC', ${ISO_MS})` : ref;
      return `${value} as ${quoted(key)}`;
    })
    .join(', ');
}

const built = new Map<PgTable, string>();

export async function feedRows(
  db: Db,
  entity: SyncEntityName,
  table: PgTable,
  ids: string[],
): Promise<Map<string, FeedRow>> {
  let columns = built.get(table);
  if (!columns) built.set(table, (columns = deviceColumns(entity, table)));
  const hasDeleted = 'deleted' in getTableColumns(table);
  const result = (await db.execute(
    sql`select r."id", row_to_json(r)::text as "json", ${sql.raw(hasDeleted ? `r."deleted" is true` : 'false')} as "deleted"
        from (select ${sql.raw(columns)} from ${table} where "id" in ${ids}) r`,
  )) as { rows: { id: string; json: string; deleted: boolean }[] };
  return new Map(result.rows.map((r) => [r.id, { json: r.json, deleted: r.deleted }]));
}
