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
import { startProxy } from '../helpers/proxy';
import { ADMIN, DATABASES, freshPostgres } from '../helpers/server';
import { apiAt } from '../helpers/request';
import { nth } from '../helpers/present';

/**
 * A server that can be stopped and started again on the same database and port in the middle of a replay.
 * On PGlite its data lives in a temp dir on disk; with DATABASE_URL set it runs on a fresh PostgreSQL database of
 * its own (dropped by dispose), and a restart closes the app and its connection pool and opens both again.
 * Blobs (photos) live in the temp dir either way. `instances` (PostgreSQL only) runs that many apps on the one
 * database behind a round-robin proxy, and a restart is then a rolling one (issue 16).
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

export async function startDiskServer(
  kind: 'pglite' | 'postgres' = nth(DATABASES, 0),
  opts: { instances?: number } = {},
): Promise<DiskServer> {
  const dir = mkdtempSync(join(tmpdir(), 'baybook-sync-'));
  const pgdb = kind === 'postgres' ? await freshPostgres('baybook_s') : null;
  const secret = randomBytes(16).toString('hex');
  // several instances only on PostgreSQL (PGlite is one process's database), each keeping its port over restarts
  const count = kind === 'postgres' ? Math.max(1, opts.instances ?? 1) : 1;
  const ports = Array.from({ length: count }, () => 0);
  const running: ({ app: FastifyInstance; database: Database } | null)[] = ports.map(() => null);

  async function boot(k: number) {
    const config = loadConfig(
      {},
      {
        dataDir: dir,
        databaseUrl: pgdb?.url,
        jwtSecret: secret,
        staticDir: undefined,
        port: ports[k],
        host: '127.0.0.1',
      },
    );
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: dir });
    if (database.kind !== kind) throw new Error(`asked for ${kind}, opened ${database.kind}`);
    await bootstrap(database.db, { adminUser: ADMIN.username, adminPassword: ADMIN.password });
    const app = await buildApp({ database, config });
    await app.listen({ port: ports[k], host: '127.0.0.1' });
    ports[k] = (app.server.address() as AddressInfo).port;
    running[k] = { app, database };
  }
  async function halt(k: number) {
    const r = running[k];
    if (!r) return;
    running[k] = null;
    await r.app.close();
    await r.database.close();
  }
  for (let k = 0; k < count; k++) await boot(k);
  const proxy = count > 1 ? await startProxy(ports.map((p) => `http://127.0.0.1:${p}`)) : null;
  const url = proxy?.url ?? `http://127.0.0.1:${ports[0]}`;
  const adminToken = (await apiAt(url)<{ token: string }>('POST', '/login', { body: ADMIN })).body.token;
  const up = () => running.find((r) => r !== null) ?? running[0]!;

  const server: DiskServer = {
    url,
    port: Number(new URL(url).port),
    dir,
    kind,
    adminToken,
    get app() {
      return up().app;
    },
    get database() {
      return up().database;
    },
    async stop() {
      for (let k = 0; k < count; k++) await halt(k);
    },
    /** one instance: down and up again; several: a rolling restart, one at a time while the others serve */
    async restart() {
      for (let k = 0; k < count; k++) {
        await halt(k);
        await boot(k);
      }
    },
    async dispose() {
      await proxy?.close();
      await server.stop();
      await pgdb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
