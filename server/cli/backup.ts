/**
 * `npm run backup [-- <file>]`: a consistent backup of the embedded database (PGlite in
 * DATA_DIR) as a .tar.gz, taken by the running server when there is one (it goes on serving),
 * else read from the directory directly. With DATABASE_URL, use PostgreSQL's pg_dump instead.
 */
import { resolve } from 'node:path';
import { configFromEnv } from '../config';
import { backupDirectly, requestBackup } from '../db/backup';
import { serverUsing } from '../db/dataDirOwner';
import { runCommand } from './runCommand';

async function main(): Promise<number> {
  const config = configFromEnv();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up that PostgreSQL database with pg_dump (e.g. pg_dump -Fc "$DATABASE_URL" > yardstick.dump).',
    );
    return 1;
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  const file = resolve(process.argv[2] ?? `backups/yardstick-${stamp}.tar.gz`);
  const pid = serverUsing(config.dataDir);
  const answer = pid ? await requestBackup(config.dataDir, pid, file) : await backupDirectly(config.dataDir, file);
  if (!answer.ok) {
    console.error(`Backup failed: ${answer.error}`);
    return 1;
  }
  const by = pid ? `the running server (pid ${pid})` : 'this command (no server running)';
  console.log(
    `Backup of ${config.dataDir} written to ${answer.file}: ${Math.round((answer.bytes ?? 0) / 1024)} KB in ${answer.ms} ms, by ${by}.`,
  );
  return 0;
}

runCommand(main);
