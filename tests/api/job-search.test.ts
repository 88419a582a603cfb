import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { jobs } from '../../src/server/db/schema';
import {
  FEW_MATCHES,
  JOB_SEARCH_TEXT,
  jobSearch,
  jobsMatching,
  searchJobs,
  startsAsRegex,
} from '../../src/server/routes/jobs/search';
import type { Data, Made, Page, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * The paged job table's search and totals (issue 16): the text is found in any of the job's columns through the
 * trigram index, the plate with or without its space, LIKE's wildcards as typed; the total follows every write.
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

describe.each(DATABASES)('the job table search on %s', (kind) => {
  let s: TestServer;
  const numbers: string[] = [];
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
      numbers.push(res.body.number);
    }
  });
  afterAll(() => s?.close());

  /** GET /bookings_ with the query given: a page of the job table and the total */
  const bookings = (query: string) => s.api<Data<Page<Row<'jobs'>>>>('GET', `/bookings_?${query}`);

  const found = async (search: string) => {
    const res = await bookings(`per_page=50&page=1&search=${encodeURIComponent(search)}`);
    expect(res.status).toBe(200);
    const plates = res.body.data.data.map((j) => j.registration).sort();
    expect(res.body.data.total).toBe(plates.length);
    return plates;
  };

  it('finds a job by any of its columns, in any case', async () => {
    expect(await found('km 4')).toEqual(['KM 4821', 'KM 4990']);
    expect(await found('KM48')).toEqual(['KM 4821']); // the plate without its space
    expect(await found('177777')).toEqual(['ZX 1200']); // the VIN's end
    expect(await found('okaf')).toEqual(['KM 4990']);
    expect(await found('lee')).toEqual(['KM 4821', 'ZX 1200']);
    expect(await found('555987')).toEqual(['KM 4990']); // part of a contact number
    expect(await found('@lee.te')).toEqual(['KM 4821']);
    expect(await found(numbers[2])).toEqual(['ZX 1200']);
    expect(await found('nothing-like-it')).toEqual([]);
  });

  it('matches one or two characters at the start of a column or of a word in one', async () => {
    expect(await found('km')).toEqual(['KM 4821', 'KM 4990']);
    expect(await found('K')).toEqual(['KM 4821', 'KM 4990']);
    expect(await found('le')).toEqual(['KM 4821', 'ZX 1200']); // surnames Lee, Lee_Ray
    expect(await found('87')).toEqual(['KM 4821', 'KM 4990', 'ZX 1200']); // contact numbers
    expect(await found('55')).toEqual([]); // inside a contact number only
    expect(await found('.')).toEqual([]); // a regular expression's characters as typed
  });

  it("matches LIKE's wildcards as typed, not as wildcards", async () => {
    expect(await found('lee_')).toEqual(['ZX 1200']);
    expect(await found('%')).toEqual([]);
  });

  it('counts again after a write: the total follows a new job', async () => {
    const before = await bookings('per_page=1&page=1');
    const n = before.body.data.total;
    expect(await found('okafor')).toHaveLength(1);
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
    expect(await found('okafor')).toEqual(['KM 4000', 'KM 4990']);
  });

  it('reads the matches through the trigram index, not a scan of every job', async () => {
    const plan = await s.database.db.transaction(async (tx) => {
      // a handful of jobs is cheaper to scan: ask the planner what it does when a scan is not the cheap way
      await tx.execute(sql`set local enable_seqscan = off`);
      const where = searchJobs('okafor')!;
      return tx.execute(sql`explain select id from jobs where ${where}`);
    });
    const text = JSON.stringify(plan);
    expect(text).toContain('jobs_search_trgm');
  });

  it('reads a one- or two-character search through the word-start index', async () => {
    for (const text of ['km', 'k']) {
      const plan = await s.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain select id from jobs where ${searchJobs(text)!}`);
      });
      expect(JSON.stringify(plan)).toContain('jobs_word_starts');
    }
  });

  it('finds a plate by its start with or without its space, and pages past the last match to nothing', async () => {
    // KM 4000 (Di Okafor) came with the write above
    expect(await found('KM 4')).toEqual(['KM 4000', 'KM 4821', 'KM 4990']);
    expect(await found('km4')).toEqual(['KM 4000', 'KM 4821', 'KM 4990']);
    expect(await found('Km')).toEqual(['KM 4000', 'KM 4821', 'KM 4990']);
    expect(await found('48')).toEqual(['KM 4821']); // the plate's second word
    expect(await found('ok')).toEqual(['KM 4000', 'KM 4990']); // surname Okafor
    const page = async (n: number) => (await bookings(`per_page=1&page=${n}&search=km`)).body.data;
    expect((await page(3)).data).toHaveLength(1);
    expect(await page(4)).toMatchObject({ data: [], total: 3 });
  });

  /** The ids a condition selects, in the job table's default order. */
  const ids = async (where: SQL) =>
    (
      await s.database.db.select({ id: jobs.id }).from(jobs).where(where).orderBy(desc(jobs.created_at), desc(jobs.id))
    ).map((r) => r.id);

  const insertJob = (n: string, cols: { first?: string; last?: string; plate?: string; contact?: string }) =>
    s.database.db.execute(sql`insert into jobs (id, number, status, registration, first_name, last_name, contact)
      values (${newId()}, ${n}, 'active', ${cols.plate ?? ''}, ${cols.first ?? ''}, ${cols.last ?? ''},
              ${cols.contact ?? ''})`);

  it('matches a short search through the index exactly as the regular expression does', async () => {
    // written straight to the table: words after spaces, doubled spaces, brackets, a letter with a diacritic
    await insertJob('S9-T1', { first: 'Mary  Ann', last: 'Ödegaard (jr)', plate: 'PK-12', contact: '(876)5550000' });
    await insertJob('S9-T2', { first: 'A', last: 'x.y', plate: 'Q 7' });
    const texts = [
      'm',
      'an',
      'ma',
      'ö',
      'öd',
      '(j',
      '(',
      'pk',
      'p',
      'q',
      '7',
      'a',
      'x.',
      '.',
      '.y',
      'jr',
      '(8',
      'zz',
      's9',
    ];
    for (const text of texts) {
      const search = jobSearch(text)!;
      expect(search.op).toBe('starts');
      const regex = startsAsRegex(search);
      expect(regex.op).toBe('regex');
      expect(await ids(jobsMatching(search.op, search.pattern)), text).toEqual(
        await ids(jobsMatching(regex.op, regex.pattern)),
      );
    }
    expect(await found('öd')).toEqual(['PK-12']);
    expect(await found('(j')).toEqual(['PK-12']);
    expect(await found('an')).toEqual(['KM 4821', 'PK-12']); // Ann, Mary  Ann (and ann@lee.test)
    const res = await bookings('per_page=50&page=1&search=an');
    expect(res.body.data.data.map((j) => j.id)).toEqual(await ids(sql`${JOB_SEARCH_TEXT} ~ '(^| )an'`)); // newest first, as the table sorts
  });

  it('reads a short search with many matches by walking the sort, the same page as the index gives', async () => {
    // more matches than FEW_MATCHES: the page walks the newest-first index testing each job's text
    await s.database.db.execute(sql`insert into jobs (id, number, status, last_name)
      select gen_random_uuid(), 'QZ-' || i, 'active', 'Qzx' || i from generate_series(1, ${FEW_MATCHES + 1}) i`);
    const res = await bookings('per_page=20&page=3&search=QZ');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(FEW_MATCHES + 1);
    const newest = await ids(sql`${JOB_SEARCH_TEXT} ~ '(^| )qz'`);
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

  it('reads a longer search by its count: a few matches through the trigram index, many by walking the sort', async () => {
    // the Qzx jobs above: 'qzx' matches more than FEW_MATCHES of them, 'qzx10' thirteen (Qzx10, Qzx100–109, …)
    for (const text of ['qzx', 'qzx10']) {
      const res = await bookings(`per_page=5&page=2&search=${text}`);
      expect(res.status).toBe(200);
      const matching = await ids(sql`${JOB_SEARCH_TEXT} like ${`%${text}%`}`);
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
    const newest = await ids(sql`${JOB_SEARCH_TEXT} ~ '(^| )qz'`);
    for (const page of [3, 8]) {
      const res = await bookings(`per_page=10&page=${page}&search=QZ`);
      expect(res.body.data.data.map((j) => j.id)).toEqual(newest.slice((page - 1) * 10, page * 10));
    }
    const plan = await s.database.db.transaction(async (tx) => {
      // the statement as PostgreSQL caches it (generic), the table scan ruled out: a walk or the search's index
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const where = jobsMatching('regex', sql.raw('$1'), 'walk');
      await tx.execute(
        sql`prepare walk_t(text) as select id from jobs where ${where} order by created_at desc limit 10`,
      );
      const explained = await tx.execute(sql`explain execute walk_t('(^| )qz')`);
      await tx.execute(sql`deallocate walk_t`);
      return JSON.stringify(explained);
    });
    expect(plan).toContain('jobs_created_idx');
    expect(plan).not.toContain('jobs_search_trgm');
  });

  it("pages a search's few matches by their ids in any sort, either way: the same rows as sorting them all", async () => {
    // 'qzx10' matches thirteen of the Qzx jobs above: kept in each sort's order, a page is ten rows read by id
    const where = sql`${JOB_SEARCH_TEXT} like '%qzx10%'`;
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
        expect(res.body.data.total).toBe(13);
        got.push(...res.body.data.data.map((j) => j.id));
      }
      expect(got, `${orderBy} ${dir}`).toEqual(expected.map((r) => r.id));
    }
  });
});
