import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';

/**
 * GET /v3/sync/live: "pull now" for devices (issue 16, src/server/live.ts). With `Accept: text/event-stream` it is
 * a server-sent-events stream of `change` events ({seq}: the change_log's head); otherwise it answers the head once,
 * as JSON.
 *
 * The token goes in the Authorization header, as for every other route: the device reads the stream with fetch()
 * (src/sync/live.ts), as it reads photo bytes (src/sync/photos.ts), not with EventSource, which cannot send headers
 * and would put the token in the URL — where proxies and access logs keep it.
 */
export function liveRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    method: 'GET',
    path: '/v3/sync/live',
    summary:
      'Live changes: with Accept: text/event-stream, an SSE stream of change events {seq} after each commit; otherwise the head seq once',
    async handler({ req, reply }) {
      const head = await s.live.head();
      if (!String(req.headers.accept ?? '').includes('text/event-stream')) return { value: true, seq: head };
      s.liveStreams.open(reply, head);
      return reply;
    },
  });
}
