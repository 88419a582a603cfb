import { SYNC_ENTITIES, SYNC_ENTITY_LEVEL, type SyncEntityName } from '../domain/sync';
import { getMeta, type BayBookDB, type Row } from '../local/db';
import { keepDashCounters, pendingAmong, rebaseRows, writeRows } from '../local/rows';
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
  /** the level the server filtered this page at (SYNC_ENTITY_LEVEL); absent from older servers */
  scope?: number;
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
async function applyChanges(
  db: BayBookDB,
  changes: Change[],
  upTo = Infinity,
): Promise<{ applied: number; shadowed: number }> {
  const last = new Map<string, Change>();
  for (const c of changes) if (KNOWN.has(c.entity) && c.seq <= upTo) last.set(`${c.entity}:${c.id}`, c);
  const list = [...last.values()];
  const pending = await pendingAmong(db, [...new Set(list.map((c) => c.id))]);
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
  if (applied.length && (await db.shadow.count()))
    await db.shadow.bulkDelete(applied.map((c): [string, string] => [c.entity, c.id]));
  return { applied: applied.length, shadowed: shadowed.length };
}

/** Applies one page of changes and the new cursor in one transaction. Exported for tests and benchmarks. */
export async function applyPage(
  db: BayBookDB,
  page: ChangesPage,
  expectCursor?: number,
): Promise<{ applied: number; shadowed: number }> {
  let counts = { applied: 0, shadowed: 0 };
  await db.run(() =>
    db.transaction('rw', db.tables, async () => {
      counts = { applied: 0, shadowed: 0 };
      const cursor = await getCursor(db);
      // another tab pulled this page meanwhile: applying it again would be harmless but wasted
      if (expectCursor !== undefined && cursor !== expectCursor) return;
      counts = await applyChanges(db, page.changes);
      await db.meta.put({ key: 'cursor', value: Math.max(cursor, page.cursor) });
    }),
  );
  return counts;
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
export async function probeHead(
  transport: Transport,
  token: string,
  from: number,
  firstCursor: number,
  signal?: AbortSignal,
): Promise<number> {
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
async function runCatchUp(
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

/** Lets the page handle input and paint between two pages (a pull of 170,000 rows must not freeze the app). */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function pull(opts: PullOptions): Promise<PullResult> {
  const { db, transport, token } = opts;
  const limit = opts.pageSize ?? 500;
  const start = await getCursor(db);
  const first = start === 0;
  let scope = await getScope(db);
  let cursor = start;
  let estimated: number | null = null;
  const result: PullResult = { applied: 0, shadowed: 0, pages: 0, cursor, rebased: 0 };
  await keepDashCounters(db);
  const fetchPage = (since: number) => {
    const data = transport<ChangesPage>('GET', `/v3/sync/changes?since=${since}&limit=${limit}`, {
      token,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
    }).then((res) => res.data);
    data.catch(() => undefined); // a prefetch left behind (aborted, or the loop ended on an error) must not go unhandled
    return { since, data };
  };
  let next = fetchPage(cursor);
  for (;;) {
    if (opts.signal?.aborted) break;
    const page = await next.data;
    // one page of prefetch: the next page travels while this one is written (it is written only with its cursor)
    if (page.more && page.cursor > cursor) next = fetchPage(page.cursor);
    if (typeof page.scope === 'number' && page.scope !== scope) {
      await adoptScope(db, page.scope);
      scope = page.scope;
    }
    if (estimated === null && page.more) {
      const head =
        typeof page.head === 'number'
          ? page.head
          : await probeHead(transport, token, start, page.cursor, opts.signal).catch(() => null);
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
    // another tab moved the cursor meanwhile: the prefetch asked from the wrong place
    if (next.since !== cursor) next = fetchPage(cursor);
    await yieldToMain();
  }
  // tables a higher level may now see, below the cursor: after the main pull, so open jobs come first
  result.applied += await runCatchUp(opts, limit, (applied, c) =>
    opts.onProgress?.({
      applied,
      estimated: c.until,
      fraction: c.until ? Math.min(1, c.since / c.until) : null,
      first: false,
    }),
  );
  result.rebased = await settleShadows(db);
  await db.meta.put({ key: 'lastPull', value: new Date().toISOString() });
  return result;
}

// ---- re-pull after a refusal ------------------------------------------------------------------------------------

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
