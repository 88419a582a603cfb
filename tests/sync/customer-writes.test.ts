import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, fill } from '../../src/domain/messages';
import { CUSTOMER_EDITABLE } from '../../src/domain/writes/customers';
import type { BayBookDB } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import {
  auditDb,
  customerForm,
  drain,
  makeDevice,
  offlineThenServer,
  onlineDevice,
  refusal,
  user,
  type Device,
} from './helpers';
import { atLeast, nth } from '../helpers/present';

/**
 * Customers in the catalogue (src/domain/writes/customers.ts): a customer added, edited, blocked or unblocked offline
 * on a device is the row the server stores when the outbox arrives — VIN without its spaces, plate in capitals, names
 * trimmed, contact as digits — and a refusal says the same words on both. An edit and a block are field changes
 * (issue 14): two devices changing different fields both land; the same field is a conflict for a person to decide.
 */
const KEPT = [...CUSTOMER_EDITABLE, 'active', 'current_points'] as const;
async function customerRow(db: BayBookDB, id: string) {
  const c = await db.customers.get(id);
  return c && Object.fromEntries(KEPT.map((k) => [k, c[k]]));
}

describe.each(DATABASES)('customer writes: the device and the server store the same row (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: ReturnType<typeof createRepositories>;
  let plate = 5100;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'customer-writes');
    repos = createRepositories(d.db);
  });
  afterAll(() => s?.close());

  async function synced() {
    const id = await repos.customers.add(customerForm(`CW ${plate++}`));
    await drain(d);
    return id;
  }

  it('add, as typed: the same row (VIN without spaces, plate in capitals, names trimmed, contact as digits)', async () => {
    let id = '';
    const n = plate++;
    const added = await offlineThenServer(
      d,
      s,
      (db) => customerRow(db, id),
      async () => {
        id = await repos.customers.add({
          VIN: ` 1hgcm 82633a ${String(n).padStart(6, '0')}`,
          'Registration Number': ` cw ${n} `,
          'First name': ' Ann ',
          'Last name': 'Lee ',
          'Contact number': '876-555-1234',
          Email: ' ann@example.com ',
        });
      },
    );
    expect(added.offline).toEqual(added.server);
    expect(added.offline).toMatchObject({
      vin: `1HGCM82633A${String(n).padStart(6, '0')}`,
      registration: `CW ${n}`,
      first_name: 'Ann',
      last_name: 'Lee',
      contact: '8765551234',
      email: 'ann@example.com',
      active: 1,
      discount: 0,
      note: '',
    });
  });

  it('edit in place, then block and unblock: the same row each time', async () => {
    const id = await synced();
    const edited = await offlineThenServer(
      d,
      s,
      (db) => customerRow(db, id),
      () =>
        repos.customers.edit(id, {
          first_name: ' Anna ',
          registration: 'cw 9x',
          contact: '(876) 555-0000',
          note: 'Pays cash',
          discount: 5,
        }),
    );
    expect(edited.offline).toEqual(edited.server);
    expect(edited.offline).toMatchObject({ first_name: 'Anna', registration: 'CW 9X', contact: '8765550000' });
    const blocked = await offlineThenServer(
      d,
      s,
      (db) => customerRow(db, id),
      () => repos.customers.setActive(id, false),
    );
    expect([blocked.offline, blocked.server?.active]).toEqual([blocked.server, 0]);
    const unblocked = await offlineThenServer(
      d,
      s,
      (db) => customerRow(db, id),
      () => repos.customers.setActive(id, true),
    );
    expect([unblocked.offline, unblocked.server?.active]).toEqual([unblocked.server, 1]);
  });

  it('a refusal says the same words on the device and on the server', async () => {
    const id = await synced();
    const other = await synced();
    const taken = (await repos.customers.get(other))!.vin;
    const form = customerForm(`CW ${plate++}`);
    const cases: [string, () => Promise<unknown>, string, string, Record<string, unknown>][] = [
      [
        'a VIN already registered',
        () => repos.customers.add({ ...form, VIN: taken }),
        'POST',
        '/customer',
        { ...form, VIN: taken },
      ],
      [
        'a short contact number',
        () => repos.customers.add({ ...form, 'Contact number': '12345' }),
        'POST',
        '/customer',
        { ...form, 'Contact number': '12345' },
      ],
      [
        'a blank first name',
        () => repos.customers.add({ ...form, 'First name': ' ' }),
        'POST',
        '/customer',
        { ...form, 'First name': ' ' },
      ],
      [
        'a note past 500 characters',
        () => repos.customers.edit(id, { note: 'n'.repeat(501) }),
        'PUT',
        '/customer',
        { id, note: 'n'.repeat(501) },
      ],
      [
        'an edit to a VIN already registered',
        () => repos.customers.edit(id, { vin: taken }),
        'PUT',
        '/customer',
        { id, vin: taken },
      ],
      [
        'a discount off the list',
        () => repos.customers.edit(id, { discount: 101 }),
        'PUT',
        '/customer',
        { id, discount: 101 },
      ],
    ];
    for (const [what, onDevice, method, path, body] of cases) {
      const device = await refusal(onDevice());
      const server = await s.api(method, path, { body: { data: body } });
      expect.soft([server.status >= 400, device], what).toEqual([true, server.body.message]);
    }
    expect(await refusal(repos.customers.add({ ...form, VIN: taken }))).toBe(fill(MSG.vinTaken, { name: 'Ann Lee' }));
  });

  it('below the level a write needs: refused on the device in the words of the server', async () => {
    const rep = await user(s, 2);
    const desk = makeDevice(s, 'customer-writes-l2');
    await desk.engine.signIn(rep);
    await desk.engine.syncNow();
    const id = await synced();
    await drain(desk);
    const mine = createRepositories(desk.db);
    const editing = await refusal(mine.customers.edit(id, { note: 'hello' }));
    const blocking = await refusal(mine.customers.setActive(id, false));
    const server = await s.api('PUT', '/customer-status', { token: rep.token, body: { data: { id, active: 0 } } });
    expect([editing, blocking, server.status]).toEqual([MSG.forbidden, server.body.message, 403]);
  });

  describe('two devices, one customer (issue 14)', () => {
    let desk: Device;
    beforeAll(async () => {
      desk = await onlineDevice(s, 'customer-writes-desk');
    });
    const front = () => createRepositories(desk.db);

    async function shared() {
      const id = await synced();
      await drain(desk);
      return id;
    }

    it('the desk blocks while the bay, offline, edits the note of a customer it saw active: the note is a conflict', async () => {
      const id = await shared();
      d.net.up = false;
      await repos.customers.edit(id, { note: 'Bay: wants a call' });
      await front().customers.setActive(id, false);
      await drain(desk);
      d.net.up = true;
      await drain(d);
      const server = await (await auditDb(s)).customers.get(id);
      expect(server).toMatchObject({ active: 0, note: '' });
      const [c, ...more] = atLeast(await d.engine.conflicts.decisions(), 1);
      expect(more).toEqual([]);
      expect(c.field).toMatchObject({
        entity: 'customers',
        id,
        field: 'note',
        reason: 'blocked',
        mine: 'Bay: wants a call',
      });
      await d.engine.conflicts.decide(c.id, 'theirs');
    });

    it('different fields from two devices both land: the bay edits the note offline, the desk the discount', async () => {
      const id = await shared();
      d.net.up = false;
      await repos.customers.edit(id, { note: 'Bay: brake squeal' });
      await front().customers.edit(id, { discount: 10 });
      await drain(desk);
      d.net.up = true;
      await drain(d);
      expect(await (await auditDb(s)).customers.get(id)).toMatchObject({ note: 'Bay: brake squeal', discount: 10 });
      expect(await d.engine.conflicts.decisions()).toEqual([]);
    });

    it('both block the customer: the same value from both, nothing to decide', async () => {
      const id = await shared();
      d.net.up = false;
      await repos.customers.setActive(id, false);
      await front().customers.setActive(id, false);
      await drain(desk);
      d.net.up = true;
      await drain(d);
      expect((await (await auditDb(s)).customers.get(id))?.active).toBe(0);
      expect(await d.engine.conflicts.decisions()).toEqual([]);
    });

    it('the same field from two devices: the desk’s stays, the bay decides', async () => {
      const id = await shared();
      d.net.up = false;
      await repos.customers.edit(id, { note: 'Bay: tyres next visit' });
      await front().customers.edit(id, { note: 'Desk: pays by card' });
      await drain(desk);
      d.net.up = true;
      await drain(d);
      expect((await (await auditDb(s)).customers.get(id))?.note).toBe('Desk: pays by card');
      const c = nth(await d.engine.conflicts.decisions(), 0);
      expect(c.field).toMatchObject({
        entity: 'customers',
        field: 'note',
        reason: 'changed',
        theirs: 'Desk: pays by card',
      });
    });
  });
});
