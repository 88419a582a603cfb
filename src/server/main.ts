import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { bootstrap } from './seed/bootstrap';

/** `npm start`: the built PWA and the API on one port, on PGlite under ./data unless DATABASE_URL is set. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { createdAdmin } = await bootstrap(database.db, { adminUser: config.adminUser, adminPassword: config.adminPassword });
const app = await buildApp({ database, config, logger: true });

if (createdAdmin) {
  const how = createdAdmin.generated ? `password ${createdAdmin.password} (generated: change it under Members)` : 'the password from BAYBOOK_ADMIN_PASSWORD';
  console.log(`\n  BayBook: first Super Admin created: username ${createdAdmin.username}, ${how}\n`);
}

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
console.log(`  BayBook is serving on http://localhost:${config.port} (${database.kind}${config.staticDir ? '' : ', API only: run npm run build for the app'})`);
