import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { serverOnlyColumns } from '../../src/domain/model';
import { SYNC_ENTITIES } from '../../src/domain/sync';
import { checkFeedShapes, fillFeedJson, startFeedJson } from '../../src/server/db/feedJson';
import { SYNCED_TABLES, changeLog, feedShapes } from '../../src/server/db/schema';
import type { ChangesPage } from '../../src/sync/pullTypes';
import type { Made } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

/**
 * The feed's page built by the database (src/server/http/feedPage.ts) carries the rows the feed sent when it read
 * them into JavaScript and serialised them: every column a device keeps, none it does not, times as toISOString
 * writes them — for every synced table, with times stamped by the database's now() (microseconds).
 */
describe.each(DATABASES)('the feed page the database builds on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    const customer = {
      VIN: 'JTDKN3DU0A0199991',
      'Registration Number': 'FR 1001',
      'First name': 'Fé',
      'Last name': 'O"Row \\ ✓',
      'Contact number': '8765551234',
      Email: 'fr@row.test',
    };
    const job = await s.api('POST', '/service', {
      body: { data: { id: newId(), number: 'F1-1', customer, mileage: 5, service: ['Brakes', 'Oil'] } },
    });
    expect(job.status).toBe(200);
    // times the database stamps itself carry microseconds, which a JavaScript Date cuts to milliseconds
    await s.database.db.execute(sql`update jobs set book_start = now(), updated_at = now()`);
  });
  afterAll(() => s?.close());

  /** Every row of every synced table, as read into JavaScript, compared with what the feed sends for it. */
  async function expectFeedSendsStoredRows() {
    const feed = await s.api('GET', '/v3/sync/changes?since=0&limit=1000');
    expect(feed.status).toBe(200);
    const sent = new Map<string, unknown>(
      (feed.body.changes as { entity: string; id: string; row: unknown }[]).map((c) => [`${c.entity}:${c.id}`, c.row]),
    );
    let compared = 0;
    for (const entity of SYNC_ENTITIES) {
      const stored = (await s.database.db.select().from(SYNCED_TABLES[entity])) as Record<string, unknown>[];
      const omit = serverOnlyColumns(entity);
      for (const row of stored) {
        const expected = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
        for (const k of omit) delete expected[k];
        if (expected.deleted === true) continue; // a soft-deleted row goes as a delete
        expect(sent.get(`${entity}:${row.id as string}`), `${entity} ${row.id as string}`).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5);
  }

  const unbuilt = async () => Number((await s.database.db.$count(changeLog, sql`${changeLog.row_json} is null`)) ?? 0);

  it('builds the JSON of rows whose entries have none from the tables, as read into JavaScript', async () => {
    // the rows changed behind the log's back: only entries without JSON are built from the tables as they are now
    await s.database.db.execute(sql`update change_log set row_json = null`);
    expect(await unbuilt()).toBeGreaterThan(5);
    await expectFeedSendsStoredRows();
  });

  it('keeps with each entry the JSON the feed sends, the same as the rows built from the tables', async () => {
    await s.database.db.execute(sql`update change_log set row_json = null`);
    const built = (await s.api('GET', '/v3/sync/changes?since=0&limit=1000')).body;
    expect(await fillFeedJson(s.database.db)).toBeGreaterThan(5);
    expect(await unbuilt()).toBe(0);
    expect((await s.api('GET', '/v3/sync/changes?since=0&limit=1000')).body).toEqual(built);
    await expectFeedSendsStoredRows();
  });

  it("writes each entry's JSON in the write's own transaction", async () => {
    const before = await unbuilt();
    const job = nth(await s.database.db.select({ id: SYNCED_TABLES.jobs.id }).from(SYNCED_TABLES.jobs).limit(1), 0);
    const add = await s.api('POST', '/service-log', { body: { value: 'Kept with its entry', id: job.id } });
    expect(add.status).toBe(200);
    expect(await unbuilt()).toBe(before);
    const entry = nth(
      await s.database.db
        .select({ json: changeLog.row_json })
        .from(changeLog)
        .where(sql`${changeLog.entity} = 'service_log' and ${changeLog.row_id} = ${add.body.id as string}`),
      0,
    );
    const [row] = (await s.database.db
      .select()
      .from(SYNCED_TABLES.service_log)
      .where(sql`${SYNCED_TABLES.service_log.id} = ${add.body.id as string}`)) as Record<string, unknown>[];
    const expected = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
    for (const k of serverOnlyColumns('service_log')) delete expected[k];
    expect(JSON.parse(entry.json ?? '')).toEqual(expected);
    expect(JSON.stringify(expected)).toContain('Kept with its entry');
  });

  it('builds the missing JSON in the background at start, and stops when asked', async () => {
    await s.database.db.execute(sql`update change_log set row_json = null`);
    const errors: unknown[] = [];
    const fill = await startFeedJson(s.database, (err) => errors.push(err));
    await expect.poll(unbuilt, { timeout: 20_000, interval: 50 }).toBe(0);
    await fill.stop();
    expect(errors).toEqual([]);
    await expectFeedSendsStoredRows();
  });

  it("builds a table's JSON again at start when its device columns changed, and only that table's", async () => {
    await fillFeedJson(s.database.db);
    await s.database.db
      .update(feedShapes)
      .set({ columns: 'an older shape' })
      .where(sql`${feedShapes.entity} = 'jobs'`);
    expect(await checkFeedShapes(s.database.db)).toEqual(['jobs']);
    const jobEntries = await s.database.db.$count(changeLog, sql`${changeLog.entity} = 'jobs'`);
    expect(await unbuilt()).toBe(jobEntries);
    expect(await checkFeedShapes(s.database.db)).toEqual([]);
    expect(await fillFeedJson(s.database.db)).toBe(jobEntries);
  });

  it('sends a row changed twice in a page once, at its last change; a deleted row as a delete; the cursor and mark of the last', async () => {
    const changes = async (query: string) => (await s.api<ChangesPage>('GET', `/v3/sync/changes?${query}`)).body;
    const jobId = (await changes('since=0&limit=1000')).changes.find((c) => c.entity === 'jobs')?.id;
    const head = (await changes('since=0&limit=1000')).cursor;
    const add = await s.api<Made>('POST', '/service-log', { body: { value: 'Checked twice', id: jobId } });
    expect(add.status).toBe(200);
    const id = add.body.id;
    expect((await s.api('DELETE', '/service-log', { body: { id } })).status).toBe(200);
    const page = await changes(`since=${head}&limit=1000`);
    const mine = page.changes.filter((c) => c.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ op: 'delete', row: null });
    const seqs = page.changes.map((c) => c.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(page.cursor).toBeGreaterThanOrEqual(Math.max(...seqs));
    expect(page.more).toBe(false);
    const last = nth(
      await s.database.db
        .select({ seq: changeLog.seq, at: changeLog.created_at })
        .from(changeLog)
        .orderBy(desc(changeLog.seq))
        .limit(1),
      0,
    );
    expect(page.cursor).toBe(last.seq);
    expect(page.mark).toBe(last.at.getTime());
    // a page of one: more follows, and the next page starts after it
    const one = await changes(`since=${head}&limit=1`);
    expect(one.more).toBe(true);
    expect(one.changes).toHaveLength(1);
  });
});
