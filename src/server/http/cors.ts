import type { FastifyInstance } from 'fastify';

// X-Done-At and X-Sent-At: when a pushed change was made (src/domain/doneAt.ts)
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Done-At, X-Sent-At';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';

/**
 * CORS for the API, closed by default: the PWA is served from the API's own origin and needs none. A shop that runs
 * another front end (a desk kiosk on its own host) names its origins in BAYBOOK_CORS_ORIGINS; only those get
 * allow-origin (never `*`, since requests carry a bearer token) and an answered preflight. Any other origin gets
 * nothing, so the browser refuses it.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[], prefix: string) {
  if (origins.length === 0) return;
  const allowed = new Set(origins.map((o) => o.replace(/\/+$/, '')));
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin) || !req.url.startsWith(`${prefix}/`)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    // so a front end on another origin can show the id staff quote (src/server/http/logging.ts)
    reply.header('access-control-expose-headers', 'X-Request-Id');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
