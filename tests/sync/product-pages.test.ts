import { describe, expect, it } from 'vitest';
import { BayBookDB, openLocalDb, rowCountKey, type ProductRow, type Row } from '../../src/local/db';
import { pageKey } from '../../src/local/paging';
import { putRow, recountRows, writeRows } from '../../src/local/rows';
import type { PageQuery } from '../../src/local/repositories/pageReader';
import { sortedIds, walkPages, type ReadPage } from './pageWalk';
import { PRODUCT_SORTS, SUPPLIER_SORTS, productPages } from '../../src/local/repositories/productPages';
import { productsRepository } from '../../src/local/repositories/products';
import { teamPages } from '../../src/local/repositories/teamPages';
import type { SupplierRow } from '../../src/local/repositories/suppliers';
import type { MemberRow } from '../../src/local/repositories/team';
import { dbName } from './helpers';
import { queuedEntry } from './queuedEntry';

const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
const uuid = (i: number) => `0000${String(i).padStart(4, '0')}-aaaa-4bbb-8ccc-${String(i).padStart(12, '0')}`;

/** n products whose sort values repeat (ties broken by id); one in five deleted, every third with a supplier */
function products(n: number): ProductRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: uuid(i),
    title: `${['Oil', 'brake', 'Air', 'wiper'][i % 4]} ${['Filter', 'Pad', 'blade'][i % 3]} ${i % 7}`,
    description: ['Spin-on filter', 'front axle pair', 'for sedans'][i % 3],
    price: (i % 9) * 250,
    cost: (i % 5) * 100,
    stock: (i % 6) - 1,
    low_stock: i % 3,
    barcode: i % 2 ? `978${String(i).padStart(6, '0')}` : '',
    supplier: i % 3 ? null : 's1',
    deleted: i % 5 === 4,
    created_at: at(i),
    updated_at: at(i),
    version: 1,
  })) as ProductRow[];
}

const supplier = (i: number, bizname: string, deleted = false) =>
  ({
    id: `s${i}`,
    bizname,
    email: `parts${i % 3}@shop.test`,
    address: `${i % 4} King St`,
    contact: `876-555-${String(i).padStart(4, '0')}`,
    deleted,
    created_at: at(i),
    updated_at: at(i),
    version: 1,
  }) as SupplierRow;

const member = (i: number, username: string, permission: number, deleted = false) =>
  ({ id: `u${i}`, username, permission, deleted, created_at: at(i), updated_at: at(i), version: 1 }) as MemberRow;

async function device(n: number) {
  const db = openLocalDb(dbName('product-pages'));
  await db.transaction('rw', db.tables, async () => {
    await writeRows(db, 'products', products(n));
    await writeRows(db, 'suppliers', [
      supplier(1, 'Kingston Auto Parts'),
      ...Array.from({ length: 23 }, (_, i) => supplier(i + 2, `${['Island', 'Coast', 'Auto'][i % 3]} Supply ${i}`)),
      supplier(30, 'Gone Parts', true),
    ]);
    await writeRows(db, 'users', [
      member(1, 'boss', 5),
      member(2, 'mike', 3),
      member(3, 'Mira', 4),
      member(4, 'ann', 2),
      member(5, 'mikey', 3, true),
    ]);
  });
  return { db, pages: productPages(db), team: teamPages(db) };
}

type Read<T extends Row> = ReadPage<string, T>;

const walk = <T extends Row>(read: Read<T>, field: string, q: PageQuery<string>) =>
  walkPages(read, (r) => pageKey(r, field), q);
/** What a table must show: the live rows sorted by a column's value as the table orders it, ties by id. */
const expected = <T extends Row>(rows: T[], value: (r: T) => string | number, desc: boolean) =>
  sortedIds(rows, value, desc, (r) => !r.deleted);

const shown = (v: unknown) => (typeof v === 'number' ? v : String(v ?? '').toUpperCase());

