import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { JOB_STATUSES, jobMessages, type JobStatus } from '../../src/domain/jobs';
import { cancelJob, jobSchema, retryJob as retryJobAction } from '../../src/schema/actions/jobs';
import { registerAction } from '../actions/registerAction';
import { jobs } from '../db/tables/jobs';
import { users } from '../db/tables/users';
import { parseId } from '../crud/registerEntityRoutes';
import { conflict, formInvalid, notFound } from '../errors';
import { dateTime } from '../openapi/entitySchemas';
import { idParams } from '../openapi/commonSchemas';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { readJobFile, sendJobFile } from './jobFiles';
import { CSV_CONTENT_TYPE } from '../documents/contactsCsv';
import { XLSX_CONTENT_TYPE } from '../documents/operationsWorkbook';
import { jobKind } from './kinds';
import { findJob, jobView, requestCancel, retryJob, type JobRow } from './queue';

const TAG = 'Jobs';

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
  file: {
    tag: TAG,
    summary: 'The file a job made',
    description: "A document or export made by a job, once it is done (404 until then, and for anyone but the job's owner and admins).",
    params: idParams,
    responses: {
      200: fileDownload(
        'The file, under the name the job gave it: a PDF, or a list export.',
        'application/pdf',
        CSV_CONTENT_TYPE,
        XLSX_CONTENT_TYPE,
      ),
    },
    errors: [404],
  },
} satisfies Record<string, RouteDoc>;

type IdParams = { Params: { id: string } };

/** GET /api/jobs/:id, cancel, and the admin's list and retry (issue 36; the actions declared in src/schema/actions/jobs.ts). */
export async function jobRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  /** The job, when the caller may see it: its owner, or an admin. */
  const visibleJob = async (request: FastifyRequest, id: number): Promise<JobRow> => {
    const job = await findJob(db, id);
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

  api.get<IdParams>('/jobs/:id', { config: { openapi: docs.get } }, async (request) =>
    jobView(await visibleJob(request, parseId(request.params.id))),
  );

  api.get<IdParams>('/jobs/:id/file', { config: { openapi: docs.file } }, async (request, reply) => {
    const job = await visibleJob(request, parseId(request.params.id));
    const file = job.status === 'done' ? await readJobFile(db, job.id) : undefined;
    if (!file) throw notFound(jobMessages.noFile);
    return sendJobFile(reply, file);
  });

  registerAction(api, cancelJob, async ({ ids, request }) => {
    const job = await visibleJob(request, ids.id);
    const kind = jobKind(job.kind);
    const stopped = await requestCancel(db, job.id, kind?.cancellable === true);
    if (!stopped) throw conflict(jobMessages.notCancellable);
    if (stopped === 'cancelled') await kind?.cancelled?.(job.payload, db);
    else api.jobs.cancel(job.id);
    return jobView((await findJob(db, job.id)) ?? job);
  });

  registerAction(api, retryJobAction, async ({ ids, request }) => {
    const job = await visibleJob(request, ids.id);
    if (!(await retryJob(db, job.id, api.deps.now()))) throw conflict(jobMessages.notRetryable);
    api.jobs.kick();
    return jobView((await findJob(db, job.id)) ?? job);
  });
}
