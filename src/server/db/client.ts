import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one typed data layer: a drizzle database over PGlite or node-postgres; both speak the same SQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite: LISTEN in this process (src/server/live.ts); PostgreSQL listens on a connection of its own there */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite: the data dir as a tarball, which `image` opens again */
  dump?(): Promise<Blob>;
}

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /**
   * PGlite in memory only: start from this data dir (a `dumpDataDir` tarball) instead of a fresh initdb, which takes
   * seconds; the test servers start from one migrated image (tests/helpers/pgliteImage.ts).
   */
  image?: Blob;
}

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite in `<dataDir>/pg` (or in memory for `memory://`),
 * and applies the migrations.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    // bigint (int8) columns come back as strings by default; drizzle maps mode:'number' columns itself, but
    // raw aggregate queries (sum, count) also return int8, so parse them as numbers once here.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL ends (a restart, a failover, an operator's pg_terminate_backend) is
    // reported here; without a listener Node treats it as uncaught and the whole server stops. The pool has already
    // dropped that connection and the next query opens a new one, so there is nothing else to do.
    pool.on('error', () => undefined);
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pgDb = drizzle({ client: pool, schema });
    await migrate(pgDb, { migrationsFolder });
    const db: Db = pgDb;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const extensions = await pgliteExtensions();
  let client;
  if (!opts.dataDir || opts.dataDir === 'memory://') {
    client = new PGlite({ extensions, ...(opts.image ? { loadDataDir: opts.image } : {}) });
  } else {
    const dir = join(opts.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  await client.waitReady;
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const liteDb = drizzle({ client, schema });
  await migrate(liteDb, { migrationsFolder });
  const db: Db = liteDb;
  turnQueues.set(db, turnQueue());
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * The extensions the migrations create, which PGlite must load with every open of a data dir: pg_trgm for the job
 * table's search index (PostgreSQL ships it as a contrib module).
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

const turnQueues = new WeakMap<Db, () => Promise<void>>();

/**
 * PGlite only: resolves when this request may start, one request per turn of the event loop, in arrival order.
 *
 * PGlite runs queries synchronously on the event loop. Without turns, each request read from a socket ran to its
 * answer inside that socket's callback, so one pass of the loop served every waiting request (200 clients: over
 * half a second) — and Node accepts one new connection per pass, so a device connecting under load waited tens of
 * seconds, past its timeout. With turns, sockets are read and connections accepted between any two requests.
 * PostgreSQL answers over the network without blocking the loop: no turns (undefined).
 */
export function waitForTurn(db: Db): Promise<void> | undefined {
  return turnQueues.get(db)?.();
}

/** PGlite: this process is the database's only user (backup.ts: restore runs with the server stopped). */
export function soleUser(db: Db): boolean {
  return turnQueues.has(db);
}

function turnQueue(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    waiting.shift()?.();
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(next);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    });
}
