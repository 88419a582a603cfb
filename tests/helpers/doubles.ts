import type { Db } from '../../src/server/db/client';

/**
 * Test doubles that cannot be typed honestly: the one file the lint's cast ban leaves free (eslint.config.js).
 * Keep each small, and say why it cannot be typed.
 */

/**
 * A server database that must not be touched: any transaction throws 'database touched'. The server's `Db` (drizzle's
 * database with the schema) has far more members than a double can give, so the object is cast to it here.
 */
export function untouchedDb(): Db {
  const db = {
    transaction: () => {
      throw new Error('database touched');
    },
  };
  return db as unknown as Db;
}
