import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import { openLocalDb, type CustomerRow, type ProductRow } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { putRow } from '../../src/local/rows';
import { pushPass, type TrackedEntry } from '../../src/sync/outbox';
import { ApiError, type Transport } from '../../src/sync/transport';
import { dbName, fakeTransport } from './helpers';
import { nth } from '../helpers/present';

const TOKEN = `x.${Buffer.from(JSON.stringify({ username: 'clerk', permission: 5, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.y`;

async function device() {
  const db = openLocalDb(dbName('repo'));
  await db.meta.bulkPut([
    { key: 'session', value: { username: 'clerk', permission: 5 } },
    { key: 'deviceCode', value: 'B2' },
    { key: 'tokens', value: { clerk: TOKEN } },
  ]);
  return { db, repos: createRepositories(db) };
}

const form = {
  VIN: '1hgcm82633a004352',
  'Registration Number': 'pb 1234',
  'First name': 'Ann',
  'Last name': 'Lee',
  'Contact number': '876-555-1234',
  Email: '',
};

describe('repositories: local rows and their outbox entries in one transaction', () => {
  it('records customer → job → invoice → payment offline with numbers, dependencies and counters', async () => {
    const { db, repos } = await device();
    const oil: ProductRow = {
      id: newId(),
      title: 'Oil filter',
      title_key: '',
      description: 'x',
      price: 1500,
      cost: 900,
      stock: 1,
      low_stock: 2,
      barcode: '4006381333931',
      supplier: null,
      deleted: false,
      created_at: '',
      updated_at: '',
      version: 1,
    };
    await db.transaction('rw', db.tables, () => putRow(db, 'products', oil));

    const customerId = await repos.customers.add(form);
    const customer = (await repos.customers.get(customerId))!;
    expect(customer).toMatchObject({
      registration: 'PB 1234',
      registration_key: 'PB1234',
      vin_key: '1HGCM82633A004352',
      contact: '8765551234',
    });
    expect((await repos.customers.search('pb12')).map((c) => c.id)).toEqual([customerId]);
    expect((await repos.customers.search('876555')).map((c) => c.id)).toEqual([customerId]);
    expect(await repos.customers.search('pb')).toEqual([]); // fewer than 3 characters

    const job = await repos.jobs.create({ customer, service: ['Oil change'], mileage: 12000 });
    expect(job.number).toBe('B2-1');
    expect(await repos.jobs.tiles()).toMatchObject({ received: 1, active: 0 });
    await repos.jobs.setStatus(job.id, 'active');
    expect(await repos.jobs.tiles()).toMatchObject({ received: 0, active: 1 });
    await expect(repos.jobs.setStatus(job.id, 'complete')).rejects.toThrow('An invoice is required to complete job');

    const inv = await repos.invoices.create(job.id, { work_hour: 2, rate_hour: 5000 }, [
      { id: oil.id, title: oil.title, description: '', price: 1500, qty: 1 },
    ]);
    expect(inv).toMatchObject({ number: 'B2-1', total: 11500 });
    expect((await repos.products.get(oil.id))!.stock).toBe(0); // a delta, here and on the server
    expect((await repos.jobs.get(job.id))!.invoice).toEqual([inv.id]);
    await expect(repos.invoices.pay(inv.id, 'cash', 20000)).rejects.toThrow(MSG.invalidPayment);
    const pay = await repos.invoices.pay(inv.id, 'cash', 5000);
    expect(pay.number).toBe('B2-1');
    expect((await repos.invoices.get(inv.id))!).toMatchObject({ total: 6500, payment: 5000 });
    await repos.jobs.setStatus(job.id, 'complete');
    expect(await repos.jobs.tiles()).toMatchObject({ active: 0, complete: 1 });

    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /customer',
      'POST /service',
      'PUT /job-action/status',
      'POST /invoice',
      'POST /transaction',
      'PUT /job-action/status',
    ]);
    expect(nth(entries, 1).dependsOn).toEqual([customerId]);
    expect(nth(entries, 3).dependsOn).toEqual([job.id]);
    expect(nth(entries, 4).dependsOn).toEqual([inv.id]);
    expect(nth(entries, 4).body).toMatchObject({
      data: { invoice_id: inv.id, amount: 5000, method: 'cash', base_version: 1 },
    });
    // the payment changed the invoice's figures after its entry was appended: the invoice is still that entry's row,
    // so a pull meanwhile shadows it instead of showing the amount due before the payment
    expect(nth(entries, 4).refs).toEqual(expect.arrayContaining([pay.id, inv.id]));
    expect(new Set(entries.map((e) => e.id)).size).toBe(6);
    expect(entries.every((e) => e.actor === 'clerk' && e.state === 'pending')).toBe(true);
  });

  it('refuses the whole chain when the customer create is refused, restores the rows, and the rest of the queue goes on', async () => {
    const { db, repos } = await device();
    const id = await repos.customers.add(form);
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(id))!,
      service: ['Brakes'],
      mileage: 5,
    });
    await repos.jobs.comment(job.id, 'call first');
    const team = await repos.team.add({ username: 'indep', permission: 3, password: 'bay-pass-1234' });
    const sent: string[] = [];
    const transport = fakeTransport((method, path) => {
      if (path === '/customer')
        throw new ApiError('http', 'Invalid VIN', 400, { value: false, message: 'Invalid VIN' });
      sent.push(`${method} ${path}`);
      return { value: true };
    });
    const r = await pushPass({ db, transport });
    expect(r.refused).toBe(3);
    expect(sent).toEqual(['POST /v2/auth/user']);
    const conflicts = await db.conflicts.toArray();
    expect(conflicts.find((c) => c.entry.path === '/customer')?.message).toBe('Invalid VIN');
    expect(
      conflicts
        .filter((c) => c.dependsOnEntry)
        .map((c) => c.entry.path)
        .sort(),
    ).toEqual(['/job-action/comment', '/service']);
    // the server never had them: gone locally, counters too
    expect(await repos.customers.get(id)).toBeUndefined();
    expect(await repos.jobs.get(job.id)).toBeUndefined();
    expect(await repos.jobs.tiles()).toMatchObject({ received: 0 });
    // only the sent entry's row keeps a shadow, settled by the next pull
    expect((await db.shadow.toArray()).map((x) => x.id)).toEqual([team]);
    expect(await db.users.get(team)).toBeDefined();
  });

  it('restores the server version of an edited row when the edit is refused', async () => {
    const { db, repos } = await device();
    const cust: CustomerRow = {
      id: newId(),
      first_name: 'Bo',
      last_name: 'Ng',
      vin: 'V',
      registration: 'R1',
      email: '',
      contact: '8765551234',
      current_points: 0,
      discount: 0,
      note: '',
      active: 1,
      created_at: '',
      updated_at: '',
      version: 3,
      _seq: 10,
    };
    await db.transaction('rw', db.tables, () => putRow(db, 'customers', cust));
    await repos.customers.edit(cust.id, { first_name: 'Bob' });
    expect((await repos.customers.get(cust.id))!.first_name).toBe('Bob');
    const transport: Transport = async () => {
      throw new ApiError('http', 'This record was changed on another device.', 409, {
        message: 'This record was changed on another device.',
      });
    };
    await pushPass({ db, transport });
    expect((await repos.customers.get(cust.id))!.first_name).toBe('Bo');
    expect(nth(await db.conflicts.toArray(), 0).message).toBe('This record was changed on another device.');
  });

  it('keeps offline photos as blobs, refusing more than 10 MB before queuing', async () => {
    const { db, repos } = await device();
    const id = await repos.customers.add(form);
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(id))!,
      service: ['Brakes'],
      mileage: 5,
    });
    await expect(repos.jobs.addPhoto(job.id, new Blob([new Uint8Array(10_000_001)]))).rejects.toThrow(
      'File size should be less than 10MB',
    );
    const photo = await repos.jobs.addPhoto(job.id, new Blob([new Uint8Array(1000)], { type: 'image/jpeg' }), 'a.jpg');
    expect((await repos.jobs.localPhoto(String(photo.src)))?.size).toBe(1000);
    let sentForm: FormData | undefined;
    const transport = fakeTransport((_m, path, o) => {
      if (path === '/upload/service-photo') sentForm = o.form;
      return {};
    });
    await pushPass({ db, transport });
    expect(sentForm?.get('job_id')).toBe(job.id);
    expect((sentForm?.get('myfile') as File).size).toBe(1000);
    expect(await db.blobs.count()).toBe(0); // sent: the bytes are dropped
  });

  it('backs off on network errors without jamming or losing the entry', async () => {
    const { db, repos } = await device();
    await repos.team.add({ username: 'net1', permission: 3, password: 'bay-pass-1234' });
    let calls = 0;
    const down: Transport = async () => {
      calls++;
      throw new ApiError('network', 'Network Error');
    };
    const t0 = Date.now();
    const r = await pushPass({ db, transport: down, random: () => 1 });
    expect(r.retryAt).toBeGreaterThanOrEqual(t0 + 1000);
    const again = await pushPass({ db, transport: down });
    expect(again.retryAt).toBe(r.retryAt); // not due yet: not even tried
    expect(calls).toBe(1);
    const e = (await db.outbox.toArray())[0];
    expect(e).toMatchObject({ state: 'pending', attempts: 1, lastError: 'Network Error' });
    // a server fault, however long: still kept, never refused (the rows under it stay as the user left them)
    const broken: Transport = async () => {
      throw new ApiError('http', 'boom', 500, { message: 'Something went wrong on the server. Try again.' });
    };
    for (let i = 0; i < 12; i++) await pushPass({ db, transport: broken, force: true });
    expect(await db.conflicts.count()).toBe(0);
    const kept = (await db.outbox.toArray())[0] as TrackedEntry;
    expect(kept).toMatchObject({
      state: 'pending',
      attempts: 13,
      serverErrors: 12,
      lastError: 'Server error 500: Something went wrong on the server. Try again.',
    });
    // the backoff grew with the attempts and stopped at its cap (5 min, with jitter: at least half of it)
    const last = await pushPass({ db, transport: broken, force: true, random: () => 0 });
    expect(last.serverErrors).toBe(13);
    expect(last.retryAt! - Date.now()).toBeGreaterThan(100_000);
    expect(last.retryAt! - Date.now()).toBeLessThanOrEqual(300_000);
  });

  it('keeps an entry (and its dependents and rows) that timed out many times and then met a 502', async () => {
    const { db, repos } = await device();
    const id = await repos.customers.add(form);
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(id))!,
      service: ['Brakes'],
      mileage: 5,
    });
    const flaky: Transport = async () => {
      throw new ApiError('timeout', 'Request timeout.');
    };
    for (let i = 0; i < 7; i++) await pushPass({ db, transport: flaky, force: true });
    const gateway: Transport = async () => {
      throw new ApiError('http', 'Request failed with status 502', 502, '<html>Bad Gateway</html>');
    };
    const r = await pushPass({ db, transport: gateway, force: true });
    expect(r).toMatchObject({ refused: 0, serverErrors: 1, error: 'Server error 502: Request failed with status 502' });
    expect(await db.conflicts.count()).toBe(0);
    const entries = (await db.outbox.orderBy('seq').toArray()) as TrackedEntry[];
    expect(entries.map((e) => [e.path, e.state])).toEqual([
      ['/customer', 'pending'],
      ['/service', 'pending'],
    ]);
    expect(entries[0]).toMatchObject({
      attempts: 8,
      serverErrors: 1,
      lastError: 'Server error 502: Request failed with status 502',
    });
    // the offline work is still there
    expect(await repos.customers.get(id)).toBeDefined();
    expect(await repos.jobs.get(job.id)).toBeDefined();
    // when the server is back, both go, in order
    const sent: string[] = [];
    const ok = fakeTransport((_m, path) => {
      sent.push(path);
      return { value: true };
    });
    await pushPass({ db, transport: ok, force: true });
    expect(sent).toEqual(['/customer', '/service']);
    expect(await db.outbox.count()).toBe(0);
  });
});
