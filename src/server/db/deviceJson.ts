import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { serverOnlyColumns } from '../../domain/model';
import type { SyncEntityName } from '../../domain/sync';

// A device's row as the feed always sent it when it read rows into JavaScript: the device's columns only (the model's
// server-only fields left out), times as JavaScript's toISOString writes them (UTC, milliseconds, 'Z').
const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** What the feed sends as the row of a change that is a delete (the row gone or soft-deleted). */
export const NO_ROW = 'null';

const columnsOf = new WeakMap<PgTable, string>();

/**
 * The select list of a device's row, from the table's schema: `row_to_json` over it writes compact JSON
 * (json_build_object puts spaces around every colon and comma, a tenth more to compress and send). It is also the
 * table's shape for the stored JSON of src/server/db/feedJson.ts: when it changes, the stored rows are built again.
 */
export function deviceColumns(entity: SyncEntityName, table: PgTable): string {
  // every write's change_log insert names its tables' columns: worked out once per table
  let columns = columnsOf.get(table);
  if (columns === undefined) columnsOf.set(table, (columns = selectList(entity, table)));
  return columns;
}

function selectList(entity: SyncEntityName, table: PgTable): string {
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

/** `uuidRef` (a uuid, as change_log keeps ids) as the type of the table's id, so its primary key's index finds it. */
function idAs(table: PgTable, uuidRef: string): string {
  return getTableColumns(table).id.columnType === 'PgUUID' ? uuidRef : `${uuidRef}::text`;
}

/**
 * A scalar subquery: the device's JSON (text) of the row of `table` whose id is `uuidRef`, or SQL null when the row
 * is gone or soft-deleted (the feed sends that change as a delete).
 */
export function deviceJsonOf(entity: SyncEntityName, table: PgTable, uuidRef: string): string {
  const live = 'deleted' in getTableColumns(table) ? ` and "deleted" is not true` : '';
  return `(select row_to_json(x)::text from (select ${deviceColumns(entity, table)} from ${quoted(getTableName(table))}
    where "id" = ${idAs(table, uuidRef)}${live}) x)`;
}

/**
 * The JSON a change_log entry keeps for its row, as a SQL expression over the entry's `entity`, `row_id` and `op`
 * (given as SQL references): the row's device JSON, or 'null' for a delete. Only `entities`' tables are named.
 */
export function changeJsonSql(
  tables: readonly (readonly [SyncEntityName, PgTable])[],
  ref: { entity: string; rowId: string; op: string },
): string {
  const cases = tables.map(
    ([entity, table]) => `when ${ref.entity} = '${entity}' then ${deviceJsonOf(entity, table, ref.rowId)}`,
  );
  return `case when ${ref.op} = 'delete' then '${NO_ROW}' else coalesce(case ${cases.join(' ')} end, '${NO_ROW}') end`;
}
