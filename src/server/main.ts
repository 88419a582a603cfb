import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { firstAdminNotice, passwordFileReminder, writeAdminPasswordFile } from './firstAdmin';
import { bootstrap } from './seed/bootstrap';
import { httpsListener } from './tls/httpsServer';
import { keepCertificateCurrent, prepareTls, secureServing } from './tls/serveTls';
import { startLines } from './tls/startLines';

/**
 * `npm start`: the built PWA and the API on the plain port and, unless BAYBOOK_TLS=off, on the HTTPS port with the
 * shop's own certificate (src/server/tls), on PGlite under ./data unless DATABASE_URL is set.
 */
const config = loadConfig();
// before the database: a certificate that cannot be read stops the start with its reason, and nothing else is made
const tls = await prepareTls(config);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { createdAdmin } = await bootstrap(database.db, {
  adminUser: config.adminUser,
  adminPassword: config.adminPassword,
});
// kept at once: the account exists from here on, so even a start that fails below (a port in use) must not lose it
const passwordFile = createdAdmin ? writeAdminPasswordFile(config.dataDir, createdAdmin) : null;
// the log through process.stdout, as console.log writes: its lines and ours come out in the order they were written
const app = await buildApp({
  database,
  config,
  logger: true,
  logStream: process.stdout,
  secure: secureServing(config, tls),
});

/**
 * SIGTERM/SIGINT: app.close() turns /api/ready to 503 at once (its preClose hook), stops accepting connections and
 * waits for the requests in flight, so every write a client saw acknowledged has committed; only then is the database
 * closed (closing it first would fail those requests mid-transaction). A second signal joins the same shutdown; one
 * that hangs past BAYBOOK_SHUTDOWN_TIMEOUT_SECONDS exits 1 rather than never.
 */
let stopping: Promise<void> | undefined;
const shutdown = (signal: NodeJS.Signals) => {
  stopping ??= (async () => {
    app.log.info(`${signal}: finishing the requests in flight, then closing the database`);
    setTimeout(() => {
      console.error(
        `BayBook did not finish its requests within ${config.shutdownTimeoutSeconds} s of ${signal}; exiting.`,
      );
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000).unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      console.error('BayBook could not shut down cleanly:', err);
      process.exit(1);
    }
  })();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

// the HTTPS listener's hooks join the app's before it starts; it listens once the plain port does
const https = tls && httpsListener(app, tls);
if (tls && https) keepCertificateCurrent(app, https.server, tls);
await app.listen({ port: config.port, host: config.host });
await https?.listen(config.httpsPort, config.host);
console.log(
  await startLines(
    config,
    `${database.kind}${config.staticDir ? '' : ', API only: run npm run build for the app'}`,
    tls,
  ),
);
// last, framed and kept in a file: nothing printed at start-up comes after it (issue 15)
if (createdAdmin) console.log(firstAdminNotice(createdAdmin, passwordFile));
else {
  const reminder = passwordFileReminder(config.dataDir);
  if (reminder) console.log(reminder);
}
