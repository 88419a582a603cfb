import { desc, eq } from 'drizzle-orm';
import { deviceOfLine, type ConflictAnswer, type FieldConflict } from '../../domain/fieldChanges';
import type { SyncEntityName } from '../../domain/sync';
import type { Tx } from '../db/client';
import { sysLog } from '../db/schema';

/** How far back the activity log is read for who changed a field (a conflict is about a recent change). */
const LOG_LINES = 200;

/**
 * Field conflicts as an update's answer names them (issue 14): each with who last changed the field, on which device
 * and when, read from the activity log's lines about the record (`subject`, as its routes write it) whose
 * predicate names the field (`mentions`). The log is the record of who did what; no other table keeps it twice.
 */
export async function conflictAnswers(
  tx: Tx,
  record: { entity: SyncEntityName; id: string; subject: string },
  conflicts: FieldConflict[],
  mentions: (field: string, predicate: string) => boolean,
): Promise<ConflictAnswer[]> {
  if (conflicts.length === 0) return [];
  const lines = await tx
    .select({ predicate: sysLog.predicate, username: sysLog.username, created_at: sysLog.created_at })
    .from(sysLog)
    .where(eq(sysLog.subject, record.subject))
    .orderBy(desc(sysLog.created_at))
    .limit(LOG_LINES);
  return conflicts.map((c) => {
    const line = lines.find((l) => mentions(c.field, l.predicate));
    return {
      ...c,
      entity: record.entity,
      id: record.id,
      by: line?.username ?? '',
      device: line ? deviceOfLine(line.predicate) : '',
      at: line?.created_at.toISOString() ?? '',
    };
  });
}
