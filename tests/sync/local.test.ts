import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { BayBookDB, ensurePersistentStorage, isConnectionLost, openLocalDb, type JobRow } from '../../src/local/db';
import { jobCounterKeys, putRow, recountJobs, shopDay } from '../../src/local/rows';
import { localWrite } from '../../src/local/write';
import { decodeToken, tokenExpired } from '../../src/sync/tokens';
import { backoffMs } from '../../src/sync/outbox';
import { dbName } from './helpers';

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

describe('local database', () => {
  it('upgrades version 1 to 2 without losing a row or an outbox entry, and fills the new key', async () => {
    const name = dbName('upgrade');
    const v1 = new BayBookDB(name, { upTo: 1 });
    await v1.customers.put({ id: 'c1', first_name: 'Ann', last_name: 'Lee', vin: 'V1', registration: 'AB 1' } as never);
    await v1.outbox.add({ id: newId(), method: 'POST', path: '/customer', body: {}, actor: 'a', deviceId: 'd', createdAt: '', attempts: 0, lastError: '', state: 'pending', refs: ['c1'], touches: [], creates: ['c1'], dependsOn: [], label: 'x' });
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
    await v2.customers.put({ id: 'c1', first_name: 'Ann', last_name: 'Lee', vin: 'V1', registration: 'AB 1', name_key: 'LEE ANN' } as never);
    await v2.counters.put({ key: 'status:complete', n: 1 });
    await v2.outbox.add({ id: newId(), method: 'POST', path: '/service', body: {}, actor: 'a', deviceId: 'd', createdAt: '', attempts: 0, lastError: '', state: 'pending', refs: [open.id], touches: [], creates: [open.id], dependsOn: [], label: 'x' });
    v2.close();
    const v3 = openLocalDb(name);
    await v3.open();
    expect(v3.verno).toBe(3);
    expect((await v3.jobs.toArray()).map((j) => j.id).sort()).toEqual([done.id, open.id].sort());
    expect(await v3.jobs.get(done.id)).toEqual(done);
    expect(await v3.customers.get('c1')).toMatchObject({ name_key: 'LEE ANN' });
    expect(await v3.outbox.count()).toBe(1);
    expect(await v3.counters.get('status:complete')).toEqual({ key: 'status:complete', n: 1 });
    const found = await v3.jobs.where('[status+complete_at]').between(['complete', '2024-05-01'], ['complete', '2024-05-02']).toArray();
    expect(found.map((j) => j.id)).toEqual([done.id]);
    v3.close();
  });

  it('reopens after the connection was lost under it (Dexie closed / WebKit "connection lost")', async () => {
    const db = openLocalDb(dbName('reopen'));
    await db.meta.put({ key: 'x', value: 1 });
    // a close the app did not ask for
    Dexie.prototype.close.call(db);
    await expect(db.meta.get('x')).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    expect(await db.run(() => db.meta.get('x'))).toEqual({ key: 'x', value: 1 });
    expect(isConnectionLost(new Error('Connection to Indexed Database server lost. Refresh the page to try again'))).toBe(true);
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
    expect(jobCounterKeys({ status: 'complete', complete_at: '0000-00-00 00:00', book_start: null }, 'America/Jamaica')).toEqual(['status:complete']);
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
        await w.put('users', { id: 'u1', username: 'x', permission: 2 });
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
    const fake = {
      storage: {
        persisted: async () => false,
        persist: async () => true,
        estimate: async () => ({ usage: 950, quota: 1000 }),
      },
    } as unknown as Navigator;
    expect(await ensurePersistentStorage(fake)).toEqual({ persisted: true, usage: 950, quota: 1000, low: true });
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
