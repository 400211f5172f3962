import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { workSlots } from '../db/tables/workSlots';
import { jobMessages } from '../../src/domain/jobs';
import type { Db } from '../db/connection';
import { jobFiles, jobs } from '../db/tables/jobs';
import { HttpError } from '../errors';
import { HEAVY_WORK_PER_USER, TooMuchHeavyWork } from '../work/heavyWork';
import { enqueueJob } from './queue';
import { waitForJob } from './waitForJob';
import { sendFile } from '../documents/attachment';
import { z } from 'zod';
import { idSchema } from '../../src/schema/actions/answers';

/**
 * How long a request that asked for a document (a print, a send, a client's acceptance) waits
 * for the job that makes it before answering anyway: a usual document is made by then; a long
 * one is followed by its job.
 */
export const DOCUMENT_WAIT_MS = 15_000;

export interface JobFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** Stores the file a job made (again: a second try replaces it), in the job's connection or transaction. */
export async function storeJobFile(db: Db, jobId: number, file: JobFile): Promise<void> {
  await db
    .insert(jobFiles)
    .values({ jobId, ...file })
    .onConflictDoUpdate({ target: jobFiles.jobId, set: file });
}

export async function readJobFile(db: Db, jobId: number): Promise<JobFile | undefined> {
  const [file] = await db
    .select({ fileName: jobFiles.fileName, contentType: jobFiles.contentType, data: jobFiles.data })
    .from(jobFiles)
    .where(eq(jobFiles.jobId, jobId));
  return file;
}

const PDF = 'application/pdf';

/** Sends a job's file: a PDF inline (it opens in the browser), any other file as a download, never cached. */
export function sendJobFile(reply: FastifyReply, file: JobFile): FastifyReply {
  if (file.contentType !== PDF) return sendFile(reply, file.data, file.fileName, file.contentType);
  return reply.header('content-type', PDF).header('content-disposition', `inline; filename="${file.fileName}"`).send(file.data);
}

/**
 * A user's share of the heavy work (HEAVY_WORK_PER_USER) is counted in the database, so that it
 * holds across the servers: what their work holds now (the slots of server/work/workShares.ts,
 * or their documents of this kind running, which take one as they start) and their documents of
 * this kind waiting for a worker. One more is refused with 429 before anything is read or queued.
 */
async function checkShare(tx: Db, request: DocumentRequest): Promise<void> {
  // One owner's requests one at a time (in this transaction), so that two cannot both see room for one.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${request.owner}))`);
  const [[{ held }], rows] = await Promise.all([
    tx
      .select({ held: count() })
      .from(workSlots)
      .where(and(eq(workSlots.owner, request.owner), gt(workSlots.expiresAt, sql`now()`))),
    tx
      .select({ status: jobs.status, jobs: count() })
      .from(jobs)
      .where(and(eq(jobs.ownerId, request.ownerId), eq(jobs.kind, request.kind), inArray(jobs.status, ['queued', 'running'])))
      .groupBy(jobs.status),
  ]);
  const of = (status: string) => rows.find((row) => row.status === status)?.jobs ?? 0;
  if (Math.max(held, of('running')) + of('queued') >= HEAVY_WORK_PER_USER) throw new TooMuchHeavyWork();
}

export interface DocumentRequest {
  kind: string;
  payload: unknown;
  ownerId: number;
  /** Whose share of the heavy work it takes (userOwner). */
  owner: string;
  /** Checks before it is queued (the estimate exists, the terms asked for do). */
  check?: (db: Db) => Promise<void>;
}

/** `202 {jobID}`: the answer of a document request whose job outlasted the wait. */
export const DOCUMENT_FOLLOWS = 'The document is being prepared: follow GET /api/jobs/{jobID}, then download GET /api/jobs/{jobID}/file.';

/** A document's 202 in the API reference: its job, to follow. */
export const documentFollows = z.object({ jobID: idSchema.describe(DOCUMENT_FOLLOWS) });

/**
 * A document asked for on a GET (a print, a materials list, a list's export: issue 36): made by
 * a job, so that no web process renders it and every server counts the user's share (429 past
 * it, at once). The request waits up to the app's documentWaitMs (DOCUMENT_WAIT_MS) for it and
 * answers the file (200) as before; a longer one
 * answers `202 {jobID}`, which the SPA follows (GET /api/jobs/:id) before downloading
 * `GET /api/jobs/:id/file`. A document that cannot be made answers 422 with why.
 */
export async function answerWithDocument(api: FastifyInstance, reply: FastifyReply, request: DocumentRequest) {
  const { db } = api.deps.database;
  const jobID = await db.transaction(async (tx) => {
    await checkShare(tx, request);
    // What the document needs that can be refused now (404, 400), once the share is known to have room.
    await request.check?.(tx);
    return enqueueJob(tx, { kind: request.kind, payload: request.payload, ownerId: request.ownerId }, api.deps.now());
  });
  api.jobs.kick();
  const job = await waitForJob(db, jobID, api.deps.documentWaitMs ?? DOCUMENT_WAIT_MS);
  if (job?.status === 'done') {
    const file = await readJobFile(db, jobID);
    if (file) return sendJobFile(reply, file);
  }
  if (job?.status === 'failed' || job?.status === 'cancelled') throw new HttpError(422, job.error ?? jobMessages.cancelled);
  return reply.code(202).send({ jobID });
}
