/**
 * Where a device opens BayBook securely (issue 30). A browser gives a page its service worker (offline) and the
 * camera only at a secure origin: https, or this machine's own loopback. The server's plain port sends every other
 * host's pages to its HTTPS port, and the app says so where it is still opened at such an address.
 */

/** The "Set up this device" page: served over plain HTTP, since a new tablet does not trust the shop's server yet. */
export const SETUP_PATH = '/setup';

/** What GET /api/v3/setup-address answers: the ports, and the host a tablet on the shop's network uses. */
export interface SetupAddress {
  /** null when this server serves no HTTPS itself (BAYBOOK_TLS=off: a proxy in front does) */
  httpsPort: number | null;
  httpPort: number;
  setupPath: string;
  /** the server's address on the shop's network (its first LAN address), for a device that opened it as localhost */
  tabletHost: string;
}

/** Whether a host (as a Host header or location.host gives it, port or not) is this machine's loopback. */
export function isLoopbackHost(host: string | undefined): boolean {
  const name = (host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

const withPort = (scheme: 'http' | 'https', host: string, port: number) =>
  `${scheme}://${host}${port === (scheme === 'https' ? 443 : 80) ? '' : `:${port}`}`;

/** The same page at the HTTPS address (`hostname` as a URL writes it), or null when there is none. */
export function secureUrl(a: SetupAddress, hostname: string, path = '/'): string | null {
  return a.httpsPort === null ? null : `${withPort('https', hostname, a.httpsPort)}${path}`;
}

/**
 * The set-up page a new tablet opens (the QR code's address): at the host this device uses, unless that is the
 * loopback, which means nothing on a tablet; then at the server's address on the shop's network.
 */
export function setupUrl(a: SetupAddress, hostname: string): string {
  const host = isLoopbackHost(hostname) ? a.tabletHost : hostname;
  return `${withPort('http', host, a.httpPort)}${a.setupPath}`;
}
