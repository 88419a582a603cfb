import { SYNC_ENTITY_LEVEL, type SyncEntityName } from '../domain/sync';
import { getMeta, type BayBookDB, type Row } from '../local/db';
import { pendingAmong, rebaseRows, writeRows } from '../local/rows';
import type { Change, ChangesPage } from './pullTypes';

/**
 * Writing pulled changes (pull.ts): each page's rows and its cursor in one transaction; a row with entries still in
 * the outbox gets the server's row in its shadow instead, settled once the pull has caught up.
 */

const KNOWN = new Set(Object.keys(SYNC_ENTITY_LEVEL));

export async function getCursor(db: BayBookDB): Promise<number> {
  return getMeta<number>(db, 'cursor', 0);
}

/** The server's newer rows for rows with entries still in the outbox go to their shadows (the rebase). */
async function shadowChanges(db: BayBookDB, changes: Change[]) {
  if (!changes.length) return;
  const keys = changes.map((c): [string, string] => [c.entity, c.id]);
  const current = await db.shadow.bulkGet(keys);
  const newer = changes.filter((c, i) => !current[i] || current[i]!.seq < c.seq);
  await db.shadow.bulkPut(
    newer.map((c) => ({
      entity: c.entity as SyncEntityName,
      id: c.id,
      row: c.row ? { ...c.row, _seq: c.seq } : null,
      seq: c.seq,
      op: c.op === 'delete' || !c.row ? 'delete' : 'upsert',
    })),
  );
}

/**
 * Writes pulled changes to their rows, or to the shadows of rows with entries still in the outbox (the rebase), in
 * bulk: one outbox read for all their ids, then per table one bulk read of the rows before (for the counters), one
 * bulkPut and one bulkDelete — a few requests a page instead of ~8 a row. Call inside a 'rw' transaction over
 * `db.tables`. A row named twice takes its last change.
 */
export async function applyChanges(
  db: BayBookDB,
  changes: Change[],
  upTo = Infinity,
): Promise<{ applied: number; shadowed: number }> {
  const last = new Map<string, Change>();
  for (const c of changes) if (KNOWN.has(c.entity) && c.seq <= upTo) last.set(`${c.entity}:${c.id}`, c);
  const list = [...last.values()];
  // shadows counted before this page's: those are of rows shadowed here, never of the rows applied
  const [pending, shadows] = await Promise.all([
    pendingAmong(db, [...new Set(list.map((c) => c.id))]),
    db.shadow.count(),
  ]);
  const shadowed = list.filter((c) => pending.has(c.id));
  const applied = list.filter((c) => !pending.has(c.id));
  await shadowChanges(db, shadowed);
  const byTable = new Map<SyncEntityName, { puts: Row[]; deletes: string[] }>();
  for (const c of applied) {
    const entity = c.entity as SyncEntityName;
    const w = byTable.get(entity) ?? { puts: [], deletes: [] };
    byTable.set(entity, w);
    if (c.op === 'delete' || !c.row) w.deletes.push(c.id);
    else w.puts.push({ ...c.row, _seq: c.seq });
  }
  for (const [entity, w] of byTable) await writeRows(db, entity, w.puts, w.deletes);
  // a row applied has no server version waiting any more (most pages: no shadows at all, nothing to delete)
  if (applied.length && shadows) await db.shadow.bulkDelete(applied.map((c): [string, string] => [c.entity, c.id]));
  return { applied: applied.length, shadowed: shadowed.length };
}

/**
 * Applies one page of changes and the new cursor in one transaction; `cursor` is the device's cursor after it (read
 * in the same transaction: the pull needs no read of its own after each page). Exported for tests and benchmarks.
 */
export async function applyPage(
  db: BayBookDB,
  page: ChangesPage,
  expectCursor?: number,
): Promise<{ applied: number; shadowed: number; cursor: number }> {
  return db.run(() =>
    db.transaction('rw', db.tables, async () => {
      const cursor = await getCursor(db);
      // another tab pulled this page meanwhile: applying it again would be harmless but wasted
      if (expectCursor !== undefined && cursor !== expectCursor) return { applied: 0, shadowed: 0, cursor };
      const counts = await applyChanges(db, page.changes);
      const meta = [{ key: 'cursor', value: Math.max(cursor, page.cursor) }];
      // the cursor's mark goes with it (src/sync/pullReset.ts)
      if (page.cursor >= cursor && typeof page.mark === 'number') meta.push({ key: 'cursorMark', value: page.mark });
      await db.meta.bulkPut(meta);
      return { ...counts, cursor: meta[0]!.value };
    }),
  );
}

/** Settles the shadows of rows that have no entries left in the outbox (see the module comment). */
export async function settleShadows(db: BayBookDB): Promise<number> {
  return db.transaction('rw', db.tables, async () => {
    const ids = (await db.shadow.toArray()).map((s) => s.id);
    return rebaseRows(db, ids, false);
  });
}
