import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { SyncEntityName } from '../../domain/sync';
import type { Db } from '../db/client';
import { deviceJsonOf, NO_ROW } from '../db/deviceJson';
import { prepared } from '../db/prepared';

type Tables = readonly (readonly [SyncEntityName, PgTable])[];

export interface FeedPage {
  /** the changes as the feed's JSON array's inside: `{"seq","entity","id","op","row"}`, commas between */
  changes: string;
  /** the seq of the page's last change (the next cursor); null for an empty page */
  cursor: number | null;
  /** when that change was logged (ms) */
  mark: number | null;
  /**
   * when the change at `since` was logged (ms): 0 for the start, null when no change has that seq. The device keeps
   * its cursor's mark; a server restored from a backup has another change at that seq, or none, so the device sees
   * that its history is gone (src/sync/pullReset.ts).
   */
  sinceMark: number | null;
  /** the change_log's newest seq */
  head: number;
  /** more changes follow the page */
  more: boolean;
}

interface PageRow {
  more: boolean;
  unbuilt: number;
  cursor: number | null;
  mark: number | null;
  since_mark: number | null;
  head: number | null;
  changes: string;
}

/**
 * A page of the change feed, read by the database in one statement (issue 16: "let PostgreSQL build the JSON"): the
 * changes after `since` in commit order, up to `limit`; a row changed several times in the page is sent once, at its
 * last position; only the tables in `tables` (the signed-in level's, or a device's catch-up list). Each entry's row
 * JSON was written with it (src/server/http/changes.ts), so the page is a range of the log, concatenated. A page
 * holding entries whose JSON is not built yet (logged before it was kept, or their table's columns changed: the
 * start-up fill of src/server/db/feedJson.ts is still running) is built from the tables instead, as the feed did
 * before.
 */
export async function feedPage(
  db: Db,
  tables: Tables,
  opts: { since: number; limit: number; only: readonly string[] | null },
): Promise<FeedPage> {
  const params = {
    since: opts.since,
    limit: opts.limit,
    only: `{${(opts.only ?? []).join(',')}}`,
    entities: `{${tables.map(([entity]) => entity).join(',')}}`,
  };
  const only = opts.only !== null;
  let row = await runPage(pageStatement(db, tables, only, false), params);
  if (Number(row.unbuilt) > 0) row = await runPage(pageStatement(db, tables, only, true), params);
  return {
    changes: row.changes,
    cursor: row.cursor,
    mark: row.mark,
    sinceMark: opts.since === 0 ? 0 : row.since_mark,
    head: Number(row.head ?? 0),
    more: row.more,
  };
}

async function runPage(statement: { execute(p: Record<string, unknown>): Promise<unknown> }, p: object) {
  const result = (await statement.execute({ ...p })) as { rows: PageRow[] };
  return result.rows[0];
}

/**
 * One table's rows among the page's entries whose JSON is not built, each as the JSON the feed sends, keyed by entity
 * and id as text.
 */
function tablePart(entity: SyncEntityName, table: PgTable): string {
  return `select '${entity}'::text as entity, u.row_id::text as id,
      coalesce(${deviceJsonOf(entity, table, 'u.row_id')}, '${NO_ROW}') as json
    from (select row_id from last where entity = '${entity}' and row_json is null) u`;
}

/** The rows: stored with each entry, or (`build`) built from the tables for the entries that have none. */
function rowsOf(tables: Tables, build: boolean): SQL {
  if (!build) return sql`select seq, entity, row_id, op, row_json as json from last`;
  const union = tables.map(([entity, table]) => tablePart(entity, table)).join('\n union all ');
  return sql`select l.seq, l.entity, l.row_id, l.op, coalesce(l.row_json, r.json) as json from last l
    left join (${sql.raw(union)}) r on l.row_json is null and r.entity = l.entity and r.id = l.row_id::text`;
}

/**
 * The page's statement for one set of tables, prepared once: the statement that builds rows has 17 table parts,
 * which took PostgreSQL 1.5 ms to plan on every page (docs/PERFORMANCE.md).
 */
function pageStatement(db: Db, tables: Tables, only: boolean, build: boolean) {
  const key = `${tables.map(([entity]) => entity).join(',')}${only ? ' only' : ''}${build ? ' build' : ''}`;
  const name = `feed_page_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
  return prepared(db, name, (d) => {
    const onlyWhere = only ? sql` and entity = any(${sql.placeholder('only')}::text[])` : sql``;
    const statement = sql`
    with kept as materialized (
      select seq, entity, row_id, op, row_json from change_log
      where seq > ${sql.placeholder('since')}${onlyWhere} order by seq limit ${sql.placeholder('limit')}
    ), last as (
      select distinct on (entity, row_id) seq, entity, row_id, op, row_json from kept
      where entity = any(${sql.placeholder('entities')}::text[]) order by entity, row_id, seq desc
    ), built as (${rowsOf(tables, build)})
    select exists (select 1 from change_log where seq > (select max(seq) from kept)${onlyWhere}) as more,
      (select count(*) from last where row_json is null)::float8 as unbuilt,
      (select max(seq) from kept)::float8 as cursor,
      (select floor(extract(epoch from created_at) * 1000) from change_log where seq = (select max(seq) from kept))::float8
        as mark,
      (select floor(extract(epoch from created_at) * 1000) from change_log where seq = ${sql.placeholder('since')})::float8
        as since_mark,
      (select max(seq) from change_log)::float8 as head,
      -- entity names (the model's) and uuids need no JSON escaping: quoted as they are, without to_json's call a row
      coalesce(string_agg('{"seq":' || seq || ',"entity":"' || entity || '","id":"' || row_id || '"'
        || case when op = 'delete' or json is null or json = '${sql.raw(NO_ROW)}' then ',"op":"delete","row":null}'
                else ',"op":"upsert","row":' || json || '}' end, ',' order by seq), '') as changes
    from built`;
    return d._.session.prepareQuery(new PgDialect().sqlToQuery(statement), undefined, name, false);
  });
}
