/**
 * Jobs (issue 36): enqueued in the caller's transaction, claimed with SKIP LOCKED and a
 * lease, retried with a back-off, cancelled, and seen by their owner through /api/jobs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/tables/jobs';
import { defineJobKind, JobFailure } from '../../server/jobs/kinds';
import { claimNextJob, enqueueJob } from '../../server/jobs/queue';
import { pruneJobs } from '../../server/jobs/prune';
import { readJobFile, storeJobFile } from '../../server/jobs/jobFiles';
import { startJobRunner } from '../../server/jobs/runner';
import { JOB_FILE_KEEP_HOURS, JOB_KEEP_DAYS, jobMessages, jobRetryDelayMs } from '../../src/domain/jobs';
import { createTestApi, signedInStaff, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/** What the test kinds did: job id → times their effect was written. */
const EFFECTS = sql.raw('job_test_effects');

const recordEffect = defineJobKind<{ label: string }, { label: string }>({
  kind: 'test:recordEffect',
  async run(payload, { db, jobId, progress }) {
    progress(1, 2, 'Writing');
    // Safe to run twice: the effect is keyed by the job.
    await db.execute(sql`INSERT INTO ${EFFECTS} (job_id, runs) VALUES (${jobId}, 1) ON CONFLICT (job_id) DO NOTHING`);
    await db.execute(sql`UPDATE ${EFFECTS} SET tries = tries + 1 WHERE job_id = ${jobId}`);
    progress(2, 2, 'Written');
    return { label: payload.label };
  },
});

let flakyFailures = 0;
defineJobKind({
  kind: 'test:flaky',
  async run() {
    if (flakyFailures > 0) {
      flakyFailures -= 1;
      throw new Error('connection reset by a test');
    }
    return { ok: true };
  },
});

defineJobKind({
  kind: 'test:refused',
  async run() {
    throw new JobFailure('The file has more than 50,000 rows.');
  },
});

/** Runs until its signal says stop; `started` resolves when it has begun. */
let release: () => void = () => undefined;
let started: Promise<void> = Promise.resolve();
const waitForStop = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
  });
function armLongJob() {
  let begin: () => void = () => undefined;
  started = new Promise((resolve) => (begin = resolve));
  return () => begin();
}
let beginLongJob = armLongJob();
defineJobKind({
  kind: 'test:long',
  cancellable: true,
  async run(_payload, { signal, progress }) {
    progress(0, 10, 'Waiting');
    beginLongJob();
    await Promise.race([waitForStop(signal), new Promise<void>((resolve) => (release = resolve))]);
    return { finished: true };
  },
});
defineJobKind({
  kind: 'test:stubborn',
  async run(_payload, { signal }) {
    beginLongJob();
    await new Promise<void>((resolve) => {
      release = resolve;
      signal.addEventListener('abort', () => undefined);
    });
    return { finished: true };
  },
});

