import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** BAYBOOK_HSTS: send HSTS and upgrade-insecure-requests always, never, or when the request came over TLS. */
export type HstsMode = 'on' | 'off' | 'auto';

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite under dataDir is used */
  databaseUrl?: string;
  /** PGlite files, photos and the generated JWT secret live here ('memory://' for an in-memory PGlite) */
  dataDir: string;
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** the built PWA (dist/); not served when absent */
  staticDir?: string;
  adminUser?: string;
  adminPassword?: string;
  /**
   * Fastify's trustProxy: false (default: the client's own address counts, so X-Forwarded-For cannot dodge the
   * sign-in limit), true, a hop count, or addresses/CIDRs of the reverse proxy in front (BAYBOOK_TRUST_PROXY).
   */
  trustProxy: boolean | number | string[];
  /** comma-separated origins allowed by CORS; none by default (the PWA is served from the same origin) */
  corsOrigins: string[];
  logLevel: string;
  /** when HSTS and the CSP's upgrade-insecure-requests are sent (src/server/http/securityHeaders.ts); default auto */
  hsts: HstsMode;
  /** failed sign-ins from one address for one username before the doubling wait starts (src/domain/signInLimits.ts) */
  loginMaxFailures: number;
  /** failed sign-ins from one address, whatever the username, before that address waits too */
  loginMaxPerAddress: number;
  /** a key forgets its failures one window after the first of them; also the longest wait */
  loginWindowSeconds: number;
}

/**
 * Reads the environment. The JWT secret comes from JWT_SECRET, or is generated once and kept in the data dir
 * (never in the repository), so the embedded default needs no setup.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = overrides.dataDir ?? env.BAYBOOK_DATA_DIR ?? resolve('data');
  const base: ServerConfig = {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret: env.JWT_SECRET ?? '',
    tokenTtlSeconds: Number(env.BAYBOOK_TOKEN_TTL_HOURS ?? 12) * 3600,
    staticDir: env.BAYBOOK_STATIC_DIR ?? (existsSync(resolve('dist/index.html')) ? resolve('dist') : undefined),
    adminUser: env.BAYBOOK_ADMIN_USER || undefined,
    adminPassword: env.BAYBOOK_ADMIN_PASSWORD || undefined,
    trustProxy: parseTrustProxy(env.BAYBOOK_TRUST_PROXY),
    corsOrigins: (env.BAYBOOK_CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: env.LOG_LEVEL ?? 'info',
    hsts: parseHsts(env.BAYBOOK_HSTS),
    loginMaxFailures: Number(env.BAYBOOK_LOGIN_MAX_FAILURES ?? 5),
    loginMaxPerAddress: Number(env.BAYBOOK_LOGIN_MAX_PER_ADDRESS ?? 30),
    loginWindowSeconds: Number(env.BAYBOOK_LOGIN_WINDOW_SECONDS ?? 900),
  };
  const cfg = { ...base, ...overrides };
  if (!cfg.jwtSecret) cfg.jwtSecret = persistentSecret(cfg.dataDir);
  return cfg;
}

/** '' or 'false' → false; 'true' → true; a number → hops; otherwise a comma list of addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** 'on' or 'off' (also true/false, 1/0); anything else, or nothing, is 'auto'. */
export function parseHsts(value: string | undefined): HstsMode {
  const v = (value ?? '').trim().toLowerCase();
  if (['on', 'true', '1'].includes(v)) return 'on';
  if (['off', 'false', '0'].includes(v)) return 'off';
  return 'auto';
}

function persistentSecret(dataDir: string): string {
  if (dataDir === 'memory://') return randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
