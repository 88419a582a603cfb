import type { FastifyReply } from 'fastify';
import type { LiveChanges } from './live';

/**
 * The server-sent-events side of GET /api/v3/sync/live: one `change` event with the head seq and its mark on opening (a
 * device that reconnects learns at once whether it missed anything, or whether the server was restored), then one after each commit, and a comment line as a
 * heartbeat so proxies and load balancers that cut idle connections (nginx 60 s, AWS ALB 60 s) keep it open.
 *
 * A stream ends after MAX_STREAM_MS so its token is checked again on reconnecting (a removed user's device stops
 * hearing), and all end when the server closes: app.close() waits for open requests, and a stream never ends alone.
 */
const HEARTBEAT_MS = 20_000;
const MAX_STREAM_MS = 10 * 60_000;

export interface LiveStreams {
  open(reply: FastifyReply, head: { seq: number; mark: number | null }): void;
  /** ends every open stream and refuses new ones (graceful shutdown): the devices reconnect, through the load
   *  balancer, to another instance */
  endAll(): void;
}

export function liveStreams(live: LiveChanges): LiveStreams {
  const ends = new Set<() => void>();
  let closing = false;
  return {
    open(reply, head) {
      // a device reconnecting at once after endAll() would otherwise hold the close open again
      if (closing) {
        void reply.code(503).send({ value: false, message: 'The server is shutting down. Try again in a moment.' });
        return;
      }
      // the stream is written by hand: compression and the JSON reply would both hold events back
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: a proxy must not compress or buffer it; X-Accel-Buffering: nginx's per-response switch
        'cache-control': 'no-cache, no-store, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      const send = (seq: number) => res.write(`event: change\ndata: ${JSON.stringify({ seq })}\n\n`);
      res.write(`event: change\ndata: ${JSON.stringify(head)}\n\n`);
      const unsubscribe = live.subscribe(send);
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const end = () => {
        if (!ends.delete(end)) return;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        // the socket goes too: an idle keep-alive connection would hold a graceful close open
        res.end(() => res.socket?.end());
      };
      const lifetime = setTimeout(end, MAX_STREAM_MS);
      ends.add(end);
      // the device went away (or the proxy dropped it): the response closes with its connection
      res.on('close', end);
      res.on('error', end);
    },
    endAll() {
      closing = true;
      for (const end of [...ends]) end();
    },
  };
}
