import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { buildApp } from '../../src/server/app';
import { backup, restore } from '../../src/server/backup';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { invoices, transactions } from '../../src/server/db/schema';
import { bootstrap } from '../../src/server/seed/bootstrap';

async function serve(dataDir: string) {
  const config = loadConfig({}, { dataDir, databaseUrl: undefined, staticDir: undefined });
  const database = await openDatabase({ dataDir });
  await bootstrap(database.db, { adminUser: 'admin', adminPassword: 'restore-pw' });
  const app = await buildApp({ database, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(url + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };
  const token = (await call('POST', '/login', undefined, { username: 'admin', password: 'restore-pw' })).body.token as string;
  return { database, app, call, token, close: async () => (await app.close(), await database.close()) };
}

// The embedded default's backup; PostgreSQL deployments use pg_dump (README), so this runs on PGlite only.
describe.skipIf(!!process.env.DATABASE_URL)('backup and restore of the embedded database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('restores a backup into a fresh server with the same rows and money totals', async () => {
    const root = await mkdtemp(join(tmpdir(), 'baybook-backup-'));
    dirs.push(root);
    const a = await serve(join(root, 'a'));
    for (const u of ['kim', 'lee', 'pat']) {
      expect((await a.call('POST', '/v2/auth/user', a.token, { data: { username: u, password: 'pw12345', permission: 3 } })).status).toBe(200);
    }
    const invoiceId = newId();
    await a.database.db.insert(invoices).values({ id: invoiceId, number: 'S-1', total: 12_345 });
    await a.database.db.insert(transactions).values({ id: newId(), number: 'S-1', amount: 5_000, method: 'cash', invoice_id: invoiceId });
    const before = (await a.call('GET', '/v2/auth/users', a.token)).body.data;
    await a.close();

    const { dir, manifest } = await backup(join(root, 'a'), join(root, 'backups'));
    expect(manifest.counts.users).toBe(4);
    expect(manifest.totals).toEqual({ invoices_due_cents: 12_345, payments_cents: 5_000 });

    const restored = await restore(dir, join(root, 'b'));
    expect(restored.counts).toEqual(manifest.counts);
    const b = await serve(join(root, 'b'));
    const after = (await b.call('GET', '/v2/auth/users', b.token)).body.data;
    expect(after).toEqual(before);
    const [inv] = await b.database.db.select().from(invoices);
    expect(inv.total).toBe(12_345);
    await b.close();
  });

  it('moves an existing data dir aside instead of overwriting it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'baybook-backup-'));
    dirs.push(root);
    const a = await serve(join(root, 'a'));
    await a.close();
    const { dir } = await backup(join(root, 'a'), join(root, 'backups'));
    const c = await serve(join(root, 'c'));
    await c.close();
    await restore(dir, join(root, 'c'));
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(root)).some((n) => n.startsWith('c.before-restore-'))).toBe(true);
  });
});
