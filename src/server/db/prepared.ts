import type { Db } from './client';

const kept = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement prepared once per database and kept: drizzle builds its SQL once instead of on every request, and
 * node-postgres parses it once per connection (a named statement). The hot reads of every request (the signed-in
 * user, the change feed's head, the job table's page) spent a fifth of the server's CPU building the same SQL
 * (docs/PERFORMANCE.md). `key` must be unique per statement text; the statement's own name (given to drizzle's
 * `prepare`) is usually the same, or '' for one PostgreSQL should plan for each call's values.
 */
export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let byName = kept.get(db);
  if (!byName) kept.set(db, (byName = new Map()));
  let statement = byName.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(key, statement);
  }
  return statement;
}
