/**
 * `npm run restore -- <file>`: replaces the embedded database (PGlite in DATA_DIR) with a
 * backup made by `npm run backup`. The server must be stopped; the directory it replaces is
 * kept beside it. With DATABASE_URL, use PostgreSQL's pg_restore instead.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { configFromEnv } from '../config';
import { restoreFrom } from '../db/backup';
import { assertNoServerUsing } from '../db/dataDirOwner';
import { runCommand } from './runCommand';

async function main(): Promise<number> {
  const config = configFromEnv();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore that PostgreSQL database with pg_restore.');
    return 1;
  }
  const file = process.argv[2];
  if (!file || !existsSync(resolve(file))) {
    console.error('Usage: npm run restore -- <backup .tar.gz made by npm run backup>');
    return 1;
  }
  assertNoServerUsing(config.dataDir, 'stop the server before restoring');
  const { keptAs } = await restoreFrom(config.dataDir, resolve(file));
  console.log(`Restored ${config.dataDir} from ${resolve(file)}.${keptAs ? ` The previous data is kept in ${keptAs}.` : ''}`);
  return 0;
}

runCommand(main);
