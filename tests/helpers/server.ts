import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { bootstrap } from '../../src/server/seed/bootstrap';
import { hashPassword } from '../../src/server/auth/passwords';
import { users } from '../../src/server/db/schema';
import { newId } from '../../src/domain/ids';
import { startProxy } from './proxy';
import { pgliteImage } from './pgliteImage';
import type { Answer } from './answers';
import { apiAt, type ApiAnswer, type ApiOptions } from './request';

export type { ApiAnswer, ApiOptions };

interface SignedIn {
  token: string;
}

export const ADMIN = { username: 'admin', password: 'admin-pass1' };

/** The database the API suites run on: PGlite, or PostgreSQL when DATABASE_URL is set (.ci/run runs both). */
export const DATABASES: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];

/**
 * Server instances per PostgreSQL test server (issue 16: any number of instances on one database give the same
 * results as one). With BAYBOOK_INSTANCES=2 (.ci/run's PostgreSQL pass) each PostgreSQL server of the API and sync
 * suites is that many apps, each with its own connection pool, behind a round-robin proxy: every other request of a
 * test lands on another instance. PGlite is one process's database, so it stays one instance.
 */
export const INSTANCES = Math.max(1, Number(process.env.BAYBOOK_INSTANCES ?? 1));

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  kind: 'pglite' | 'postgres';
  adminToken: string;
  /**
   * JSON request against /api; returns status, body and headers. `T` names the answer the test expects (see
   * `answers.ts`); `raw` is JSON text sent as written (a number JSON.stringify would round, a body that is not JSON).
   */
  api<T = Answer>(method: string, path: string, opts?: ApiOptions): Promise<ApiAnswer<T>>;
  /** a user of the given level (levels 1–5; level 1 cannot be made through the API, so it is written directly) */
  userToken(level: number, username?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database per server, dropped on close, so suites never see each other's rows: a copy of the
 * suite's migrated template when there is one (tests/helpers/pgTemplate.ts), else empty.
 */
export async function freshPostgres(prefix = 'baybook_t'): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const base = new URL(process.env.DATABASE_URL!);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = process.env.BAYBOOK_PG_TEMPLATE;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface StartOptions {
  /** turn the request logger on (as `npm start` does) and send its lines here (one instance: its log is read) */
  log?: { write(line: string): void };
  /** one instance even under BAYBOOK_INSTANCES: the test stops or inspects the one process it talks to */
  single?: boolean;
}

/** The apps behind one test server: the first is `app`/`database`; more only for PostgreSQL under INSTANCES. */
async function startApps(config: ServerConfig, count: number, opts: StartOptions) {
  const apps: { app: FastifyInstance; database: Database; url: string }[] = [];
  for (let k = 0; k < count; k++) {
    const image = config.databaseUrl || config.dataDir !== 'memory://' ? undefined : await pgliteImage();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, image });
    if (k === 0) await bootstrap(database.db, { adminUser: ADMIN.username, adminPassword: ADMIN.password });
    const app = await buildApp({ database, config, ...(opts.log ? { logger: true, logStream: opts.log } : {}) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push({ app, database, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  }
  const proxy = count > 1 ? await startProxy(apps.map((a) => a.url)) : null;
  return { apps, proxy, url: proxy?.url ?? apps[0].url };
}

export async function startServer(
  kind: 'pglite' | 'postgres' = 'pglite',
  overrides: Partial<ServerConfig> = {},
  opts: StartOptions = {},
): Promise<TestServer> {
  const pgdb = kind === 'postgres' ? await freshPostgres() : null;
  const config = loadConfig(
    {},
    {
      dataDir: 'memory://',
      databaseUrl: pgdb?.url,
      jwtSecret: randomBytes(16).toString('hex'),
      staticDir: undefined,
      port: 0,
      host: '127.0.0.1',
      ...overrides,
    },
  );
  const count = kind === 'postgres' && !opts.single && !opts.log ? INSTANCES : 1;
  const { apps, proxy, url } = await startApps(config, count, opts);
  const { app, database } = apps[0];

  const api = apiAt(url, () => server.adminToken);

  const server: TestServer = {
    url,
    app,
    database,
    config,
    kind,
    adminToken: '',
    api,
    async userToken(level, username = `u${level}_${randomBytes(3).toString('hex')}`.slice(0, 12)) {
      const password = 'pw-' + randomBytes(3).toString('hex');
      await database.db
        .insert(users)
        .values({ id: newId(), username, permission: level, password_hash: await hashPassword(password) });
      const res = await api<SignedIn>('POST', '/login', { body: { username, password }, token: null });
      if (res.status !== 200) throw new Error(`login failed for level ${level}: ${JSON.stringify(res.body)}`);
      return res.body.token;
    },
    async close() {
      await proxy?.close();
      for (const a of apps) {
        await a.app.close();
        await a.database.close();
      }
      await pgdb?.drop();
    },
  };
  const login = await api<SignedIn>('POST', '/login', { body: ADMIN, token: null });
  server.adminToken = login.body.token;
  return server;
}
