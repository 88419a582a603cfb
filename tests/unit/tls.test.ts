import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir, type NetworkInterfaceInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoopbackHost, secureUrl, setupUrl, type SetupAddress } from '../../src/domain/secureAddress';
import { parseTls } from '../../src/server/config';
import { RENEW_WITHIN_DAYS, fingerprint, shopCertificate } from '../../src/server/tls/authority';
import { lanAddresses, serverNames, tabletHost, type ServerName } from '../../src/server/tls/names';
import { mobileConfig } from '../../src/server/tls/setupRoutes';
import { nth } from '../helpers/present';

const iface = (address: string, internal = false): NetworkInterfaceInfo =>
  address.includes(':')
    ? { address, internal, family: 'IPv6', netmask: '', mac: '', cidr: null, scopeid: 0 }
    : { address, internal, family: 'IPv4', netmask: '', mac: '', cidr: null };

describe('the names the server is reached by (issue 30)', () => {
  it('are its hostname, hostname.local, each LAN address, the loopback and the shop’s own, sorted', () => {
    const names = serverNames({
      hostname: 'Shop-PC',
      interfaces: {
        lo: [iface('127.0.0.1', true), iface('::1', true)],
        eth0: [iface('192.168.1.20'), iface('fe80::1'), iface('fd00::20')],
        wlan0: [iface('10.0.0.7')],
      },
      extra: [' Bay.Example ', '172.16.0.9', ''],
    });
    expect(names).toEqual([
      { type: 'dns', value: 'bay.example' },
      { type: 'dns', value: 'localhost' },
      { type: 'dns', value: 'shop-pc' },
      { type: 'dns', value: 'shop-pc.local' },
      { type: 'ip', value: '10.0.0.7' },
      { type: 'ip', value: '127.0.0.1' },
      { type: 'ip', value: '172.16.0.9' },
      { type: 'ip', value: '192.168.1.20' },
      { type: 'ip', value: '::1' },
      { type: 'ip', value: 'fd00::20' },
    ]);
    // a link-local IPv6 address cannot be opened without its zone: left out
    expect(names.some((n) => n.value.startsWith('fe80'))).toBe(false);
    expect(lanAddresses(names)).toEqual(['10.0.0.7', '172.16.0.9', '192.168.1.20', 'fd00::20']);
  });

  it('a hostname with a domain gets no .local twin; the tablets’ host is the listen address when one is set', () => {
    expect(serverNames({ hostname: 'pc.shop.lan', interfaces: {} }).map((n) => n.value)).toEqual([
      'localhost',
      'pc.shop.lan',
      '127.0.0.1',
      '::1',
    ]);
    expect(tabletHost('192.168.1.20', [])).toBe('192.168.1.20');
  });
});

describe('where a device opens BayBook securely (src/domain/secureAddress)', () => {
  const address: SetupAddress = { httpsPort: 3443, httpPort: 3000, setupPath: '/setup', tabletHost: '192.168.1.20' };
  it('tells the loopback from a LAN host, with or without a port', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1', '127.8.0.1:80', '[::1]:3000', 'a.localhost'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['192.168.1.20:3000', 'shop-pc.local', '[fd00::2]', 'localhost.evil.example', '', undefined])
      expect(isLoopbackHost(host), String(host)).toBe(false);
  });
  it('builds the secure address and the set-up page at the host in use, the LAN one for a loopback host', () => {
    expect(secureUrl(address, 'shop-pc.local', '/jobs')).toBe('https://shop-pc.local:3443/jobs');
    expect(secureUrl({ ...address, httpsPort: 443 }, 'shop.example')).toBe('https://shop.example/');
    expect(secureUrl({ ...address, httpsPort: null }, 'shop-pc.local')).toBeNull();
    expect(setupUrl(address, '[fd00::2]')).toBe('http://[fd00::2]:3000/setup');
    expect(setupUrl(address, 'localhost')).toBe('http://192.168.1.20:3000/setup');
  });
});

