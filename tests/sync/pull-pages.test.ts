import { describe, expect, it } from 'vitest';
import { shopDay } from '../../src/domain/dates';
import { dashReport, shopToday } from '../../src/domain/reports';
import { openLocalDb, rowCountKey, type BayBookDB, type OutboxEntry, type Row } from '../../src/local/db';
import { dashCounterKey, putRow, recountJobs } from '../../src/local/rows';
import { getCursor, pull, type Change, type ChangesPage } from '../../src/sync/pull';
import type { Transport } from '../../src/sync/transport';
import { dbName } from './helpers';
import { nth } from '../helpers/present';

/**
 * The pull's page writes (issue 13): each page is applied in bulk in one transaction with its cursor, while the next
 * page is already being fetched. A feed served from memory, so each test decides exactly what every page holds.
 */

/**
 * A feed over `changes` (seq = after + index + 1), paged as the server pages it; `log` records each request as it
 * starts.
 */
function feed(changes: Omit<Change, 'seq'>[], { log = [] as string[], after = 0 } = {}): Transport {
  const all: Change[] = changes.map((c, i) => ({ ...c, seq: after + i + 1 }));
  const transport = async (_method: string, path: string) => {
    const q = new URL(path, 'http://x').searchParams;
    const since = Number(q.get('since'));
    const limit = Number(q.get('limit'));
    log.push(`fetch ${since}`);
    const rest = all.filter((c) => c.seq > since);
    const page = rest.slice(0, limit);
    const data: ChangesPage = {
      changes: page,
      cursor: page.at(-1)?.seq ?? since,
      more: rest.length > limit,
      head: after + all.length,
      scope: 5,
    };
    return { status: 200, data };
  };
  return transport as Transport;
}

const up = (entity: string, row: Row): Omit<Change, 'seq'> => ({ entity, id: row.id, op: 'upsert', row });
const TODAY = new Date().toISOString();
const customer = (id: string, first = 'Ann') => ({
  id,
  first_name: first,
  last_name: 'Lee',
  vin: `VIN${id}`,
  registration: `PB ${id}`,
  email: '',
  contact: '',
  current_points: 0,
  discount: 0,
  note: '',
  active: 1,
  created_at: TODAY,
  updated_at: TODAY,
  version: 1,
});
const job = (id: string, status: string, extra: Partial<Row> = {}) => ({
  id,
  number: id,
  status,
  registration: 'pb 12',
  vin: 'jh4',
  created_at: TODAY,
  complete_at: null,
  book_start: null,
  ...extra,
});
const invoice = (id: string, total: number, extra: Partial<Row> = {}) => ({
  id,
  number: id,
  total,
  discount: 300,
  totals: { labour: 5000, product: 1200 },
  created_at: TODAY,
  updated_at: TODAY,
  ...extra,
});

function pendingEntry(refs: string[]): OutboxEntry {
  return {
    id: `e-${refs[0]}`,
    method: 'PUT',
    path: '/customer',
    body: {},
    actor: 'ana',
    deviceId: 'd',
    createdAt: TODAY,
    attempts: 0,
    lastError: '',
    state: 'pending',
    refs,
    touches: [],
    creates: [],
    dependsOn: [],
    label: 'x',
  };
}

const counter = async (db: BayBookDB, key: string) => (await db.counters.get(key))?.n ?? 0;

