import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, createPglite, type Database } from '../../server/db/connection';
import { migrateDatabase } from '../../server/db/migrate';
// Records written without the app run their entity's hooks all the same.
import '../../server/hooks';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too whenever DATABASE_URL is set (CI sets it). */
export function databaseKinds(): DatabaseKind[] {
  // The suites' second run on another Node.js (scripts/test.mjs) is on the embedded database only.
  if (process.env.YARDSTICK_PGLITE_ONLY === '1') return ['pglite'];
  if (process.env.CI === 'true' && !process.env.DATABASE_URL) {
    throw new Error('CI=true needs DATABASE_URL: the PostgreSQL suite must run, not skip');
  }
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  /** postgres only: the URL of this file's own throwaway database. */
  url?: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A migrated, empty database of its own for one test file (migrated from `migrationsFolder`
 * when given: a test of a later migration on data starts from an earlier set).
 */
export async function openTestDatabase(kind: DatabaseKind, migrationsFolder?: string): Promise<TestDatabase> {
  if (kind === 'pglite') {
    // From the migrated archive tests/helpers/migratedTemplates.ts made, unless this file
    // migrates from an earlier set itself.
    const template = migrationsFolder ? undefined : inject('pgliteTemplateFile');
    const client = await createPglite(undefined, template ? new Blob([readFileSync(template)]) : undefined);
    const database = await openDatabase({ pglite: client });
    if (!template) await migrateDatabase(database, migrationsFolder);
    return {
      ...database,
      drop: async () => {
        await client.close();
      },
    };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `ys_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = migrationsFolder ? '' : inject('postgresTemplateName');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  if (!template) await migrateDatabase(database, migrationsFolder);
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      // pool.end() can resolve before the server has seen every session go.
      for (let tries = 0; tries < 50; tries += 1) {
        const { rows } = await again.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}
