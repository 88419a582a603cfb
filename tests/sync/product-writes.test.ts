import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { LIMITS } from '../../src/domain/schemas';
import type { WriteCall } from '../../src/domain/writes/calls';
import { PRODUCT_CALLS } from '../../src/domain/writes/products';
import { SUPPLIER_CALLS } from '../../src/domain/writes/suppliers';
import type { BayBookDB } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { drain, makeDevice, offlineThenServer, onlineDevice, refusal, user, type Device } from './helpers';

/**
 * Products, stock and suppliers in the catalogue (src/domain/writes/products.ts, suppliers.ts): each write made
 * offline on the device stores the row the server stores when the outbox arrives — the fields as the schema casts
 * them, the stock after its move — every stock move reaches the inventory log with its reason, and a refusal says
 * the same words on both sides. `version` is left out: it counts the server's updates (a stock move is one), while
 * a device's row keeps the version it last pulled until the pull brings the server's.
 */
const LEFT_OUT = ['created_at', 'updated_at', 'token', '_seq', 'version'];
const comparable = (row: object | undefined) =>
  row && Object.fromEntries(Object.entries(row).filter(([k]) => !LEFT_OUT.includes(k)));
const productRow = async (db: BayBookDB, id: string) => comparable(await db.products.get(id));
const supplierRow = async (db: BayBookDB, id: string) => comparable(await db.suppliers.get(id));

