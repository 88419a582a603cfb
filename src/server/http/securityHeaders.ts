import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HstsMode } from '../config';

const HSTS = 'max-age=31536000; includeSubDomains';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Chakra/emotion and the Swagger UI write style attributes
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      // added below when the request came over TLS
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers, worked out once: they depend on nothing in a request. (@fastify/helmet rebuilt helmet from its
 * options on every request, parsing the CSP each time: 2 % of the job list's CPU, docs/PERFORMANCE.md.)
 */
function helmetHeaders(): Record<string, string> {
  const recorder = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(OPTIONS)(recorder.req, recorder, () => undefined);
  return Object.fromEntries(Object.entries(recorder.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/**
 * Helmet's headers for every answer (API, app shell, assets), with one rule of our own: HSTS and the CSP's
 * `upgrade-insecure-requests` tell a browser to use https only, which locks a shop that serves BayBook on its LAN
 * address without TLS out of its own server. So they go only with an answer to a request that came over TLS —
 * directly on port 443, or through a trusted proxy's X-Forwarded-Proto (req.protocol honours BAYBOOK_TRUST_PROXY) — unless
 * BAYBOOK_HSTS says always (`on`) or never (`off`).
 */
export async function registerSecurityHeaders(app: FastifyInstance, hsts: HstsMode): Promise<void> {
  const headers = helmetHeaders();
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(headers);
    if (hsts === 'on' || (hsts !== 'off' && overTls(req))) upgradeToHttpsOnly(reply);
  });
}

/**
 * HSTS binds a host name whatever the port: sent from BayBook's own HTTPS port (https://host:3443) it would turn the
 * browser's later http://host:3000 — the set-up page, the plain port — into https://host:3000, where nothing speaks
 * TLS. So over its own TLS listener the server sends it only on the default port (443); behind a trusted proxy that
 * serves https, always.
 */
const overTls = (req: FastifyRequest) => {
  if (req.protocol !== 'https') return false;
  const direct = 'encrypted' in req.raw.socket && req.raw.socket.encrypted === true;
  return !direct || !/:\d+$/.test(req.host) || req.host.endsWith(':443');
};

function upgradeToHttpsOnly(reply: FastifyReply): void {
  reply.header('Strict-Transport-Security', HSTS);
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests'))
    reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
}
