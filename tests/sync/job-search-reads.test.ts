import type { DBCore, DBCoreTable } from 'dexie';
import { describe, expect, it } from 'vitest';
import { jobMatchesSearch, jobSearchTerms } from '../../src/domain/jobs';
import { openLocalDb, type CustomerRow, type JobRow } from '../../src/local/db';
import { derive } from '../../src/local/rows';
import { jobsRepository } from '../../src/local/repositories/jobs';
import { SEARCH_ROWS } from '../../src/local/repositories/jobSearch';
import { dbName } from './helpers';
import { nth } from '../helpers/present';

/**
 * What the job table's search reads (issue 35: "no search reads thousands of rows: index ranges only"). Rows are
 * counted below Dexie (a DBCore middleware over every get, query and cursor of the jobs table that hands up rows),
 * never timed: the index ranges hand up keys only, so what is counted is the jobs read whole. The search finds what
 * a filter of every job by the domain's rule finds, and reads its index hits, not the newest jobs.
 */

const CUSTOMERS = 1000;
const JOBS = 3000;
/** one customer among a thousand, with three jobs among three thousand */
const RARE = 7;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function customer(c: number): CustomerRow {
  const rare = c === RARE;
  return derive('customers', {
    id: `0180${pad(c, 8)}-0000-7000-8000-000000000000`,
    first_name: rare ? 'Ngozi' : `First${c % 300}`,
    last_name: rare ? 'Okafor' : `Last${c % 500}`,
    vin: rare ? '1HGCM82633A004352' : `2T1BU4EE${pad(c, 9)}`,
    registration: rare ? 'ZQ 9071' : `PB ${1000 + c}`,
    contact: rare ? '876-123-9876' : `87600${pad(c, 5)}`,
    email: rare ? 'ngozi.okafor@mail.test' : `owner${c}@mail.test`,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    version: 1,
  }) as CustomerRow;
}

/** Job `i`, of customer `i % CUSTOMERS`, carrying its copy of the customer's vehicle and contact (as a job does). */
function job(i: number, c: CustomerRow): JobRow {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const { vin, registration, first_name, last_name, contact, email } = c;
  return derive('jobs', {
    id: `0190${pad(i, 8)}-0000-7000-8000-000000000000`,
    number: `A1-${i + 1}`,
    customer_id: c.id,
    ...{ vin, registration, first_name, last_name, contact, email },
    status: ['received', 'active', 'complete', 'booked'][i % 4],
    created_at: at,
    updated_at: at,
    version: 1,
  }) as JobRow;
}

/** A device database whose jobs reads are counted (rows handed up by every get, query and cursor step). */
function countedDb() {
  const db = openLocalDb(dbName('job-search-reads'));
  const reads = { rows: 0 };
  db.use({
    stack: 'dbcore',
    name: 'countJobReads',
    create: (down: DBCore): DBCore => ({
      ...down,
      table(name: string): DBCoreTable {
        const t = down.table(name);
        if (name !== 'jobs') return t;
        return {
          ...t,
          get: async (req) => {
            const r = await t.get(req);
            if (r !== undefined) reads.rows++;
            return r;
          },
          getMany: async (req) => {
            const r = await t.getMany(req);
            reads.rows += r.filter((x) => x !== undefined).length;
            return r;
          },
          query: async (req) => {
            const r = await t.query(req);
            if (req.values) reads.rows += r.result.length;
            return r;
          },
          openCursor: async (req) => {
            const c = await t.openCursor(req);
            if (c && req.values) reads.rows++;
            return c;
          },
        };
      },
    }),
  });
  return { db, reads };
}

async function seeded() {
  const { db, reads } = countedDb();
  const customers = Array.from({ length: CUSTOMERS }, (_, c) => customer(c));
  const all = Array.from({ length: JOBS }, (_, i) => job(i, nth(customers, i % CUSTOMERS)));
  await db.customers.bulkPut(customers);
  await db.jobs.bulkPut(all);
  const newest = [...all].sort((a, b) => b.created_at.localeCompare(a.created_at));
  /** the domain's rule over every job, newest first: what the search must find */
  const filtered = (q: string, status?: string) =>
    newest.filter((j) => (!status || j.status === status) && jobMatchesSearch(j, jobSearchTerms(q)));
  return { db, reads, repo: jobsRepository(db), filtered };
}

describe('the job search reads index ranges only (issue 35)', () => {
  it('reads only the jobs of a rare plate, a surname, a contact start or an email start, and finds what a filter of every job finds', async () => {
    const { db, reads, repo, filtered } = await seeded();
    for (const q of ['zq 9071', 'ZQ9', 'Okafor', 'okafor ng', 'ngozi', '876-123', '(876) 1239', 'ngozi.ok', '4352']) {
      reads.rows = 0;
      const page = await repo.page({ search: q, offset: 0, limit: 10 });
      const expected = filtered(q);
      expect(expected.length, q).toBe(3);
      expect(page.total, q).toBe(3);
      expect(page.totalIsFloor, q).toBe(false);
      expect(
        page.rows.map((r) => r.id),
        q,
      ).toEqual(expected.map((r) => r.id));
      // its three jobs, read once each: no job that does not match, no scan of the newest
      expect(reads.rows, q).toBe(3);
    }
    db.close();
  });

  it('finds what a filter of every job finds for surnames, first names and numbers shared by many, reading their index hits', async () => {
    const { db, reads, repo, filtered } = await seeded();
    for (const [q, status] of [
      ['Last7', undefined],
      ['Last7', 'active'],
      ['First12', undefined],
      ['A1-7', undefined],
      ['#a1-29', 'complete'],
      ['owner12', undefined],
      ['876-000-012', undefined],
    ] as const) {
      reads.rows = 0;
      const expected = filtered(q, status);
      expect(expected.length, q).toBeGreaterThan(10);
      const page = await repo.page({ search: q, status, offset: 0, limit: Infinity });
      expect(page.totalIsFloor, q).toBe(false);
      expect(
        page.rows.map((r) => r.id),
        q,
      ).toEqual(expected.map((r) => r.id));
      // the jobs its ranges hit (all statuses: the status is checked on the rows), tens of rows, never thousands
      expect(reads.rows, q).toBe(filtered(q).length);
      expect(reads.rows, q).toBeLessThan(150);
    }
    db.close();
  });

  it('answers a search too broad to read whole within its bounds, newest first, its total a floor', async () => {
    const { db, reads, repo, filtered } = await seeded();
    for (const q of ['l', 'a1', 'f']) {
      reads.rows = 0;
      const expected = filtered(q);
      const page = await repo.page({ search: q, offset: 0, limit: Infinity });
      expect(expected.length, q).toBeGreaterThan(1000);
      expect(reads.rows, q).toBeLessThanOrEqual(SEARCH_ROWS);
      expect(page.totalIsFloor, q).toBe(true);
      expect(page.total, q).toBe(page.rows.length);
      expect(page.total, q).toBeGreaterThan(100);
      // each one shown is a match, in the table's order
      const ids = new Set(expected.map((j) => j.id));
      expect(page.rows.every((r) => ids.has(r.id))).toBe(true);
      expect(page.rows.map((r) => r.created_at)).toEqual(
        page.rows
          .map((r) => r.created_at)
          .sort()
          .reverse(),
      );
    }
    db.close();
  });
});
