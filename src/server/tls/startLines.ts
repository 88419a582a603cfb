import QRCode from 'qrcode';
import { secureUrl, setupUrl } from '../../domain/secureAddress';
import type { ServerConfig } from '../config';
import { setupAddressOf, type ServedTls } from './serveTls';

/**
 * What `npm start` prints once it listens: where this computer opens BayBook, the address the tablets open, and the
 * set-up page as a QR code a tablet's camera opens (issue 30).
 */
export async function startLines(config: ServerConfig, serving: string, tls: ServedTls | null): Promise<string> {
  const here = `  BayBook is serving on http://localhost:${config.port} (${serving})`;
  const address = setupAddressOf(config, tls && { httpsPort: config.httpsPort, ca: tls.ca });
  const secure = secureUrl(address, address.tabletHost, '');
  if (!secure)
    return `${here}\n  HTTPS is off (BAYBOOK_TLS=off): tablets open the https address of the proxy in front (docs/DEPLOY.md).`;
  const setup = setupUrl(address, address.tabletHost);
  const qr = await QRCode.toString(setup, { type: 'terminal', small: true });
  return [
    here,
    `  Tablets and other computers open ${secure}`,
    `  Set each one up once: scan this code, or open ${setup}`,
    qr,
  ].join('\n');
}
