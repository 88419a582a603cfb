import { cp, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './db/client';
import { PAYMENT_METHODS } from '../domain/entities';
import { ENTITY_NAMES } from '../domain/model';
import { IDENTITY_PREFIX } from './deviceCodes';

/**
 * Backup and restore of the embedded default: the PGlite data dir (as PGlite's own tarball) and the photo blobs,
 * with a manifest of row counts and money totals so a restore can be checked. Run with the server stopped
 * (PGlite is single-process). PostgreSQL deployments use pg_dump/pg_restore (README).
 */
export interface BackupManifest {
  created_at: string;
  counts: Record<string, number>;
  /**
   * payments: money received (cash, cards, cheque, online); transactions: every live transaction row, discounts and
   * points included. A manifest written before `transactions_cents` existed is checked on what it has.
   */
  totals: { invoices_due_cents: number; payments_cents: number; transactions_cents?: number };
}

/** Every table of the entity model, and the change log: the rows a restore is checked by. */
const TABLES = [...ENTITY_NAMES, 'change_log'];

export async function readManifest(pg: PGlite): Promise<BackupManifest> {
  const counts: Record<string, number> = {};
  for (const t of TABLES) {
    // a backup made before a table existed (its migration runs at the next start) has no rows of it to count
    const there = await pg.query<{ ok: boolean }>(`select to_regclass($1) is not null as ok`, [t]);
    if (!there.rows[0].ok) continue;
    const r = await pg.query<{ n: number }>(`select count(*)::int as n from ${t}`);
    counts[t] = r.rows[0].n;
  }
  const due = await pg.query<{ s: number }>(`select coalesce(sum(total), 0)::float8 as s from invoices`);
  const methods = PAYMENT_METHODS.map((m) => `'${m}'`).join(', ');
  const paid = await pg.query<{ s: number }>(
    `select coalesce(sum(amount), 0)::float8 as s from transactions where not deleted and method in (${methods})`,
  );
  const all = await pg.query<{ s: number }>(
    `select coalesce(sum(amount), 0)::float8 as s from transactions where not deleted`,
  );
  return {
    created_at: new Date().toISOString(),
    counts,
    totals: { invoices_due_cents: due.rows[0].s, payments_cents: paid.rows[0].s, transactions_cents: all.rows[0].s },
  };
}

export async function backup(dataDir: string, outRoot: string): Promise<{ dir: string; manifest: BackupManifest }> {
  const pgDir = join(dataDir, 'pg');
  if (!existsSync(pgDir)) throw new Error(`No database at ${pgDir}`);
  const pg = new PGlite(pgDir, { extensions: await pgliteExtensions() });
  await pg.waitReady;
  try {
    const manifest = await readManifest(pg);
    const dump = await pg.dumpDataDir('gzip');
    const dir = join(outRoot, `baybook-${manifest.created_at.replace(/[:.]/g, '-')}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'pgdata.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    if (existsSync(join(dataDir, 'blobs'))) await cp(join(dataDir, 'blobs'), join(dir, 'blobs'), { recursive: true });
    if (existsSync(join(dataDir, 'jwt-secret'))) await cp(join(dataDir, 'jwt-secret'), join(dir, 'jwt-secret'));
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
    return { dir, manifest };
  } finally {
    await pg.close();
  }
}

/**
 * A copy of a data dir keeps the database's identity (src/server/deviceCodes.ts): forgotten, the restored server moves
 * its device series past the codes handed out since the backup before it hands out the next.
 */
export async function forgetIdentity(pg: PGlite): Promise<void> {
  await pg.query(`delete from number_series where name like '${IDENTITY_PREFIX}%'`);
}

/** Restores into dataDir; an existing data dir is moved aside (never deleted) unless it is empty. */
export async function restore(backupDir: string, dataDir: string): Promise<BackupManifest> {
  const expected = JSON.parse(await readFile(join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    const aside = `${dataDir}.before-restore-${Date.now()}`;
    await rename(dataDir, aside);
    console.log(`Existing data moved to ${aside}`);
  }
  await mkdir(dataDir, { recursive: true });
  const tarball = await readFile(join(backupDir, 'pgdata.tar.gz'));
  const pg = new PGlite(join(dataDir, 'pg'), {
    loadDataDir: new Blob([tarball]),
    extensions: await pgliteExtensions(),
  });
  await pg.waitReady;
  try {
    const got = await readManifest(pg);
    for (const [t, n] of Object.entries(expected.counts)) {
      if (got.counts[t] !== n)
        throw new Error(`Restore check failed: ${t} has ${got.counts[t]} rows, the backup had ${n}`);
    }
    for (const [k, v] of Object.entries(expected.totals)) {
      const now = (got.totals as Record<string, number | undefined>)[k];
      if (now !== v) throw new Error(`Restore check failed: ${k} is ${now}, the backup had ${v}`);
    }
    await forgetIdentity(pg);
  } finally {
    await pg.close();
  }
  if (existsSync(join(backupDir, 'blobs')))
    await cp(join(backupDir, 'blobs'), join(dataDir, 'blobs'), { recursive: true });
  if (existsSync(join(backupDir, 'jwt-secret'))) await cp(join(backupDir, 'jwt-secret'), join(dataDir, 'jwt-secret'));
  return expected;
}

async function cli() {
  const [cmd, arg] = process.argv.slice(2);
  const dataDir = resolve(process.env.BAYBOOK_DATA_DIR ?? 'data');
  if (process.env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc and restore with pg_restore (README).');
    process.exit(2);
  }
  if (cmd === 'backup') {
    const { dir, manifest } = await backup(dataDir, resolve(arg ?? 'backups'));
    console.log(`Backup written to ${dir}`);
    console.log(JSON.stringify(manifest.counts));
  } else if (cmd === 'restore' && arg) {
    if (!(await stat(arg).catch(() => null))) throw new Error(`No backup at ${arg}`);
    const m = await restore(resolve(arg), dataDir);
    console.log(`Restored ${arg} into ${dataDir}; row counts and totals checked (${JSON.stringify(m.counts)})`);
  } else {
    console.error('usage: npm run backup [-- <folder>]  |  npm run restore -- <backup folder>');
    process.exit(2);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  cli().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
