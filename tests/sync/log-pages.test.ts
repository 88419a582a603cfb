import { describe, expect, it } from 'vitest';
import { openLocalDb, rowCountKey, type Row } from '../../src/local/db';
import { pageKey } from '../../src/local/paging';
import { putRow } from '../../src/local/rows';
import {
  ACTIVITY_SORTS,
  INVENTORY_SORTS,
  logPages,
  type ActivitySort,
  type InventorySort,
} from '../../src/local/repositories/logPages';
import type { PageQuery } from '../../src/local/repositories/pageReader';
import { sortedIds, walkPages, type ReadPage } from './pageWalk';
import { dbName } from './helpers';

const at = (i: number) => new Date(Date.UTC(2025, 2, 1) + (i % 45) * 60_000).toISOString();
const SUBJECTS = ['Job #A1-7', 'Team member mike', 'Product Oil filter', 'INV A1-0042', 'Setting Labour rate'];

async function device(n: number) {
  const db = openLocalDb(dbName('log-pages'));
  await db.transaction('rw', db.tables, async () => {
    await putRow(db, 'products', { id: 'p-oil', title: 'Oil filter', price: 0, stock: 0 });
    await putRow(db, 'products', { id: 'p-brake', title: 'Brake pads', price: 0, stock: 0 });
    for (let i = 0; i < n; i++) {
      const id = `l${String(i).padStart(4, '0')}`;
      await putRow(db, 'sys_log', {
        id,
        category: ['service', 'system'][i % 2],
        subject: SUBJECTS[i % SUBJECTS.length],
        predicate: i % 3 ? 'status active' : 'added with permission 3',
        username: 'boss',
        created_at: at(i),
      });
      await putRow(db, 'inventory_log', {
        id,
        product_id: i % 3 ? 'p-oil' : 'p-brake',
        amount: (i % 7) - 3,
        reason: i % 2 ? 'sold' : 'received',
        ref: i % 2 ? `INV A1-${String(i).padStart(4, '0')}` : '',
        username: 'boss',
        created_at: at(i),
      });
    }
  });
  return { db, pages: logPages(db), sys: await db.sys_log.toArray(), inv: await db.inventory_log.toArray() };
}

const walk = <S extends string>(
  read: ReadPage<S, { id: string }>,
  field: string,
  raw: Map<string, Row>,
  q: PageQuery<S>,
) => walkPages(read, (r) => pageKey(raw.get(r.id)!, field), q);
const expected = (rows: Row[], field: string, desc: boolean, keep?: (r: Row) => boolean) =>
  sortedIds(rows, (r) => r[field] as string | number, desc, keep);

describe('the Activity Log and the Inventory Log read one page through an index (issue 13)', () => {
  it('page each sort both ways, each entry once, with the counted totals', async () => {
    const { db, pages, sys, inv } = await device(64);
    const raw = (rows: Row[]) => new Map(rows.map((r) => [r.id, r]));
    for (const [sort, field] of Object.entries(ACTIVITY_SORTS) as [ActivitySort, string][]) {
      const q = { sort, desc: true, limit: 10 };
      const { forward, backward, total } = await walk(pages.activityPage, field, raw(sys), q);
      expect(forward.flat(), sort).toEqual(expected(sys, field, true));
      expect(backward).toEqual(forward);
      expect(total).toBe(64);
    }
    for (const [sort, field] of Object.entries(INVENTORY_SORTS) as [InventorySort, string][]) {
      const q = { sort, desc: false, limit: 9 };
      const { forward, backward, total } = await walk(pages.inventoryPage, field, raw(inv), q);
      expect(forward.flat(), sort).toEqual(expected(inv, field, false));
      expect(backward).toEqual(forward);
      expect(total).toBe(64);
    }
    expect((await db.counters.get(rowCountKey('sys_log')))?.n).toBe(64);
  });

  it('find an entry by the start of any word, running on across words, as the lines show it', async () => {
    const { pages, sys, inv } = await device(40);
    const activity = async (search: string) =>
      (await pages.activityPage({ sort: 'created_at', desc: true, search, limit: 100 })).rows.map((r) => r.id);
    const subject = (s: string) => expected(sys, 'created_at', true, (r) => r.subject === s);
    expect(await activity('Job #A1')).toEqual(subject('Job #A1-7'));
    expect(await activity('a1-7')).toEqual(subject('Job #A1-7'));
    expect(await activity('member mi')).toEqual(subject('Team member mike'));
    expect(await activity('permission')).toEqual(
      expected(sys, 'created_at', true, (r) => r.predicate === 'added with permission 3'),
    );
    expect(await activity('ember')).toEqual([]);
    const page = await pages.activityPage({ sort: 'created_at', desc: true, search: 'a1', limit: 5 });
    expect(page.total).toBe(16);
    expect(page.rows.map((r) => r.id)).toEqual(
      expected(sys, 'created_at', true, (r) => /A1/.test(String(r.subject))).slice(0, 5),
    );

    const inventory = async (search: string) =>
      (await pages.inventoryPage({ sort: 'created_at', desc: true, search, limit: 100 })).rows;
    // by the product's title (another table), and by the reason or reference
    expect((await inventory('oil f')).map((r) => r.id)).toEqual(
      expected(inv, 'created_at', true, (r) => r.product_id === 'p-oil'),
    );
    expect((await inventory('oil f')).every((r) => r.subject === 'Oil filter')).toBe(true);
    expect((await inventory('INV A1-0011')).map((r) => r.log)).toEqual(['+1 sold (INV A1-0011)']);
    expect((await inventory('received')).length).toBe(20);
  });

  it('filter a column by its text and stream every match for the export', async () => {
    const { pages, sys } = await device(30);
    const filtered = await pages.activityPage({
      sort: 'created_at',
      desc: false,
      limit: 100,
      filters: [{ id: 'category', value: 'SYSTEM' }],
    });
    expect(filtered.rows.map((r) => r.id)).toEqual(expected(sys, 'created_at', false, (r) => r.category === 'system'));
    const seen: string[] = [];
    await pages.eachInventory({ sort: 'amount', desc: true, search: 'sold' }, (rows) =>
      seen.push(...rows.map((r) => r.log)),
    );
    expect(seen).toHaveLength(15);
    expect(seen.every((l) => l.includes('sold'))).toBe(true);
  });
});