describe.each(databaseKinds())('jobs on %s', (kind) => {
  let api: TestApi;
  let staffToken: string;
  let staffId: number;

  beforeAll(async () => {
    api = await createTestApi(kind, { jobs: { run: false } });
    await api.database.db.execute(
      sql`CREATE TABLE ${EFFECTS} (job_id integer PRIMARY KEY, runs integer NOT NULL, tries integer NOT NULL DEFAULT 0)`,
    );
    ({ id: staffId, token: staffToken } = await signedInStaff(api));
  });
  afterAll(() => api?.close());
  beforeEach(async () => {
    await api.database.db.delete(jobs);
    await api.database.db.execute(sql`DELETE FROM ${EFFECTS}`);
  });

  const db = () => api.database.db;
  const effects = async () =>
    (
      (await db().execute(sql`SELECT job_id, runs, tries FROM ${EFFECTS} ORDER BY job_id`)) as unknown as {
        rows: { job_id: number; runs: number; tries: number }[];
      }
    ).rows;
  const job = (id: number, token = api.token) => api.request('GET', `/api/jobs/${id}`, undefined, token);

  it('a job queued in a transaction that rolled back never runs; one that committed runs once and its owner sees it done', async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueJob(tx, { kind: recordEffect.kind, payload: { label: 'rolled back' } }, api.clock.now);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const id = await db().transaction((tx) =>
      enqueueJob(tx, { kind: recordEffect.kind, payload: { label: 'kept' }, ownerId: staffId }, api.clock.now),
    );

    expect((await job(id, staffToken)).body).toEqual({
      id,
      kind: 'test:recordEffect',
      status: 'queued',
      progress: { done: null, total: null, phase: null },
    });
    expect(await api.app.jobs.runPending()).toBe(1);
    expect(await api.app.jobs.runPending()).toBe(0);

    expect(await effects()).toEqual([{ job_id: id, runs: 1, tries: 1 }]);
    const seen = await job(id, staffToken);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      id,
      kind: 'test:recordEffect',
      status: 'done',
      progress: { done: 2, total: 2, phase: 'Written' },
      result: { label: 'kept' },
    });
    // An admin sees it too; the list names its owner.
    expect((await job(id)).body.status).toBe('done');
    const listed = await api.get('/api/jobs');
    expect(listed.body.count).toBe(1);
    expect(listed.body.jobs[0]).toMatchObject({ id, owner: 'sam', attempts: 1, status: 'done' });
  });

  it("another user's job is not found, and the list and retry are an admin's", async () => {
    const id = await enqueueJob(db(), { kind: recordEffect.kind, payload: { label: 'admin' }, ownerId: null });
    expect(await job(id, staffToken)).toMatchObject({ status: 404, body: { message: jobMessages.notFound } });
    expect((await api.request('POST', `/api/jobs/${id}/cancel`, {}, staffToken)).status).toBe(404);
    expect((await api.request('GET', '/api/jobs', undefined, staffToken)).status).toBe(403);
    expect((await api.request('POST', `/api/jobs/${id}/retry`, {}, staffToken)).status).toBe(403);
  });

  it('hostile ids and filters are 400s naming the problem, an unknown job is 404, and nothing changes', async () => {
    const id = await enqueueJob(db(), { kind: recordEffect.kind, payload: { label: 'x' } });
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999', '1e3', '%00']) {
      const res = await api.get(`/api/jobs/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('Invalid id.');
      expect((await api.post(`/api/jobs/${bad}/cancel`)).status, bad).toBe(400);
    }
    expect(await api.get(`/api/jobs/${id + 1000}`)).toMatchObject({ status: 404, body: { message: jobMessages.notFound } });
    const badStatus = await api.get('/api/jobs?status=everything');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors).toHaveProperty('status');
    expect((await job(id)).body.status).toBe('queued');
  });

  it('a passing failure is tried again after its back-off; a JobFailure fails at once with its message; an admin can retry', async () => {
    flakyFailures = 1;
    const flaky = await enqueueJob(db(), { kind: 'test:flaky' }, api.clock.now);
    await api.app.jobs.runPending();
    expect((await job(flaky)).body).toMatchObject({ status: 'queued', error: 'Unexpected error' });
    // Not before its back-off, by the app's clock.
    expect(await api.app.jobs.runPending()).toBe(0);
    api.clock.now += jobRetryDelayMs(1);
    expect(await api.app.jobs.runPending()).toBe(1);
    expect((await job(flaky)).body).toEqual({
      id: flaky,
      kind: 'test:flaky',
      status: 'done',
      progress: { done: null, total: null, phase: null },
      result: { ok: true },
    });

    const refused = await enqueueJob(db(), { kind: 'test:refused' }, api.clock.now);
    await api.app.jobs.runPending();
    expect((await job(refused)).body).toMatchObject({ status: 'failed', error: 'The file has more than 50,000 rows.' });
    expect(await api.post(`/api/jobs/${flaky}/retry`)).toMatchObject({ status: 409, body: { message: jobMessages.notRetryable } });
    const retried = await api.post(`/api/jobs/${refused}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('queued');

    const unknown = await enqueueJob(db(), { kind: 'test:nobodyKnowsThis' }, api.clock.now);
    await api.app.jobs.runPending();
    expect((await job(unknown)).body.status).toBe('queued'); // no worker of this process claims it
  });

  it('a queued job is cancelled at once; a running one that can stop stops; a finished one or one that cannot stop is a 409', async () => {
    const queued = await enqueueJob(db(), { kind: recordEffect.kind, payload: { label: 'never' } }, api.clock.now);
    expect((await api.post(`/api/jobs/${queued}/cancel`)).body).toMatchObject({ status: 'cancelled', error: jobMessages.cancelled });
    await api.app.jobs.runPending();
    expect(await effects()).toEqual([]);
    expect(await api.post(`/api/jobs/${queued}/cancel`)).toMatchObject({ status: 409, body: { message: jobMessages.notCancellable } });

    const runner = startJobRunner(db(), { leaseMs: 300, now: () => api.clock.now });
    try {
      beginLongJob = armLongJob();
      const long = await enqueueJob(db(), { kind: 'test:long' }, api.clock.now);
      const running = runner.runPending();
      await started;
      await expect.poll(async () => (await job(long)).body.progress, { timeout: 5_000 }).toEqual({ done: 0, total: 10, phase: 'Waiting' });
      expect((await api.post(`/api/jobs/${long}/cancel`)).body.status).toBe('running');
      await running;
      expect((await job(long)).body).toMatchObject({ status: 'cancelled', error: jobMessages.cancelled });

      beginLongJob = armLongJob();
      const stubborn = await enqueueJob(db(), { kind: 'test:stubborn' }, api.clock.now);
      const stubbornRun = runner.runPending();
      await started;
      expect(await api.post(`/api/jobs/${stubborn}/cancel`)).toMatchObject({ status: 409, body: { message: jobMessages.notCancellable } });
      release();
      await stubbornRun;
      expect((await job(stubborn)).body.status).toBe('done');
    } finally {
      await runner.stop();
    }
  });

  it('a job whose worker died runs again once its lease ends, and its effect happens once', async () => {
    const id = await enqueueJob(db(), { kind: recordEffect.kind, payload: { label: 'survivor' } }, api.clock.now);
    // A worker takes it with a short lease and dies before it finishes (it never writes again).
    const dead = await claimNextJob(db(), { kinds: [recordEffect.kind], leaseMs: 200, workerId: 'dead-worker', now: api.clock.now });
    expect(dead?.id).toBe(id);
    expect(await api.app.jobs.runPending()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await api.app.jobs.runPending()).toBe(1);
    expect((await job(id)).body.status).toBe('done');
    expect(await effects()).toEqual([{ job_id: id, runs: 1, tries: 1 }]);
    expect((await api.get('/api/jobs')).body.jobs[0].attempts).toBe(2);
  });

  it('a job interrupted more often than its tries fails, saying so', async () => {
    const id = await enqueueJob(db(), { kind: recordEffect.kind, payload: { label: 'cursed' }, maxAttempts: 2 }, api.clock.now);
    for (let i = 0; i < 2; i++) {
      await claimNextJob(db(), { kinds: [recordEffect.kind], leaseMs: 100, workerId: `dead-${i}`, now: api.clock.now });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await api.app.jobs.runPending();
    expect((await job(id)).body).toMatchObject({ status: 'failed', error: jobMessages.interrupted });
    expect(await effects()).toEqual([]);
  });

  it('200 queued jobs taken by four workers at once each run exactly once', async () => {
    const ids = await db().transaction(async (tx) => {
      const queued: number[] = [];
      for (let i = 0; i < 200; i++)
        queued.push(await enqueueJob(tx, { kind: recordEffect.kind, payload: { label: `job ${i}` } }, api.clock.now));
      return queued;
    });
    const runners = Array.from({ length: 4 }, () => startJobRunner(db(), { concurrency: 3, now: () => api.clock.now }));
    try {
      const counts = await Promise.all(runners.map((runner) => runner.runPending()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(200);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    const written = await effects();
    expect(written.map((row) => row.job_id)).toEqual(ids);
    expect(written.every((row) => row.tries === 1)).toBe(true);
    const statuses = await db().execute(sql`SELECT job_status, count(*)::int AS n FROM jobs GROUP BY job_status`);
    expect((statuses as unknown as { rows: unknown[] }).rows).toEqual([{ job_status: 'done', n: 200 }]);
  });

  it('a worker that stops gives its running job back, the try not counted', async () => {
    const runner = startJobRunner(db(), { now: () => api.clock.now });
    beginLongJob = armLongJob();
    const id = await enqueueJob(db(), { kind: 'test:long' }, api.clock.now);
    const running = runner.runPending();
    await started;
    await runner.stop();
    await running;
    expect((await job(id)).body.status).toBe('queued');
    const [row] = await db().select().from(jobs);
    expect(row.attempts).toBe(0);
    release();
  });

  it('finished jobs are deleted once past their keeping (failed ones later), in batches; waiting and running ones stay', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const kinds = { done: 'done', cancelled: 'cancelled', failed: 'failed', queued: 'queued', running: 'running' } as const;
    // 1,200 done jobs (more than one batch) and one of each other status, all finished now.
    const values = [
      ...Array.from({ length: 1_200 }, () => ({
        kind: recordEffect.kind,
        payload: {},
        status: kinds.done,
        maxAttempts: 1,
        finishedAt: sql`now()`,
      })),
      ...[kinds.cancelled, kinds.failed].map((status) => ({
        kind: recordEffect.kind,
        payload: {},
        status,
        maxAttempts: 1,
        finishedAt: sql`now()`,
      })),
      ...[kinds.queued, kinds.running].map((status) => ({ kind: recordEffect.kind, payload: {}, status, maxAttempts: 1 })),
    ];
    await db().insert(jobs).values(values);
    const statuses = async () =>
      Object.fromEntries(
        (
          (await db().execute(
            sql`SELECT job_status AS status, count(*)::int AS n FROM jobs GROUP BY job_status ORDER BY 1`,
          )) as unknown as {
            rows: { status: string; n: number }[];
          }
        ).rows.map(({ status, n }) => [status, n]),
      );
    const all = { cancelled: 1, done: 1_200, failed: 1, queued: 1, running: 1 };
    expect(await pruneJobs(db(), api.clock.now)).toBe(0);
    expect(await pruneJobs(db(), api.clock.now + (JOB_KEEP_DAYS.finished - 1) * DAY)).toBe(0);
    expect(await statuses()).toEqual(all);
    expect(await pruneJobs(db(), api.clock.now + (JOB_KEEP_DAYS.finished + 1) * DAY)).toBe(1_201);
    expect(await statuses()).toEqual({ failed: 1, queued: 1, running: 1 });
    expect(await pruneJobs(db(), api.clock.now + (JOB_KEEP_DAYS.failed + 1) * DAY)).toBe(1);
    expect(await statuses()).toEqual({ queued: 1, running: 1 });
  });

  it("a job's file is deleted a day after its job finished; the job stays as long as jobs do", async () => {
    const HOUR = 60 * 60 * 1000;
    const [done] = await db()
      .insert(jobs)
      .values({ kind: recordEffect.kind, payload: {}, status: 'done', maxAttempts: 1, finishedAt: sql`now()` })
      .returning({ id: jobs.id });
    await storeJobFile(db(), done.id, { fileName: 'Materials-1.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.3') });
    await pruneJobs(db(), api.clock.now + (JOB_FILE_KEEP_HOURS - 1) * HOUR);
    expect(await readJobFile(db(), done.id)).toMatchObject({ fileName: 'Materials-1.pdf' });
    await pruneJobs(db(), api.clock.now + (JOB_FILE_KEEP_HOURS + 1) * HOUR);
    expect(await readJobFile(db(), done.id)).toBeUndefined();
    expect(await db().select({ id: jobs.id }).from(jobs)).toEqual([{ id: done.id }]);
  });
});
