import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { backup, restore } from '../../src/server/backup';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { bootstrap } from '../../src/server/seed/bootstrap';
import { fingerprint, moneyTotals, rowCounts, tableNames } from '../helpers/snapshot';
import type { Answer, Data, InvoiceRead, Made, Raised } from '../helpers/answers';
import { apiAt } from '../helpers/request';
import { nth } from '../helpers/present';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

async function serve(dataDir: string) {
  const config = loadConfig({}, { dataDir, databaseUrl: undefined, staticDir: undefined });
  const database = await openDatabase({ dataDir });
  await bootstrap(database.db, { adminUser: 'admin', adminPassword: 'restore-pw' });
  const app = await buildApp({ database, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const url = `${origin}/api`;
  const api = apiAt(origin);
  const call = <T = Answer>(method: string, path: string, token?: string, body?: unknown) =>
    api<T>(method, path, { body, token });
  const ok = async <T = Answer>(method: string, path: string, token: string, body?: unknown) => {
    const res = await call<T>(method, path, token, body);
    if (res.status !== 200) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const token = (await call('POST', '/login', undefined, { username: 'admin', password: 'restore-pw' })).body
    .token as string;
  return { database, app, url, api, call, ok, token, close: async () => (await app.close(), await database.close()) };
}

/** The npm scripts themselves (`npm run backup`, `npm run restore`), as an operator runs them, on a data dir. */
function npmRun(script: 'backup' | 'restore', dataDir: string, arg: string): string {
  const run = spawnSync('npm', ['run', '--silent', script, '--', arg], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BAYBOOK_DATA_DIR: dataDir, DATABASE_URL: '' },
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`npm run ${script} failed (${run.status}): ${run.stderr}\n${run.stdout}`);
  return run.stdout;
}

// The embedded default's backup; PostgreSQL deployments use pg_dump (README), so this runs on PGlite only.
// each test runs npm scripts in their own processes (cold tsx starts): longer than the suite's 60 s on loaded cores
describe.skipIf(!!process.env.DATABASE_URL)('backup and restore of the embedded database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('npm run backup, then npm run restore into a fresh data dir: a fresh server has every row, the money and the photos', async () => {
    const root = await mkdtemp(join(tmpdir(), 'baybook-backup-'));
    dirs.push(root);
    const a = await serve(join(root, 'a'));
    // the books, made through the API as the app makes them
    for (const u of ['kim', 'lee'])
      await a.ok('POST', '/v2/auth/user', a.token, { data: { username: u, password: 'bay-pass-2345', permission: 3 } });
    const customer = (
      await a.ok('POST', '/customer', a.token, {
        data: {
          VIN: 'BACKUPVIN00000001',
          'Registration Number': 'BK 1',
          'First name': 'Bea',
          'Last name': 'Kup',
          'Contact number': '8765551234',
          Email: '',
        },
      })
    ).id as string;
    const product = (
      await a.ok('POST', '/v2/inventory/product', a.token, {
        data: { title: 'Backup filter', description: 'x', price: 2500, stock: 5, low_stock: 1 },
      })
    ).id as string;
    const invoices: string[] = [];
    for (const hours of [1, 2.5]) {
      const job = (
        await a.ok('POST', '/service', a.token, {
          data: { customer_id: customer, mileage: 1000, service: ['Full service'] },
        })
      ).id as string;
      const inv = await a.ok<Data<Raised>>('POST', '/invoice', a.token, {
        data: {
          fetchedData: { id: job },
          formData: { work_hour: hours, rate_hour: 6000 },
          productInvoice: [{ id: product, qty: 1 }],
        },
      });
      invoices.push(inv.data.invoice_id);
    }
    await a.ok('POST', '/transaction', a.token, { data: { method: 'cash', invoice_id: invoices[0], amount: 3000 } });
    await a.ok('POST', '/transaction', a.token, {
      data: { method: 'debit_card', invoice_id: invoices[1], amount: 12_345 },
    });
    const sale = await a.ok<Data<Raised>>('POST', '/invoice-product', a.token, {
      data: { fetchedData: 'default', formData: {}, productInvoice: [{ id: product, qty: 2 }] },
    });
    const saleId = sale.data.invoice_id;
    expect(saleId).toBeTruthy();
    const saleDue = (await a.ok<Data<InvoiceRead>>('GET', `/invoice/${saleId}`, a.token)).data.total;
    await a.ok('POST', '/transaction', a.token, { data: { method: 'cash', invoice_id: saleId, amount: saleDue } });
    const job = (
      await a.ok('POST', '/service', a.token, {
        data: { customer_id: customer, mileage: 2000, service: ['Wheel alignment'] },
      })
    ).id as string;
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#08f' } })
      .jpeg()
      .toBuffer();
    const up = await a.api<Made>('POST', '/upload/service-photo', {
      form: { fields: { job_id: job }, file: { bytes: jpeg, name: 'bumper.jpg', type: 'image/jpeg' } },
      token: a.token,
    });
    expect(up.status).toBe(200);
    const photo = up.body.id;
    const photoBytes = async (srv: { url: string; token: string }) =>
      Promise.all(
        ['full', 'thumb'].map(async (size) =>
          Buffer.from(
            await (
              await fetch(`${srv.url}/photo/${photo}/${size}`, { headers: { authorization: `Bearer ${srv.token}` } })
            ).arrayBuffer(),
          ),
        ),
      );

    const tables = await tableNames(a.database.db);
    expect(tables.length).toBeGreaterThan(15);
    const counts = await rowCounts(a.database.db, tables);
    const money = await moneyTotals(a.database.db);
    const prints = await fingerprint(a.database.db, tables);
    const photos = await photoBytes(a);
    const invoiceViews = await Promise.all(
      [...invoices, saleId].map(async (id) => (await a.ok('GET', `/invoice/${id}`, a.token)).data),
    );
    // the books are not empty, and they balance
    expect(counts).toMatchObject({ customers: 1, jobs: 3, invoices: 3, products: 1, service_photos: 1 });
    expect(counts.transactions).toBe(3);
    expect(money.payments).toBe(3000 + 12_345 + saleDue);
    expect(money.payments).toBe(money.invoiceTotals - money.due);
    expect(nth(photos, 0).length).toBeGreaterThan(100);
    const oldToken = a.token;
    await a.close();

    const out = npmRun('backup', join(root, 'a'), join(root, 'backups'));
    const dir = /Backup written to (.+)/.exec(out)?.[1]?.trim();
    expect(dir, out).toBeTruthy();
    const restoreOut = npmRun('restore', join(root, 'b'), dir!);
    expect(restoreOut).toContain('row counts and totals checked');
    // the manifest holds the money received; a restore whose figures differ from it is refused and says which
    const manifest = JSON.parse(readFileSync(join(dir!, 'manifest.json'), 'utf8'));
    expect(manifest.totals.payments_cents).toBe(money.payments);
    expect(manifest.totals.transactions_cents).toBe(money.payments); // these books hold no discount or points
    const tampered = join(root, 'tampered');
    cpSync(dir!, tampered, { recursive: true });
    const totals = { ...manifest.totals, payments_cents: manifest.totals.payments_cents + 1 };
    writeFileSync(join(tampered, 'manifest.json'), JSON.stringify({ ...manifest, totals }));
    await expect(restore(tampered, join(root, 'c'))).rejects.toThrow(/Restore check failed: payments_cents/);
    // a manifest written before transactions_cents existed is checked on what it has
    const { transactions_cents: _all, ...older } = manifest.totals;
    writeFileSync(join(tampered, 'manifest.json'), JSON.stringify({ ...manifest, totals: older }));
    expect((await restore(tampered, join(root, 'd'))).totals).toEqual(older);

    const b = await serve(join(root, 'b'));
    try {
      // every table has the same rows (counted, and hashed whole), and the money is the same to the cent
      expect(await rowCounts(b.database.db, tables)).toEqual(counts);
      expect(await moneyTotals(b.database.db)).toEqual(money);
      expect(await fingerprint(b.database.db, tables)).toEqual(prints);
      expect(await tableNames(b.database.db)).toEqual(tables);
      // through the API: the invoices read the same, the photo's bytes came back, and a token of before still works
      // (the JWT secret went with the data)
      expect(
        await Promise.all([...invoices, saleId].map(async (id) => (await b.ok('GET', `/invoice/${id}`, b.token)).data)),
      ).toEqual(invoiceViews);
      expect(await photoBytes(b)).toEqual(photos);
      expect((await b.call('GET', '/v2/auth/users', oldToken)).status).toBe(200);
      console.log(
        `backup: ${Object.values(counts).reduce((n, c) => n + c, 0)} rows in ${tables.length} tables restored; payments ${money.payments}, invoice totals ${money.invoiceTotals}, due ${money.due} (cents)`,
      );
    } finally {
      await b.close();
    }
  }, 180_000);

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
  }, 180_000);
});
