import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { sqlRows } from '../db/sqlRows';
import { changeJsonSql } from '../db/deviceJson';
import { SYNCED_TABLES } from '../db/schema';
import { CHANGES_CHANNEL } from '../live';
import type { SyncEntityName } from '../../domain/sync';

/** One lock id for the change_log: taken at the end of every writing transaction, so seq order = commit order. */
const CHANGE_LOG_LOCK = 74_210_001;

type Change = { entity: SyncEntityName; id: string; op: 'upsert' | 'delete' };

/**
 * Appends the pull feed rows of a transaction. Must be the last statements before commit: the advisory lock is
 * held until commit, so no transaction can take a later seq and become visible before this one (DESIGN.md). Each
 * entry keeps its row's JSON as the feed sends it, read from the rows this transaction leaves.
 */
export async function writeChangeLog(tx: Tx, changes: Change[]) {
  if (changes.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${CHANGE_LOG_LOCK})`);
  const entities = [...new Set(changes.map((c) => c.entity))];
  const json = changeJsonSql(
    entities.map((e) => [e, SYNCED_TABLES[e]] as const),
    { entity: 'v.entity', rowId: 'v.row_id', op: 'v.op' },
  );
  // arrays go as one text parameter each (ids, entity names and ops need no quoting)
  const list = (values: string[]) => `{${values.join(',')}}`;
  const rows = await sqlRows<{ seq: number | string }>(
    tx,
    sql`
    insert into change_log (entity, row_id, op, row_json)
    select v.entity, v.row_id, v.op, ${sql.raw(json)}
    from unnest(${list(changes.map((c) => c.entity))}::text[], ${list(changes.map((c) => c.id))}::uuid[],
                ${list(changes.map((c) => c.op))}::text[]) with ordinality as v(entity, row_id, op, n)
    order by v.n
    returning seq`,
  );
  const head = rows.reduce((m, r) => Math.max(m, Number(r.seq)), 0);
  // "pull now" for the devices (src/server/live.ts): delivered to every listening instance at commit, never on rollback
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${String(head)})`);
}
