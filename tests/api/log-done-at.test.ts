import { desc, eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONE_AT_HEADER, SENT_AT_HEADER } from '../../src/domain/doneAt';
import { SYNCED_LATER_MS } from '../../src/domain/logs';
import { CLOCK_SKEW_MS } from '../../src/domain/writes/clockMend';
import { sysLog, users } from '../../src/server/db/schema';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { known } from '../helpers/present';

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Issue 30: a write pushed from a device's outbox says when the device made it (X-Done-At) and the device's clock as
 * it sends (X-Sent-At); the server keeps that, bounded, on the activity-log line as done_at, and its own time as
 * created_at. A time it cannot trust is left out (null), and the line reads as before.
 */
describe.each(DATABASES)('the activity log records when a pushed change was done (%s)', (kind) => {
  let s: TestServer;
  let n = 0;

  beforeAll(async () => {
    s = await startServer(kind);
    // the admin has been a member for a day: its offline work of the last hours can be recorded
    await s.database.db
      .update(users)
      .set({ created_at: new Date(Date.now() - 24 * 60 * MIN) })
      .where(eq(users.username, 'admin'));
  });
  afterAll(() => s?.close());

  /** Adds a supplier with these headers (as `token`'s member) and answers its log line's two times. */
  async function addSupplier(headers: Record<string, string>, token?: string) {
    const bizname = `Done At ${kind} ${++n}`;
    const res = await s.api('POST', '/v2/inventory/supplier', { body: { data: { bizname } }, headers, token });
    expect(res.status).toBe(200);
    const [line] = await s.database.db
      .select({ created_at: sysLog.created_at, done_at: sysLog.done_at })
      .from(sysLog)
      .where(or(like(sysLog.subject, `%${bizname}%`), like(sysLog.predicate, `%${bizname}%`)))
      .orderBy(desc(sysLog.created_at));
    expect(line).toBeTruthy();
    return known(line, `the log line about ${bizname}`);
  }

  it("keeps the device's time of a change made offline twenty minutes before, and the server's own", async () => {
    const done = iso(Date.now() - 20 * MIN);
    const line = await addSupplier({ [DONE_AT_HEADER]: done, [SENT_AT_HEADER]: iso(Date.now()) });
    expect(line.done_at?.toISOString()).toBe(done);
    expect(line.created_at.getTime() - Date.parse(done)).toBeGreaterThan(SYNCED_LATER_MS);
  });

  it("moves the time of a tablet whose clock is an hour behind by as much as it is off the server's", async () => {
    const hourBehind = Date.now() - 60 * MIN;
    const line = await addSupplier({
      [DONE_AT_HEADER]: iso(hourBehind - 20 * MIN),
      [SENT_AT_HEADER]: iso(hourBehind),
    });
    // twenty minutes before the server received it by the server's clock, not an hour and twenty
    const before = line.created_at.getTime() - line.done_at!.getTime();
    expect(before).toBeGreaterThan(19 * MIN);
    expect(before).toBeLessThan(21 * MIN);
  });

  it('records no device time for a time past the server beyond the skew, or a request that gives none', async () => {
    const ahead = iso(Date.now() + CLOCK_SKEW_MS + 10 * MIN);
    expect((await addSupplier({ [DONE_AT_HEADER]: ahead })).done_at).toBeNull();
    expect((await addSupplier({})).done_at).toBeNull();
  });

  it('records no device time from before the member who made it was added', async () => {
    const fresh = await s.userToken(5);
    const line = await addSupplier(
      { [DONE_AT_HEADER]: iso(Date.now() - 60 * MIN), [SENT_AT_HEADER]: iso(Date.now()) },
      fresh,
    );
    expect(line.done_at).toBeNull();
  });
});
