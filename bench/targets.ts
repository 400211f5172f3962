/** The databases a benchmark runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPglite, openDatabase, type Database } from '../server/db/connection';
import { migrateDatabase } from '../server/db/migrate';

export interface BenchTarget {
  label: string;
  /** A fresh, migrated, empty database of its own; `drop` removes it. */
  open(): Promise<Database & { drop(): Promise<void> }>;
}

const pglite: BenchTarget = {
  label: 'PGlite (in memory)',
  async open() {
    const client = await createPglite();
    const database = await openDatabase({ pglite: client });
    await migrateDatabase(database);
    return { ...database, drop: () => client.close() };
  },
};

/** A new database on the PostgreSQL server of `url`: its own URL, and how to drop it. */
export async function createPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ys_bench_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return { url: databaseUrl.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function postgres(url: string): BenchTarget {
  return {
    label: 'PostgreSQL',
    async open() {
      const created = await createPostgresDatabase(url);
      const database = await openDatabase({ databaseUrl: created.url, poolSize: 4 });
      await migrateDatabase(database);
      return {
        ...database,
        drop: async () => {
          await database.close();
          await created.drop();
        },
      };
    },
  };
}

export function benchTargets(): BenchTarget[] {
  const url = process.env.DATABASE_URL;
  const targets = url ? [pglite, postgres(url)] : [pglite];
  // BENCH_TARGETS=postgres (or pglite) runs one of the two.
  const only = process.env.BENCH_TARGETS?.split(',').map((name) => name.trim().toLowerCase());
  return only ? targets.filter((target) => only.some((name) => target.label.toLowerCase().startsWith(name))) : targets;
}

/** Runs `work` on a fresh database of `target`, always dropping it afterwards. */
export async function onFreshDatabase<T>(target: BenchTarget, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await target.open();
  try {
    return await work(database);
  } finally {
    await database.drop();
  }
}
