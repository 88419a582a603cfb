import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { searchJobs } from '../../src/server/routes/jobs/search';
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

describe.each(DATABASES)('the job table search on %s', (kind) => {
  let s: TestServer;
  const numbers: string[] = [];
  beforeAll(async () => {
    s = await startServer(kind);
    for (const [k, p] of PEOPLE.entries()) {
      const res = await s.api('POST', '/service', {
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

  const found = async (search: string) => {
    const res = await s.api('GET', `/bookings_?per_page=50&page=1&search=${encodeURIComponent(search)}`);
    expect(res.status).toBe(200);
    const plates = (res.body.data.data as { registration: string }[]).map((j) => j.registration).sort();
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
    const before = await s.api('GET', '/bookings_?per_page=1&page=1');
    const n = before.body.data.total as number;
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
    expect((await s.api('GET', '/bookings_?per_page=1&page=1')).body.data.total).toBe(n + 1);
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

  it('reads a two-character search through the same index', async () => {
    const plan = await s.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from jobs where ${searchJobs('km')!}`);
    });
    expect(JSON.stringify(plan)).toContain('jobs_search_trgm');
  });
});
