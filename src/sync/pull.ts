import { SYNC_ENTITY_LEVEL, type SyncEntityName } from '../domain/sync';
import { getMeta, type BayBookDB, type Row } from '../local/db';
import { deleteRow, hasPendingEntries, putRow, rebaseRows } from '../local/rows';
import type { Transport } from './transport';

/**
 * The pull (DESIGN.md): `GET /v3/sync/changes?since=<cursor>&limit=N` in pages; each page's rows AND the new cursor
 * are written in ONE Dexie transaction, so a crash in the middle of a page leaves the old cursor and the page is
 * simply pulled again. The cursor is the server's commit-ordered change_log seq, never a time.
 *
 * Rebase: a row with entries still in the outbox keeps its local state; the server's row goes to `shadow` instead.
 * After the pull has caught up, every shadow whose row has no entries left is settled (`rebaseRows`): a shadow newer
 * than the local row is the server's truth and replaces it, an older one is dropped (the push it waited for has been
 * applied and the pull brought the newer row already).
 */

export interface Change {
  seq: number;
  entity: string;
  id: string;
  op: 'upsert' | 'delete';
  row: Row | null;
}

export interface ChangesPage {
  changes: Change[];
  cursor: number;
  more: boolean;
  /** the newest seq on the server, when the server tells */
  head?: number;
}

export interface PullProgress {
  /** changes applied in this pull */
  applied: number;
  /** estimated total of this pull (server head minus the starting cursor), when known */
  estimated: number | null;
  /** 0..1 */
  fraction: number | null;
  first: boolean;
}

export interface PullOptions {
  db: BayBookDB;
  transport: Transport;
  token: string;
  pageSize?: number;
  onProgress?: (p: PullProgress) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface PullResult {
  applied: number;
  shadowed: number;
  pages: number;
  cursor: number;
  rebased: number;
}

const KNOWN = new Set(Object.keys(SYNC_ENTITY_LEVEL));

export async function getCursor(db: BayBookDB): Promise<number> {
  return getMeta<number>(db, 'cursor', 0);
}

/** Applies one page of changes and the new cursor in one transaction. Exported for tests and benchmarks. */
export async function applyPage(db: BayBookDB, page: ChangesPage, expectCursor?: number): Promise<{ applied: number; shadowed: number }> {
  let applied = 0;
  let shadowed = 0;
  await db.run(() =>
    db.transaction('rw', db.tables, async () => {
      applied = 0;
      shadowed = 0;
      const cursor = await getCursor(db);
      // another tab pulled this page meanwhile: applying it again would be harmless but wasted
      if (expectCursor !== undefined && cursor !== expectCursor) return;
      for (const c of page.changes) {
        if (!KNOWN.has(c.entity)) continue;
        const entity = c.entity as SyncEntityName;
        const row = c.row ? { ...c.row, _seq: c.seq } : null;
        if (await hasPendingEntries(db, c.id)) {
          const s = await db.shadow.get([entity, c.id]);
          if (!s || s.seq < c.seq) await db.shadow.put({ entity, id: c.id, row, seq: c.seq, op: c.op === 'delete' || !row ? 'delete' : 'upsert' });
          shadowed++;
          continue;
        }
        if (c.op === 'delete' || !row) await deleteRow(db, entity, c.id);
        else await putRow(db, entity, row);
        await db.shadow.delete([entity, c.id]);
        applied++;
      }
      await db.meta.put({ key: 'cursor', value: Math.max(cursor, page.cursor) });
    }),
  );
  return { applied, shadowed };
}

/** Settles the shadows of rows that have no entries left in the outbox (see the module comment). */
export async function settleShadows(db: BayBookDB): Promise<number> {
  return db.transaction('rw', db.tables, async () => {
    const ids = (await db.shadow.toArray()).map((s) => s.id);
    return rebaseRows(db, ids, false);
  });
}

/**
 * The server's newest seq, found with a few `limit=1` probes (doubling, then halving): used to show the progress of
 * a new device's first sync. Costs about 2·log2(head) tiny requests, once.
 */
export async function probeHead(transport: Transport, token: string, from: number, firstCursor: number, signal?: AbortSignal): Promise<number> {
  const after = async (s: number) => {
    const res = await transport<ChangesPage>('GET', `/v3/sync/changes?since=${s}&limit=1`, { token, signal });
    return res.data.cursor > s || res.data.more;
  };
  let lo = Math.max(from, firstCursor); // there is a change at or after lo
  let step = Math.max(1, lo - from);
  let hi = lo + step;
  while (await after(hi)) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  // head is in (lo, hi]
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (await after(mid)) lo = mid;
    else hi = mid;
  }
  return hi;
}

export async function pull(opts: PullOptions): Promise<PullResult> {
  const { db, transport, token } = opts;
  const limit = opts.pageSize ?? 500;
  const start = await getCursor(db);
  const first = start === 0;
  let cursor = start;
  let estimated: number | null = null;
  const result: PullResult = { applied: 0, shadowed: 0, pages: 0, cursor, rebased: 0 };
  for (;;) {
    if (opts.signal?.aborted) break;
    const res = await transport<ChangesPage>('GET', `/v3/sync/changes?since=${cursor}&limit=${limit}`, {
      token,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    });
    const page = res.data;
    if (estimated === null && page.more) {
      const head = typeof page.head === 'number' ? page.head : await probeHead(transport, token, start, page.cursor, opts.signal).catch(() => null);
      estimated = head === null ? null : Math.max(0, head - start);
    }
    const { applied, shadowed } = await applyPage(db, page, cursor);
    result.applied += applied;
    result.shadowed += shadowed;
    result.pages++;
    const before = cursor;
    cursor = Math.max(await getCursor(db), page.cursor);
    result.cursor = cursor;
    const done = cursor - start;
    opts.onProgress?.({
      applied: result.applied + result.shadowed,
      estimated: estimated ?? (page.more ? null : done),
      fraction: estimated ? Math.min(1, done / estimated) : page.more ? null : 1,
      first,
    });
    if (!page.more || cursor <= before) break;
  }
  result.rebased = await settleShadows(db);
  await db.meta.put({ key: 'lastPull', value: new Date().toISOString() });
  return result;
}
