import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { JOB_STATUSES, jobMessages, type JobStatus } from '../../src/domain/jobs';
import { jobs } from '../db/tables/jobs';
import { users } from '../db/tables/users';
import { parseId } from '../crud/registerEntityRoutes';
import { conflict, formInvalid, notFound } from '../errors';
import { dateTime } from '../openapi/entitySchemas';
import { idParams, idSchema } from '../openapi/commonSchemas';
import type { RouteDoc } from '../openapi/routeDoc';
import { jobKind } from './kinds';
import { findJob, jobView, requestCancel, retryJob, type JobRow } from './queue';

const TAG = 'Jobs';

const progressSchema = z.object({
  done: z.number().int().nullable(),
  total: z.number().int().nullable(),
  phase: z.string().nullable().describe('What it is doing now, in words.'),
});

const jobSchema = z.object({
  id: idSchema,
  kind: z.string().describe('What the job does (proposalPdf, importCommit, mail …).'),
  status: z.enum(JOB_STATUSES),
  progress: progressSchema,
  result: z.unknown().optional().describe('What it made, once done (its kind says the shape).'),
  error: z.string().optional().describe('Why it failed (or the last try failed), in words a user can read.'),
});

const jobListRow = jobSchema.extend({
  owner: z.string().nullable().describe('Who asked for it (their username); null for the system.'),
  attempts: z.number().int().min(0),
  createdAt: dateTime(),
  startedAt: dateTime().nullable(),
  finishedAt: dateTime().nullable(),
});

const docs = {
  list: {
    tag: TAG,
    summary: 'Jobs, newest first',
    description: 'What ran, failed or waits (at most 200), for Settings › Jobs. `status` keeps one status.',
    querystring: z.object({ status: z.enum(JOB_STATUSES).optional() }),
    responses: { 200: z.object({ jobs: z.array(jobListRow), count: z.number().int().min(0) }) },
  },
  get: {
    tag: TAG,
    summary: 'A job: its status and progress',
    description: "The job's owner and admins see it; anyone else gets 404.",
    params: idParams,
    responses: { 200: jobSchema },
    errors: [404],
  },
  cancel: {
    tag: TAG,
    summary: 'Stop a job',
    description:
      'A queued job is cancelled at once; a running one of a kind that can stop is asked to, and stops at its next safe point (an import commit then rolls back whole). 409 when it has finished or cannot stop.',
    params: idParams,
    responses: { 200: jobSchema },
    errors: [404, 409],
  },
  retry: {
    tag: TAG,
    summary: 'Run a failed job again',
    description: 'Queues a failed job afresh, its tries counted from zero. 409 when it has not failed.',
    params: idParams,
    responses: { 200: jobSchema },
    errors: [404, 409],
  },
} satisfies Record<string, RouteDoc>;

type IdParams = { Params: { id: string } };

/** GET /api/jobs/:id, cancel, and the admin's list and retry (issue 36). */
export async function jobRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  /** The job, when the caller may see it: its owner, or an admin. */
  const visibleJob = async (request: FastifyRequest<IdParams>): Promise<JobRow> => {
    const job = await findJob(db, parseId(request.params.id));
    if (!job || (job.ownerId !== request.user.id && request.user.role !== 'admin')) throw notFound(jobMessages.notFound);
    return job;
  };

  api.get<{ Querystring: { status?: string } }>('/jobs', { config: { openapi: docs.list, adminOnly: true } }, async (request) => {
    const status = request.query.status;
    if (status !== undefined && !JOB_STATUSES.includes(status as JobStatus)) {
      throw formInvalid({ status: `status must be one of ${JOB_STATUSES.join(', ')}.` });
    }
    const where = status ? eq(jobs.status, status) : undefined;
    const [rows, [{ count }]] = await Promise.all([
      db
        .select({ job: jobs, owner: users.username })
        .from(jobs)
        .leftJoin(users, eq(users.id, jobs.ownerId))
        .where(where)
        .orderBy(desc(jobs.id))
        .limit(200),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(where),
    ]);
    return {
      jobs: rows.map(({ job, owner }) => ({
        ...jobView(job),
        owner,
        attempts: job.attempts,
        createdAt: job.createdAt.toISOString(),
        startedAt: job.startedAt?.toISOString() ?? null,
        finishedAt: job.finishedAt?.toISOString() ?? null,
      })),
      count,
    };
  });

  api.get<IdParams>('/jobs/:id', { config: { openapi: docs.get } }, async (request) => jobView(await visibleJob(request)));

  api.post<IdParams>('/jobs/:id/cancel', { config: { openapi: docs.cancel } }, async (request) => {
    const job = await visibleJob(request);
    const kind = jobKind(job.kind);
    const stopped = await requestCancel(db, job.id, kind?.cancellable === true);
    if (!stopped) throw conflict(jobMessages.notCancellable);
    if (stopped === 'cancelled') await kind?.cancelled?.(job.payload, db);
    else api.jobs.cancel(job.id);
    return jobView((await findJob(db, job.id)) ?? job);
  });

  api.post<IdParams>('/jobs/:id/retry', { config: { openapi: docs.retry, adminOnly: true } }, async (request) => {
    const job = await visibleJob(request);
    if (!(await retryJob(db, job.id, api.deps.now()))) throw conflict(jobMessages.notRetryable);
    api.jobs.kick();
    return jobView((await findJob(db, job.id)) ?? job);
  });
}
