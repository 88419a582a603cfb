import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_ENTITY_LEVEL } from '../../src/domain/sync';
import { openLocalDb } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { getCatchUp, getCursor, getScope, pull } from '../../src/sync/pull';
import { ApiError, fetchTransport, type Transport } from '../../src/sync/transport';
import type { Data, Raised, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { dbName } from './helpers';
import { known, nth } from '../helpers/present';

/** A feed page as this test reads it: each change's table, and the level the server filtered at. */
interface LevelPage {
  changes: { entity: keyof typeof SYNC_ENTITY_LEVEL }[];
  scope: number;
}

/**
 * The pull feed by level (SPEC §6 with §2's route table, src/domain/sync.ts) and a device shared by users of
 * different levels: a higher level catches up on the tables it may now see, a lower level's device sheds what it may
 * not see.
 */
describe.each(DATABASES)('the pull feed by level on %s', (kind) => {
  let s: TestServer;
  const tokens: Record<number, string> = {};
  let invoiceId = '';
  let paymentId = '';
  let supplierId = '';
  beforeAll(async () => {
    s = await startServer(kind);
    for (const level of [2, 3, 5]) tokens[level] = await s.userToken(level);
    const c = await s.api('POST', '/customer', {
      body: {
        data: {
          VIN: '1HGCM82633A004352',
          'Registration Number': 'SC 1',
          'First name': 'Sam',
          'Last name': 'Cole',
          'Contact number': '8765550199',
          Email: '',
        },
      },
    });
    const job = await s.api('POST', '/service', {
      body: { data: { customer_id: c.body.id, mileage: 1000, service: ['Full service'] } },
    });
    const inv = await s.api<Data<Raised>>('POST', '/invoice', {
      body: { data: { fetchedData: { id: job.body.id }, formData: { work_hour: 1, rate_hour: 5000 } } },
    });
    invoiceId = inv.body.data.invoice_id;
    const pay = await s.api('POST', '/transaction', {
      body: { data: { method: 'cash', invoice_id: invoiceId, amount: 1000 } },
    });
    expect(pay.status).toBe(200);
    paymentId = nth((await s.api<Data<Row<'transactions'>[]>>('GET', '/transactions')).body.data, 0).id;
    const supplier = await s.api<{ id: string }>('POST', '/v2/inventory/supplier', {
      body: { data: { bizname: 'Scope Parts' } },
    });
    supplierId = supplier.body.id;
  });
  afterAll(() => s?.close());

  const feed = async (level: number) => {
    const res = await s.api<LevelPage>('GET', '/v3/sync/changes?since=0&limit=1000', { token: tokens[level] });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('sends each table only to the levels of the domain table', async () => {
    for (const level of [2, 3, 5]) {
      const page = await feed(level);
      expect(page.scope).toBe(level);
      const entities = new Set(page.changes.map((c) => c.entity));
      for (const e of entities) expect(SYNC_ENTITY_LEVEL[e], `${e} at level ${level}`).toBeLessThanOrEqual(level);
    }
    const l3 = new Set((await feed(3)).changes.map((c) => c.entity));
    expect(l3.has('invoices')).toBe(true);
    for (const e of ['transactions', 'suppliers', 'inventory_log', 'sys_log'] as const)
      expect(l3.has(e), e).toBe(false);
    const l5 = new Set((await feed(5)).changes.map((c) => c.entity));
    for (const e of ['invoices', 'transactions', 'suppliers', 'sys_log'] as const) expect(l5.has(e), e).toBe(true);
  });

  /** fetchTransport that records the paths it asked for */
  const recording = () => {
    const paths: string[] = [];
    const inner = fetchTransport(`${s.url}/api`);
    const transport: Transport = (method, path, opts) => {
      paths.push(path);
      return inner(method, path, opts);
    };
    return { paths, transport };
  };

  it('catches up on the newly visible tables for a higher level and sheds tables for a lower one, keeping rows still to be sent', async () => {
    const db = openLocalDb(dbName('scope'));
    const { paths, transport } = recording();

    await pull({ db, transport, token: known(tokens[3], 'tokens[3]') });
    expect(await getScope(db)).toBe(3);
    const cursorAt3 = await getCursor(db);
    expect(await db.invoices.get(invoiceId)).toBeTruthy();
    expect(await db.transactions.count()).toBe(0);

    // a Super Admin signs in on the same tablet: what level 3 was never sent arrives, without pulling the rest again
    paths.length = 0;
    await pull({ db, transport, token: known(tokens[5], 'tokens[5]') });
    expect(await getScope(db)).toBe(5);
    expect(await getCursor(db)).toBeGreaterThanOrEqual(cursorAt3);
    expect(await getCatchUp(db)).toBeNull();
    expect(await db.transactions.get(paymentId)).toBeTruthy();
    expect(await db.suppliers.get(supplierId)).toBeTruthy();
    const catchUps = paths.filter((p) => p.includes('only='));
    expect(catchUps.length).toBeGreaterThan(0);
    for (const p of catchUps) {
      const only = new URLSearchParams(p.split('?')[1]).get('only')!.split(',');
      for (const e of only) expect(SYNC_ENTITY_LEVEL[e as keyof typeof SYNC_ENTITY_LEVEL], e).toBeGreaterThan(3);
    }
    expect(
      paths.filter((p) => p.includes('since=0&') && !p.includes('only=')),
      'no full pull from the start',
    ).toEqual([]);

    // a payment taken on the device, not yet sent
    await db.meta.bulkPut([
      { key: 'session', value: { username: 'admin', permission: 5 } },
      { key: 'deviceCode', value: 'S1' },
    ]);
    const mine = await createRepositories(db).invoices.pay(invoiceId, 'cash', 500);

    // a level-2 user next: the level-3 and level-5 tables leave the device, the queued payment stays
    await pull({ db, transport, token: known(tokens[2], 'tokens[2]') });
    expect(await getScope(db)).toBe(2);
    expect(await db.suppliers.count()).toBe(0);
    expect(await db.transactions.get(paymentId)).toBeUndefined();
    expect(await db.transactions.get(mine.id)).toBeTruthy();
    expect(await db.invoices.get(invoiceId)).toBeTruthy(); // the queued payment touches its invoice
    expect(await db.customers.count()).toBeGreaterThan(0); // level 2 still checks vehicles in offline
    expect(await db.outbox.count()).toBe(1);
  });

  it('a catch-up cut by the network resumes where it stopped', async () => {
    const db = openLocalDb(dbName('scope-resume'));
    const { transport } = recording();
    await pull({ db, transport, token: known(tokens[3], 'tokens[3]') });
    const cursor = await getCursor(db);

    // level 5, one change a page, and the link drops after the first catch-up page
    let catchUpPages = 0;
    const flaky: Transport = (method, path, opts) => {
      if (path.includes('only=') && ++catchUpPages > 1) return Promise.reject(new ApiError('network', 'Network Error'));
      return transport(method, path, opts);
    };
    await expect(pull({ db, transport: flaky, token: known(tokens[5], 'tokens[5]'), pageSize: 1 })).rejects.toThrow(
      'Network Error',
    );
    const pending = await getCatchUp(db);
    expect(pending).not.toBeNull();
    expect(pending!.since).toBeGreaterThan(0);
    expect(pending!.until).toBe(cursor);
    expect(await getScope(db)).toBe(5);

    // the link is back: the catch-up finishes from its stored position
    await pull({ db, transport, token: known(tokens[5], 'tokens[5]') });
    expect(await getCatchUp(db)).toBeNull();
    expect(await db.transactions.get(paymentId)).toBeTruthy();
    expect(await db.suppliers.get(supplierId)).toBeTruthy();
  });

  it('a device synced before scopes existed sheds what its level may not keep and catches up on the rest', async () => {
    const db = openLocalDb(dbName('scope-legacy'));
    const { transport } = recording();
    // what an older build left: everything pulled by a Super Admin, no scope recorded
    await pull({ db, transport, token: known(tokens[5], 'tokens[5]') });
    await db.meta.delete('cursorScope');
    await db.invoices.delete(invoiceId); // a level-3 table it never had
    const cursor = await getCursor(db);

    await pull({ db, transport, token: known(tokens[3], 'tokens[3]') });
    expect(await getScope(db)).toBe(3);
    expect(await getCursor(db)).toBeGreaterThanOrEqual(cursor);
    expect(await db.transactions.count()).toBe(0);
    expect(await db.suppliers.count()).toBe(0);
    expect(await db.invoices.get(invoiceId)).toBeTruthy();
    expect(await db.customers.count()).toBeGreaterThan(0);
  });

  it('refuses an unknown table in only', async () => {
    const res = await s.api('GET', '/v3/sync/changes?since=0&only=customers,passwords', { token: tokens[5] });
    expect(res.status).toBe(400);
  });
});
