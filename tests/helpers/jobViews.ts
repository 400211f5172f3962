import { expect } from 'vitest';
import { FINISHED_JOB_STATUSES, type JobView } from '../../src/domain/jobs';
import { sql } from 'drizzle-orm';
import type { TestApi, TestResponse } from './testApi';

/**
 * A request that queued a job (202 {jobID}), followed through `GET /api/jobs/:id` as the SPA
 * follows it, until the job has finished (the app's own runner runs it): the job as it ended.
 */
export async function followJob(api: TestApi, queued: TestResponse, timeoutMs = 60_000): Promise<JobView> {
  expect(queued.status, queued.raw).toBe(202);
  const deadline = Date.now() + timeoutMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const res = await api.get(`/api/jobs/${queued.body.jobID}`);
    expect(res.status, res.raw).toBe(200);
    const job = res.body as JobView;
    if (FINISHED_JOB_STATUSES.includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${queued.body.jobID} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** The result of a job that must have succeeded. */
export async function jobResult(api: TestApi, queued: TestResponse, timeoutMs?: number): Promise<unknown> {
  const job = await followJob(api, queued, timeoutMs);
  expect(job.status, job.error).toBe('done');
  return job.result;
}

/**
 * Waits until the server's own schedule is quiet: every repeating job (the follow-ups, the
 * agreements' terms) has run its first time since the start and none is due or running, so a
 * test that counts the database's writes does not count theirs.
 */
export async function repeatingJobsSettled(api: TestApi, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Quiet for a quarter of a second running: none was about to be queued either.
  for (let quiet = 0; quiet < 5;) {
    const { rows } = (await api.database.db.execute(
      sql`SELECT count(*)::int AS busy FROM jobs WHERE job_status = 'running' OR (job_status = 'queued' AND job_run_at <= now())`,
    )) as unknown as { rows: { busy: number }[] };
    quiet = Number(rows[0].busy) === 0 ? quiet + 1 : 0;
    if (Date.now() > deadline) throw new Error('The server’s repeating jobs did not settle.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
