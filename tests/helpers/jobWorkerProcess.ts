/**
 * A job worker process for tests (run with tsx): the server's own runner on DATABASE_URL,
 * knowing one more kind, `test:slowEffect`, whose effect is keyed by its job (safe to run
 * twice) and written after `sleepMs`, so that a test can kill the process in the middle.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/connection';
import { defineJobKind } from '../../server/jobs/kinds';
import { startJobRunner } from '../../server/jobs/runner';

export const SLOW_EFFECT_KIND = 'test:slowEffect';
export const EFFECTS_TABLE = 'job_test_effects';
export const WORKER_READY = 'job worker ready';

defineJobKind<{ sleepMs?: number }, { by: number }>({
  kind: SLOW_EFFECT_KIND,
  async run({ sleepMs = 0 }, { db, jobId }) {
    if (sleepMs > 0) await new Promise((resolve) => setTimeout(resolve, sleepMs));
    await db.execute(sql`INSERT INTO ${sql.raw(EFFECTS_TABLE)} (job_id, runs, by_pid) VALUES (${jobId}, 1, ${process.pid})
                         ON CONFLICT (job_id) DO UPDATE SET runs = ${sql.raw(EFFECTS_TABLE)}.runs + 1`);
    return { by: process.pid };
  },
});

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4 });
  const runner = startJobRunner(database.db, {
    run: true,
    pollMs: 50,
    leaseMs: Number(process.env.JOB_LEASE_MS ?? 30_000),
    concurrency: Number(process.env.JOB_CONCURRENCY ?? 1),
    log: (line) => console.warn(line),
  });
  runner.kick();
  console.log(`${WORKER_READY} ${runner.workerId}`);
  process.once('SIGTERM', () => {
    void runner.stop().then(() => database.close().then(() => process.exit(0)));
  });
}

if (process.argv[1]?.endsWith('jobWorkerProcess.ts')) void main();
