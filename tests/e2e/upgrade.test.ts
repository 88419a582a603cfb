import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_KEY } from '../../src/app/shell/buildCheck';
import { TOKEN_KEY } from '../../src/app/session/session';
import { BayBookDB, type OutboxEntry } from '../../src/local/db';
import { DB_VERSION, SCHEMA_HISTORY, SCHEMA_V1 } from '../../src/local/dbVersions';
import { createRepositories } from '../../src/local/repositories';
import { createSyncEngine } from '../../src/sync/engine';
import type { Data, Made, Row } from '../helpers/answers';
import {
  ADMIN,
  browser,
  dumpIndexedDb,
  seedIndexedDb,
  startProduct,
  type IndexedDbDump,
  type RunningServer,
} from './harness';
import { known, nth } from '../helpers/present';

/** Dexie keeps version N as IndexedDB version N × 10 (dexie.mjs: `Math.round(db.verno * 10)`). */
const idbVersion = (dexieVersion: number) => dexieVersion * 10;

const ANN = {
  VIN: '1HGCM82633A004352',
  'Registration Number': 'AB 123',
  'First name': 'Ann',
  'Last name': 'Lee',
  'Contact number': '8765551234',
  Email: '',
};
const BOB = {
  VIN: '2T1BR32E54C123456',
  'Registration Number': 'PK 4410',
  'First name': 'Bob',
  'Last name': 'Ray',
  'Contact number': '8765550101',
  Email: '',
};

/**
 * The device as the version-1 client left it: signed in as admin, everything pulled (Ann among the customers), then,
 * offline, a new customer (Bob) and a job for him queued. Made by the real repositories and sync engine on a
 * version-1 Dexie (fake-indexeddb in Node), then dumped table by table. Version 1 had no `name_key`: it is taken out.
 */
async function v1Device(server: RunningServer, token: string) {
  const v1 = new BayBookDB('baybook', { indexedDB: new IDBFactory(), IDBKeyRange, upTo: 1 });
  const engine = createSyncEngine({
    db: v1,
    baseUrl: `${server.url}/api`,
    intervalMs: 0,
    events: null,
    backgroundSync: false,
  });
  await engine.signIn({ username: ADMIN.username, permission: 5, token });
  await engine.syncNow();
  const repos = createRepositories(v1);
  const bobId = await repos.customers.add(BOB);
  const job = await repos.jobs.create({
    customer: (await v1.customers.get(bobId))!,
    service: ['Oil and filter change'],
    mileage: 42_000,
  });
  const rows: Record<string, unknown[]> = {};
  for (const table of v1.tables) rows[table.name] = await table.toArray();
  rows.customers = known(rows.customers, 'the customers rows').map((c) => {
    const { name_key: _v2, ...v1Row } = c as Record<string, unknown>;
    return v1Row;
  });
  v1.close();
  return { rows, bobId, job, outbox: rows.outbox as OutboxEntry[] };
}

const metaValue = async (page: Page, key: string) =>
  (await dumpIndexedDb(page, 'baybook'))?.stores.meta?.rows.find((m) => m.key === key)?.value;

