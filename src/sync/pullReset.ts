import { SYNC_ENTITIES } from '../domain/sync';
import { getMeta, type BayBookDB } from '../local/db';
import { pendingAmong, writeRows } from '../local/rows';
import type { ChangesPage } from './pullTypes';

/**
 * A server restored from a backup has a shorter change log than the one this device pulled. The device's cursor then
 * points past the restored head, or, once the server has logged as many changes again, at another change with the
 * same seq: either way the pull would skip every change up to the old cursor, for good. The feed tells the mark (the
 * time it was logged) of the change at the cursor the device asked from (sinceMark, src/server/routes/sync.ts) and
 * the device keeps the mark of its own cursor: no change there, or another mark, means the history changed.
 */
export async function getCursorMark(db: BayBookDB): Promise<number | null> {
  return getMeta<number | null>(db, 'cursorMark', null);
}

export function historyChanged(page: ChangesPage, since: number, mark: number | null): boolean {
  if (since === 0 || page.sinceMark === undefined) return false; // the start, or a server that tells no marks
  if (page.sinceMark === null) return true; // no change at the cursor: the change log is shorter than it
  return mark !== null && mark !== page.sinceMark; // no mark kept: the device pulled before marks existed
}

const META_OF_THE_PULL = ['cursor', 'cursorMark', 'cursorScope', 'catchUp', 'repull'];

/**
 * Starts the device's copy of the server again from nothing, keeping what it has not sent, in one transaction: rows
 * with entries in the outbox stay (and the outbox, the conflicts, the session and the device's code), every other
 * synced row goes, and the cursor, its mark, its scope and any catch-up or re-pull start over. Kept rows and their
 * shadows forget the old history's seqs, so what the restored server sends for them counts as newer (rebaseRows).
 */
export async function forgetServerHistory(db: BayBookDB): Promise<void> {
  await db.run(() =>
    db.transaction('rw', db.tables, async () => {
      // the rows the outbox still touches, found from the outbox (small) rather than from every row (170,000)
      const pending = await pendingAmong(
        db,
        (await db.outbox.toArray()).flatMap((e) => e.refs),
      );
      for (const entity of SYNC_ENTITIES) {
        const table = db.entity(entity);
        const ids = (await table.toCollection().primaryKeys()) as string[];
        await writeRows(
          db,
          entity,
          [],
          ids.filter((id) => !pending.has(id)),
        );
        for (const id of ids.filter((i) => pending.has(i))) await table.update(id, { _seq: 0 });
      }
      const shadows = await db.shadow.toArray();
      const kept = (s: { id: string }) => pending.has(s.id);
      await db.shadow.bulkDelete(shadows.filter((s) => !kept(s)).map((s): [string, string] => [s.entity, s.id]));
      await db.shadow.bulkPut(shadows.filter(kept).map((s) => ({ ...s, seq: 0 })));
      await db.meta.bulkDelete(META_OF_THE_PULL);
    }),
  );
}
