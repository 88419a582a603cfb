import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import { CLOCK_SKEW_MS } from '../../src/domain/writes/clockMend';
import { clockEntries } from '../../src/server/db/schema';
import { apiJob } from '../helpers/apiJob';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * POST /v3/clock/mend's "not in the future" (issue 18) allows CLOCK_SKEW_MS (2 minutes) past the server's own clock,
 * so a tablet whose clock is a little ahead is not refused, while a stop plainly to come still is.
 */
describe.each(DATABASES)('a clock mend a little ahead of the server on %s', (kind) => {
  let s: TestServer;
  let jobId: string;

  beforeAll(async () => {
    s = await startServer(kind);
    jobId = await apiJob(s, 'SKEWMEND000000001', 'SKW 1');
  });
  afterAll(() => s?.close());

  /** A stretch of `username` on the job, started an hour ago and still running. */
  async function running(username: string) {
    const id = newId();
    await s.database.db.insert(clockEntries).values({
      id,
      job_id: jobId,
      username,
      started_at: new Date(Date.now() - 3_600_000),
      stopped_at: null,
      ended: '',
    });
    return id;
  }
  const mend = (id: string, aheadMs: number) =>
    s.api('POST', '/v3/clock/mend', {
      body: { data: { id, stopped_at: new Date(Date.now() + aheadMs).toISOString() } },
    });

  it('takes a stop up to the tolerance ahead of its clock (a tablet running fast)', async () => {
    expect(CLOCK_SKEW_MS).toBe(120_000);
    const ahead = CLOCK_SKEW_MS - 30_000; // 90 s ahead: inside, with room for the request's own time
    const res = await mend(await running('fast'), ahead);
    expect([res.status, res.body.message]).toEqual([200, MSG.clockMended]);
  });

  it('refuses a stop past the tolerance, in the words the device uses', async () => {
    const res = await mend(await running('later'), CLOCK_SKEW_MS + 30_000);
    expect([res.status, res.body.message]).toEqual([409, MSG.clockMendFuture]);
  });
});
