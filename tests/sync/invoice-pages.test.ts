import { describe, expect, it } from 'vitest';
import { invoiceTotal } from '../../src/domain/invoiceFields';
import { invoiceSummary } from '../../src/domain/reports';
import { SEARCH_COUNT_CAP } from '../../src/domain/search';
import {
  BayBookDB,
  openLocalDb,
  rowCountKey,
  type InvoiceRow,
  type Row,
  type TransactionRow,
} from '../../src/local/db';
import { pageKey } from '../../src/local/paging';
import { deleteRow, putRow } from '../../src/local/rows';
import { INVOICE_SORTS, TRANSACTION_SORTS, invoicePages } from '../../src/local/repositories/invoicePages';
import { ESTIMATE_SORTS, estimatePages, type EstimateSort } from '../../src/local/repositories/estimatePages';
import type { PageQuery } from '../../src/local/repositories/pageReader';
import { sortedIds, walkPages, type ReadPage } from './pageWalk';
import { dbName } from './helpers';
import { queuedEntry } from './queuedEntry';
import { nth } from '../helpers/present';

const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + (i % 60) * 3_600_000).toISOString();

/** n invoices whose sort values repeat (ties broken by id); one in four still has an amount due */
function invoices(n: number): InvoiceRow[] {
  return Array.from({ length: n }, (_, i) => {
    const id = `i${String(i).padStart(5, '0')}`;
    return {
      id,
      number: `A1-${String(1000 + (i % 70)).padStart(4, '0')}`,
      request_id: null,
      customer_id: null,
      first_name: ['Ann', 'ben', 'Cole'][i % 3],
      last_name: ['Lee', 'Adams', 'young', 'Mills'][i % 4],
      registration: `${['PK', 'AB', 'KM'][i % 3]} ${1000 + (i % 40)}`,
      vin: `1HGCM8263${String(i).padStart(8, '0')}`,
      total: i % 4 ? 0 : 500 + (i % 7) * 100,
      payment: (i % 5) * 1000,
      discount: (i % 3) * 100,
      discount_percent: 0,
      points_value: 0,
      work_hour: 1,
      rate_hour: 5000,
      products: [],
      profile: {},
      totals: i % 6 ? { total: 4000 + (i % 9) * 250 } : {},
      storage: 'off',
      storage_days: 0,
      invoice_status: 'open',
      type: i % 8 ? 'service' : 'product',
      created_by: 'boss',
      created_at: at(i),
      updated_at: at(i * 7),
      version: 1,
    } as InvoiceRow;
  });
}

async function device(n: number) {
  const db = openLocalDb(dbName('invoice-pages'));
  await db.transaction('rw', db.tables, async () => {
    for (const r of invoices(n)) await putRow(db, 'invoices', r);
  });
  return { db, pages: invoicePages(db), stored: await db.invoices.toArray() };
}

type Read<T extends Row, S extends string = string> = ReadPage<S, T>;

const walk = <T extends Row, S extends string>(read: Read<T, S>, field: string, q: PageQuery<S>) =>
  walkPages(read, (r) => pageKey(r, field), q);
const expected = <T extends Row>(rows: T[], field: string, desc: boolean, keep?: (r: T) => boolean) =>
  sortedIds(rows, (r) => r[field] as string | number, desc, keep);

