/** The jobs of the queue (issue 36): stopping one, running a failed one again. */
import { z } from 'zod';
import { JOB_STATUSES } from '../../domain/jobs';
import { idSchema } from './answers';
import { defineAction } from './defineAction';
import { JOB_QUERY, JOBS_QUERY } from './queryNames';

const TAG = 'Jobs';

const progressSchema = z.object({
  done: z.number().int().nullable(),
  total: z.number().int().nullable(),
  phase: z.string().nullable().describe('What it is doing now, in words.'),
});

/** A job as GET /api/jobs/:id answers it. */
export const jobSchema = z.object({
  id: idSchema,
  kind: z.string().describe('What the job does (proposalPdf, importCommit, mail …).'),
  status: z.enum(JOB_STATUSES),
  progress: progressSchema,
  result: z.unknown().optional().describe('What it made, once done (its kind says the shape).'),
  error: z.string().optional().describe('Why it failed (or the last try failed), in words a user can read.'),
});

export const cancelJob = defineAction({
  name: 'cancelJob',
  method: 'POST',
  path: '/jobs/:id/cancel',
  access: 'user',
  tag: TAG,
  summary: 'Stop a job',
  description:
    'A queued job is cancelled at once; a running one of a kind that can stop is asked to, and stops at its next safe point (an import commit then rolls back whole). 409 when it has finished or cannot stop.',
  status: 200,
  answer: jobSchema,
  errors: [409],
  invalidates: [JOB_QUERY, JOBS_QUERY],
});

export const retryJob = defineAction({
  name: 'retryJob',
  method: 'POST',
  path: '/jobs/:id/retry',
  access: 'admin',
  tag: TAG,
  summary: 'Run a failed job again',
  description: 'Queues a failed job afresh, its tries counted from zero. 409 when it has not failed.',
  status: 200,
  answer: jobSchema,
  errors: [409],
  invalidates: [JOB_QUERY, JOBS_QUERY],
});
