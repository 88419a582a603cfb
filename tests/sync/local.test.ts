import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { newRow } from '../../src/domain/model';
import { BayBookDB, isConnectionLost, openLocalDb, rowCountKey, type JobRow } from '../../src/local/db';
import { ensurePersistentStorage } from '../../src/local/storage';
import { deleteRow, jobCounterKeys, putRow, recountJobs, recountRows, shopDay } from '../../src/local/rows';
import { applyPage } from '../../src/sync/pull';
import { localWrite } from '../../src/local/write';
import { decodeToken, tokenExpired } from '../../src/sync/tokenClaims';
import { backoffMs } from '../../src/sync/outbox';
import { dbName } from './helpers';
import { queuedEntry } from './queuedEntry';

const job = (over: Partial<JobRow>): JobRow =>
  ({
    id: newId(),
    number: 'A1-1',
    customer_id: null,
    vin: '1HGCM82633A004352',
    registration: 'ab 123',
    first_name: 'Ann',
    last_name: 'Lee',
    contact: '8765551234',
    email: 'none',
    mileage: 1000,
    service: ['Oil change'],
    status: 'received',
    book_start: null,
    book_end: null,
    start: null,
    active_at: null,
    complete_at: null,
    technician: '',
    customer_note: '',
    service_note: '',
    comment: '',
    invoice: [],
    type: 'service',
    created_by: 'admin',
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    version: 1,
    ...over,
  }) as JobRow;

/** A customer row as version 1 kept it: the fields its indexes read, no derived keys yet. */
interface CustomerV1 {
  id: string;
  first_name: string;
  last_name: string;
  vin: string;
  registration: string;
}
/** Version 2 added the name key. */
interface CustomerV2 extends CustomerV1 {
  name_key: string;
}