describe('BAYBOOK_TLS, BAYBOOK_TLS_CERT/KEY and BAYBOOK_TLS_NAMES', () => {
  it('make the shop’s own authority by default, serve the shop’s files, or serve no HTTPS', () => {
    expect(parseTls({}, '/data')).toEqual({ mode: 'auto', names: [] });
    expect(parseTls({ BAYBOOK_TLS_NAMES: 'bay.example, 10.0.0.2,' }, '/data')).toEqual({
      mode: 'auto',
      names: ['bay.example', '10.0.0.2'],
    });
    expect(parseTls({ BAYBOOK_TLS: 'off', BAYBOOK_TLS_CERT: 'a' }, '/data')).toEqual({ mode: 'off' });
    expect(parseTls({}, 'memory://')).toEqual({ mode: 'off' });
    expect(parseTls({ BAYBOOK_TLS_CERT: '/c.pem', BAYBOOK_TLS_KEY: '/k.pem' }, '/data')).toEqual({
      mode: 'files',
      certFile: '/c.pem',
      keyFile: '/k.pem',
    });
    expect(() => parseTls({ BAYBOOK_TLS_CERT: '/c.pem' }, '/data')).toThrow(/needs BAYBOOK_TLS_KEY too/);
    expect(() => parseTls({ BAYBOOK_TLS_KEY: '/k.pem' }, '/data')).toThrow(/needs BAYBOOK_TLS_CERT too/);
  });
});

describe("the shop's certificate authority (src/server/tls/authority.ts)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'baybook-tls-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const names: ServerName[] = [
    { type: 'dns', value: 'bay-pc.test' },
    { type: 'dns', value: 'localhost' },
    { type: 'ip', value: '127.0.0.1' },
    { type: 'ip', value: '192.168.1.20' },
  ];
  const leafOf = (chain: string) => new X509Certificate(nth(chain.split(/(?<=-----END CERTIFICATE-----)/), 0));

  it('is made once, signs a server certificate for every name, and keeps its keys readable by the server only', async () => {
    const first = await shopCertificate(dir, names);
    expect(first.issued).toBe(true);
    const ca = new X509Certificate(first.ca);
    const leaf = leafOf(first.cert);
    expect(ca.ca).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.subjectAltName).toBe('DNS:bay-pc.test, DNS:localhost, IP Address:127.0.0.1, IP Address:192.168.1.20');
    expect(leaf.checkHost('bay-pc.test')).toBe('bay-pc.test');
    expect(leaf.checkIP('192.168.1.20')).toBe('192.168.1.20');
    expect(first.cert).toContain(first.ca.trim()); // the chain a browser is sent
    expect(first.cert).not.toContain('PRIVATE KEY');
    for (const key of ['ca.key', 'server.key']) expect(statSync(join(dir, key)).mode & 0o777, key).toBe(0o600);
    // Apple's limit for a server certificate: 398 days
    const days = (Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)) / 86_400_000;
    expect(days).toBeLessThan(399);
  });

  it('serves the same certificate while names and dates hold; issues a new one for a new address or a near end', async () => {
    const kept = await shopCertificate(dir, names);
    expect(kept.issued).toBe(false);
    const moved = await shopCertificate(dir, [...names.slice(0, 3), { type: 'ip', value: '192.168.1.77' }]);
    expect(moved.issued).toBe(true);
    expect(fingerprint(moved.ca)).toBe(fingerprint(kept.ca)); // the tablets trust the same authority still
    expect(leafOf(moved.cert).checkIP('192.168.1.77')).toBe('192.168.1.77');
    expect(leafOf(moved.cert).checkIP('192.168.1.20')).toBeUndefined();
    const end = Date.parse(leafOf(moved.cert).validTo);
    const nearEnd = new Date(end - (RENEW_WITHIN_DAYS - 1) * 86_400_000);
    const renewed = await shopCertificate(dir, moved.names, nearEnd);
    expect(renewed.issued).toBe(true);
    expect(Date.parse(leafOf(renewed.cert).validTo)).toBeGreaterThan(end);
    // a day before the renewal window of the certificate now served, nothing is issued
    const renewedEnd = Date.parse(leafOf(renewed.cert).validTo);
    const notYet = new Date(renewedEnd - (RENEW_WITHIN_DAYS + 1) * 86_400_000);
    expect((await shopCertificate(dir, moved.names, notYet)).issued).toBe(false);
  });

  it('goes to an iPad as a configuration profile holding the authority, the same profile at each download', async () => {
    const { ca } = await shopCertificate(dir, names);
    const profile = mobileConfig(ca);
    expect(profile).toContain('<string>com.apple.security.root</string>');
    expect(profile).toContain(`<data>${Buffer.from(new X509Certificate(ca).raw).toString('base64')}</data>`);
    expect(mobileConfig(ca)).toBe(profile);
    expect(profile.match(/<key>PayloadUUID<\/key><string>([0-9A-F-]{36})<\/string>/g)).toHaveLength(2);
  });
});
