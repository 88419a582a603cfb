import 'reflect-metadata';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, X509Certificate as NodeCertificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { ServerName } from './names';

x509.cryptoProvider.set(globalThis.crypto);

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
/** A tablet's clock may run behind the server's: a certificate valid from an hour ago is already valid there. */
const BACKDATE_MS = 3_600_000;
/** Apple's limit for a server certificate is 398 days; one day less leaves room for a clock ahead. */
const LEAF_DAYS = 397;
/** The shop's authority is trusted once per tablet, so it lasts: 20 years. */
const CA_DAYS = 20 * 365;
/** A certificate this close to its end is issued again at the next check (each start, and daily). */
export const RENEW_WITHIN_DAYS = 30;

/** What the HTTPS server is given: its key and certificate chain (PEM), and the authority a device trusts once. */
export interface TlsMaterial {
  key: string;
  cert: string;
  ca: string;
  /** the names the certificate was issued for */
  names: ServerName[];
  notAfter: Date;
}

const files = (dir: string) => ({
  caKey: join(dir, 'ca.key'),
  caCert: join(dir, 'ca.crt'),
  key: join(dir, 'server.key'),
  cert: join(dir, 'server.crt'),
  names: join(dir, 'server-names.json'),
});

/**
 * The shop's own certificate authority and a server certificate it signed, kept in `dir` (the data dir's tls/):
 * made on first start, the server certificate issued again when it nears its end or the names it is reached by
 * changed (a new DHCP address). The keys are written readable by the server's user only, and never served: the
 * set-up page hands out the authority's certificate alone. `issued` says whether a new server certificate was made.
 */
export async function shopCertificate(
  dir: string,
  names: ServerName[],
  now = new Date(),
): Promise<TlsMaterial & { issued: boolean }> {
  const f = files(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const authority = existsSync(f.caKey) && existsSync(f.caCert) ? await readAuthority(f) : await newAuthority(f, now);
  const current = readLeaf(f);
  if (current && !needsNewLeaf(current, names, now)) return { ...current, ca: authority.pem, issued: false };
  const leaf = await issueLeaf(authority, names, now);
  writePrivate(f.key, leaf.key);
  writeFileSync(f.cert, leaf.cert);
  writeFileSync(f.names, JSON.stringify(names));
  return { ...leaf, ca: authority.pem, names, issued: true };
}

/** Whether the stored server certificate must be issued again: it ends within 30 days, or the names changed. */
export function needsNewLeaf(leaf: { names: ServerName[]; notAfter: Date }, names: ServerName[], now: Date): boolean {
  if (leaf.notAfter.getTime() - now.getTime() < RENEW_WITHIN_DAYS * DAY_MS) return true;
  return JSON.stringify(leaf.names) !== JSON.stringify(names);
}

/** The SHA-256 fingerprint of a certificate (PEM), as a device's certificate details show it. */
export const fingerprint = (pem: string) => new NodeCertificate(pem).fingerprint256;

/** The common name of a certificate's subject (PEM in): what a device lists the authority as. */
export const authorityName = (pem: string) =>
  /^CN=(.+)$/m.exec(new NodeCertificate(pem).subject)?.[1] ?? 'BayBook shop authority';

/** A certificate's DER bytes (PEM in), for the set-up page's iOS profile. */
export const certificateDer = (pem: string) => Buffer.from(new NodeCertificate(pem).raw);

interface Authority {
  pem: string;
  cert: x509.X509Certificate;
  key: CryptoKey;
}

async function newAuthority(f: ReturnType<typeof files>, now: Date): Promise<Authority> {
  const keys = await crypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=BayBook shop authority ${now.toISOString().slice(0, 10)}, O=BayBook`,
    notBefore: new Date(now.getTime() - BACKDATE_MS),
    notAfter: new Date(now.getTime() + CA_DAYS * DAY_MS),
    signingAlgorithm: SIGNING,
    keys,
    extensions: [
      // it signs server certificates only, never another authority
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const pem = cert.toString('pem');
  writePrivate(f.caKey, await pkcs8Pem(keys.privateKey));
  writeFileSync(f.caCert, pem);
  return { pem, cert, key: keys.privateKey };
}

function readAuthority(f: ReturnType<typeof files>): Promise<Authority> {
  const pem = readFileSync(f.caCert, 'utf8');
  return crypto.subtle
    .importKey('pkcs8', pemBody(readFileSync(f.caKey, 'utf8')), EC, false, ['sign'])
    .then((key) => ({ pem, cert: new x509.X509Certificate(pem), key }));
}

function readLeaf(f: ReturnType<typeof files>): Omit<TlsMaterial, 'ca'> | null {
  if (![f.key, f.cert, f.names].every((p) => existsSync(p))) return null;
  try {
    const cert = readFileSync(f.cert, 'utf8');
    const names = JSON.parse(readFileSync(f.names, 'utf8')) as ServerName[];
    return { key: readFileSync(f.key, 'utf8'), cert, names, notAfter: new Date(new NodeCertificate(cert).validTo) };
  } catch {
    // a damaged file: a new certificate is issued rather than a start refused
    return null;
  }
}

async function issueLeaf(ca: Authority, names: ServerName[], now: Date): Promise<Omit<TlsMaterial, 'ca' | 'names'>> {
  const keys = await crypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const notAfter = new Date(now.getTime() + LEAF_DAYS * DAY_MS);
  const first = names.find((n) => n.type === 'dns')?.value ?? 'localhost';
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${first}, O=BayBook`,
    issuer: ca.cert.subject,
    notBefore: new Date(now.getTime() - BACKDATE_MS),
    notAfter,
    signingAlgorithm: SIGNING,
    publicKey: keys.publicKey,
    signingKey: ca.key,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names.map((n) => ({ type: n.type, value: n.value }))),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert.publicKey),
    ],
  });
  // the chain a browser is sent: the server's certificate, then the authority it trusts
  return { key: await pkcs8Pem(keys.privateKey), cert: `${leaf.toString('pem')}\n${ca.pem}`, notAfter };
}

/** A positive 128-bit serial: two certificates of one authority never share one. */
const serial = () => {
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f;
  return bytes.toString('hex');
};

async function pkcs8Pem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await crypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END PRIVATE KEY-----\n`;
}

const pemBody = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');

function writePrivate(path: string, text: string) {
  writeFileSync(path, text, { mode: 0o600 });
}
