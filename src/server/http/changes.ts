import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { changeLog } from '../db/schema';
import { CHANGES_CHANNEL } from '../live';
import type { SyncEntityName } from '../../domain/sync';

/** One lock id for the change_log: taken at the end of every writing transaction, so seq order = commit order. */
const CHANGE_LOG_LOCK = 74_210_001;

/**
 * Appends the pull feed rows of a transaction. Must be the last statements before commit: the advisory lock is
 * held until commit, so no transaction can take a later seq and become visible before this one (DESIGN.md).
 */
export async function writeChangeLog(
  tx: Tx,
  changes: { entity: SyncEntityName; id: string; op: 'upsert' | 'delete' }[],
) {
  if (changes.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${CHANGE_LOG_LOCK})`);
  const rows = await tx
    .insert(changeLog)
    .values(changes.map((c) => ({ entity: c.entity, row_id: c.id, op: c.op })))
    .returning({ seq: changeLog.seq });
  // "pull now" for the devices (src/server/live.ts): delivered to every listening instance at commit, never on rollback
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${String(rows.reduce((m, r) => Math.max(m, r.seq), 0))})`);
}
