import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Http2SecureServer } from 'node:http2';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { shopCertificate, type TlsMaterial } from './authority';
import { SETUP_PATH, type SetupAddress } from '../../domain/secureAddress';
import { serverNames, tabletHost, urlHost } from './names';
import type { SecureServing } from './setupRoutes';

/** How often a running server checks its certificate: a new address (DHCP) or a near end issues a new one. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** The key and certificate to serve, and the authority to hand out (null with the shop's own files). */
export interface ServedTls {
  key: string;
  cert: string;
  ca: string | null;
  /** the shop's own authority's certificate, issued again by `refresh` when the names or the date call for it */
  refresh: (() => Promise<TlsMaterial & { issued: boolean }>) | null;
}

/** The TLS the config asks for, made or read before the server starts; null when it serves plain HTTP only. */
export async function prepareTls(config: ServerConfig): Promise<ServedTls | null> {
  const tls = config.tls;
  if (tls.mode === 'off') return null;
  if (tls.mode === 'files') {
    const read = (file: string, name: string) => {
      try {
        return readFileSync(file, 'utf8');
      } catch (err) {
        throw new Error(`${name} (${file}) cannot be read: ${(err as Error).message}`, { cause: err });
      }
    };
    return {
      key: read(tls.keyFile, 'BAYBOOK_TLS_KEY'),
      cert: read(tls.certFile, 'BAYBOOK_TLS_CERT'),
      ca: null,
      refresh: null,
    };
  }
  const refresh = () => shopCertificate(join(config.dataDir, 'tls'), serverNames({ extra: tls.names }));
  const material = await refresh();
  return { key: material.key, cert: material.cert, ca: material.ca, refresh };
}

export const secureServing = (config: ServerConfig, tls: ServedTls | null): SecureServing | null =>
  tls && { httpsPort: config.httpsPort, ca: tls.ca };

/** Where this server is opened securely and set up, as GET /v3/setup-address answers and the console prints it. */
export function setupAddressOf(config: ServerConfig, secure: SecureServing | null): SetupAddress {
  return {
    httpsPort: secure?.httpsPort ?? null,
    httpPort: config.port,
    setupPath: SETUP_PATH,
    tabletHost: urlHost(tabletHost(config.host, config.tls.mode === 'auto' ? config.tls.names : [])),
  };
}

/**
 * Checks the shop's certificate every hour while the server runs and serves a new one at once when it was issued
 * again (a tablet's next connection gets it; open ones keep theirs).
 */
export function keepCertificateCurrent(app: FastifyInstance, server: Http2SecureServer, tls: ServedTls): void {
  const refresh = tls.refresh;
  if (!refresh) return;
  const timer = setInterval(() => {
    refresh().then(
      (material) => {
        if (!material.issued) return;
        server.setSecureContext({ key: material.key, cert: material.cert });
        app.log.info({ names: material.names.map((n) => n.value) }, 'issued a new server certificate');
      },
      (err: unknown) => app.log.error({ err }, 'checking the server certificate failed'),
    );
  }, CHECK_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
