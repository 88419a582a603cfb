import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import { clockEntries } from '../../src/server/db/schema';
import { operationOf, type Data, type Made, type OpenApiDoc, type Page, type Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

/**
 * GET /v3/clock (issue 18): the time clock's stretches, newest first, paged, for a range of shop days (the shop's
 * zone, America/Jamaica by default: UTC-5) and/or a job, one member's on request; the hours report's level (3);
 * documented in the OpenAPI document.
 */
describe.each(DATABASES)('the clock list on %s', (kind) => {
  let s: TestServer;
  let jobA: string;
  let jobB: string;
  const job = async (plate: string) => {
    const res = await s.api<Made>('POST', '/service', {
      body: {
        data: {
          customer: {
            vin: `CLOCKLIST0000000${plate.slice(-1)}`,
            registration: plate,
            first_name: 'Cleo',
            last_name: 'Lister',
            contact: '8765550000',
          },
          mileage: 5,
          service: ['Brakes'],
        },
      },
    });
    expect(res.status).toBe(200);
    return res.body.id;
  };
  const stretch = (job_id: string, username: string, from: string, to: string | null) =>
    s.database.db.insert(clockEntries).values({
      id: newId(),
      job_id,
      username,
      started_at: new Date(from),
      stopped_at: to ? new Date(to) : null,
      ended: to ? 'stop' : '',
    });

  beforeAll(async () => {
    s = await startServer(kind);
    [jobA, jobB] = [await job('CLK 1'), await job('CLK 2')];
    // 2026-03-01 23:30 shop time is 2026-03-02 04:30 UTC: the 1st in the shop, though the 2nd in UTC
    await stretch(jobA, 'ann', '2026-03-02T04:30:00Z', '2026-03-02T05:00:00Z');
    await stretch(jobA, 'ann', '2026-03-02T14:00:00Z', '2026-03-02T16:00:00Z');
    await stretch(jobA, 'bob', '2026-03-02T15:00:00Z', '2026-03-02T17:00:00Z');
    await stretch(jobB, 'bob', '2026-03-03T14:00:00Z', null);
    await stretch(jobB, 'ann', '2026-03-09T14:00:00Z', '2026-03-09T15:00:00Z');
  });
  afterAll(() => s?.close());

  const list = async (query: string, token?: string) =>
    s.api<Data<Page<Row<'clock_entries'>>>>('GET', `/v3/clock?${query}`, { token });
  const who = (body: Data<Page<Row<'clock_entries'>>>) =>
    body.data.data.map((r) => `${r.username} ${r.started_at.slice(0, 16)}`);

  it('lists the stretches begun within the shop days, newest first, with the total', async () => {
    const res = await list('start=2026-03-02&end=2026-03-03');
    expect(res.status).toBe(200);
    expect(who(res.body)).toEqual(['bob 2026-03-03T14:00', 'bob 2026-03-02T15:00', 'ann 2026-03-02T14:00']);
    expect(res.body.data).toMatchObject({ page: 1, total: 3 });
    expect(res.body.data.data[0]).toMatchObject({ job_id: jobB, stopped_at: null, ended: '' });
    // the shop's day: the stretch at 23:30 on the 1st is the 1st's
    expect(who((await list('start=2026-03-01&end=2026-03-01')).body)).toEqual(['ann 2026-03-02T04:30']);
  });

  it('by job, by member, and paged', async () => {
    expect(who((await list(`job_id=${jobB}`)).body)).toEqual(['ann 2026-03-09T14:00', 'bob 2026-03-03T14:00']);
    expect(who((await list(`job_id=${jobA}&username=bob`)).body)).toEqual(['bob 2026-03-02T15:00']);
    const range = 'start=2026-03-01&end=2026-03-31';
    const pages = [await list(`${range}&per_page=2&page=1`), await list(`${range}&per_page=2&page=3`)];
    expect(pages.map((p) => [p.body.data.data.length, p.body.data.total])).toEqual([
      [2, 5],
      [1, 5],
    ]);
    expect(who(nth(pages, 1).body)).toEqual(['ann 2026-03-02T04:30']);
  });

  it('refuses a list with neither range nor job, a bad range or id, and a level below 3', async () => {
    const refused = async (query: string) => {
      const res = await list(query);
      return [res.status, res.body.message];
    };
    expect(await refused('')).toEqual([400, MSG.clockListFilter]);
    expect(await refused('start=2026-03-05&end=2026-03-01')).toEqual([400, MSG.reportOrder]);
    expect(await refused('start=2026-03-05')).toEqual([400, MSG.selectEndDate]);
    expect(await refused('job_id=nope')).toEqual([400, MSG.invalidId]);
    expect(await refused(`job_id=${jobA}&per_page=501`)).toEqual([400, 'Invalid page size.']);
    expect((await list(`job_id=${jobA}`, await s.userToken(2))).status).toBe(403);
    expect((await list(`job_id=${jobA}`, await s.userToken(3))).status).toBe(200);
  });

  it('is documented with its query parameters', async () => {
    const doc = (await (await fetch(`${s.url}/docs/json`)).json()) as OpenApiDoc;
    const params = operationOf(doc, 'get', '/api/v3/clock').parameters?.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'per_page', 'start', 'end', 'job_id', 'username']));
  });
});
