import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { changeLog } from '../db/schema';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { API } from '../../domain/apiRoutes';

/**
 * The change_log's head and its mark (when it was logged, ms; null for an empty log), as the feed tells marks
 * (routes/sync.ts): a device whose cursor is the head's seq but whose mark is another has a history the server no
 * longer holds — a server restored from a backup that has logged as many changes again since.
 */
async function headAndMark(db: Db): Promise<{ seq: number; mark: number | null }> {
  const [row] = await db
    .select({ seq: changeLog.seq, at: changeLog.created_at })
    .from(changeLog)
    .orderBy(desc(changeLog.seq))
    .limit(1);
  return row ? { seq: Number(row.seq), mark: row.at.getTime() } : { seq: 0, mark: null };
}

/**
 * GET /v3/sync/live: "pull now" for devices (issue 16, src/server/live.ts). With `Accept: text/event-stream` it is
 * a server-sent-events stream of `change` events ({seq}: the change_log's head; the first one also has its mark);
 * otherwise it answers the head and its mark once, as JSON.
 *
 * The token goes in the Authorization header, as for every other route: the device reads the stream with fetch()
 * (src/sync/live.ts), as it reads photo bytes (src/sync/photos.ts), not with EventSource, which cannot send headers
 * and would put the token in the URL — where proxies and access logs keep it.
 */
export function liveRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.syncLive,
    summary:
      'Live changes: with Accept: text/event-stream, an SSE stream of change events {seq} after each commit (the first with the mark of the head); otherwise the head seq and its mark once',
    async handler({ db, req, reply }) {
      const head = await headAndMark(db);
      if (!String(req.headers.accept ?? '').includes('text/event-stream')) return { value: true, ...head };
      s.liveStreams.open(reply, head);
      return reply;
    },
  });
}
