import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { firstAdminNotice, passwordFileReminder, writeAdminPasswordFile } from './firstAdmin';
import { bootstrap } from './seed/bootstrap';

/** `npm start`: the built PWA and the API on one port, on PGlite under ./data unless DATABASE_URL is set. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { createdAdmin } = await bootstrap(database.db, { adminUser: config.adminUser, adminPassword: config.adminPassword });
// kept at once: the account exists from here on, so even a start that fails below (a port in use) must not lose it
const passwordFile = createdAdmin ? writeAdminPasswordFile(config.dataDir, createdAdmin) : null;
// the log through process.stdout, as console.log writes: its lines and ours come out in the order they were written
const app = await buildApp({ database, config, logger: true, logStream: process.stdout });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(`  BayBook is serving on http://localhost:${config.port} (${database.kind}${config.staticDir ? '' : ', API only: run npm run build for the app'})`);
// last, framed and kept in a file: nothing printed at start-up comes after it (issue 15)
if (createdAdmin) console.log(firstAdminNotice(createdAdmin, passwordFile));
else {
  const reminder = passwordFileReminder(config.dataDir);
  if (reminder) console.log(reminder);
}
