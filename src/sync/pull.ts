import { keepDashCounters, markFirstSync } from '../local/rows';
import { applyPage, getCursor, settleShadows } from './pullApply';
import { forgetServerHistory, getCursorMark, historyChanged } from './pullReset';
import { adoptScope, getScope, runCatchUp } from './pullScope';
import type { ChangesPage, PullOptions, PullProgress, PullResult } from './pullTypes';
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

export type { Change, ChangesPage, PullProgress } from './pullTypes';
export { applyPage, getCursor } from './pullApply';
export { getCatchUp, getScope } from './pullScope';
export { getRepull, noteRepull } from './repull';

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

/** Lets the page handle input and paint between two pages (a pull of 170,000 rows must not freeze the app). */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function pull(opts: PullOptions): Promise<PullResult> {
  const { db } = opts;
  // the server's largest page: half the transactions, commits and screen refreshes of 500 (issue 13)
  const limit = opts.pageSize ?? 1000;
  const result = await pullPages(opts, limit);
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

/** The main pull: page after page from the cursor, each written with its cursor, the next one fetched meanwhile. */
async function pullPages(opts: PullOptions, limit: number): Promise<PullResult> {
  const { db } = opts;
  const start = await getCursor(db);
  let scope = await getScope(db);
  let cursor = start;
  let estimated: number | null = null;
  const result: PullResult = { applied: 0, shadowed: 0, pages: 0, cursor, rebased: 0 };
  await keepDashCounters(db);
  if (start === 0) await markFirstSync(db, true);
  const fetchPage = pageFetcher(opts, limit);
  let next = fetchPage(cursor);
  for (;;) {
    if (opts.signal?.aborted) break;
    const page = await next.data;
    // a server restored from a backup: start again from 0, keeping what the outbox still has to send
    if (result.pages === 0 && historyChanged(page, start, await getCursorMark(db))) {
      await forgetServerHistory(db);
      return { ...(await pullPages(opts, limit)), restarted: true };
    }
    // one page of prefetch: the next page travels while this one is written (it is written only with its cursor)
    if (page.more && page.cursor > cursor) next = fetchPage(page.cursor);
    if (typeof page.scope === 'number' && page.scope !== scope) {
      await adoptScope(db, page.scope);
      scope = page.scope;
    }
    if (estimated === null && page.more) estimated = await estimateTotal(opts, page, start);
    const written = await applyPage(db, page, cursor);
    result.applied += written.applied;
    result.shadowed += written.shadowed;
    result.pages++;
    const before = cursor;
    cursor = Math.max(written.cursor, page.cursor);
    result.cursor = cursor;
    opts.onProgress?.(progressOf(result, estimated, cursor - start, page.more, start === 0));
    if (!page.more) await markFirstSync(db, false);
    if (!page.more || cursor <= before) break;
    // another tab moved the cursor meanwhile: the prefetch asked from the wrong place
    if (next.since !== cursor) next = fetchPage(cursor);
    await yieldToMain();
  }
  return result;
}

function pageFetcher(opts: PullOptions, limit: number) {
  return (since: number) => {
    const data = opts
      .transport<ChangesPage>('GET', `/v3/sync/changes?since=${since}&limit=${limit}`, {
        token: opts.token,
        signal: opts.signal,
        timeoutMs: opts.timeoutMs,
      })
      .then((res) => res.data);
    data.catch(() => undefined); // a prefetch left behind (aborted, or the loop ended on an error) must not go unhandled
    return { since, data };
  };
}

/** How many changes this pull will bring: the server's head (told, or probed for) minus where it started. */
async function estimateTotal(opts: PullOptions, page: ChangesPage, start: number): Promise<number | null> {
  const head =
    typeof page.head === 'number'
      ? page.head
      : await probeHead(opts.transport, opts.token, start, page.cursor, opts.signal).catch(() => null);
  return head === null ? null : Math.max(0, head - start);
}

function progressOf(
  result: PullResult,
  estimated: number | null,
  done: number,
  more: boolean,
  first: boolean,
): PullProgress {
  return {
    applied: result.applied + result.shadowed,
    estimated: estimated ?? (more ? null : done),
    fraction: estimated ? Math.min(1, done / estimated) : more ? null : 1,
    first,
  };
}
