import type { FastifyInstance } from 'fastify';

/**
 * Tracks a graceful close (SIGTERM in main.ts → app.close()). Returns whether closing has begun, for /api/ready.
 *
 * preClose runs as soon as app.close() is called, before the listener stops and while in-flight requests still run.
 * From then on every response also says `Connection: close`: Fastify closes the idle keep-alive connections once, at
 * the start, but a connection whose request was still running would otherwise stay open after its answer (for the
 * keep-alive timeout, 72 s) and hold the close — and the database, and the process — open that long.
 */
export function trackClosing(app: FastifyInstance): () => boolean {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  return () => closing;
}
