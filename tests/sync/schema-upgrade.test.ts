import { describe, expect, it } from 'vitest';
import { ENTITY_NAMES, MODEL, type EntityName } from '../../src/domain/model';
import { BayBookDB, type ConflictRow, type Row, type ShadowRow } from '../../src/local/db';
import { DB_VERSION, SCHEMA_V1 } from '../../src/local/dbVersions';
import { rowCountKey } from '../../src/local/keys';
import { derive } from '../../src/local/rows';
import { dbName } from './helpers';
import { queuedEntry } from './queuedEntry';
import { nth } from '../helpers/present';

/**
 * The whole upgrade path in one step (issue 17): a device still on the oldest shipped database (version 1), with a
 * row in every table it had and changes waiting, opens today's build. Every row, the outbox, the refused changes,
 * the shadows, the photo bytes and the meta stay as they were; each row gains the search keys a device pulling it
 * today would derive (so an upgraded device finds and sorts what a new one does), the row counters match the rows,
 * and version 10 fills an estimate's discount percent. The tables added since (cash-ups, the clock) keep theirs from the
 * version that added them. The browser run of the same path: tests/e2e/upgrade.test.ts.
 */

const at = '2026-03-01T10:00:00.000Z';
const person = { first_name: 'Ann', last_name: 'Lee', vin: '1HGCM82633A004352', registration: 'AB 123' };
const contact = { ...person, contact: '876-555-1234', email: 'ann@lee.test' };
const totals = { subtotal: 9000, total: 8100, discount: 900, discount_percent: 10 };

/** One row per table version 1 had, as a version-1 device stored it (v1's keys only: the plates, a product's title). */
const V1_ROWS: Record<Exclude<keyof typeof SCHEMA_V1, LocalStore>, Row[]> = {
  customers: [{ id: 'c1', ...contact, discount: 0, current_points: 0, active: true, created_at: at }],
  jobs: [
    { id: 'j1', number: 'A1-1', status: 'complete', complete_at: at, customer_id: 'c1', ...person, created_at: at },
  ],
  services: [{ id: 's1', title: 'Oil change' }],
  service_photos: [{ id: 'sp1', job_id: 'j1', src: '/photo/sp1/full', created_at: at }],
  service_log: [{ id: 'sl1', job_id: 'j1', value: 'Drained the oil', created_at: at }],
  suppliers: [
    { id: 'su1', bizname: 'Parts Ltd', email: 'a@parts.test', address: 'Kingston', contact: '876', deleted: false },
  ],
  products: [
    { id: 'p1', title: 'Brake pads', description: 'front', barcode: '0123', price: 4500, stock: 3, low_stock: 1 },
    { id: 'p2', title: 'Old filter', description: '', barcode: '', price: 900, stock: 0, low_stock: 0, deleted: true },
  ].map((p) => ({ deleted: false, cost: 0, created_at: at, updated_at: at, ...p })),
  product_photos: [{ id: 'pp1', product_id: 'p1', src: '/photo/pp1/full', created_at: at }],
  inventory_log: [{ id: 'il1', product_id: 'p1', amount: 3, reason: 'Opening stock', ref: 'p1', created_at: at }],
  invoices: [
    { id: 'i1', number: 'A1-7', request_id: 'j1', customer_id: 'c1', ...contact, totals, discount: 0, total: 8100 },
  ].map((i) => ({ ...i, payment: 0, created_at: at, updated_at: at })),
  estimates: [{ id: 'e1', number: 'E-1', ...person, totals, total: 8100, created_at: at }],
  transactions: [
    { id: 't1', number: 'A1-9', invoice_id: 'i1', amount: 4000, method: 'cash', point: 0, created_at: at },
  ],
  config: [{ id: 'cf1', name: 'gct', title: 'GCT', description: '15' }],
  users: [
    { id: 'u1', username: 'admin', permission: 5, deleted: false },
    { id: 'u2', username: 'gone', permission: 2, deleted: true },
  ],
  sys_log: [{ id: 'sy1', category: 'system', subject: 'Device A1', predicate: 'registered by admin', created_at: at }],
};
type LocalStore = 'outbox' | 'conflicts' | 'shadow' | 'blobs' | 'meta' | 'counters';

/** The tables added since version 1, each with the version that added it and a row as that version stored it. */
const LATER_ROWS: [number, EntityName, Row][] = [
  [7, 'cashups', { id: 'k1', day: '2026-03-01', till: 'shop', expected: { cash: 4000 }, counted_cash: 4000 }],
  [9, 'clock_entries', { id: 'ce1', job_id: 'j1', username: 'tech', started_at: at, stopped_at: null, ended: '' }],
];