describe('the Invoices and Transactions tables read one page through an index (issue 13)', () => {
  it('pages every invoice sort both ways, each row once, in the sort order, with the counted total', async () => {
    const { pages, stored } = await device(57);
    const read = pages.page as Read<InvoiceRow>;
    for (const [sort, field] of Object.entries(INVOICE_SORTS)) {
      for (const desc of [false, true]) {
        const { forward, backward, total } = await walk(read, field, { sort, desc, limit: 10 });
        // 'status' reads the amount due the other way round: Due before Paid going up
        const want = expected(stored, field, sort === 'status' ? !desc : desc);
        expect(forward.flat(), `${sort} ${desc ? 'desc' : 'asc'}`).toEqual(want);
        expect(forward.map((p) => p.length)).toEqual([10, 10, 10, 10, 10, 7]);
        expect(backward, `${sort} back`).toEqual(forward);
        expect(total).toBe(57);
      }
    }
    // the Total column's key is what the table shows
    for (const r of stored) expect(r.charged).toBe(invoiceTotal(r));
  });

  it('filters Due and Paid through their index, paging and counting each', async () => {
    const { pages, stored } = await device(57);
    const read = (filter: 'due' | 'paid') => (q: PageQuery<string>) =>
      pages.page({ ...q, sort: q.sort as 'created_at', filter });
    for (const filter of ['due', 'paid'] as const) {
      const { forward, backward, total } = await walk(read(filter), 'created_at', {
        sort: 'created_at',
        desc: true,
        limit: 6,
      });
      const keep = (r: InvoiceRow) => (filter === 'due' ? r.total > 0 : r.total <= 0);
      expect(forward.flat(), filter).toEqual(expected(stored, 'created_at', true, keep));
      expect(backward).toEqual(forward);
      expect(total).toBe(stored.filter(keep).length);
    }
  });

  it('searches by plate, VIN end, names either way round and number (with or without INV), by prefix', async () => {
    const { pages, stored } = await device(90);
    const ids = async (search: string) =>
      (await pages.page({ sort: 'created_at', desc: false, search, limit: 200 })).rows.map((r) => r.id).sort();
    const where = (f: (r: InvoiceRow) => boolean) =>
      stored
        .filter(f)
        .map((r) => r.id)
        .sort();
    expect(await ids('km 10')).toEqual(where((r) => r.registration.startsWith('KM 10')));
    expect(await ids('KM10')).toEqual(await ids('km 10'));
    expect(await ids('00000077')).toEqual(['i00077']);
    expect(await ids('adams ben')).toEqual(where((r) => r.last_name === 'Adams' && r.first_name === 'ben'));
    expect(await ids('Ben Adams')).toEqual(await ids('adams ben'));
    expect(await ids('INV A1-1005')).toEqual(where((r) => r.number === 'A1-1005'));
    expect(await ids('a11005')).toEqual(await ids('INV A1-1005'));
    expect(await ids('dams')).toEqual([]);
    // a search within a filter, and its total
    const page = await pages.page({ sort: 'number', desc: false, search: 'lee', filter: 'due', limit: 50 });
    expect(page.rows.map((r) => r.id).sort()).toEqual(where((r) => r.last_name === 'Lee' && r.total > 0));
    expect(page.total).toBe(page.rows.length);
  });

  it('per-column filters match the text the column shows', async () => {
    const { pages, stored } = await device(40);
    const page = await pages.page({
      sort: 'created_at',
      desc: false,
      limit: 100,
      filters: [
        { id: 'status', value: 'due' },
        { id: 'customer', value: 'ann' },
      ],
    });
    expect(page.rows.map((r) => r.id)).toEqual(
      expected(stored, 'created_at', false, (r) => r.total > 0 && r.first_name === 'Ann'),
    );
  });

  it('the summary cards read the due and recently paid invoices only, and add up as over every invoice', async () => {
    const { pages, stored } = await device(80);
    const now = new Date(Date.UTC(2025, 0, 2)); // the paid invoices updated after it are left out
    const few = await pages.forSummary(now);
    expect(few.length).toBeLessThan(stored.length);
    expect(invoiceSummary(few, now)).toEqual(invoiceSummary(stored, now));
  });

  it('keeps the row counter with every write, and streams every match for the export', async () => {
    const { db, pages, stored } = await device(2300);
    expect((await db.counters.get(rowCountKey('invoices')))?.n).toBe(2300);
    await db.transaction('rw', db.tables, () => deleteRow(db, 'invoices', nth(stored, 0).id));
    expect((await pages.page({ sort: 'created_at', desc: true, limit: 10 })).total).toBe(2299);
    const chunks: number[] = [];
    const seen: string[] = [];
    await pages.eachMatching({ sort: 'customer', desc: false }, (rows) => {
      chunks.push(rows.length);
      seen.push(...rows.map((r) => r.id));
    });
    expect(chunks).toEqual([1000, 1000, 299]);
    expect(seen).toEqual(expected(stored.slice(1), 'name_key', false));
    // more matches than the count cap: a floor, still paged in order
    const many = await pages.page({ sort: 'created_at', desc: false, search: 'a1', limit: 20 });
    expect(many).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsFloor: true, hasNext: true });
  });

  it('pages transactions by each sort with their invoice numbers, and finds a receipt by its number', async () => {
    const db = openLocalDb(dbName('transaction-pages'));
    const pages = invoicePages(db);
    const txs = Array.from(
      { length: 33 },
      (_, i) =>
        ({
          id: `t${String(i).padStart(4, '0')}`,
          number: `R1-${String(100 + (i % 20))}`,
          amount: 1000 + (i % 6) * 100,
          method: ['cash', 'credit_card', 'online'][i % 3],
          invoice_id: i % 2 ? 'inv-1' : 'gone',
          point: i % 4,
          username: 'boss',
          deleted: false,
          created_at: at(i),
          updated_at: at(i),
          version: 1,
        }) as TransactionRow,
    );
    await db.transaction('rw', db.tables, async () => {
      await putRow(db, 'invoices', { ...invoices(1)[0], id: 'inv-1', number: 'A1-0042' });
      for (const t of txs) await putRow(db, 'transactions', t);
    });
    const read = pages.transactionPage as Read<TransactionRow>;
    for (const [sort, field] of Object.entries(TRANSACTION_SORTS)) {
      const { forward, backward, total } = await walk(read, field, { sort, desc: true, limit: 8 });
      expect(forward.flat(), sort).toEqual(expected(txs, field, true));
      expect(backward).toEqual(forward);
      expect(total).toBe(33);
    }
    const first = await pages.transactionPage({ sort: 'number', desc: false, search: 'r1-10', limit: 50 });
    expect(first.rows.map((t) => t.number)).toEqual(
      txs
        .map((t) => t.number)
        .filter((n) => n.startsWith('R1-10'))
        .sort(),
    );
    expect(new Set(first.rows.map((t) => t.invoice_number))).toEqual(new Set(['A1-0042', null]));
  });
});