describe('the products tables, Suppliers and Members read one page through an index (issue 13)', () => {
  it('pages every product sort both ways, live products only, each once, in order, with the counted total', async () => {
    const { pages } = await device(53);
    const all = products(53);
    const live = all.filter((p) => !p.deleted).length;
    for (const [sort, field] of Object.entries(PRODUCT_SORTS)) {
      for (const desc of [false, true]) {
        const { forward, backward, total } = await walk(pages.productPage as Read<ProductRow>, field, {
          sort,
          desc,
          limit: 10,
        });
        const want = expected(all, (p) => shown(p[sort]), desc);
        expect(forward.flat(), `${sort} ${desc ? 'desc' : 'asc'}`).toEqual(want);
        expect(backward, `${sort} back`).toEqual(forward);
        expect(total).toBe(live);
      }
    }
    const first = await pages.productPage({ sort: 'title', desc: false, limit: 60 });
    expect(first.rows.find((p) => p.supplier === 's1')?.supplier_name).toBe('Kingston Auto Parts');
    expect(first.rows.find((p) => !p.supplier)?.supplier_name).toBe('');
    // a column's filter matches the text it shows: the price in dollars
    const filtered = await pages.productPage({
      sort: 'title',
      desc: false,
      limit: 60,
      filters: [{ id: 'price', value: '12.5' }],
    });
    expect(filtered.rows.map((p) => p.id).sort()).toEqual(
      all
        .filter((p) => !p.deleted && p.price === 1250)
        .map((p) => p.id)
        .sort(),
    );
  });

  it('finds a live product by the start of its title, a description word, its barcode or its id', async () => {
    const { pages } = await device(60);
    const all = products(60).filter((p) => !p.deleted);
    const ids = async (search: string) =>
      (await pages.productPage({ sort: 'title', desc: false, search, limit: 100 })).rows.map((r) => r.id).sort();
    const where = (f: (p: ProductRow) => boolean) =>
      all
        .filter(f)
        .map((p) => p.id)
        .sort();
    expect(await ids('oil f')).toEqual(where((p) => p.title.startsWith('Oil Filter')));
    expect(await ids('BRAKE')).toEqual(where((p) => p.title.startsWith('brake')));
    expect(await ids('axle')).toEqual(where((p) => p.description.includes('axle')));
    expect(await ids('978000013')).toEqual([uuid(13)]);
    expect(await ids(uuid(21))).toEqual([uuid(21)]);
    expect(await ids(uuid(21).slice(0, 13))).toEqual([uuid(21)]);
    // a deleted product is found by nothing, and a word's middle finds nothing
    expect(await ids(uuid(24))).toEqual([]);
    expect(await ids('rake')).toEqual([]);
    // the sale and receiving pickers search the same way
    const { db } = await device(0);
    await db.transaction('rw', db.tables, () => writeRows(db, 'products', products(60)));
    const picked = async (search: string) => (await productsRepository(db).search(search, 100)).map((p) => p.id).sort();
    for (const search of ['oil f', 'axle', '978000013', uuid(21).slice(0, 13), uuid(24), 'rake'])
      expect(await picked(search), search).toEqual(await ids(search));
    expect(await picked('ax')).toEqual([]);
  });

  it('keeps the count of live products with every write: an add, a deletion by the flag, a removal', async () => {
    const { db, pages } = await device(20);
    const total = async () => (await pages.productPage({ sort: 'title', desc: false, limit: 5 })).total;
    expect(await total()).toBe(16);
    const p = (await db.products.get(uuid(0)))!;
    await db.transaction('rw', db.tables, () => putRow(db, 'products', { ...p, deleted: true }));
    expect(await total()).toBe(15);
    // the flagged row keeps its title for the Inventory Log, and leaves every list index
    expect(await db.products.where('title_key').startsWith('OIL FILTER 0').primaryKeys()).toEqual([uuid(0)]);
    expect(await db.products.where('[list_title+id]').between(['OIL', ''], ['OIL\uffff', '\uffff']).count()).toBe(3);
    await db.transaction('rw', db.tables, () => putRow(db, 'products', { ...p, id: 'new', deleted: false }));
    await db.transaction('rw', db.tables, () => writeRows(db, 'products', [], [uuid(1)]));
    expect(await total()).toBe(15);
    expect((await db.counters.get(rowCountKey('products')))?.n).toBe(15);
    // a repair counts the live rows too
    await db.counters.delete(rowCountKey('products'));
    await recountRows(db, 'products');
    expect(await total()).toBe(15);
  });

  it('exports every matching product, in the order shown, a chunk at a time', async () => {
    const { pages } = await device(2600);
    const chunks: number[] = [];
    const seen: string[] = [];
    await pages.eachProduct({ sort: 'price', desc: true }, (rows) => {
      chunks.push(rows.length);
      seen.push(...rows.map((r) => r.id));
    });
    expect(chunks).toEqual([1000, 1000, 80]);
    expect(seen).toEqual(expected(products(2600), (p) => p.price, true));
  });

  it('pages Suppliers by each column and finds one by a word of its name; a deleted one never shows', async () => {
    const { pages } = await device(0);
    const all: SupplierRow[] = await pages
      .supplierPage({ sort: 'bizname', desc: false, limit: 100 })
      .then((p) => p.rows);
    expect(all.map((s) => s.bizname)).not.toContain('Gone Parts');
    for (const [sort, field] of Object.entries(SUPPLIER_SORTS)) {
      const { forward, backward, total } = await walk(pages.supplierPage as Read<SupplierRow>, field, {
        sort,
        desc: true,
        limit: 7,
      });
      expect(forward.flat(), sort).toEqual(expected(all, (s) => shown(s[sort]), true));
      expect(backward).toEqual(forward);
      expect(total).toBe(24);
    }
    const names = async (search: string) =>
      (await pages.supplierPage({ sort: 'bizname', desc: false, search, limit: 50 })).rows.map((s) => s.bizname);
    expect(await names('kingston')).toEqual(['Kingston Auto Parts']);
    expect(await names('auto p')).toEqual(['Kingston Auto Parts']);
    expect(await names('parts')).toEqual(['Kingston Auto Parts']);
    expect((await names('coast')).length).toBe(8);
  });

  it('pages Members by ID, Username and Permission, finds one by the start of the username, filters by level name', async () => {
    const { team } = await device(0);
    const page = await team.memberPage({ sort: 'username', desc: false, limit: 10 });
    expect(page.rows.map((m) => m.username)).toEqual(['ann', 'boss', 'mike', 'Mira']);
    expect(page.total).toBe(4);
    const byLevel = await team.memberPage({ sort: 'permission', desc: true, limit: 2 });
    expect(byLevel.rows.map((m) => m.username)).toEqual(['boss', 'Mira']);
    const found = async (search: string) =>
      (await team.memberPage({ sort: 'username', desc: false, search, limit: 10 })).rows.map((m) => m.username);
    expect(await found('MI')).toEqual(['mike', 'Mira']);
    expect(await found('mikey')).toEqual([]);
    const filtered = await team.memberPage({
      sort: 'id',
      desc: false,
      limit: 10,
      filters: [{ id: 'permission', value: 'agent' }],
    });
    expect(filtered.rows.map((m) => m.username)).toEqual(['mike']);
  });
});

