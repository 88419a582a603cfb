import { max } from 'drizzle-orm';
import type { Database, Db } from './db/client';
import { prepared } from './db/prepared';
import { changeLog } from './db/schema';

/**
 * Live changes (issue 16): "pull now" for every connected device, within a second or two of any commit that wrote
 * change_log rows, on whichever instance it committed.
 *
 * The writing transaction itself NOTIFYs CHANGES_CHANNEL with its highest seq (http/changes.ts), so PostgreSQL
 * delivers it at commit, to every instance that LISTENs, and never for a rolled-back write. On PostgreSQL each
 * instance holds one connection of its own for LISTEN (a pooled one would be handed to queries); on PGlite the one
 * process hears its own NOTIFY through PGlite's listen(). The devices still poll (src/sync/engine.ts), so a missed
 * notice costs at most one poll interval — and after a LISTEN connection comes back, the head is read and sent anyway.
 */
export const CHANGES_CHANNEL = 'baybook_changes';

/** Notices within this window go out as one (a burst of writes makes one pull per device, not one per write). */
const COALESCE_MS = 50;

export interface LiveChanges {
  /** the listener hears the newest seq after each commit (coalesced); returns the unsubscribe */
  subscribe(listener: (seq: number) => void): () => void;
  /** the change_log's newest seq now */
  head(): Promise<number>;
  close(): Promise<void>;
}

async function changeLogHead(db: Db): Promise<number> {
  const [row] = await prepared(db, 'change_log_head', (d) =>
    d
      .select({ seq: max(changeLog.seq) })
      .from(changeLog)
      .prepare('change_log_head'),
  ).execute();
  return Number(row?.seq ?? 0);
}

export async function liveChanges(database: Database, databaseUrl?: string): Promise<LiveChanges> {
  const listeners = new Set<(seq: number) => void>();
  let latest = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    for (const l of listeners) l(latest);
  };
  const heard = (seq: number) => {
    if (!Number.isFinite(seq)) return;
    latest = Math.max(latest, seq);
    timer ??= setTimeout(flush, COALESCE_MS);
  };
  const head = () => changeLogHead(database.db);
  let stop: () => Promise<void>;
  if (database.listen) {
    stop = await database.listen(CHANGES_CHANNEL, (payload) => heard(Number(payload)));
  } else if (databaseUrl) {
    stop = await listenPostgres(
      databaseUrl,
      (payload) => heard(Number(payload)),
      () => void head().then(heard, () => undefined),
    );
  } else {
    throw new Error('live changes need PGlite or a DATABASE_URL to LISTEN on');
  }
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    head,
    async close() {
      if (timer) clearTimeout(timer);
      listeners.clear();
      await stop();
    },
  };
}

const RECONNECT_MS = [250, 500, 1000, 2000, 5000];

/**
 * LISTEN on a connection of its own, opened again (after a restart, a failover, an idle timeout) with growing waits;
 * `onReconnect` runs once listening again, since notices sent while it was away are lost. Resolves once listening.
 */
async function listenPostgres(
  url: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  let closed = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let attempts = 0;

  const reconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(
      () => {
        retry = null;
        connect().then(() => {
          attempts = 0;
          onReconnect();
        }, reconnect);
      },
      RECONNECT_MS[Math.min(attempts++, RECONNECT_MS.length - 1)],
    );
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    // an error on the LISTEN connection is followed by 'end', where it reconnects
    c.on('error', () => undefined);
    c.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL) onPayload(n.payload ?? '');
    });
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      reconnect();
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANGES_CHANNEL}`);
    } catch (err) {
      if (client === c) client = null;
      void c.end().catch(() => undefined);
      throw err;
    }
  };

  await connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
