import { sql } from 'drizzle-orm';
import { SYNC_ENTITIES } from '../../domain/sync';
import type { Database, Db } from './client';
import { changeJsonSql, deviceColumns } from './deviceJson';
import { feedShapes, SYNCED_TABLES } from './schema';

/**
 * The change_log keeps each entry's row as the feed sends it (src/server/http/changes.ts), so a feed page is read,
 * not built. Two things leave entries without it: entries logged before it was kept, and entries of a table whose
 * device columns changed (a field added to the model: their JSON lacks it). At start, each table's columns are
 * compared with those its stored JSON was built with, a changed table's JSON is dropped, and what is missing is
 * built again in the background, oldest first, in short batches; meanwhile the feed builds those entries' rows from
 * the tables (src/server/http/feedPage.ts), as it did before.
 */

const SHAPES_LOCK = 74_210_002;
const ALL_TABLES = SYNC_ENTITIES.map((e) => [e, SYNCED_TABLES[e]] as const);

/** Drops the stored JSON of the tables whose device columns changed, and records the columns now. */
export async function checkFeedShapes(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    // several instances starting together: one compares at a time
    await tx.execute(sql`select pg_advisory_xact_lock(${SHAPES_LOCK})`);
    const stored = new Map((await tx.select().from(feedShapes)).map((r) => [r.entity, r.columns]));
    const changed: string[] = [];
    for (const [entity, table] of ALL_TABLES) {
      const columns = deviceColumns(entity, table);
      if (stored.get(entity) === columns) continue;
      if (stored.has(entity)) changed.push(entity);
      await tx.execute(sql`update change_log set row_json = null where entity = ${entity} and row_json is not null`);
      await tx
        .insert(feedShapes)
        .values({ entity, columns })
        .onConflictDoUpdate({ target: feedShapes.entity, set: { columns } });
    }
    return changed;
  });
}

/** Builds up to `batch` missing entries' JSON, oldest first; returns how many it built. */
export async function fillFeedBatch(db: Db, batch: number): Promise<number> {
  const json = changeJsonSql(ALL_TABLES, { entity: 'c.entity', rowId: 'c.row_id', op: 'c.op' });
  const result = (await db.execute(sql`
    update change_log c set row_json = ${sql.raw(json)}
    where c.seq in (select seq from change_log where row_json is null order by seq limit ${batch})`)) as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** Builds every missing entry's JSON (the seeding script, and tests); returns how many it built. */
export async function fillFeedJson(db: Db, batch = 5000): Promise<number> {
  let built = 0;
  for (let n = await fillFeedBatch(db, batch); n > 0; n = await fillFeedBatch(db, batch)) built += n;
  return built;
}

/**
 * At start: the shapes checked (before any page is served: a changed table's old JSON is never sent), then the missing
 * JSON built in the background (PGlite runs on this process's thread: smaller batches, so requests wait at most one
 * batch). `stop` ends it after the batch under way.
 */
export async function startFeedJson(
  database: Database,
  onError: (err: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  await checkFeedShapes(database.db);
  const batch = database.kind === 'pglite' ? 200 : 5000;
  let stopped = false;
  const run = (async () => {
    while (!stopped && (await fillFeedBatch(database.db, batch)) > 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  })().catch((err: unknown) => {
    if (!stopped) onError(err);
  });
  return {
    stop: async () => {
      stopped = true;
      await run;
    },
  };
}
