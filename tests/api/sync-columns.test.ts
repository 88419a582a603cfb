import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { SERVER_ONLY_COLUMNS } from '../../src/server/routes/sync';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('the sync feed sends only the columns devices use (issue 16) on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await s.api('POST', '/customer', { body: { data: { VIN: '1HGCM82633A777001', 'Registration Number': 'COL 1', 'First name': 'Col', 'Last name': 'Umns', 'Contact number': '8765551234', Email: '' } } });
  });
  afterAll(() => s?.close());

  it('sends every column of a row but its server-only ones', async () => {
    const page = (await s.api('GET', '/v3/sync/changes?since=0&limit=1000')).body as { changes: { entity: string; row: Record<string, unknown> | null }[] };
    const tables = { customers: t.customers, users: t.users, config: t.config };
    for (const [entity, table] of Object.entries(tables)) {
      const row = page.changes.find((c) => c.entity === entity && c.row)?.row;
      expect(row, entity).toBeDefined();
      const serverOnly: readonly string[] = SERVER_ONLY_COLUMNS[entity as keyof typeof tables] ?? [];
      const expected = Object.keys(getTableColumns(table)).filter((k) => !serverOnly.includes(k));
      expect(Object.keys(row!).sort(), entity).toEqual(expected.sort());
    }
  });
});
