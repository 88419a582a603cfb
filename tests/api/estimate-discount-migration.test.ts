import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../../src/server/db/client';

/**
 * Migration 0012 (issue 17): an estimate's discount percent, which lived only in its totals JSON, becomes the column
 * `discount_percent`, filled for the estimates already stored. A database at 0011 with estimates saved then is
 * migrated to the end, as a server upgrading in place does.
 */
const MIGRATIONS = resolve(import.meta.dirname, '../../src/server/db/migrations');
const tmp = mkdtempSync(join(tmpdir(), 'migrations-0011-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The migrations folder as it stood before 0012. */
function upTo0011(): string {
  cpSync(MIGRATIONS, tmp, { recursive: true });
  const journalPath = join(tmp, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 11);
  writeFileSync(journalPath, JSON.stringify(journal));
  return tmp;
}

describe('migration 0012: estimates.discount_percent from totals', () => {
  it("fills each stored estimate's percent from its totals (rounded, 0 to 100), 0 when it had none", async () => {
    const client = new PGlite({ extensions: await pgliteExtensions() });
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: upTo0011() });
      const totals = [
        { total: 4500, discount: 500, discount_percent: 10 },
        { total: 5000 },
        { total: 5000, discount_percent: 'ten' },
        { total: 5000, discount_percent: 250 },
        { total: 5000, discount_percent: 12.5 },
        { total: 5000, discount_percent: '7' },
      ];
      for (const [i, t] of totals.entries())
        await db.execute(
          sql`insert into estimates (id, number, totals) values (${`00000000-0000-4000-8000-00000000000${i}`}, ${`E-${i}`}, ${JSON.stringify(t)}::jsonb)`,
        );
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const rows = await db.execute<{ number: string; discount_percent: number; totals: unknown }>(
        sql`select number, discount_percent, totals from estimates order by number`,
      );
      expect(rows.rows.map((r) => r.discount_percent)).toEqual([10, 0, 0, 100, 13, 7]);
      // the totals stay as they were
      expect(rows.rows.map((r) => r.totals)).toEqual(totals);
      // an estimate stored from now on without a percent has none
      await db.execute(
        sql`insert into estimates (id, number) values ('00000000-0000-4000-8000-0000000000ff', 'E-new')`,
      );
      const fresh = await db.execute<{ discount_percent: number }>(
        sql`select discount_percent from estimates where number = 'E-new'`,
      );
      expect(fresh.rows).toEqual([{ discount_percent: 0 }]);
    } finally {
      await client.close();
    }
  });
});
