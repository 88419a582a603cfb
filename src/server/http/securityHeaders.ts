import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HstsMode } from '../config';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers for every answer (API, app shell, assets), with one rule of our own: HSTS and the CSP's
 * `upgrade-insecure-requests` tell a browser to use https only, which locks a shop that serves BayBook on its LAN
 * address without TLS out of its own server. So they go only with an answer to a request that came over TLS —
 * directly, or through a trusted proxy's X-Forwarded-Proto (req.protocol honours BAYBOOK_TRUST_PROXY) — unless
 * BAYBOOK_HSTS says always (`on`) or never (`off`).
 */
export async function registerSecurityHeaders(app: FastifyInstance, hsts: HstsMode): Promise<void> {
  await app.register(helmet, {
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
  });
  if (hsts === 'off') return;
  // runs after helmet's own onRequest hook, so its CSP header is there to extend
  app.addHook('onRequest', async (req, reply) => {
    if (hsts === 'on' || overTls(req)) upgradeToHttpsOnly(reply);
  });
}

const overTls = (req: FastifyRequest) => req.protocol === 'https';

function upgradeToHttpsOnly(reply: FastifyReply): void {
  reply.header('Strict-Transport-Security', HSTS);
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests'))
    reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
}
