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
import { ADMIN } from '../helpers/server';

/**
 * A server whose PGlite data lives in a temp dir on disk, so it can be stopped and started again on the same
 * directory and port in the middle of a replay.
 */
export interface DiskServer {
  url: string;
  port: number;
  dir: string;
  adminToken: string;
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startDiskServer(): Promise<DiskServer> {
  const dir = mkdtempSync(join(tmpdir(), 'baybook-sync-'));
  const secret = randomBytes(16).toString('hex');
  let port = 0;
  let running: { app: FastifyInstance; database: Database } | null = null;

  async function boot() {
    const config = loadConfig({}, { dataDir: dir, jwtSecret: secret, staticDir: undefined, port, host: '127.0.0.1' });
    const database = await openDatabase({ dataDir: dir });
    await bootstrap(database.db, { adminUser: ADMIN.username, adminPassword: ADMIN.password });
    const app = await buildApp({ database, config });
    await app.listen({ port, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    running = { app, database };
  }
  await boot();
  const url = `http://127.0.0.1:${port}`;
  const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const adminToken = ((await login.json()) as { token: string }).token;

  const server: DiskServer = {
    url,
    port,
    dir,
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
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
