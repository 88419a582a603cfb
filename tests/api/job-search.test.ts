import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobMatchesSearch, jobSearchTerms } from '../../src/domain/jobs';
import { newId } from '../../src/domain/ids';
import { jobs } from '../../src/server/db/schema';
import { FEW_MATCHES, jobsMatching, searchJobs } from '../../src/server/routes/jobs/search';
import type { Data, Made, Page, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * The paged job table's search and totals (issues 16 and 35): the shop search's rule, the device's — a plate or VIN
 * by its start (spaces and dashes ignored), a VIN by its end, a name either order, a phone number's digits, an email
 * and the #number by their start — through the trigram index on the jobs' search keys; the total follows every write.
 */
const PEOPLE = [
  {
    vin: 'JTDKN3DU0A0100001',
    plate: 'KM 4821',
    first: 'Ann',
    last: 'Lee',
    contact: '8765551234',
    email: 'ann@lee.test',
  },
  {
    vin: 'JTDKN3DU0A0100002',
    plate: 'KM 4990',
    first: 'Bo',
    last: 'Okafor',
    contact: '8765559876',
    email: 'bo@ok.test',
  },
  {
    vin: 'JTDKN3DU0A0177777',
    plate: 'ZX 1200',
    first: 'Cy',
    last: 'Lee_Ray',
    contact: '8761110000',
    email: 'cy@r.test',
  },
];

const PERSON_D = {
  VIN: 'JTDKN3DU0A0100044',
  'Registration Number': 'PD 1',
  'First name': 'Ed',
  'Last name': 'Deep',
  'Contact number': '8765554444',
  Email: 'ed@deep.test',
};

/** Searches the device and the server must answer alike: each part of the rule, its edges, and what it leaves out. */
const QUERIES = [
  ...['km 4', 'KM48', 'km-48', 'km', 'K', '48', 'pk 1', 'pk-12', 'PK12', 'q 7', 'q7'], // plates by their start
  ...['jtdkn', 'JTDKN3DU0A01000', '177777', '7777', '0001', '777', 'a0177'], // VINs by start, by end from 4
  ...['lee', 'LEE A', 'lee an', 'ann l', 'ann', 'ok', 'okaf', 'le', 'lee_', 'mary  ann', 'ödeg', 'x.y', 'an'], // names
  ...['876', '876-555', '(876) 555-1', '555987', '87', '55', '+1 876'], // phone digits by their start
  ...['ann@', 'ann@lee.test', '@lee', 'bo@', 'none', 'no', 'ANN@X'], // emails by their start; 'none' is no email
  ...['#S9-1', '#s9', 's91', 'S9-', '#', '#zz', 'S9-T'], // numbers
  ...['lee tech', 'tech', 'brakes', '%', '.', '(j', 'nothing-like-it', '  ', ''], // not searched, or nothing
];

describe.each(DATABASES)('the job table search on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    for (const [k, p] of PEOPLE.entries()) {
      const res = await s.api<Made & Pick<Row<'jobs'>, 'number'>>('POST', '/service', {
        body: {
          data: {
            id: newId(),
            number: `S9-${k + 1}`,
            customer: {
              VIN: p.vin,
              'Registration Number': p.plate,
              'First name': p.first,
              'Last name': p.last,
              'Contact number': p.contact,
              Email: p.email,
            },
            mileage: 1000,
            service: ['Brakes'],
          },
        },
      });
      expect(res.status).toBe(200);
    }
    // written straight to the table: doubled and edge spaces, brackets, a diacritic, 'none' for no email, a technician
    await insertJob('S9-T1', {
      first: ' Mary  Ann ',
      last: 'Ödegaard (jr)',
      plate: 'pk-12',
      contact: '(876)555-0000',
      email: 'none',
      technician: 'Lee Tech',
    });
    await insertJob('S9-T2', { first: 'A', last: 'x.y', plate: 'Q 7', email: '  Ann@X.test ' });
  });
  afterAll(() => s?.close());

  const insertJob = (
    n: string,
    cols: { first?: string; last?: string; plate?: string; contact?: string; email?: string; technician?: string },
  ) =>
    s.database.db.execute(sql`insert into jobs (id, number, status, registration, first_name, last_name, contact,
      email, technician)
      values (${newId()}, ${n}, 'active', ${cols.plate ?? ''}, ${cols.first ?? ''}, ${cols.last ?? ''},
              ${cols.contact ?? ''}, ${cols.email ?? ''}, ${cols.technician ?? ''})`);

  /** GET /bookings_ with the query given: a page of the job table and the total */
  const bookings = (query: string) => s.api<Data<Page<Row<'jobs'>>>>('GET', `/bookings_?${query}`);

  /** The ids the server's search finds (every page of 100), checked against its total. */
  const serverFinds = async (search: string) => {
    const res = await bookings(`per_page=100&page=1&search=${encodeURIComponent(search)}`);
    expect(res.status).toBe(200);
    const ids = res.body.data.data.map((j) => j.id);
    expect(res.body.data.total, search).toBe(ids.length);
    return ids.sort();
  };

  /** The ids the device's rule finds among the same rows (src/domain/jobs.ts, as src/local/repositories runs it). */
  const deviceFinds = async (search: string) => {
    const rows = await s.database.db.select().from(jobs);
    const terms = jobSearchTerms(search);
    return rows
      .filter((r) => jobMatchesSearch(r, terms))
      .map((r) => r.id)
      .sort();
  };

  const plates = async (search: string) => {
    const res = await bookings(`per_page=100&page=1&search=${encodeURIComponent(search)}`);
    return res.body.data.data.map((j) => j.registration).sort();
  };

  it('answers every search as the device does, over the same rows', async () => {
    for (const q of QUERIES) expect(await serverFinds(q), JSON.stringify(q)).toEqual(await deviceFinds(q));
  });

  it('finds by the shop search rule, and no longer by text inside a column or the technician', async () => {
    expect(await plates('km 4')).toEqual(['KM 4821', 'KM 4990']);
    expect(await plates('KM48')).toEqual(['KM 4821']); // the plate without its space
    expect(await plates('177777')).toEqual(['ZX 1200']); // the VIN's end
    expect(await plates('lee an')).toEqual(['KM 4821']); // surname first
    expect(await plates('ann l')).toEqual(['KM 4821']); // first name first
    expect(await plates('876-555')).toEqual(['KM 4821', 'KM 4990', 'pk-12']); // a phone number's digits
    expect(await plates('ann@')).toEqual(['KM 4821', 'Q 7']); // an email by its start, case and spaces aside
    expect(await plates('#s9-1')).toEqual(['KM 4821']);
    expect(await plates('48')).toEqual([]); // inside a plate
    expect(await plates('555987')).toEqual([]); // inside a contact number
    expect(await plates('lee tech')).toEqual([]); // the technician
    expect(await plates('none')).toEqual([]); // 'none' is no email
    expect(await plates('lee_')).toEqual(['ZX 1200']); // LIKE's and a regular expression's characters as typed
  });

  it('counts again after a write: the total follows a new job', async () => {
    const before = await bookings('per_page=1&page=1');
    const n = before.body.data.total;
    expect(await plates('okafor')).toHaveLength(1);
    const res = await s.api('POST', '/service', {
      body: {
        data: {
          id: newId(),
          number: 'S9-9',
          customer: {
            VIN: 'JTDKN3DU0A0100009',
            'Registration Number': 'KM 4000',
            'First name': 'Di',
            'Last name': 'Okafor',
            'Contact number': '8765550000',
            Email: 'di@ok.test',
          },
          mileage: 1,
          service: ['Brakes'],
        },
      },
    });
    expect(res.status).toBe(200);
    expect((await bookings('per_page=1&page=1')).body.data.total).toBe(n + 1);
    expect(await plates('okafor')).toEqual(['KM 4000', 'KM 4990']);
    const page = async (k: number) => (await bookings(`per_page=1&page=${k}&search=km`)).body.data;
    expect((await page(3)).data).toHaveLength(1);
    expect(await page(4)).toMatchObject({ data: [], total: 3 });
  });

  it('reads the matches through the trigram index on the search keys, long and short searches alike', async () => {
    for (const text of ['okafor', 'km', 'k', '876-5']) {
      const plan = await s.database.db.transaction(async (tx) => {
        // a handful of jobs is cheaper to scan: ask the planner what it does when a scan is not the cheap way
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain select id from jobs where ${searchJobs(text)!}`);
      });
      expect(JSON.stringify(plan), text).toContain('jobs_search_keys_trgm');
    }
  });

  /** The ids a condition selects, in the job table's default order. */
  const ids = async (where: SQL) =>
    (
      await s.database.db.select({ id: jobs.id }).from(jobs).where(where).orderBy(desc(jobs.created_at), desc(jobs.id))
    ).map((r) => r.id);

  it('reads a search with many matches by walking the sort, the same page as the index gives', async () => {
    // more matches than FEW_MATCHES: the page walks the newest-first index testing each job's keys
    await s.database.db.execute(sql`insert into jobs (id, number, status, last_name)
      select gen_random_uuid(), 'QZ-' || i, 'active', 'Qzx' || i from generate_series(1, ${FEW_MATCHES + 1}) i`);
    const res = await bookings('per_page=20&page=3&search=QZ');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(FEW_MATCHES + 1);
    const newest = await ids(searchJobs('qz')!);
    expect(newest).toHaveLength(FEW_MATCHES + 1);
    expect(res.body.data.data.map((j) => j.id)).toEqual(newest.slice(40, 60));
  });

  it("pages deep into every job by reading the page's ids first: the same rows as an OFFSET gives", async () => {
    // the 1,000-odd Qzx jobs above make page 7 of 20 (offset 120) deep; written straight to the table, they left the
    // change feed's head where it was: a write through the API moves it, so the total kept under it is counted again
    const write = await s.api('POST', '/service', {
      body: { data: { id: newId(), number: 'S9-44', customer: { ...PERSON_D }, mileage: 5, service: ['Brakes'] } },
    });
    expect(write.status, JSON.stringify(write.body)).toBe(200);
    for (const [orderBy, dir] of [
      ['last_name', 'asc'],
      ['created_at', 'desc'],
      ['mileage', 'desc'],
    ] as const) {
      const res = await bookings(`per_page=20&page=7&orderBy=${orderBy}&orderDirection=${dir}`);
      expect(res.status).toBe(200);
      const sort = dir === 'asc' ? asc : desc;
      const expected = await s.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .orderBy(sort(jobs[orderBy]), sort(jobs.id))
        .limit(20)
        .offset(120);
      expect(
        res.body.data.data.map((j) => j.id),
        orderBy,
      ).toEqual(expected.map((r) => r.id));
    }
  });

  it('reads a search by its count: a few matches through the trigram index, many by walking the sort', async () => {
    // the Qzx jobs above: 'qzx' matches more than FEW_MATCHES of them, 'qzx10' eleven (Qzx10, Qzx100–109)
    for (const text of ['qzx', 'qzx10']) {
      const res = await bookings(`per_page=5&page=2&search=${text}`);
      expect(res.status).toBe(200);
      const matching = await ids(searchJobs(text)!);
      expect(matching.length > FEW_MATCHES).toBe(text === 'qzx');
      expect(res.body.data.total).toBe(matching.length);
      expect(
        res.body.data.data.map((j) => j.id),
        text,
      ).toEqual(matching.slice(5, 10));
    }
  });

  it('pages a search with many matches by walking the sort: its cached plan never reads the search index', async () => {
    // the Qzx jobs above: more than FEW_MATCHES match 'qz'; page 3 walks in a named statement, page 8 is planned
    const newest = await ids(searchJobs('qz')!);
    for (const page of [3, 8]) {
      const res = await bookings(`per_page=10&page=${page}&search=QZ`);
      expect(res.body.data.data.map((j) => j.id)).toEqual(newest.slice((page - 1) * 10, page * 10));
    }
    const plan = await s.database.db.transaction(async (tx) => {
      // the statement as PostgreSQL caches it (generic), the table scan ruled out: a walk or the search's index
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const where = jobsMatching(sql.raw('$1'), 'walk');
      await tx.execute(
        sql`prepare walk_t(text) as select id from jobs where ${where} order by created_at desc limit 10`,
      );
      const explained = await tx.execute(sql`explain execute walk_t('\\|n:QZ')`);
      await tx.execute(sql`deallocate walk_t`);
      return JSON.stringify(explained);
    });
    expect(plan).toContain('jobs_created_idx');
    expect(plan).not.toContain('jobs_search_keys_trgm');
  });

  it("pages a search's few matches by their ids in any sort, either way: the same rows as sorting them all", async () => {
    const where = searchJobs('qzx10')!;
    const total = (await ids(where)).length;
    expect(total).toBeGreaterThan(10);
    expect(total).toBeLessThan(FEW_MATCHES);
    for (const [orderBy, dir] of [
      ['last_name', 'asc'],
      ['last_name', 'desc'],
      ['number', 'desc'],
    ] as const) {
      const sort = dir === 'asc' ? asc : desc;
      const expected = await s.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(where)
        .orderBy(sort(jobs[orderBy]), sort(jobs.id));
      const got: string[] = [];
      for (const page of [1, 2, 3]) {
        const res = await bookings(`per_page=5&page=${page}&search=qzx10&orderBy=${orderBy}&orderDirection=${dir}`);
        expect(res.body.data.total).toBe(total);
        got.push(...res.body.data.data.map((j) => j.id));
      }
      expect(got, `${orderBy} ${dir}`).toEqual(expected.map((r) => r.id));
    }
  });
});
