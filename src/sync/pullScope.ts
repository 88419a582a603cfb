import { SYNC_ENTITIES, SYNC_ENTITY_LEVEL, type SyncEntityName } from '../domain/sync';
import { getMeta, type BayBookDB } from '../local/db';
import { pendingAmong, writeRows } from '../local/rows';
import { applyChanges, getCursor } from './pullApply';
import type { ChangesPage, PullOptions } from './pullTypes';

/** The level the device's cursor was pulled at (0: not known yet — a new device, or one synced before scopes). */
export async function getScope(db: BayBookDB): Promise<number> {
  return getMeta<number>(db, 'cursorScope', 0);
}

/**
 * A catch-up: tables that became visible when a higher level signed in, pulled from the start of the feed up to
 * `until` (the main cursor at that moment; above it the main pull brings them). Kept in `meta` and advanced with
 * each page in the same transaction, so an interrupted catch-up resumes where it stopped.
 */
export interface CatchUp {
  entities: SyncEntityName[];
  since: number;
  until: number;
}

export async function getCatchUp(db: BayBookDB): Promise<CatchUp | null> {
  return getMeta<CatchUp | null>(db, 'catchUp', null);
}

const tablesAbove = (level: number) => SYNC_ENTITIES.filter((e) => SYNC_ENTITY_LEVEL[e] > level);

/**
 * The feed is filtered by the signed-in user's level (src/domain/sync.ts), and a device shared by users of several
 * levels keeps one cursor. When a page arrives at another level than the device's:
 * - higher: the tables newly visible were skipped below the cursor. Rather than pulling everything again, a
 *   catch-up of just those tables up to the current cursor is recorded (see `CatchUp`); the main cursor stays.
 * - lower: rows of tables that level may not receive leave the device (a shared tablet must not keep the
 *   transactions a Super Admin pulled), with their shadows, except rows that entries still in the outbox create or
 *   touch; a catch-up still pending keeps only the tables this level may see.
 * A device that pulled before scopes existed (cursor > 0, no scope) is taken to hold the level-1 tables only: it
 * catches up on the rest its user may see, and sheds what the user may not (older servers sent transactions,
 * suppliers and the inventory log to level 3).
 */
export async function adoptScope(db: BayBookDB, scope: number): Promise<void> {
  await db.run(() =>
    db.transaction('rw', db.tables, async () => {
      const stored = await getScope(db);
      const cursor = await getCursor(db);
      if (stored === scope) return;
      await db.meta.put({ key: 'cursorScope', value: scope });
      if (cursor === 0 && stored === 0) return; // a new device: the main pull brings everything at this level
      const had = stored === 0 ? 1 : stored;
      if (stored === 0 || scope < had) {
        for (const entity of tablesAbove(scope)) {
          const ids = (await db.entity(entity).toCollection().primaryKeys()) as string[];
          const pending = await pendingAmong(db, ids);
          const gone = ids.filter((id) => !pending.has(id));
          await writeRows(db, entity, [], gone);
          await db.shadow.bulkDelete(gone.map((id): [string, string] => [entity, id]));
        }
      }
      const pending = await getCatchUp(db);
      const keep = (pending?.entities ?? []).filter((e) => SYNC_ENTITY_LEVEL[e] <= scope);
      const fresh =
        scope > had ? SYNC_ENTITIES.filter((e) => SYNC_ENTITY_LEVEL[e] > had && SYNC_ENTITY_LEVEL[e] <= scope) : [];
      const entities = [...new Set([...keep, ...fresh])];
      if (!entities.length) {
        await db.meta.delete('catchUp');
        return;
      }
      // a table joining a catch-up under way starts it again from the beginning (rows are upserts: harmless)
      const since = pending && fresh.every((e) => pending.entities.includes(e)) ? pending.since : 0;
      const catchUp: CatchUp = { entities, since, until: Math.max(cursor, pending?.until ?? 0) };
      await db.meta.put({ key: 'catchUp', value: catchUp });
    }),
  );
}

/** Runs the pending catch-up, if any, page by page; returns the changes applied. */
export async function runCatchUp(
  opts: PullOptions,
  limit: number,
  onPage: (applied: number, c: CatchUp) => void,
): Promise<number> {
  const { db, transport, token } = opts;
  let total = 0;
  for (;;) {
    const c = await getCatchUp(db);
    if (!c || opts.signal?.aborted) return total;
    const res = await transport<ChangesPage>(
      'GET',
      `/v3/sync/changes?since=${c.since}&limit=${limit}&only=${c.entities.join(',')}`,
      { token, signal: opts.signal, timeoutMs: opts.timeoutMs },
    );
    const page = res.data;
    // the level changed between two pages: adopt it (which trims or restarts the catch-up) and go on from meta
    if (typeof page.scope === 'number' && page.scope !== (await getScope(db))) {
      await adoptScope(db, page.scope);
      continue;
    }
    let applied = 0;
    await db.run(() =>
      db.transaction('rw', db.tables, async () => {
        const now = await getCatchUp(db);
        if (!now || now.since !== c.since) return; // another tab advanced it meanwhile
        const counts = await applyChanges(db, page.changes, c.until);
        applied = counts.applied + counts.shadowed;
        const since = Math.max(c.since, page.cursor);
        if (!page.more || since >= c.until || page.cursor <= c.since) await db.meta.delete('catchUp');
        else await db.meta.put({ key: 'catchUp', value: { ...c, since } });
      }),
    );
    total += applied;
    onPage(applied, c);
  }
}