describe('the Estimates table reads one page through an index (issue 13)', () => {
  it('pages every sort both ways with the counted total, and finds an estimate by number or name', async () => {
    const db = openLocalDb(dbName('estimate-pages'));
    const pages = estimatePages(db);
    const rows = invoices(26).map(({ id, number, first_name, last_name, total, created_at, updated_at }) => ({
      id,
      number,
      first_name,
      last_name,
      total,
      profile: { first_name, last_name },
      products: [],
      services: [],
      work_hour: 0,
      rate_hour: 0,
      discount: 0,
      totals: {},
      created_by: 'boss',
      created_at,
      updated_at,
      version: 1,
    }));
    await db.transaction('rw', db.tables, async () => {
      for (const r of rows) await putRow(db, 'estimates', r);
    });
    const stored = await db.estimates.toArray();
    for (const [sort, field] of Object.entries(ESTIMATE_SORTS) as [EstimateSort, string][]) {
      const { forward, backward, total } = await walk(pages.page, field, { sort, desc: false, limit: 5 });
      expect(forward.flat(), sort).toEqual(expected(stored, field, false));
      expect(backward).toEqual(forward);
      expect(total).toBe(26);
    }
    const ids = async (search: string) =>
      (await pages.page({ sort: 'number', desc: false, search, limit: 50 })).rows.map((r) => r.id).sort();
    expect(await ids('EST A1-1003')).toEqual(['i00003']);
    expect(await ids('young c')).toEqual(
      stored
        .filter((r) => r.last_name === 'young' && r.first_name === 'Cole')
        .map((r) => r.id)
        .sort(),
    );
  });
});

describe('version 5 of the device database (issue 13)', () => {
  it('upgrades version 4 keeping every row and the outbox, filling the new keys and the row counters', async () => {
    const name = dbName('upgrade5');
    const v4 = new BayBookDB(name, { upTo: 4 });
    const inv = invoices(3);
    await v4.invoices.bulkPut(inv);
    // a line as version 4 stored it (before issue 30's done_at)
    await v4.table<Record<string, string>, string>('sys_log').put({
      id: 's1',
      category: 'service',
      subject: 'Job #A1-7',
      predicate: 'status active',
      username: 'mike',
      created_at: at(1),
    });
    await v4.inventory_log.put({
      id: 'l1',
      product_id: 'p1',
      amount: -2,
      reason: 'sold',
      ref: 'INV A1-0042',
      username: 'ana',
      created_at: at(2),
      updated_at: at(2),
      version: 1,
    });
    await v4.outbox.add(queuedEntry({ id: 'e1', method: 'POST', path: '/transaction', refs: [nth(inv, 0).id] }));
    v4.close();
    const v5 = new BayBookDB(name, { upTo: 5 });
    await v5.open();
    expect(v5.verno).toBe(5);
    expect(await v5.invoices.count()).toBe(3);
    expect(await v5.outbox.count()).toBe(1);
    expect(await v5.invoices.get(nth(inv, 0).id)).toMatchObject({ ...inv[0], number_key: 'A11000', is_due: 1 });
    expect((await v5.counters.get(rowCountKey('invoices')))?.n).toBe(3);
    expect((await v5.counters.get(rowCountKey('sys_log')))?.n).toBe(1);
    expect(await v5.sys_log.where('word_keys').startsWith('JOBA1').primaryKeys()).toEqual(['s1']);
    expect(await v5.inventory_log.where('word_keys').startsWith('INVA1').primaryKeys()).toEqual(['l1']);
    v5.close();
  });
});
