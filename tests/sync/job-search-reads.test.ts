import type { DBCore, DBCoreTable } from 'dexie';
import { describe, expect, it } from 'vitest';
import { jobMatchesSearch } from '../../src/domain/jobs';
import { openLocalDb, type JobRow } from '../../src/local/db';
import { derive } from '../../src/local/rows';
import { SEARCH_SCAN, jobsRepository } from '../../src/local/repositories/jobs';
import { dbName } from './helpers';

/**
 * What the job table's search reads (issue 35: "it reads the newest 2,000 jobs on every search"). Rows are counted
 * below Dexie (a DBCore middleware over every get, query and cursor of the jobs table), never timed. The device has
 * no index that finds a part of a name, an email or a contact number inside a job, so the search still filters the
 * newest SEARCH_SCAN jobs: these tests hold what it finds (the same as a filter over every one of those jobs plus the
 * prefix matches over all), and bound what it reads, for the index-only search that replaces the scan to keep.
 */

const JOBS = 3000;

function job(i: number): JobRow {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const rare = i % 1000 === 7; // three jobs of one vehicle among three thousand
  return derive('jobs', {
    id: `0190${String(i).padStart(8, '0')}-0000-7000-8000-000000000000`,
    number: `A1-${i + 1}`,
    customer_id: null,
    vin: rare ? '1HGCM82633A004352' : `2T1BU4EE${String(i).padStart(9, '0')}`,
    registration: rare ? 'ZQ 9071' : `PB ${1000 + (i % 8000)}`,
    first_name: `First${i % 300}`,
    last_name: `Last${i % 500}`,
    contact: String(8760000000 + i),
    email: `owner${i}@mail.test`,
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

describe('the job search reads (issue 35)', () => {
  it('finds a rare plate among thousands of jobs as a filter of every job would, reading at most the newest SEARCH_SCAN jobs and its index hits', async () => {
    const { db, reads } = countedDb();
    const all = Array.from({ length: JOBS }, (_, i) => job(i));
    await db.jobs.bulkPut(all);
    const repo = jobsRepository(db);
    const newest = [...all].sort((a, b) => b.created_at.localeCompare(a.created_at));

    for (const q of ['zq 9071', 'ZQ9', '4352', 'First7']) {
      reads.rows = 0;
      const { rows, total } = await repo.page({ search: q, offset: 0, limit: 10 });
      // today's rule: the prefix matches over every job, the inside matches among the newest SEARCH_SCAN
      const expected = newest.filter(
        (j, i) =>
          jobMatchesSearch(j, q) &&
          (i < SEARCH_SCAN || jobMatchesSearch({ ...j, first_name: '', last_name: '', email: '', contact: '' }, q)),
      );
      expect(total, q).toBe(expected.length);
      expect(
        rows.map((r) => r.id),
        q,
      ).toEqual(expected.slice(0, 10).map((r) => r.id));
      // the rare plate: 3 matches; what is read is the bounded scan plus each index range's hits (twice at most)
      expect(reads.rows, q).toBeLessThanOrEqual(SEARCH_SCAN + 2 * expected.length);
    }
    expect((await repo.page({ search: 'zq 9071' })).total).toBe(3);
    db.close();
  });
});
