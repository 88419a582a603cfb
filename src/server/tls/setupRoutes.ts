import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorityName, certificateDer, fingerprint } from './authority';
import { isLoopbackHost, SETUP_PATH } from '../../domain/secureAddress';
import { setupPageHtml } from './setupPage';

/** How this server serves HTTPS, as the set-up page and the plain port's redirect need it; null when it does not. */
export interface SecureServing {
  httpsPort: number;
  /** the shop's authority (PEM) a device trusts once; null when the shop serves its own certificate */
  ca: string | null;
}

export const CA_FILE = `${SETUP_PATH}/baybook-ca.crt`;
export const PROFILE_FILE = `${SETUP_PATH}/baybook.mobileconfig`;

/**
 * The request's host name as a URL writes it (an IPv6 address bracketed, no port), or null when the Host header is
 * not a plain name or address: it is the client's text, and goes into a page and a redirect.
 */
export function requestHostName(req: FastifyRequest): string | null {
  // checked whole before parsing: a URL reads `x@evil.example` as a user at evil.example
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i.test(req.host)) return null;
  try {
    return new URL(`http://${req.host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * The set-up page and the authority's certificate, for any host over either port, and the plain port's rule: a
 * page asked for over plain HTTP by any host but this computer's own goes to the HTTPS address, where the browser
 * gives BayBook its service worker and camera. The API is not moved: a tab still open at the plain address (from
 * before HTTPS) can send what its outbox holds, and the app there says it will not work offline.
 */
export function registerSetup(app: FastifyInstance, secure: SecureServing | null, apiPrefix: string): void {
  const authority = secure?.ca ? { name: authorityName(secure.ca), fingerprint: fingerprint(secure.ca) } : null;
  app.get(SETUP_PATH, { schema: { hide: true } }, async (req, reply) => {
    const host = requestHostName(req) ?? 'localhost';
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return setupPageHtml({ host, httpsPort: secure?.httpsPort ?? null, authority });
  });
  if (secure?.ca) {
    const ca = secure.ca;
    app.get(CA_FILE, { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('application/x-x509-ca-cert')
        .header('Content-Disposition', 'attachment; filename="baybook-ca.crt"')
        .send(certificateDer(ca)),
    );
    app.get(PROFILE_FILE, { schema: { hide: true } }, async (_req, reply) =>
      reply.type('application/x-apple-aspen-config').send(mobileConfig(ca)),
    );
  }
  if (secure) redirectPagesToHttps(app, secure.httpsPort, apiPrefix);
}

function redirectPagesToHttps(app: FastifyInstance, httpsPort: number, apiPrefix: string): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol !== 'http' || (req.method !== 'GET' && req.method !== 'HEAD')) return;
    if (isLoopbackHost(req.host) || req.url.startsWith(SETUP_PATH) || req.url.startsWith(apiPrefix)) return;
    const host = requestHostName(req);
    if (!host) return;
    return reply.redirect(`https://${host}${httpsPort === 443 ? '' : `:${httpsPort}`}${req.url}`, 307);
  });
}

/**
 * An iOS/iPadOS configuration profile holding the authority: Safari hands it to Settings, which installs it. Its
 * identifiers come from the fingerprint, so downloading it again replaces the same profile rather than adding one.
 */
export function mobileConfig(ca: string): string {
  const fp = fingerprint(ca).replace(/:/g, '').toLowerCase();
  const uuid = (salt: string) => {
    const h = `${salt}${fp}`.slice(0, 32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`.toUpperCase();
  };
  const der = certificateDer(ca).toString('base64');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
<key>PayloadContent</key><array><dict>
<key>PayloadCertificateFileName</key><string>baybook-ca.crt</string>
<key>PayloadContent</key><data>${der}</data>
<key>PayloadDescription</key><string>Lets this device open the shop's BayBook server at its https address.</string>
<key>PayloadDisplayName</key><string>BayBook shop authority</string>
<key>PayloadIdentifier</key><string>app.baybook.authority.${fp.slice(0, 16)}</string>
<key>PayloadType</key><string>com.apple.security.root</string>
<key>PayloadUUID</key><string>${uuid('')}</string>
<key>PayloadVersion</key><integer>1</integer>
</dict></array>
<key>PayloadDisplayName</key><string>BayBook: trust the shop's server</string>
<key>PayloadIdentifier</key><string>app.baybook.setup.${fp.slice(0, 16)}</string>
<key>PayloadType</key><string>Configuration</string>
<key>PayloadUUID</key><string>${uuid('1')}</string>
<key>PayloadVersion</key><integer>1</integer>
</dict></plist>
`;
}
