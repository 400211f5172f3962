import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../../server/db/connection';
import { migrateDatabase, migrationsFolder } from '../../server/db/migrate';

/**
 * Vitest's global setup: one migrated database made once per set of migrations, which every
 * test file then starts from instead of migrating its own. A fresh PGlite runs initdb and the
 * migrations (about 7 s on this machine); loading a migrated one's archive takes about 1.5 s.
 * On PostgreSQL, a migrated template database is copied by `CREATE DATABASE … TEMPLATE`.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite's data directory archive (tar), in the system's temp directory. */
    pgliteTemplateFile: string;
    /** The migrated template database on DATABASE_URL's server, when set. */
    postgresTemplateName: string;
  }
}

/** Whatever decides the migrated database: the migrations, the triggers after them, PGlite's build. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const path = join(migrationsFolder, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  const here = new URL('../../', import.meta.url);
  for (const file of ['server/db/lookupCopies.ts', 'server/db/connection.ts', 'node_modules/@electric-sql/pglite/package.json']) {
    hash.update(file).update(readFileSync(new URL(file, here)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(fingerprint: string): Promise<string> {
  const file = join(tmpdir(), `yardstick-pglite-migrated-${fingerprint}.tar`);
  if (existsSync(file)) return file;
  const client = await createPglite();
  try {
    await migrateDatabase(await openDatabase({ pglite: client }));
    const archive = await client.dumpDataDir('none');
    // Written aside and renamed: a second run starting at the same moment never reads half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

async function postgresTemplate(fingerprint: string, adminUrl: string): Promise<string> {
  const name = `ys_template_${fingerprint}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length > 0) return name;
    const building = `${name}_${process.pid}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      // Another run made the same template meanwhile: theirs is as good as ours.
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      const again = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (again.rows.length === 0) throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const fingerprint = migrationsFingerprint();
  project.provide('pgliteTemplateFile', await pgliteTemplate(fingerprint));
  const adminUrl = process.env.DATABASE_URL;
  const onPostgres = adminUrl && process.env.YARDSTICK_PGLITE_ONLY !== '1';
  project.provide('postgresTemplateName', onPostgres ? await postgresTemplate(fingerprint, adminUrl) : '');
}
