/**
 * Jobs across processes on one PostgreSQL (issue 36): two worker processes and two web
 * servers (ROLE=web, the built bundle) share the queue; a worker killed with SIGKILL in the
 * middle of a job loses its lease and the other runs the job once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/tables/jobs';
import { enqueueJob } from '../../server/jobs/queue';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import { EFFECTS_TABLE, SLOW_EFFECT_KIND, WORKER_READY } from '../helpers/jobWorkerProcess';
import { ADMIN_PASSWORD, ROOT, startServer, type RunningServer } from '../e2e/server';

databaseKinds(); // CI=true without DATABASE_URL fails here instead of skipping.
// On PostgreSQL whenever there is one: also in the second Node.js's run, which is otherwise on the embedded database only.
const hasPostgres = Boolean(process.env.DATABASE_URL);
if (!hasPostgres) console.warn('jobWorkers.test.ts: skipped because DATABASE_URL is not set.');

const XSRF = 'job-workers-xsrf';

interface WorkerProcess {
  child: ChildProcess;
  /** The worker's own process (tsx runs it as a child of the launcher). */
  pid: number;
  stop(): Promise<void>;
}

async function startWorker(databaseUrl: string, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawn(`${ROOT}/node_modules/.bin/tsx`, ['tests/helpers/jobWorkerProcess.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  const deadline = Date.now() + 60_000;
  const ready = new RegExp(`${WORKER_READY} [^:]+:(\\d+):`);
  while (!ready.test(printed)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The worker did not start:\n${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    pid: Number(ready.exec(printed)![1]),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function call(server: RunningServer, method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

describe.skipIf(!hasPostgres)('job workers on one PostgreSQL', () => {
  let database: TestDatabase;
  const workers: WorkerProcess[] = [];
  const webs: RunningServer[] = [];

  const effects = async () =>
    (
      (await database.db.execute(sql`SELECT job_id, runs, by_pid FROM ${sql.raw(EFFECTS_TABLE)} ORDER BY job_id`)) as unknown as {
        rows: { job_id: number; runs: number; by_pid: number }[];
      }
    ).rows;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await database.db.execute(
      sql`CREATE TABLE ${sql.raw(EFFECTS_TABLE)} (job_id integer PRIMARY KEY, runs integer NOT NULL, by_pid integer NOT NULL)`,
    );
    const env = () => ({ ROLE: 'web', ADMIN_PASSWORD });
    webs.push(
      ...(await Promise.all([
        startServer({ spa: false, databaseUrl: database.url, env }),
        startServer({ spa: false, databaseUrl: database.url, env }),
      ])),
    );
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...workers.map((worker) => worker.stop()), ...webs.map((web) => web.stop())]);
    await database?.drop();
  });

  it('200 jobs retried through two web servers are run by the two worker processes, each exactly once', async () => {
    const ids = await database.db.transaction(async (tx) => {
      const queued: number[] = [];
      for (let i = 0; i < 200; i++) queued.push(await enqueueJob(tx, { kind: SLOW_EFFECT_KIND, payload: { sleepMs: 5 } }));
      return queued;
    });
    // Failed first, so that the web servers queue them again (an admin's retry): they only write the queue.
    await database.db.update(jobs).set({ status: 'failed', error: 'as if it had failed' });
    const tokens = await Promise.all(
      webs.map(
        async (web) =>
          (await call(web, 'POST', '/api/login', undefined, { username: 'admin', password: ADMIN_PASSWORD })).body.token as string,
      ),
    );
    workers.push(
      ...(await Promise.all([startWorker(database.url!, { JOB_CONCURRENCY: '2' }), startWorker(database.url!, { JOB_CONCURRENCY: '2' })])),
    );
    for (const [i, id] of ids.entries()) {
      const web = i % 2;
      expect((await call(webs[web], 'POST', `/api/jobs/${id}/retry`, tokens[web], {})).status).toBe(200);
    }
    await expect
      .poll(async () => (await database.db.select().from(jobs)).filter((job) => job.status === 'done').length, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(200);
    const written = await effects();
    expect(written.map((row) => row.job_id)).toEqual(ids);
    expect(written.every((row) => row.runs === 1)).toBe(true);
    // Only the workers ran them; both took a share.
    const workerPids = new Set(workers.map((worker) => worker.pid));
    expect(written.every((row) => workerPids.has(row.by_pid))).toBe(true);
    expect(new Set(written.map((row) => row.by_pid)).size).toBe(2);
    const seen = await call(webs[1], 'GET', `/api/jobs/${ids[0]}`, tokens[1]);
    expect(seen.body).toMatchObject({ id: ids[0], status: 'done', result: { by: written[0].by_pid } });
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });

  it('a worker killed (SIGKILL) in the middle of a job: the other runs it when the lease ends, and its effect happens once', async () => {
    const first = await startWorker(database.url!, { JOB_LEASE_MS: '1500' });
    workers.push(first);
    const id = await enqueueJob(database.db, { kind: SLOW_EFFECT_KIND, payload: { sleepMs: 4_000 } });
    await expect
      .poll(async () => (await database.db.select().from(jobs)).find((job) => job.id === id)?.lockedBy ?? '', {
        timeout: 10_000,
        interval: 50,
      })
      .toContain(`:${first.pid}:`);
    // The worker itself, not tsx's launcher: it dies without a word, as on a power cut.
    process.kill(first.pid, 'SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const second = await startWorker(database.url!, { JOB_LEASE_MS: '1500' });
    workers.push(second);
    await expect
      .poll(async () => (await database.db.select().from(jobs)).find((job) => job.id === id)?.status, { timeout: 30_000, interval: 100 })
      .toBe('done');
    const [row] = (await database.db.select().from(jobs)).filter((job) => job.id === id);
    expect(row.attempts).toBe(2);
    expect(row.lockedBy).toContain(`:${second.pid}:`);
    expect((await effects()).filter((effect) => effect.job_id === id)).toEqual([{ job_id: id, runs: 1, by_pid: second.pid }]);
  });
});
