import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { bytea } from './bytea';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Jobs (server/jobs/): enqueued in the transaction of the change they belong to, claimed by a
 * worker with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`) that it renews while it
 * runs; a worker that dies loses its lease and another runs the job again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('job_id').primaryKey(),
    kind: varchar('job_kind', { length: 40 }).notNull(),
    payload: jsonb('job_payload').$type<unknown>().notNull(),
    /** Who asked for it: they (and admins) may see and cancel it; their share of heavy work counts it. */
    ownerId: integer('job_owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** queued, running, done, failed, cancelled (src/domain/jobs.ts). */
    status: varchar('job_status', { length: 10 }).notNull().default('queued'),
    /** Not claimed before this time: scheduled work, and the back-off after a failed try. */
    runAt: at('job_run_at').notNull().defaultNow(),
    attempts: integer('job_attempts').notNull().default(0),
    maxAttempts: integer('job_max_attempts').notNull(),
    lockedUntil: at('job_locked_until'),
    /** The worker holding the lease (host:pid:n), for the log and Settings › Jobs. */
    lockedBy: varchar('job_locked_by', { length: 100 }),
    progressDone: integer('job_progress_done'),
    progressTotal: integer('job_progress_total'),
    progressPhase: varchar('job_progress_phase', { length: 200 }),
    result: jsonb('job_result').$type<unknown>(),
    error: text('job_error'),
    cancelRequested: boolean('job_cancel_requested').notNull().default(false),
    createdAt: at('job_created_at').notNull().defaultNow(),
    startedAt: at('job_started_at'),
    finishedAt: at('job_finished_at'),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt), index('jobs_owner_idx').on(t.ownerId, t.status)],
);

/**
 * The file a job made (a document, an export): kept with its job, which the owner (and admins)
 * may read (`GET /api/jobs/:id/file`), and deleted with it.
 */
export const jobFiles = pgTable('job_files', {
  jobId: integer('job_file_job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  fileName: varchar('job_file_name', { length: 255 }).notNull(),
  contentType: varchar('job_file_content_type', { length: 100 }).notNull(),
  data: bytea('job_file_data').notNull(),
});
