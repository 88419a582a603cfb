import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, matchesTerms, searchTerms } from '../../src/domain/search';
import { openLocalDb, type CustomerRow } from '../../src/local/db';
import { putRow } from '../../src/local/rows';
import { CUSTOMER_SORTS, type CustomerPageQuery, type CustomerSort } from '../../src/local/repositories/customerPages';
import { customersRepository } from '../../src/local/repositories/customers';
import { pageKey } from '../../src/local/paging';
import { dbName } from './helpers';
import { nth } from '../helpers/present';

/** n customers with sort values that repeat (ties broken by id), one blocked in seven */
function customers(n: number): CustomerRow[] {
  return Array.from({ length: n }, (_, i) => {
    const id = `c${String(i).padStart(5, '0')}`;
    return {
      id,
      first_name: ['Ann', 'ben', 'Cole', 'dana'][i % 4],
      last_name: ['Lee', 'Adams', 'young', 'Mills', 'Brown'][i % 5],
      vin: `1HGCM8263${String(i).padStart(8, '0')}`,
      registration: `${['PK', 'AB', 'KM'][i % 3]} ${1000 + (i % 40)}`,
      email: i % 6 ? `owner${i}@mail.test` : '',
      contact: `876555${String(i).padStart(4, '0')}`,
      current_points: i % 9,
      discount: i % 4 ? 0 : 5,
      note: i % 10 ? '' : 'VIP',
      active: i % 7 ? 1 : 0,
      created_at: new Date(Date.UTC(2024, 0, 1) + (i % 50) * 3_600_000).toISOString(),
      updated_at: '',
      version: 1,
    } as CustomerRow;
  });
}

async function device(n: number) {
  const db = openLocalDb(dbName('pages'));
  const rows = customers(n);
  await db.transaction('rw', db.tables, async () => {
    for (const r of rows) await putRow(db, 'customers', r);
  });
  return { db, repo: customersRepository(db), stored: await db.customers.toArray() };
}

/** Walks every page forward with Next, then back with Previous; returns the ids in the order shown. */
async function walk(repo: ReturnType<typeof customersRepository>, q: Omit<CustomerPageQuery, 'after' | 'before'>) {
  const field = CUSTOMER_SORTS[q.sort];
  const forward: string[][] = [];
  let page = await repo.page(q);
  forward.push(page.rows.map((r) => r.id));
  while (page.hasNext) {
    page = await repo.page({ ...q, after: pageKey(nth(page.rows, page.rows.length - 1), field) });
    forward.push(page.rows.map((r) => r.id));
  }
  const backward: string[][] = [nth(forward, forward.length - 1)];
  while (page.hasPrev) {
    page = await repo.page({ ...q, before: pageKey(nth(page.rows, 0), field) });
    backward.unshift(page.rows.map((r) => r.id));
  }
  return { forward, backward, total: (await repo.page(q)).total };
}

/** What the table must show: the rows sorted by the column's key, ties by id, all in memory. */
function expected(
  rows: CustomerRow[],
  sort: CustomerSort,
  desc: boolean,
  keep: (r: CustomerRow) => boolean = () => true,
) {
  const field = CUSTOMER_SORTS[sort];
  const flip = sort === 'status' ? !desc : desc;
  const cmp = (a: CustomerRow, b: CustomerRow) => {
    const x = a[field] as string | number;
    const y = b[field] as string | number;
    return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (flip ? -1 : 1);
  };
  return rows
    .filter(keep)
    .sort(cmp)
    .map((r) => r.id);
}

