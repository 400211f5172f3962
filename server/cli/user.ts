/**
 * Manage users from the shell: `npm run user -- add|passwd|list` (see USAGE).
 * Opens the database the way the server does (DATABASE_URL, else PGlite in DATA_DIR).
 */
import { configFromEnv } from '../config';
import { openDatabase } from '../db/connection';
import { migrateDatabase } from '../db/migrate';
import { runUserCommand } from '../auth/userCommands';
import { assertNoServerUsing } from '../db/dataDirOwner';
import { runCommand } from './runCommand';

async function main(): Promise<number> {
  const config = configFromEnv();
  if (!config.databaseUrl) assertNoServerUsing(config.dataDir, 'stop it first, or manage users in Settings › Users');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    return await runUserCommand(database.db, process.argv.slice(2), {
      print: (line) => console.log(line),
      error: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

runCommand(main);
