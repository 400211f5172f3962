import type { AddressInfo } from 'node:net';
import { configFromEnv } from './config';
import { openDatabase } from './db/connection';
import { migrateDatabase } from './db/migrate';
import { seedDatabase } from './seed';
import { scheduleMaintenance } from './db/maintenance';
import { resolveJwtSecret } from './auth/secret';
import { ensureAdmin } from './auth/bootstrap';
import { buildApp } from './app';
import { claimDataDir } from './db/dataDirOwner';
import { answerBackupRequest } from './db/backup';
import { startFailureMessage } from './startFailure';

/** Where the server is to listen, for the message of a failed start. */
let listenAt = { port: 3000, host: '0.0.0.0' };

async function main(): Promise<void> {
  const config = configFromEnv();
  listenAt = config;
  // PGlite lives in this process: no other process may open its directory meanwhile.
  const releaseDataDir = config.databaseUrl ? () => undefined : claimDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { pglite } = database;
  if (pglite) {
    // `npm run backup` while the server runs: a consistent dump of the embedded database.
    process.on('SIGUSR2', () => {
      answerBackupRequest(pglite, config.dataDir).catch((error) => console.error(`Backup failed: ${error}`));
    });
  }
  await migrateDatabase(database);
  await ensureAdmin(database.db, config.adminPassword, (line) => console.log(line));
  await seedDatabase(database.db, { demo: config.seedDemo });
  const maintenance = scheduleMaintenance(database, (line) => console.warn(line));
  const jwtSecret = config.jwtSecret ?? (await resolveJwtSecret(database.db));
  const app = await buildApp({
    database,
    jwtSecret,
    distDir: config.distDir,
    logger: { level: config.logLevel },
    geocoderUrl: config.geocoderUrl,
    trustProxy: config.trustProxy,
    mail: { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, publicUrl: config.publicUrl, worker: true },
    heavyWork: { threads: config.heavyWorkThreads },
    documentWaitMs: config.documentWaitMs,
    photoQuotaBytes: config.photoQuotaBytes,
    role: config.role,
  });
  const shutdown = async () => {
    maintenance.stop();
    await app.close();
    await database.close();
    releaseDataDir();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  // The port bound, which PORT=0 leaves to the system (the tests' servers start so).
  const { port } = app.server.address() as AddressInfo;
  const doing = config.role === 'all' ? '' : config.role === 'web' ? ', serving only (ROLE=web)' : ', running jobs only (ROLE=worker)';
  console.log(`Yardstick is running on http://localhost:${port} (${where}${doing})`);
  // Only now: PGlite's maintenance runs on this event loop, and a start must never wait for it.
  maintenance.start();
}

main().catch((error) => {
  console.error(error);
  console.error(`\nYardstick could not start: ${startFailureMessage(error, listenAt)}`);
  process.exit(1);
});
