import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { serverOnlyColumns } from '../../src/domain/model';
import { SYNC_ENTITIES } from '../../src/domain/sync';
import { SYNCED_TABLES } from '../../src/server/db/schema';
import { feedRows } from '../../src/server/http/feedRows';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * The feed's rows built as JSON by the database (src/server/http/feedRows.ts) are the rows the feed sent when it
 * read them into JavaScript and serialised them: every column a device keeps, none it does not, times as
 * toISOString writes them — for every synced table, with times stamped by the database's now() (microseconds).
 */
describe.each(DATABASES)('the feed rows the database builds on %s', (kind) => {
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

  it('gives each table the JSON of its row as read into JavaScript, without the server-only columns', async () => {
    let compared = 0;
    for (const entity of SYNC_ENTITIES) {
      const table = SYNCED_TABLES[entity];
      const stored = (await s.database.db.select().from(table)) as Record<string, unknown>[];
      if (!stored.length) continue;
      const built = await feedRows(
        s.database.db,
        entity,
        table,
        stored.map((r) => r.id as string),
      );
      const omit = serverOnlyColumns(entity);
      for (const row of stored) {
        const expected = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
        for (const k of omit) delete expected[k];
        expect(JSON.parse(built.get(row.id as string)!.json), `${entity} ${row.id as string}`).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5);
  });
});
