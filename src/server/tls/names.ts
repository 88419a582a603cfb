import { isIP } from 'node:net';
import { hostname as osHostname, networkInterfaces } from 'node:os';

/** What a host reaching the server is called: a DNS name or an IP address, as the certificate lists it. */
export interface ServerName {
  type: 'dns' | 'ip';
  value: string;
}

interface NameSources {
  hostname: string;
  /** every interface's addresses, as os.networkInterfaces() gives them */
  interfaces: ReturnType<typeof networkInterfaces>;
  /** BAYBOOK_TLS_NAMES */
  extra: string[];
}

/**
 * Every name a tablet may reach this server by: its hostname and `hostname.local` (mDNS, which Android, iOS, macOS
 * and Windows resolve on a LAN), each LAN address, localhost and the loopback addresses, and the shop's own names.
 * IPv6 link-local addresses (fe80::) are left out: a browser cannot open one without its zone. Sorted, so that two
 * lists of the same names compare equal and a changed address is told apart from a reordered one.
 */
export function serverNames({
  hostname = osHostname(),
  interfaces = networkInterfaces(),
  extra = [],
}: Partial<NameSources> = {}): ServerName[] {
  const host = hostname.trim().toLowerCase();
  const dns = new Set(['localhost']);
  if (host) {
    dns.add(host);
    if (!host.includes('.')) dns.add(`${host}.local`);
  }
  const ips = new Set(['127.0.0.1', '::1']);
  for (const list of Object.values(interfaces))
    for (const a of list ?? []) if (!a.internal && !a.address.toLowerCase().startsWith('fe80:')) ips.add(a.address);
  for (const name of extra.map((n) => n.trim().toLowerCase()).filter(Boolean)) (isIP(name) ? ips : dns).add(name);
  return [
    ...[...dns].sort().map((value) => ({ type: 'dns' as const, value })),
    ...[...ips].sort().map((value) => ({ type: 'ip' as const, value })),
  ];
}

/** The LAN addresses among them (not loopback), IPv4 first: what the console and the set-up page offer a tablet. */
export function lanAddresses(names: ServerName[]): string[] {
  const lan = names.filter((n) => n.type === 'ip' && n.value !== '127.0.0.1' && n.value !== '::1').map((n) => n.value);
  return [...lan.filter((a) => isIP(a) === 4), ...lan.filter((a) => isIP(a) === 6)];
}

/** A host as a URL writes it: an IPv6 address in brackets. */
export const urlHost = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

/** The host a tablet on the shop's network reaches this server by: the address it listens on, or its first LAN one. */
export function tabletHost(listenHost: string, extra: string[]): string {
  if (!['0.0.0.0', '::', ''].includes(listenHost)) return listenHost;
  const names = serverNames({ extra });
  return (
    lanAddresses(names)[0] ?? names.find((n) => n.type === 'dns' && n.value.endsWith('.local'))?.value ?? 'localhost'
  );
}