describe('a device with queued entries and a version-1 database loads a new build', () => {
  let server: RunningServer;
  let ctx: BrowserContext;
  let page: Page;
  /** every request the browser (page and service worker) made with an Idempotency-Key, and its answer */
  const keyed: { key: string; method: string; path: string; status?: number }[] = [];
  beforeAll(async () => {
    server = await startProduct();
    ctx = await browser();
    ctx.on('request', (req) => {
      const key = req.headers()['idempotency-key'];
      if (key) keyed.push({ key, method: req.method(), path: new URL(req.url()).pathname });
    });
    ctx.on('response', (res) => {
      const key = res.request().headers()['idempotency-key'];
      const sent = key && keyed.findLast((k) => k.key === key && k.status === undefined);
      if (sent) sent.status = res.status();
    });
    page = await ctx.newPage();
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.stop();
  });

  it(
    'upgrades Dexie, busts the caches and sends every queued entry once, also across reloads',
    { timeout: 300_000 },
    async () => {
      const token = await server.login(ADMIN.username, ADMIN.password);
      const ann = await server.api<Made>('POST', '/customer', { data: ANN }, token);
      expect(ann.status).toBe(200);
      const device = await v1Device(server, token);
      expect(device.outbox.map((e) => [e.method, e.path, e.actor, e.state])).toEqual([
        ['POST', '/customer', 'admin', 'pending'],
        ['POST', '/service', 'admin', 'pending'],
      ]);
      expect(nth(device.outbox, 1).dependsOn).toEqual([device.bobId]);
      const keys = device.outbox.map((e) => e.id);

      // on the app's origin, but not running the app: the old build's database, caches, build number and session
      await page.goto(`${server.url}/api/health`);
      await seedIndexedDb(page, 'baybook', idbVersion(1), SCHEMA_V1, device.rows);
      await page.evaluate(
        async ({ BUILD_KEY, TOKEN_KEY, token }) => {
          await (await caches.open('baybook-v1-marker')).put('/marker', new Response('old build'));
          localStorage.setItem(BUILD_KEY, 'v1-build');
          localStorage.setItem(TOKEN_KEY, token);
        },
        { BUILD_KEY, TOKEN_KEY, token },
      );
      const before = await dumpIndexedDb(page, 'baybook');
      expect(before?.version).toBe(idbVersion(1));
      expect(before?.stores.customers?.indexes).not.toContain('name_key');
      expect(before?.stores.outbox?.rows).toHaveLength(2);

      const meta: { build: string } = await (await fetch(`${server.url}/build-meta.json`)).json();
      const live = meta.build;
      expect(live).not.toBe('v1-build');
      // a screen route, as a tablet resuming on the dashboard would
      await page.goto(`${server.url}/dash`);

      // the bust may wait up to a minute for a sending outbox (buildCheck's waitMs), and a deferred check tries again
      // 20 s later: the device's queued entries go now
      await expect
        .poll(() => page.evaluate((k) => localStorage.getItem(k), BUILD_KEY), { timeout: 150_000 })
        .toBe(live);
      await expect
        .poll(() => page.evaluate(async () => (await caches.keys()).includes('baybook-v1-marker')), { timeout: 30_000 })
        .toBe(false);
      // sent, and pulled back (the rows carry the change_log seq they came with)
      // read inside the poll: typed so, or the compiler keeps it at its first value, null
      let after = null as IndexedDbDump | null;
      await expect
        .poll(
          async () => {
            after = await dumpIndexedDb(page, 'baybook');
            const bob = after?.stores.customers?.rows.find((c) => c.id === device.bobId);
            const job = after?.stores.jobs?.rows.find((j) => j.id === device.job.id);
            return {
              outbox: after?.stores.outbox?.rows.length,
              bobPulled: typeof bob?._seq === 'number',
              jobPulled: typeof job?._seq === 'number',
            };
          },
          { timeout: 60_000 },
        )
        .toEqual({ outbox: 0, bobPulled: true, jobPulled: true });
      if (!after) throw new Error('the upgraded database was never read');
      const upgraded = after;
      expect(upgraded.version).toBe(idbVersion(DB_VERSION));
      // every store of every version (a later one adds stores: v7 the cash-ups), nothing else — Dexie adds '$meta'
      // when the schema it finds differs from the one it declared: the hand-made v1 matched
      const declared = new Set(SCHEMA_HISTORY.flatMap((v) => Object.keys(v)));
      expect(Object.keys(upgraded.stores).sort()).toEqual([...declared].sort());
      expect(upgraded.stores.customers?.indexes).toContain('[name_key+id]');
      // Ann came with the old build's pull and is not pulled again: only the upgrade function can have filled her key
      const annRow = upgraded.stores.customers?.rows.find((c) => c.id === ann.body.id);
      expect(annRow?.name_key).toBe('LEE ANN');
      const annV1 = known(device.rows.customers, 'the customers rows').find(
        (c) => (c as { id: string }).id === ann.body.id,
      ) as { _seq: number };
      expect(annRow?._seq).toBe(annV1._seq);
      expect(upgraded.stores.conflicts?.rows).toEqual([]);
      expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBe(token);

      const onServer = async () => {
        const customers = (await server.api<Data<Row<'customers'>[]>>('GET', '/customers', undefined, token)).body.data;
        const jobs = (await server.api<Data<Row<'jobs'>[]>>('GET', '/bookings', undefined, token)).body.data;
        return {
          bob: customers.filter((c) => c.vin === BOB.VIN).map((c) => c.id),
          ann: customers.filter((c) => c.vin === ANN.VIN).length,
          jobs: jobs
            .filter((j) => j.customer_id === device.bobId || j.number === device.job.number)
            .map((j) => [j.id, j.number]),
        };
      };
      const expected = { bob: [device.bobId], ann: 1, jobs: [[device.job.id, device.job.number]] };
      expect(await onServer()).toEqual(expected);
      const sends = keys.map((k) => keyed.filter((r) => r.key === k));
      console.log(
        `upgrade: requests per queued entry ${sends.map((s) => s.length).join(', ')}; answers ${sends.map((s) => s.map((r) => r.status ?? 'none').join('/')).join(', ')}`,
      );
      for (const s of sends) expect(s.some((r) => r.status === 200)).toBe(true);

      // two more loads of the new build: nothing is sent again and the server still holds each row once
      const sentSoFar = keyed.length;
      for (let i = 0; i < 2; i++) {
        const lastSync = await metaValue(page, 'lastSync');
        await page.reload();
        // a whole sync cycle has run on this load
        await expect.poll(() => metaValue(page, 'lastSync'), { timeout: 60_000 }).not.toBe(lastSync);
      }
      expect(keyed.slice(sentSoFar).filter((r) => keys.includes(r.key))).toEqual([]);
      expect(await onServer()).toEqual(expected);
      expect(await page.evaluate((k) => localStorage.getItem(k), BUILD_KEY)).toBe(live);
    },
  );
});