describe('the Customers table reads one page through an index (issue 13)', () => {
  it('pages every sort both ways, Next to the end and Previous back, each row once, in the sort order', async () => {
    const { repo, stored } = await device(95);
    for (const sort of Object.keys(CUSTOMER_SORTS) as CustomerSort[]) {
      for (const desc of [false, true]) {
        const { forward, backward, total } = await walk(repo, { sort, desc, limit: 10 });
        expect(forward.flat(), `${sort} ${desc ? 'desc' : 'asc'}`).toEqual(expected(stored, sort, desc));
        expect(forward.map((p) => p.length)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 5]);
        expect(backward, `${sort} back`).toEqual(forward);
        expect(total).toBe(95);
      }
    }
  });

  it('searches by plate with or without its space, VIN start and end, names either way round, phone and email, by prefix', async () => {
    const { repo, stored } = await device(120);
    const ids = async (search: string) =>
      (await repo.page({ sort: 'registration', desc: false, search, limit: 200 })).rows.map((r) => r.id).sort();
    const where = (f: (r: CustomerRow) => boolean) =>
      stored
        .filter(f)
        .map((r) => r.id)
        .sort();
    expect(await ids('km 10')).toEqual(where((r) => r.registration.startsWith('KM 10')));
    expect(await ids('KM10')).toEqual(await ids('km 10'));
    expect(await ids('km-1012')).toEqual(where((r) => r.registration === 'KM 1012'));
    expect(await ids('00000117')).toEqual(['c00117']); // the end of a VIN
    expect(await ids('1hgcm82630000011')).toEqual([
      'c00110',
      'c00111',
      'c00112',
      'c00113',
      'c00114',
      'c00115',
      'c00116',
      'c00117',
      'c00118',
      'c00119',
    ]);
    expect(await ids('adams ben')).toEqual(where((r) => r.last_name === 'Adams' && r.first_name === 'ben'));
    expect(await ids('Ben  Adams')).toEqual(await ids('adams ben'));
    expect(await ids('876-555-0042')).toEqual(['c00042']);
    expect(await ids('OWNER11')).toEqual(where((r) => r.email.startsWith('owner11')));
    // a prefix only: 'dams' is inside Adams, not its start
    expect(await ids('dams')).toEqual([]);
  });

  it('pages a search in the chosen sort, and counts its matches', async () => {
    const { repo, stored } = await device(120);
    const q = { sort: 'first_name' as const, desc: true, search: 'pk', limit: 7 };
    const { forward, backward, total } = await walk(repo, q);
    expect(forward.flat()).toEqual(expected(stored, 'first_name', true, (r) => r.registration.startsWith('PK')));
    expect(backward).toEqual(forward);
    expect(total).toBe(40);
    expect((await repo.page(q)).totalIsFloor).toBe(false);
  });

  it('says "more than" past the count cap, and still pages the matches in order', async () => {
    const { repo, stored } = await device(SEARCH_COUNT_CAP + 200);
    const q = { sort: 'created_at' as const, desc: false, search: '8', limit: 50 }; // every contact starts with 8
    const first = await repo.page(q);
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsFloor: true, hasNext: true, hasPrev: false });
    const terms = searchTerms('8');
    const want = expected(stored, 'created_at', false, (r) => matchesTerms(r, terms));
    expect(want.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(first.rows.map((r) => r.id)).toEqual(want.slice(0, 50));
    const second = await repo.page({ ...q, after: pageKey(nth(first.rows, 49), 'created_at') });
    expect(second.rows.map((r) => r.id)).toEqual(want.slice(50, 100));
  });

  it('filters per column by the text the column shows, alone or with a search', async () => {
    const { repo, stored } = await device(60);
    const ids = async (q: Partial<CustomerPageQuery>) =>
      (await repo.page({ sort: 'registration', desc: false, limit: 100, ...q })).rows.map((r) => r.id);
    expect(await ids({ filters: [{ id: 'status', value: 'blocked' }] })).toEqual(
      expected(stored, 'registration', false, (r) => r.active === 0),
    );
    expect(
      await ids({
        filters: [
          { id: 'last_name', value: 'DAM' },
          { id: 'status', value: 'Active' },
        ],
      }),
    ).toEqual(expected(stored, 'registration', false, (r) => r.last_name === 'Adams' && r.active === 1));
    expect(await ids({ search: 'ab', filters: [{ id: 'note', value: 'vip' }] })).toEqual(
      expected(stored, 'registration', false, (r) => r.registration.startsWith('AB') && r.note === 'VIP'),
    );
    expect(
      (await repo.page({ sort: 'registration', desc: false, limit: 5, filters: [{ id: 'status', value: 'blocked' }] }))
        .total,
    ).toBe(9);
  });

  it('streams every matching row for the export, in the table order, a chunk at a time', async () => {
    const { repo, stored } = await device(2500);
    const chunks: number[] = [];
    const seen: string[] = [];
    await repo.eachMatching({ sort: 'last_name', desc: false }, (rows) => {
      chunks.push(rows.length);
      seen.push(...rows.map((r) => r.id));
    });
    expect(chunks).toEqual([1000, 1000, 500]);
    expect(seen).toEqual(expected(stored, 'last_name', false));
    const blocked: string[] = [];
    await repo.eachMatching(
      { sort: 'registration', desc: true, search: 'km', filters: [{ id: 'status', value: 'Blocked' }] },
      (rows) => blocked.push(...rows.map((r) => r.id)),
    );
    expect(blocked).toEqual(
      expected(stored, 'registration', true, (r) => r.registration.startsWith('KM') && r.active === 0),
    );
  });

  it('the find-customer lookup is the same search (prefixes, at least 3 characters)', async () => {
    const { repo } = await device(30);
    expect(await repo.search('km')).toEqual([]);
    expect((await repo.search('km 1002')).map((r) => r.id)).toEqual(['c00002']);
    expect((await repo.search('00000017')).map((r) => r.id)).toEqual(['c00017']);
    expect((await repo.search('c00005')).map((r) => r.id)).toEqual([]);
    expect((await repo.search('8765550007')).map((r) => r.id)).toEqual(['c00007']);
    expect(await repo.count()).toBe(30);
  });
});