/** What a version-1 device derived and stored beside a row: the keys its indexes read. */
function v1Row(entity: EntityName, row: Row): Row {
  const keys = derive(entity, row);
  const kept = {
    jobs: ['vin_key', 'registration_key'],
    customers: ['vin_key', 'registration_key'],
    products: ['title_key'],
  };
  const v1Keys = (kept as Record<string, string[]>)[entity] ?? [];
  return { ...row, ...Object.fromEntries(v1Keys.map((k) => [k, keys[k]])) };
}

describe('the oldest device database upgrades to today’s in one step', () => {
  it('covers every synced table: a table the model gains needs its row here', () => {
    const covered = [...Object.keys(V1_ROWS), ...LATER_ROWS.map(([, entity]) => entity)];
    expect(covered.sort()).toEqual([...ENTITY_NAMES].sort());
  });

  it.each(LATER_ROWS)('from version %i, %s: its row and the outbox stay', async (version, entity, row) => {
    const name = dbName(`schema-upgrade-${entity}`);
    const then = new BayBookDB(name, { upTo: version });
    await then.open();
    await then.table(entity).put(row);
    const entry = queuedEntry({ id: `q-${entity}`, refs: [String(row.id)] });
    await then.outbox.add(entry);
    then.close();
    const today = new BayBookDB(name);
    await today.open();
    try {
      expect([today.verno, await today.table(entity).toArray()]).toEqual([DB_VERSION, [derive(entity, row)]]);
      expect(await today.outbox.toArray()).toEqual([{ ...entry, seq: 1 }]);
    } finally {
      today.close();
    }
  });

  it('keeps every row, the outbox and the device’s own stores, and derives what a new device would', async () => {
    const name = dbName('schema-upgrade');
    const v1 = new BayBookDB(name, { upTo: 1 });
    await v1.open();
    for (const [table, rows] of Object.entries(V1_ROWS)) {
      await v1.table(table).bulkPut(rows.map((r) => v1Row(table as EntityName, r)));
    }
    const outbox = [
      queuedEntry({ id: 'q1', method: 'POST', path: '/customer', refs: ['c1'], creates: ['c1'] }),
      queuedEntry({ id: 'q2', method: 'POST', path: '/service', refs: ['j1'], dependsOn: ['c1'], state: 'held' }),
    ];
    for (const entry of outbox) await v1.outbox.add(entry);
    const conflict: ConflictRow = { id: 'q0', entry: queuedEntry({ id: 'q0' }), status: 409, message: 'Taken', at };
    const shadow: ShadowRow = { entity: 'customers', id: 'c1', row: nth(V1_ROWS.customers, 0), seq: 4, op: 'upsert' };
    await v1.conflicts.put(conflict);
    await v1.shadow.put(shadow);
    await v1.blobs.put({
      id: 'b1',
      blob: new Blob(['jpeg bytes']),
      name: 'a.jpg',
      mime: 'image/jpeg',
      size: 10,
      createdAt: at,
    });
    await v1.meta.put({ key: 'cursor', value: 42 });
    v1.close();

    const today = new BayBookDB(name);
    await today.open();
    try {
      expect(today.verno).toBe(DB_VERSION);
      for (const [table, rows] of Object.entries(V1_ROWS)) {
        const entity = table as EntityName;
        // version 10: an estimate's discount percent, from its totals
        const added = entity === 'estimates' ? { discount_percent: 10 } : {};
        const fresh = rows.map((r) => ({ ...derive(entity, r), ...added }));
        expect(await today.table(table).orderBy('id').toArray(), table).toEqual(fresh);
      }
      expect(await today.outbox.toArray()).toEqual(outbox.map((e, i) => ({ ...e, seq: i + 1 })));
      expect([await today.conflicts.toArray(), await today.shadow.toArray()]).toEqual([[conflict], [shadow]]);
      const blob = await today.blobs.get('b1');
      expect(await blob?.blob.text()).toBe('jpeg bytes');
      expect(await today.meta.get('cursor')).toEqual({ key: 'cursor', value: 42 });
      // each counted table's counter is its rows (live ones where the model counts only those)
      for (const entity of Object.keys(V1_ROWS) as EntityName[]) {
        const counted = MODEL[entity].device.counted;
        if (!counted) continue;
        const rows = V1_ROWS[entity as keyof typeof V1_ROWS].filter((r) => counted === 'all' || !r.deleted);
        expect((await today.counters.get(rowCountKey(entity)))?.n, entity).toBe(rows.length);
      }
    } finally {
      today.close();
    }
  });
});
