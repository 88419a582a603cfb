import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { serverOnlyColumns } from '../../domain/model';
import type { SyncEntityName } from '../../domain/sync';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';

// Rows go out in the shape the feed always sent when it read them into JavaScript: the device's columns only (the
// model's server-only fields left out), times as JavaScript's toISOString writes them (UTC, milliseconds, 'Z').
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

/**
 * One table's part of a page: its rows among the page's changes, each as JSON text (the device's columns), keyed by
 * entity and id as text. The id is compared in its own type, so the primary key's index finds the rows.
 */
function tablePart(entity: SyncEntityName, table: PgTable): string {
  const { id } = getTableColumns(table);
  const rowId = id.columnType === 'PgUUID' ? 'row_id' : 'row_id::text';
  const deleted = 'deleted' in getTableColumns(table) ? `x."deleted" is true` : 'false';
  return `select '${entity}'::text as entity, x."id"::text as id, row_to_json(x)::text as json, ${deleted} as deleted
    from (select ${deviceColumns(entity, table)} from ${quoted(getTableName(table))}
          where "id" in (select ${rowId} from last where entity = '${entity}')) x`;
}

export interface FeedPage {
  /** the changes as the feed's JSON array's inside: `{"seq","entity","id","op","row"}`, commas between */
  changes: string;
  /** the seq of the page's last change (the next cursor); null for an empty page */
  cursor: number | null;
  /** when that change was logged (ms) */
  mark: number | null;
  /** more changes follow the page */
  more: boolean;
}

/**
 * A page of the change feed built by the database in one statement (issue 16: "let PostgreSQL build the JSON"): the
 * changes after `since` in commit order, up to `limit`; a row changed several times in the page is sent once, at its
 * last position (the row is current anyway); only the tables in `entities` (the signed-in level's, or a device's
 * catch-up list); each change with its row's JSON, or as a delete when the row is gone or soft-deleted. The server
 * receives one text for the page instead of an object per change and per row.
 */
export async function feedPage(
  db: Db,
  tables: readonly (readonly [SyncEntityName, PgTable])[],
  opts: { since: number; limit: number; only: readonly string[] | null },
): Promise<FeedPage> {
  const entities = tables.map(([entity]) => entity);
  const result = (await pageStatement(db, tables, opts.only !== null).execute({
    since: opts.since,
    limit: opts.limit,
    probe: opts.limit + 1,
    only: `{${(opts.only ?? []).join(',')}}`,
    entities: `{${entities.join(',')}}`,
  })) as { rows: { n: number; cursor: number | null; mark: number | null; changes: string }[] };
  const [row] = result.rows;
  return { changes: row.changes, cursor: row.cursor, mark: row.mark, more: Number(row.n) > opts.limit };
}

/**
 * The page's statement for one set of tables, prepared once: its 17 table parts took PostgreSQL 1.5 ms to plan on
 * every page, about a fifth of the page's time in the database (docs/PERFORMANCE.md).
 */
function pageStatement(db: Db, tables: readonly (readonly [SyncEntityName, PgTable])[], only: boolean) {
  const key = `${tables.map(([entity]) => entity).join(',')}${only ? ' only' : ''}`;
  const name = `feed_page_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
  return prepared(db, name, (d) => {
    const union = tables.map(([entity, table]) => tablePart(entity, table)).join('\n union all ');
    const onlyWhere = only ? sql` and entity = any(${sql.placeholder('only')}::text[])` : sql``;
    const statement = sql`
    with page as (
      select seq, entity, row_id, op, created_at from change_log
      where seq > ${sql.placeholder('since')}${onlyWhere} order by seq limit ${sql.placeholder('probe')}
    ), kept as (select * from page order by seq limit ${sql.placeholder('limit')}),
    last as (
      select distinct on (entity, row_id) seq, entity, row_id, op from kept
      where entity = any(${sql.placeholder('entities')}::text[]) order by entity, row_id, seq desc
    ), built as (
      select l.seq, l.entity, l.row_id, l.op, r.json, r.deleted from last l
      left join (${sql.raw(union)}) r on r.entity = l.entity and r.id = l.row_id::text
    )
    select (select count(*) from page)::float8 as n,
      (select max(seq) from kept)::float8 as cursor,
      (select floor(extract(epoch from created_at) * 1000) from kept order by seq desc limit 1)::float8 as mark,
      coalesce(string_agg('{"seq":' || seq || ',"entity":' || to_json(entity)::text || ',"id":' || to_json(row_id::text)::text
        || case when op = 'delete' or json is null or deleted then ',"op":"delete","row":null}'
                else ',"op":"upsert","row":' || json || '}' end, ',' order by seq), '') as changes
    from built`;
    return d._.session.prepareQuery(new PgDialect().sqlToQuery(statement), undefined, name, false);
  });
}
