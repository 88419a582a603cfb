import { openDatabase } from '../../src/server/db/client';
import { freshPostgres } from './server';

/**
 * A vitest globalSetup of the suites that start PostgreSQL servers: when DATABASE_URL is set, one database is
 * migrated before any file runs, and every fresh test database is made as a copy of it (BAYBOOK_PG_TEMPLATE, read by
 * freshPostgres; the workers inherit this process's environment). Running the migrations took about 2 s per test
 * server on loaded cores, a copy a quarter of a second; the migrations still run on PostgreSQL once a suite, here,
 * and each server's own start still checks them. Dropped when the suite ends.
 */
export default async function setup() {
  if (!process.env.DATABASE_URL || process.env.BAYBOOK_PG_TEMPLATE) return;
  const template = await freshPostgres('baybook_tpl');
  const database = await openDatabase({ databaseUrl: template.url });
  // a template may have no open connection while it is copied
  await database.close();
  process.env.BAYBOOK_PG_TEMPLATE = new URL(template.url).pathname.slice(1);
  return async () => {
    delete process.env.BAYBOOK_PG_TEMPLATE;
    await template.drop();
  };
}