describe('local database', () => {
  it('upgrades version 1 to 2 without losing a row or an outbox entry, and fills the new key', async () => {
    const name = dbName('upgrade');
    const v1 = new BayBookDB(name, { upTo: 1 });
    const ann: CustomerV1 = { id: 'c1', first_name: 'Ann', last_name: 'Lee', vin: 'V1', registration: 'AB 1' };
    await v1.table<CustomerV1, string>('customers').put(ann);
    await v1.outbox.add(queuedEntry({ method: 'POST', refs: ['c1'], creates: ['c1'] }));
    v1.close();
    const v2 = new BayBookDB(name, { upTo: 2 });
    await v2.open();
    expect(v2.verno).toBe(2);
    expect((await v2.customers.get('c1'))?.name_key).toBe('LEE ANN');
    expect(await v2.outbox.count()).toBe(1);
    expect(await v2.customers.where('name_key').startsWith('LEE').count()).toBe(1);
    v2.close();
  });

  it('upgrades version 2 to 3 keeping every row and outbox entry, and indexes complete jobs by complete_at', async () => {
    const name = dbName('upgrade3');
    const v2 = new BayBookDB(name, { upTo: 2 });
    const done = job({ status: 'complete', complete_at: '2024-05-01T15:00:00.000Z' });
    const open = job({ status: 'active' });
    await v2.jobs.bulkPut([done, open]);
    await v2.table<CustomerV2, string>('customers').put({
      id: 'c1',
      first_name: 'Ann',
      last_name: 'Lee',
      vin: 'V1',
      registration: 'AB 1',
      name_key: 'LEE ANN',
    });
    await v2.counters.put({ key: 'status:complete', n: 1 });
    await v2.outbox.add(queuedEntry({ method: 'POST', path: '/service', refs: [open.id], creates: [open.id] }));
    v2.close();
    const v3 = new BayBookDB(name, { upTo: 3 });
    await v3.open();
    expect(v3.verno).toBe(3);
    expect((await v3.jobs.toArray()).map((j) => j.id).sort()).toEqual([done.id, open.id].sort());
    expect(await v3.jobs.get(done.id)).toEqual(done);
    expect(await v3.customers.get('c1')).toMatchObject({ name_key: 'LEE ANN' });
    expect(await v3.outbox.count()).toBe(1);
    expect(await v3.counters.get('status:complete')).toEqual({ key: 'status:complete', n: 1 });
    const found = await v3.jobs
      .where('[status+complete_at]')
      .between(['complete', '2024-05-01'], ['complete', '2024-05-02'])
      .toArray();
    expect(found.map((j) => j.id)).toEqual([done.id]);
    v3.close();
  });

  it('upgrades version 3 to 4 keeping every row, the outbox and the counters, filling the search keys and the customer count', async () => {
    const name = dbName('upgrade4');
    const v3 = new BayBookDB(name, { upTo: 3 });
    const ann = {
      id: 'c1',
      first_name: 'Ann',
      last_name: 'Lee',
      vin: '1hgcm82633a004352',
      registration: 'ab 123',
      registration_key: 'AB123',
      vin_key: '1HGCM82633A004352',
      name_key: 'LEE ANN',
      email: ' Ann@Shop.TEST',
      contact: '8765551234',
      current_points: 3,
      discount: 5,
      note: '',
      active: 1,
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
      version: 2,
      _seq: 7,
    };
    // a row whose old keys are stale: the upgrade derives every key again
    const bob = {
      ...ann,
      id: 'c2',
      first_name: 'Bob',
      last_name: 'Ray',
      vin: '2T1BR32E54C123456',
      registration: 'PK 4410',
      email: '',
      contact: '8765550101',
      active: 0,
    };
    // version 3's customers, with the keys it derived then (stale on purpose for bob)
    await v3.table<typeof ann, string>('customers').bulkPut([ann, bob]);
    const open = job({ status: 'active', customer_id: 'c1' });
    await v3.jobs.put(open);
    await v3.counters.put({ key: 'status:active', n: 1 });
    const entry = queuedEntry({ body: { data: { id: 'c1' } }, refs: ['c1'], touches: [['customers', 'c1']] });
    await v3.outbox.add(entry);
    await v3.shadow.put({ entity: 'customers', id: 'c1', row: ann, seq: 7, op: 'upsert' });
    await v3.meta.put({ key: 'cursor', value: 42 });
    v3.close();

    const v4 = new BayBookDB(name, { upTo: 4 });
    await v4.open();
    expect(v4.verno).toBe(4);
    // every row as it was, plus the new keys
    expect(await v4.customers.get('c1')).toEqual({
      ...ann,
      first_key: 'ANN LEE',
      vin_end_key: '253400A33628MCGH1',
      phone_key: '8765551234',
      email_key: 'ann@shop.test',
    });
    expect(await v4.customers.get('c2')).toMatchObject({
      ...bob,
      registration_key: 'PK4410',
      vin_key: '2T1BR32E54C123456',
      name_key: 'RAY BOB',
      first_key: 'BOB RAY',
      email_key: '',
    });
    expect(await v4.jobs.get(open.id)).toEqual(open);
    expect(await v4.outbox.toArray()).toEqual([{ ...entry, seq: 1 }]);
    expect(await v4.shadow.count()).toBe(1);
    expect(await v4.meta.get('cursor')).toEqual({ key: 'cursor', value: 42 });
    expect(await v4.counters.get('status:active')).toEqual({ key: 'status:active', n: 1 });
    expect(await v4.counters.get(rowCountKey('customers'))).toEqual({ key: 'rows:customers', n: 2 });
    // the new indexes answer
    expect(
      await v4.customers
        .where('[vin_end_key+id]')
        .between(['253400', Dexie.minKey], ['253400\uffff', Dexie.maxKey])
        .primaryKeys(),
    ).toEqual(['c1']);
    expect(await v4.customers.where('[active+id]').between([0, Dexie.minKey], [0, Dexie.maxKey]).primaryKeys()).toEqual(
      ['c2'],
    );
    expect(await v4.customers.orderBy('[first_key+id]').primaryKeys()).toEqual(['c1', 'c2']);
    v4.close();
  });

  it("keeps the customers row count with every put and delete, the pull's included, and can rebuild it", async () => {
    const db = openLocalDb(dbName('rowcount'));
    const row = (id: string) => ({
      id,
      first_name: 'A',
      last_name: id,
      vin: id,
      registration: id,
      email: '',
      contact: '',
      current_points: 0,
      discount: 0,
      note: '',
      active: 1,
      created_at: '',
      updated_at: '',
      version: 1,
    });
    const n = async () => (await db.counters.get(rowCountKey('customers')))?.n;
    await db.transaction('rw', db.tables, async () => {
      await putRow(db, 'customers', row('a'));
      await putRow(db, 'customers', row('b'));
      await putRow(db, 'customers', { ...row('a'), first_name: 'B' }); // an update is not a new row
      await deleteRow(db, 'customers', 'zz'); // nothing there: nothing taken off
    });
    expect(await n()).toBe(2);
    await applyPage(db, {
      changes: [
        { seq: 1, entity: 'customers', id: 'c', op: 'upsert', row: row('c') },
        { seq: 2, entity: 'customers', id: 'a', op: 'delete', row: null },
      ],
      cursor: 2,
      more: false,
    });
    expect(await n()).toBe(2);
    expect((await db.customers.toCollection().primaryKeys()).sort()).toEqual(['b', 'c']);
    await db.counters.put({ key: rowCountKey('customers'), n: 99 });
    await recountRows(db, 'customers');
    expect(await n()).toBe(2);
  });

  it('reopens after the connection was lost under it (Dexie closed / WebKit "connection lost")', async () => {
    const db = openLocalDb(dbName('reopen'));
    await db.meta.put({ key: 'x', value: 1 });
    // a close the app did not ask for
    Dexie.prototype.close.call(db);
    await expect(db.meta.get('x')).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    expect(await db.run(() => db.meta.get('x'))).toEqual({ key: 'x', value: 1 });
    expect(
      isConnectionLost(new Error('Connection to Indexed Database server lost. Refresh the page to try again')),
    ).toBe(true);
    // a deliberate close is not undone
    db.close();
    await expect(db.run(() => db.meta.get('x'))).rejects.toMatchObject({ name: 'DatabaseClosedError' });
  });

  it('keeps the dashboard counters in step with every job write and can rebuild them', async () => {
    const db = openLocalDb(dbName('counters'));
    const today = new Date().toISOString();
    const a = job({ status: 'received' });
    const b = job({ status: 'active' });
    await db.transaction('rw', db.tables, async () => {
      await putRow(db, 'jobs', a);
      await putRow(db, 'jobs', b);
      await putRow(db, 'jobs', { ...b, status: 'complete', complete_at: today });
      await putRow(db, 'jobs', job({ status: 'booked', book_start: today }));
    });
    const day = shopDay(today);
    const n = async (k: string) => (await db.counters.get(k))?.n ?? 0;
    expect(await n('status:received')).toBe(1);
    expect(await n('status:active')).toBe(0);
    expect(await n('status:complete')).toBe(1);
    expect(await n(`complete:${day}`)).toBe(1);
    expect(await n(`booked:${day}`)).toBe(1);
    const before = await db.counters.toArray();
    await db.counters.clear();
    await recountJobs(db);
    const after = await db.counters.toArray();
    expect(after.filter((c) => c.n).sort((x, y) => x.key.localeCompare(y.key))).toEqual(
      before.filter((c) => c.n).sort((x, y) => x.key.localeCompare(y.key)),
    );
    expect(
      jobCounterKeys({ status: 'complete', complete_at: '0000-00-00 00:00', book_start: null }, 'America/Jamaica'),
    ).toEqual(['status:complete']);
  });

  it('derives upper-case keys without spaces for plate and VIN prefix lookups', async () => {
    const db = openLocalDb(dbName('keys'));
    await db.transaction('rw', db.tables, () => putRow(db, 'jobs', job({ registration: 'pb 12-34', vin: 'jh4ka' })));
    expect(await db.jobs.where('registration_key').startsWith('PB12').count()).toBe(1);
    expect(await db.jobs.where('vin_key').startsWith('JH4').count()).toBe(1);
  });

  it('refuses a write when nobody is signed in, and rolls back rows and outbox together when a write fails', async () => {
    const db = openLocalDb(dbName('atomic'));
    await expect(localWrite(db, async () => 1)).rejects.toThrow('Please sign in again.');
    await db.meta.put({ key: 'session', value: { username: 'a', permission: 5 } });
    await expect(
      localWrite(db, async (w) => {
        await w.put('users', newRow('users', { id: 'u1', username: 'x', permission: 2 }, new Date().toISOString()));
        await w.enqueue({ method: 'POST', path: '/v2/auth/user', body: {}, label: 'x', creates: ['u1'] });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.users.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadow.count()).toBe(0);
  });

  it('numbers from the device series only with a device code, gapless inside the transaction', async () => {
    const db = openLocalDb(dbName('numbers'));
    await db.meta.put({ key: 'session', value: { username: 'a', permission: 5 } });
    await expect(localWrite(db, (w) => w.nextNumber('job'))).rejects.toThrow(/no number series/);
    await db.meta.put({ key: 'deviceCode', value: 'B2' });
    expect(await localWrite(db, (w) => w.nextNumber('job'))).toBe('B2-1');
    await expect(
      localWrite(db, async (w) => {
        await w.nextNumber('job');
        throw new Error('cancelled');
      }),
    ).rejects.toThrow('cancelled');
    expect(await localWrite(db, (w) => w.nextNumber('job'))).toBe('B2-2');
    expect(await localWrite(db, (w) => w.nextNumber('invoice'))).toBe('B2-1');
  });

  it('reports storage without the Storage API, and asks for persistence with it', async () => {
    expect(await ensurePersistentStorage(undefined)).toEqual({ persisted: false, usage: 0, quota: 0, low: false });
    const storage: StorageManager = {
      persisted: async () => false,
      persist: async () => true,
      estimate: async () => ({ usage: 950, quota: 1000 }),
      getDirectory: async () => {
        throw new Error('not asked for here');
      },
    };
    expect(await ensurePersistentStorage({ storage })).toEqual({ persisted: true, usage: 950, quota: 1000, low: true });
  });

  it('reads token expiry and backs off exponentially with jitter', () => {
    const tok = (p: object) => `x.${Buffer.from(JSON.stringify(p)).toString('base64url')}.y`;
    expect(decodeToken(tok({ username: 'a', exp: 5 }))?.username).toBe('a');
    expect(tokenExpired(tok({ exp: Math.floor(Date.now() / 1000) - 1 }))).toBe(true);
    expect(tokenExpired(tok({ exp: Math.floor(Date.now() / 1000) + 3600 }))).toBe(false);
    expect(tokenExpired('garbage')).toBe(true);
    expect(backoffMs(1, () => 1)).toBe(1000);
    expect(backoffMs(3, () => 1)).toBe(4000);
    expect(backoffMs(3, () => 0)).toBe(2000);
    expect(backoffMs(30, () => 1)).toBe(300_000);
  });
});
