/**
 * Jobs (issue 36): long work that leaves the request — documents, imports, renewals, mail —
 * queued in the database and run by a worker. The facts the server (server/jobs/) and the SPA
 * (a job's progress, Settings › Jobs) share. Pure.
 */

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job in one of these will not change again (but an admin may retry a failed one). */
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled'];

export const jobStatusLabels: Record<JobStatus, string> = {
  queued: 'Waiting',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** How far a job has got: `done` of `total` (both null until it knows), and what it is doing. */
export interface JobProgress {
  done: number | null;
  total: number | null;
  phase: string | null;
}

/** A job as `GET /api/jobs/:id` answers it. */
export interface JobView {
  id: number;
  kind: string;
  status: JobStatus;
  progress: JobProgress;
  result?: unknown;
  error?: string;
}

/** Tries a job gets in all, unless its kind says otherwise: the first and four retries. */
export const DEFAULT_JOB_ATTEMPTS = 5;

/** Waits between tries: 2, 4, 8 … seconds, at most ten minutes. */
export function jobRetryDelayMs(failedAttempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, Math.min(failedAttempts - 1, 20)), 10 * 60 * 1000);
}

export const jobMessages = {
  notFound: 'Job not found.',
  notCancellable: 'This job has finished or cannot be stopped.',
  notRetryable: 'Only a failed job can be tried again.',
  cancelled: 'Cancelled.',
  interrupted: 'The job was interrupted too many times (its worker stopped while running it).',
  unknownKind: 'No worker knows this kind of job.',
  noFile: 'This job has no file (yet).',
};

/** A row of Settings › Jobs (`GET /api/jobs`). */
export interface JobListRow extends JobView {
  owner: string | null;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The kinds of job, each declared by its feature on the server (`defineJobKind`). */
export const JOB_KINDS = {
  proposalPdf: 'proposalPdf',
  estimateDocument: 'estimateDocument',
  listExport: 'listExport',
  signedProposalPdf: 'signedProposalPdf',
  importRead: 'importRead',
  importCommit: 'importCommit',
  importUndo: 'importUndo',
  mail: 'mail',
  estimateRenewal: 'estimateRenewal',
  followUps: 'followUps',
  agreementTerms: 'agreementTerms',
} as const;

/** What each kind of job does, in the office's words; a kind not named here shows its name. */
export const jobKindLabels: Record<string, string> = {
  [JOB_KINDS.proposalPdf]: 'Proposal PDF',
  [JOB_KINDS.estimateDocument]: 'Printed estimate document',
  [JOB_KINDS.listExport]: 'Export of a list',
  [JOB_KINDS.signedProposalPdf]: 'Signed proposal PDF',
  [JOB_KINDS.importRead]: 'Reading of an import file',
  [JOB_KINDS.importCommit]: 'Import',
  [JOB_KINDS.importUndo]: 'Undo of an import',
  [JOB_KINDS.mail]: 'Mail',
  [JOB_KINDS.estimateRenewal]: 'Renewal of estimates',
  [JOB_KINDS.followUps]: 'Reminders to clients (every minute)',
  [JOB_KINDS.agreementTerms]: 'Agreements whose term ended (every hour)',
};

export const jobKindLabel = (kind: string) => jobKindLabels[kind] ?? kind;

/** "120 of 400 · Writing customers", or what is known of it. */
export function jobProgressText({ done, total, phase }: JobProgress): string {
  const count = done !== null && total !== null ? `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}` : null;
  return [count, phase].filter(Boolean).join(' · ');
}

/** Where a job's progress was first seen: its `done` then, and when (ms). */
export interface ProgressMark {
  at: number;
  done: number;
}

/**
 * "about 40 s left": the rest of a job at the pace seen since `mark`; null until a pace is
 * known (nothing done since, or no total).
 */
export function jobTimeLeft({ done, total }: JobProgress, mark: ProgressMark, now: number): string | null {
  if (done === null || total === null || done <= mark.done || now <= mark.at || done >= total) return null;
  const perMs = (done - mark.done) / (now - mark.at);
  const seconds = Math.ceil((total - done) / perMs / 1000);
  return seconds < 60 ? `about ${Math.max(1, seconds)} s left` : `about ${Math.round(seconds / 60)} min left`;
}

/** A renewal's phase while its copies are made. */
export const renewalPhase = (count: number) => `Renewing ${count.toLocaleString('en-US')} ${count === 1 ? 'estimate' : 'estimates'}`;

/** Days a finished job stays in Settings › Jobs: done or cancelled, and failed (kept longer, to be looked into or tried again). */
export const JOB_KEEP_DAYS = { finished: 30, failed: 90 } as const;
/** A job's file (a printed document) is downloaded within moments of being made: kept a day, not with its job. */
export const JOB_FILE_KEEP_HOURS = 24;

export const jobTexts = {
  heading: 'Jobs',
  note: `Long work — documents, imports, renewals, mail — runs here, apart from the screens. A failed job can be tried again. Finished jobs are kept ${JOB_KEEP_DAYS.finished} days, failed ones ${JOB_KEEP_DAYS.failed}.`,
  none: 'No jobs yet.',
  retry: 'Try again',
  retried: 'Job Queued Again',
  allStatuses: 'All',
};
