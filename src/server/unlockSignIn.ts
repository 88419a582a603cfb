import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { clearSignInLimits } from './auth/signInLimits';

/**
 * `npm run unlock-sign-in [username]`: the owner's way back in when no Super Admin can sign in to clear the waits
 * (Members → the API's DELETE /v3/sign-in-limits). Forgets the failed sign-ins of one name from every address, or of
 * everyone without a name. On PGlite stop the server first (one process owns the files); on PostgreSQL it can run
 * beside the servers.
 */
const username = process.argv[2]?.trim() || undefined;
// this command signs no session: on PostgreSQL it runs without the servers' JWT_SECRET
const config = loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET || 'not-used-by-unlock-sign-in' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const cleared = await clearSignInLimits(database.db, username);
  console.log(`Cleared ${cleared} sign-in wait${cleared === 1 ? '' : 's'} for ${username ?? 'every name'}.`);
} finally {
  await database.close();
}
