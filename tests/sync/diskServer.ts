import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { bootstrap } from '../../src/server/seed/bootstrap';
import { ADMIN, DATABASES, freshPostgres } from '../helpers/server';

/**
 * A server that can be stopped and started again on the same database and port in the middle of a replay.
 * On PGlite its data lives in a temp dir on disk; with DATABASE_URL set it runs on a fresh PostgreSQL database of
 * its own (dropped by dispose), and a restart closes the app and its connection pool and opens both again.
 * Blobs (photos) live in the temp dir either way.
 */
export interface DiskServer {
  url: string;
  port: number;
  dir: string;
  kind: 'pglite' | 'postgres';
  adminToken: string;
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startDiskServer(kind: 'pglite' | 'postgres' = DATABASES[0]): Promise<DiskServer> {
  const dir = mkdtempSync(join(tmpdir(), 'baybook-sync-'));
  const pgdb = kind === 'postgres' ? await freshPostgres('baybook_s') : null;
  const secret = randomBytes(16).toString('hex');
  let port = 0;
  let running: { app: FastifyInstance; database: Database } | null = null;

  async function boot() {
    const config = loadConfig(
      {},
      { dataDir: dir, databaseUrl: pgdb?.url, jwtSecret: secret, staticDir: undefined, port, host: '127.0.0.1' },
    );
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: dir });
    if (database.kind !== kind) throw new Error(`asked for ${kind}, opened ${database.kind}`);
    await bootstrap(database.db, { adminUser: ADMIN.username, adminPassword: ADMIN.password });
    const app = await buildApp({ database, config });
    await app.listen({ port, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    running = { app, database };
  }
  await boot();
  const url = `http://127.0.0.1:${port}`;
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const adminToken = ((await login.json()) as { token: string }).token;

  const server: DiskServer = {
    url,
    port,
    dir,
    kind,
    adminToken,
    get app() {
      return running!.app;
    },
    get database() {
      return running!.database;
    },
    async stop() {
      if (!running) return;
      const r = running;
      running = null;
      await r.app.close();
      await r.database.close();
    },
    async restart() {
      await server.stop();
      await boot();
    },
    async dispose() {
      await server.stop();
      await pgdb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