describe('pull: a page in bulk', () => {
  it('puts a page in one go, but a row with a change still in the outbox keeps its local state and the server row goes to shadow', async () => {
    const db = openLocalDb(dbName('bulk-shadow'));
    await putRow(db, 'customers', customer('b', 'Mine'));
    await db.outbox.add(pendingEntry(['b']));
    const transport = feed([
      up('customers', customer('a')),
      up('customers', customer('b', 'Server')),
      up('customers', customer('c')),
      up('jobs', job('j1', 'active')),
    ]);
    const r = await pull({ db, transport, token: 't', pageSize: 10 });
    expect(r).toMatchObject({ applied: 3, shadowed: 1, pages: 1, cursor: 4 });
    // the rest are stored as the pull stores a row: the derived keys and the seq it came with
    expect(await db.customers.get('a')).toMatchObject({
      first_name: 'Ann',
      registration_key: 'PBA',
      name_key: 'LEE ANN',
      _seq: 1,
    });
    expect(await db.jobs.get('j1')).toMatchObject({ registration_key: 'PB12', vin_key: 'JH4', _seq: 4 });
    expect((await db.customers.get('b'))?.first_name).toBe('Mine');
    expect(await db.shadow.get(['customers', 'b'])).toMatchObject({
      seq: 2,
      op: 'upsert',
      row: { first_name: 'Server', _seq: 2 },
    });
    // a refused entry no longer holds its row back
    await db.outbox.update(1, { state: 'rejected' });
    await pull({
      db,
      transport: feed([up('customers', customer('b', 'Server again'))], { after: 4 }),
      token: 't',
      pageSize: 10,
    });
    expect((await db.customers.get('b'))?.first_name).toBe('Server again');
    expect(await db.shadow.count()).toBe(0);
  });

  it('fetches the next page while it writes the last, and a stop between the two leaves the last cursor written', async () => {
    const db = openLocalDb(dbName('bulk-prefetch'));
    const log: string[] = [];
    const ctrl = new AbortController();
    const transport = feed(
      ['a', 'b', 'c', 'd', 'e'].map((id) => up('customers', customer(id))),
      { log },
    );
    const r = await pull({
      db,
      transport,
      token: 't',
      pageSize: 2,
      signal: ctrl.signal,
      onProgress: (p) => {
        log.push(`written ${p.applied}`);
        if (p.applied === 2) ctrl.abort();
      },
    });
    // page 2 was asked for before page 1 was written, and never written: the cursor is page 1's
    expect(log).toEqual(['fetch 0', 'fetch 2', 'written 2']);
    expect(r.cursor).toBe(2);
    expect(await getCursor(db)).toBe(2);
    expect((await db.customers.toCollection().primaryKeys()).sort()).toEqual(['a', 'b']);
    expect(await counter(db, rowCountKey('customers'))).toBe(2);
    // the next pull starts from that cursor and brings the rest once
    await pull({ db, transport, token: 't', pageSize: 2 });
    expect(await getCursor(db)).toBe(5);
    expect(await db.customers.count()).toBe(5);
    expect(await counter(db, rowCountKey('customers'))).toBe(5);
  });

  it('writes a page larger than one bulk slice whole: every row, and each counted once', async () => {
    const db = openLocalDb(dbName('bulk-slices'));
    const statuses = ['active', 'received', 'complete'];
    const jobs = Array.from({ length: 250 }, (_, i) =>
      up('jobs', job(`j${i}`, nth(statuses, i % 3), i % 3 === 2 ? { complete_at: TODAY } : {})),
    );
    const customers = Array.from({ length: 230 }, (_, i) => up('customers', customer(`c${i}`)));
    await pull({ db, transport: feed([...jobs, ...customers]), token: 't', pageSize: 500 });
    expect(await db.jobs.count()).toBe(250);
    expect(await db.customers.count()).toBe(230);
    expect(await counter(db, rowCountKey('customers'))).toBe(230);
    expect([
      await counter(db, 'status:active'),
      await counter(db, 'status:received'),
      await counter(db, 'status:complete'),
    ]).toEqual([84, 83, 83]);
  });

  it('moves the day counters when a pulled time zone moves jobs and invoices to another shop day', async () => {
    const db = openLocalDb(dbName('bulk-zone'));
    // 03:00 UTC: the evening before in Jamaica (UTC-5), the same morning in Tokyo (UTC+9)
    const at = '2026-03-10T03:00:00.000Z';
    const config = (tz: string) => ({ id: 'tz', name: 'time_zone', title: 'Time zone', description: tz, amount: null });
    await pull({
      db,
      transport: feed([
        up('config', config('America/Jamaica')),
        up('jobs', job('j1', 'complete', { complete_at: at })),
        up('invoices', invoice('i1', 0, { created_at: at, updated_at: at })),
      ]),
      token: 't',
      pageSize: 10,
    });
    expect(await counter(db, 'complete:2026-03-09')).toBe(1);
    expect(await counter(db, dashCounterKey('labour', '2026-03-09'))).toBe(5000);
    await pull({ db, transport: feed([up('config', config('Asia/Tokyo'))], { after: 3 }), token: 't', pageSize: 10 });
    expect([await counter(db, 'complete:2026-03-09'), await counter(db, 'complete:2026-03-10')]).toEqual([0, 1]);
    expect([
      await counter(db, dashCounterKey('labour', '2026-03-09')),
      await counter(db, dashCounterKey('labour', '2026-03-10')),
    ]).toEqual([0, 5000]);
  });

  it('writes nothing of a page that fails, not its rows, counters or cursor', async () => {
    const db = openLocalDb(dbName('bulk-crash'));
    // page 2 holds a row IndexedDB cannot store (a function is not cloneable): the whole page and its cursor roll back
    const broken = { ...job('x', 'active'), bad: () => 1 };
    const transport = feed([
      up('jobs', job('j1', 'active')),
      up('jobs', job('j2', 'received')),
      up('jobs', job('j3', 'active')),
      up('jobs', broken),
    ]);
    await expect(pull({ db, transport, token: 't', pageSize: 2 })).rejects.toThrow();
    expect(await getCursor(db)).toBe(2);
    expect((await db.jobs.toCollection().primaryKeys()).sort()).toEqual(['j1', 'j2']);
    expect(await counter(db, 'status:active')).toBe(1);
    expect(await counter(db, 'status:received')).toBe(1);
  });

  it('leaves the counters right after a bulk page: job tiles, finance figures and row counts, as a recount and the report find them', async () => {
    const db = openLocalDb(dbName('bulk-counters'));
    const day = shopDay(TODAY, 'America/Jamaica');
    const old = '2024-01-02T15:00:00.000Z';
    await pull({
      db,
      transport: feed([
        up('customers', customer('a')),
        up('customers', customer('b')),
        up('jobs', job('j1', 'active')),
        up('jobs', job('j2', 'complete', { complete_at: TODAY })),
        up('jobs', job('j3', 'booked', { book_start: TODAY })),
        up('jobs', job('j4', 'complete', { complete_at: old })),
        up('invoices', invoice('i1', 0)),
        up('invoices', invoice('i2', 700)),
        up('invoices', invoice('i3', 0, { created_at: old, updated_at: old })),
      ]),
      token: 't',
      pageSize: 100,
    });
    // a second page moves rows between tiles and deletes some
    await pull({
      db,
      transport: feed(
        [
          up('jobs', job('j1', 'complete', { complete_at: TODAY })),
          { entity: 'jobs', id: 'j3', op: 'delete', row: null },
          { entity: 'customers', id: 'b', op: 'delete', row: null },
          up('invoices', invoice('i2', 0)),
        ],
        { after: 9 },
      ),
      token: 't',
      pageSize: 100,
    });
    expect(await counter(db, rowCountKey('customers'))).toBe(1);
    expect(await counter(db, 'status:active')).toBe(0);
    expect(await counter(db, 'status:complete')).toBe(3);
    expect(await counter(db, `complete:${day}`)).toBe(2);
    expect(await counter(db, `booked:${day}`)).toBe(0);
    // the finance counters say what the report says over every invoice
    const report = dashReport(await db.invoices.toArray(), [], shopToday(new Date(), 'America/Jamaica'));
    expect(report).toMatchObject({ labour: 10_000, products: 2_400, discounts: 600 });
    expect(await counter(db, dashCounterKey('labour', day))).toBe(report.labour);
    expect(await counter(db, dashCounterKey('products', day))).toBe(report.products);
    expect(await counter(db, dashCounterKey('discounts', day))).toBe(report.discounts);
    // and the job counters are what a recount from the rows finds
    const kept = (await db.counters.toArray()).filter((c) => /^(status|complete|booked):/.test(c.key) && c.n);
    await recountJobs(db);
    const recounted = (await db.counters.toArray()).filter((c) => /^(status|complete|booked):/.test(c.key) && c.n);
    expect(recounted).toEqual(kept);
  });
});
