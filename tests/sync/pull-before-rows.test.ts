import { describe, expect, it, vi } from 'vitest';
import { BayBookDB, rowCountKey } from '../../src/local/db';
import { applyPage, type Change } from '../../src/sync/pull';
import { dbName } from './helpers';

/**
 * A pulled page reads the rows it replaces (for the counters) by their keys first, then only the rows that exist
 * (src/local/rows.ts rowsBefore): the counters must come out as a get per id gave them, whether the page's rows are
 * all new, all held, or held among many other rows of its id range.
 */

const id = (n: number) => `0190${String(n).padStart(8, '0')}-0000-7000-8000-000000000000`;
const customer = (n: number, seq: number, active = 1): Change => ({
  seq,
  entity: 'customers',
  id: id(n),
  op: 'upsert',
  row: { id: id(n), first_name: 'A', last_name: `L${n}`, vin: `V${n}`, registration: `R${n}`, active },
});
const removed = (n: number, seq: number): Change => ({ seq, entity: 'customers', id: id(n), op: 'delete', row: null });

describe('a pulled page over rows already held (issue 13)', () => {
  it('keeps the row counter through new, replaced, deleted and scattered rows', async () => {
    const db = new BayBookDB(dbName('pull-before'));
    await db.open();
    const count = async () => (await db.counters.get(rowCountKey('customers')))?.n;
    let seq = 0;
    const page = (changes: Change[]) => applyPage(db, { changes, cursor: (seq += changes.length), more: false });
    try {
      // 300 new rows, every other one of 0..599
      await page(Array.from({ length: 300 }, (_, i) => customer(i * 2, seq + i + 1)));
      expect(await count()).toBe(300);
      // the same range again: 150 of them replaced, 150 new in between, 50 held ones deleted
      const replaced = Array.from({ length: 150 }, (_, i) => customer(i * 2, seq + i + 1, 0));
      const fresh = Array.from({ length: 150 }, (_, i) => customer(i * 2 + 1, seq + 200 + i));
      const gone = Array.from({ length: 50 }, (_, i) => removed(400 + i * 2, seq + 400 + i));
      await page([...replaced, ...fresh, ...gone]);
      expect(await count()).toBe(300 + 150 - 50);
      expect(await db.customers.count()).toBe(400);
      expect((await db.customers.get(id(0)))?.active).toBe(0);
      // a page of 120 ids spread over a range holding far more other rows (more than four times the page)
      await page(Array.from({ length: 600 }, (_, i) => customer(1000 + i, seq + i + 1)));
      const spread = Array.from({ length: 120 }, (_, i) => customer(1000 + i * 5, seq + i + 1, 0));
      await page([...spread, customer(5000, seq + 200)]);
      expect(await count()).toBe(400 + 600 + 1);
      expect(
        await db.customers
          .where('[active+id]')
          .between([0, id(0)], [0, id(99999)])
          .count(),
      ).toBe(150 + 120);
    } finally {
      db.close();
      await BayBookDB.delete(db.name);
    }
  });

  it('reads by key ranges when one old row joins a page of new ones: split at the gap in time, not got id by id', async () => {
    const db = new BayBookDB(dbName('pull-before-old'));
    await db.open();
    let seq = 0;
    const page = (changes: Change[]) => applyPage(db, { changes, cursor: (seq += changes.length), more: false });
    const gets = vi.spyOn(db.Table.prototype, 'bulkGet');
    try {
      // three thousand customers held (more than four times the page), then a page of 500 new ones made today and one
      // made long ago, edited today
      for (let from = 0; from < 3000; from += 500)
        await page(Array.from({ length: 500 }, (_, i) => customer(from + i, seq + i + 1)));
      gets.mockClear();
      await page([customer(7, seq + 1, 0), ...Array.from({ length: 500 }, (_, i) => customer(9000 + i, seq + i + 2))]);
      expect((await db.counters.get(rowCountKey('customers')))?.n).toBe(3500);
      expect((await db.customers.get(id(7)))?.active).toBe(0);
      // a get per id would ask for all 501 (and the counters); split at the gap in time, the old one is got alone and
      // the new ones are found absent by one range read
      const asked = gets.mock.calls.reduce((n, [ids]) => n + ids.length, 0);
      expect(asked).toBeLessThanOrEqual(10);
    } finally {
      gets.mockRestore();
      db.close();
      await BayBookDB.delete(db.name);
    }
  });
});
