import { describe, expect, it } from 'vitest';
import { estimateFields } from '../../src/domain/billingFields';
import { BayBookDB } from '../../src/local/db';
import { dbName } from './helpers';
import { queuedEntry } from './queuedEntry';
import { nth } from '../helpers/present';

/**
 * Version 10 (issue 17): an estimate's discount percent becomes its own field. The estimates a device already holds
 * get it from their totals JSON, as the server's migration 0012 fills the column; every row and the outbox stay.
 */
describe('device database version 10 (issue 17: the estimate discount field)', () => {
  it("fills discount_percent from each stored estimate's totals, 0 when it had none, and keeps the outbox", async () => {
    const name = dbName('schema-v10');
    const v9 = new BayBookDB(name, { upTo: 9 });
    await v9.open();
    const est = (id: string, totals: Record<string, unknown>) => ({
      id,
      number: `E-${id}`,
      first_name: 'Ann',
      last_name: 'Lee',
      profile: { first_name: 'Ann', last_name: 'Lee' },
      services: ['Oil'],
      products: [],
      work_hour: 1,
      rate_hour: 5000,
      discount: 500,
      totals,
      created_at: '2026-03-01T10:00:00Z',
    });
    const stored = [
      est('e1', { total: 4500, discount: 500, discount_percent: 10 }),
      est('e2', { total: 5000 }),
      est('e3', { total: 5000, discount_percent: 'ten' }),
      est('e4', { total: 5000, discount_percent: 250 }),
      est('e5', { total: 5000, discount_percent: 12.5 }),
    ];
    // version 9's estimates: no discount_percent field yet
    await v9.table<(typeof stored)[number], string>('estimates').bulkPut(stored);
    const entry = queuedEntry({ id: 'q1', actor: 'admin', refs: ['e1'] });
    await v9.outbox.add(entry);
    v9.close();

    const v10 = new BayBookDB(name, { upTo: 10 });
    await v10.open();
    try {
      expect(v10.verno).toBe(10);
      const rows = await v10.estimates.orderBy('id').toArray();
      expect(rows.map((r) => r.discount_percent)).toEqual([10, 0, 0, 100, 13]);
      // nothing else changed, the totals as they were
      expect(rows.map(({ discount_percent: _p, ...r }) => r)).toEqual(stored);
      // a save's base reads the field now
      expect(estimateFields(nth(rows, 0)).discount).toBe(10);
      expect(await v10.outbox.toArray()).toEqual([{ ...entry, seq: 1 }]);
    } finally {
      v10.close();
    }
  });
});