describe('version 6 of the device database (issue 13)', () => {
  it('upgrades version 5 keeping every row and the outbox, filling the list keys and the counts of live rows', async () => {
    const name = dbName('upgrade6');
    const v5 = new BayBookDB(name, { upTo: 5 });
    await v5.products.bulkPut(products(10));
    await v5.suppliers.bulkPut([supplier(1, 'Kingston Auto Parts'), supplier(2, 'Gone Parts', true)]);
    await v5.users.bulkPut([member(1, 'boss', 5), member(2, 'mikey', 3, true)]);
    await v5.outbox.add(queuedEntry({ id: 'e1', path: '/v2/inventory/product', refs: [uuid(0)] }));
    v5.close();
    const v6 = new BayBookDB(name, { upTo: 6 });
    await v6.open();
    expect(v6.verno).toBe(6);
    expect(await v6.products.count()).toBe(10);
    expect(await v6.suppliers.count()).toBe(2);
    expect(await v6.users.count()).toBe(2);
    expect(await v6.outbox.count()).toBe(1);
    expect(await v6.products.get(uuid(1))).toMatchObject({
      ...products(10)[1],
      list_title: 'BRAKE PAD 1',
      list_price: 250,
    });
    expect((await v6.counters.get(rowCountKey('products')))?.n).toBe(8);
    expect((await v6.counters.get(rowCountKey('suppliers')))?.n).toBe(1);
    expect((await v6.counters.get(rowCountKey('users')))?.n).toBe(1);
    expect(await v6.products.where('word_keys').startsWith('SPINON').count()).toBe(3);
    expect(await v6.suppliers.where('word_keys').startsWith('PARTS').primaryKeys()).toEqual(['s1']);
    expect(await v6.users.orderBy('[list_username+id]').primaryKeys()).toEqual(['u1']);
    v6.close();
  });
});
