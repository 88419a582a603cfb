import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL, deviceColumns, type EntityName } from '../../src/domain/model';
import * as t from '../../src/server/db/schema';
import { SERVER_ONLY_COLUMNS } from '../../src/server/routes/sync';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('the sync feed sends exactly the model’s device columns (issues 16, 17) on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await s.api('POST', '/customer', {
      body: {
        data: {
          VIN: '1HGCM82633A777001',
          'Registration Number': 'COL 1',
          'First name': 'Col',
          'Last name': 'Umns',
          'Contact number': '8765551234',
          Email: '',
        },
      },
    });
  });
  afterAll(() => s?.close());

  it('sends every column of a row but its server-only ones, for every table in the feed', async () => {
    const page = (await s.api('GET', '/v3/sync/changes?since=0&limit=1000')).body as {
      changes: { entity: EntityName; row: Record<string, unknown> | null }[];
    };
    const sent = new Map(page.changes.filter((c) => c.row).map((c) => [c.entity, c.row!]));
    expect([...sent.keys()]).toEqual(expect.arrayContaining(['customers', 'users', 'config']));
    for (const [entity, row] of sent) expect(Object.keys(row).sort(), entity).toEqual(deviceColumns(entity).sort());
    expect(sent.get('users')).not.toHaveProperty('password_hash');
  });

  it("has the server's tables hold exactly the model's fields, and the feed leave out exactly its server-only ones", () => {
    for (const [entity, model] of Object.entries(MODEL) as [EntityName, (typeof MODEL)[EntityName]][]) {
      expect(Object.keys(getTableColumns(t.SYNCED_TABLES[entity])), entity).toEqual(Object.keys(model.fields));
      const serverOnly = Object.keys(model.fields).filter((c) => !deviceColumns(entity).includes(c));
      expect(SERVER_ONLY_COLUMNS[entity], entity).toEqual(serverOnly);
    }
    expect(SERVER_ONLY_COLUMNS.users).toEqual(['password_hash']);
  });
});

describe('schema.ts names every synced table (issue 17)', () => {
  it('exports each SYNCED_TABLES table at the top level, where drizzle-kit finds it to generate migrations', () => {
    const exported = new Set(Object.values(t));
    const missing = Object.entries(t.SYNCED_TABLES)
      .filter(([, table]) => !exported.has(table))
      .map(([name]) => name);
    expect(missing).toEqual([]);
    expect(Object.keys(t.SYNCED_TABLES).sort()).toEqual(Object.keys(MODEL).sort());
  });
});
