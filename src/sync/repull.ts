import type { SyncEntityName } from '../domain/sync';
import { getMeta, type BayBookDB } from '../local/db';
import { applyChanges, getCursor } from './pullApply';
import type { ChangesPage, PullOptions } from './pullTypes';

/**
 * Rows a refused entry put back to their shadow, waiting to be made authoritative (kept in `meta`, written in the
 * refusal's own transaction so a crash cannot lose it). The shadow can be older than the server: an earlier entry
 * on the same row applied in the same pass moved the server's row on, but the row still had the refused entry
 * pending, so nothing refreshed its shadow. The cycle's pull fixes that when the signed-in user has a usable token
 * (and then forgets the list); otherwise `repullRows` fetches just these rows with the token of whoever made the
 * refused change.
 */
export interface Repull {
  rows: [SyncEntityName, string][];
  /** who made the refused changes (their tokens were good enough for the server to answer) */
  actors: string[];
}

export async function getRepull(db: BayBookDB): Promise<Repull | null> {
  const r = await getMeta<Repull | null>(db, 'repull', null);
  return r && r.rows.length ? r : null;
}

/** Adds rows to re-pull. Call inside a 'rw' transaction that includes `meta` (the refusal's). */
export async function noteRepull(db: BayBookDB, rows: [SyncEntityName, string][], actors: string[]): Promise<void> {
  if (!rows.length) return;
  const cur = (await getRepull(db)) ?? { rows: [], actors: [] };
  const seen = new Set(cur.rows.map(([e, id]) => `${e}:${id}`));
  const merged: Repull = { rows: [...cur.rows], actors: [...new Set([...cur.actors, ...actors])] };
  for (const r of rows) {
    if (seen.has(`${r[0]}:${r[1]}`)) continue;
    seen.add(`${r[0]}:${r[1]}`);
    merged.rows.push(r);
  }
  await db.meta.put({ key: 'repull', value: merged });
}

/** Forgets these rows (all of them when none are named): a pull has made them authoritative. */
export async function clearRepull(db: BayBookDB, done?: Repull): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const cur = await getRepull(db);
    if (!cur) return;
    const gone = new Set((done ?? cur).rows.map(([e, id]) => `${e}:${id}`));
    const rows = cur.rows.filter(([e, id]) => !gone.has(`${e}:${id}`));
    if (rows.length) await db.meta.put({ key: 'repull', value: { rows, actors: cur.actors } });
    else await db.meta.delete('repull');
  });
}

/**
 * Brings the server's newest version of the rows waiting in `repull` (from the cursor on, their tables only), without
 * moving the cursor or the device's scope: any user's token will do. A row with entries pending again meanwhile
 * gets it in its shadow instead. Returns the rows changed.
 */
export async function repullRows(opts: PullOptions): Promise<number> {
  const { db, transport, token } = opts;
  const want = await getRepull(db);
  if (!want) return 0;
  const keys = new Set(want.rows.map(([e, id]) => `${e}:${id}`));
  const entities = [...new Set(want.rows.map(([e]) => e))];
  const limit = opts.pageSize ?? 500;
  let since = await getCursor(db);
  let changed = 0;
  for (;;) {
    if (opts.signal?.aborted) return changed;
    const res = await transport<ChangesPage>(
      'GET',
      `/v3/sync/changes?since=${since}&limit=${limit}&only=${entities.join(',')}`,
      {
        token,
        signal: opts.signal,
        timeoutMs: opts.timeoutMs,
      },
    );
    const page = res.data;
    const mine = page.changes.filter((c) => keys.has(`${c.entity}:${c.id}`));
    if (mine.length) {
      await db.run(() =>
        db.transaction('rw', db.tables, async () => {
          for (const c of mine) {
            const local = await db.entity(c.entity as SyncEntityName).get(c.id);
            if ((local?._seq ?? 0) >= c.seq) continue; // a pull elsewhere already brought this or newer
            const counts = await applyChanges(db, [c]);
            changed += counts.applied;
          }
        }),
      );
    }
    if (!page.more || page.cursor <= since) break;
    since = page.cursor;
  }
  await clearRepull(db, want);
  return changed;
}