describe.each(DATABASES)('product writes: the device and the server store the same rows (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: ReturnType<typeof createRepositories>;
  let n = 0;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'product-writes');
    repos = createRepositories(d.db);
  });
  afterAll(() => s?.close());

  /** The stock moves of a product as the server logged them (read by the device once it synced), oldest first. */
  async function moves(id: string) {
    await drain(d);
    const rows = await d.db.inventory_log.where('[product_id+created_at]').between([id, ''], [id, '\uffff']).toArray();
    return rows.map((r) => [r.amount, r.reason, r.username]);
  }

  const product = (extra: Partial<Parameters<typeof repos.products.add>[0]> = {}) => ({
    title: `Oil filter ${++n}`,
    description: 'Spin-on',
    price: 899,
    stock: 5,
    low_stock: 2,
    ...extra,
  });

  it('suppliers: add and edit (as the schema casts them: trimmed, a field left out emptied), then delete', async () => {
    let id = '';
    const added = await offlineThenServer(
      d,
      s,
      (db) => supplierRow(db, id),
      async () => {
        id = (await repos.products.addSupplier({ bizname: ' Island Parts ', email: 'sales@island.example' })).id;
      },
    );
    expect(added.offline).toEqual(added.server);
    expect(added.offline).toMatchObject({ bizname: 'Island Parts', email: 'sales@island.example', contact: '' });
    const edited = await offlineThenServer(
      d,
      s,
      (db) => supplierRow(db, id),
      () => repos.products.editSupplier(id, { bizname: 'Island Parts Ltd', contact: ' 8765550000 ' }),
    );
    expect(edited.offline).toEqual(edited.server);
    expect(edited.offline).toMatchObject({ bizname: 'Island Parts Ltd', email: '', contact: '8765550000' });
    const removed = await offlineThenServer(
      d,
      s,
      (db) => supplierRow(db, id),
      () => repos.products.removeSupplier(id),
    );
    expect(removed).toEqual({ offline: undefined, server: undefined });
  });

  it('an inventory product: add with a supplier and opening stock, edit, receive, delete', async () => {
    const supplier = await repos.products.addSupplier({ bizname: `Parts ${++n}` });
    let id = '';
    const added = await offlineThenServer(
      d,
      s,
      (db) => productRow(db, id),
      async () => {
        const p = product({ title: ' Oil filter ', supplier: supplier.id, cost: 450, barcode: ' 0123 ' });
        id = (await repos.products.add(p)).id;
      },
    );
    expect(added.offline).toEqual(added.server);
    expect(added.offline).toMatchObject({ title: 'Oil filter', barcode: '0123', stock: 5, supplier: supplier.id });
    const edited = await offlineThenServer(
      d,
      s,
      (db) => productRow(db, id),
      () => repos.products.edit(id, { price: 999, description: ' Spin-on, long ', supplier: null }),
    );
    expect(edited.offline).toEqual(edited.server);
    expect(edited.offline).toMatchObject({ price: 999, description: 'Spin-on, long', supplier: null, stock: 5 });
    const received = await offlineThenServer(
      d,
      s,
      (db) => productRow(db, id),
      () => repos.products.receive(id, 7),
    );
    expect(received.offline).toEqual(received.server);
    expect(received.offline).toMatchObject({ stock: 12 });
    expect(await moves(id)).toEqual([
      [5, 'opening stock', 'admin'],
      [7, 'received', 'admin'],
    ]);
    const removed = await offlineThenServer(
      d,
      s,
      (db) => productRow(db, id),
      () => repos.products.remove(id),
    );
    expect(removed).toEqual({ offline: undefined, server: undefined });
  });

  it('no opening stock is no stock move', async () => {
    let id = '';
    const added = await offlineThenServer(
      d,
      s,
      (db) => productRow(db, id),
      async () => {
        id = (await repos.products.add(product({ stock: 0 }))).id;
      },
    );
    expect(added.offline).toEqual(added.server);
    expect(await moves(id)).toEqual([]);
  });

  it('the simple form: add (nothing in stock), edit, delete', async () => {
    let id = '';
    const added = await offlineThenServer(
      d,
      s,
      (db) => productRow(db, id),
      async () => {
        id = (await repos.products.addSimple({ title: 'Wiper blade ', description: ' 22 inch', price: 1599 })).id;
      },
    );
    expect(added.offline).toEqual(added.server);
    expect(added.offline).toMatchObject({ title: 'Wiper blade', description: '22 inch', stock: 0, cost: 0 });
    const edited = await offlineThenServer(
      d,
      s,
      (db) => productRow(db, id),
      () => repos.products.editSimple(id, { title: 'Wiper blade 22"', description: '22 inch ', price: 1699 }),
    );
    expect(edited.offline).toEqual(edited.server);
    expect(edited.offline).toMatchObject({ title: 'Wiper blade 22"', description: '22 inch', price: 1699 });
    const removed = await offlineThenServer(
      d,
      s,
      (db) => productRow(db, id),
      () => repos.products.removeSimple(id),
    );
    expect(removed).toEqual({ offline: undefined, server: undefined });
  });

  it('a refusal says the same words on the device and on the server', async () => {
    const p = await repos.products.add(product({ stock: LIMITS.stock - 1 }));
    const gone = await repos.products.add(product());
    const supplier = await repos.products.addSupplier({ bizname: `Gone ${++n}` });
    await drain(d);
    await repos.products.remove(gone.id);
    await repos.products.removeSupplier(supplier.id);
    await drain(d);
    const unknown = newId();
    const cases: [string, () => Promise<unknown>, WriteCall<unknown>, Record<string, unknown>][] = [
      ['a blank title', () => repos.products.add(product({ title: ' ' })), PRODUCT_CALLS.add, product({ title: ' ' })],
      [
        'a fraction of a unit',
        () => repos.products.add(product({ stock: 1.5 })),
        PRODUCT_CALLS.add,
        product({ stock: 1.5 }),
      ],
      [
        'a supplier not on the list',
        () => repos.products.add(product({ supplier: unknown })),
        PRODUCT_CALLS.add,
        product({ supplier: unknown }),
      ],
      [
        'a deleted supplier',
        () => repos.products.edit(p.id, { supplier: supplier.id }),
        PRODUCT_CALLS.edit,
        { id: p.id, supplier: supplier.id },
      ],
      [
        'an emptied description',
        () => repos.products.edit(p.id, { description: ' ' }),
        PRODUCT_CALLS.edit,
        { id: p.id, description: ' ' },
      ],
      [
        'an edit of a deleted product',
        () => repos.products.edit(gone.id, { price: 1 }),
        PRODUCT_CALLS.edit,
        { id: gone.id, price: 1 },
      ],
      [
        'receiving nothing',
        () => repos.products.receive(p.id, 0),
        PRODUCT_CALLS.edit,
        { id: p.id, receival: true, amount: 0 },
      ],
      [
        'an empty amount field',
        () => repos.products.receive(p.id, Number.NaN),
        PRODUCT_CALLS.edit,
        { id: p.id, receival: true },
      ],
      [
        'receiving past the most a product holds',
        () => repos.products.receive(p.id, 2),
        PRODUCT_CALLS.edit,
        { id: p.id, receival: true, amount: 2 },
      ],
      [
        'receiving for no product',
        () => repos.products.receive(unknown, 1),
        PRODUCT_CALLS.edit,
        { id: unknown, receival: true, amount: 1 },
      ],
      ['deleting a deleted product', () => repos.products.remove(gone.id), PRODUCT_CALLS.remove, { id: gone.id }],
      [
        'a blank simple title',
        () => repos.products.addSimple({ title: '', description: 'd', price: 100 }),
        PRODUCT_CALLS.addSimple,
        { title: '', description: 'd', price: 100 },
      ],
      [
        'a simple edit of no product',
        () => repos.products.editSimple(unknown, { title: 't', description: 'd', price: 1 }),
        PRODUCT_CALLS.editSimple,
        { id: unknown, title: 't', description: 'd', price: 1 },
      ],
      [
        'a blank business name',
        () => repos.products.addSupplier({ bizname: ' ' }),
        SUPPLIER_CALLS.add,
        { bizname: ' ' },
      ],
      [
        'an edit of a deleted supplier',
        () => repos.products.editSupplier(supplier.id, { bizname: 'X' }),
        SUPPLIER_CALLS.edit,
        { id: supplier.id, bizname: 'X' },
      ],
      ['deleting no supplier', () => repos.products.removeSupplier(unknown), SUPPLIER_CALLS.remove, { id: unknown }],
    ];
    for (const [what, onDevice, call, body] of cases) {
      const device = await refusal(onDevice());
      const server = await s.api(call.method, call.path, { body: { data: body } });
      expect.soft([server.status >= 400, device], what).toEqual([true, server.body.message]);
    }
    expect(await d.db.outbox.filter((e) => e.state === 'pending').count()).toBe(0);
  });

  it('a level below the write is refused on the device as the server refuses it', async () => {
    const clerk = await user(s, 4);
    const tablet = makeDevice(s, 'product-writes-l4');
    await tablet.engine.signIn(clerk);
    const mine = createRepositories(tablet.db);
    const body = product();
    const device = await refusal(mine.products.add(body));
    const { method, path } = PRODUCT_CALLS.add;
    const server = await s.api(method, path, { token: clerk.token, body: { data: body } });
    expect([server.status, device]).toEqual([403, server.body.message]);
    // the simple form is theirs (level 4): stored and sent
    await mine.products.addSimple({ title: `Clip ${++n}`, description: 'plastic', price: 50 });
    await drain(tablet);
    expect(await tablet.db.conflicts.count()).toBe(0);
  });
});
