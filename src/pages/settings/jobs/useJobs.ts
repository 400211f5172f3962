import { useDataProvider } from 'react-admin';
import { FINISHED_JOB_STATUSES, type JobListRow, type JobStatus } from '../../../domain/jobs';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { useApiGet } from '../../../providers/useApiGet';
import { JOBS_QUERY } from '../../../schema/actions/queryNames';
import { useAction } from '../../../admin/alerts/useAction';
import { useActionInvalidation } from '../../../admin/actions/useApiAction';

/** While some job waits or runs, the list looks again this often. */
const WHILE_BUSY_MS = 2_000;

type JobList = { jobs: JobListRow[]; count: number };

/** Settings › Jobs: the newest jobs, all or of one status; refreshed while some are unfinished. */
export const useJobs = (status: JobStatus | null, enabled: boolean) =>
  useApiGet<JobList>([JOBS_QUERY, status ?? 'all'], status ? `/jobs?status=${status}` : '/jobs', {
    enabled,
    refreshWhile: ({ jobs }) => (jobs.some((job) => !FINISHED_JOB_STATUSES.includes(job.status)) ? WHILE_BUSY_MS : false),
  });

/** An admin's retry of a failed job; the list refreshes. */
export function useRetryJob() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const invalidate = useActionInvalidation();
  return useAction(async (id: number) => {
    try {
      return await dataProvider.retryJob(id);
    } finally {
      await invalidate('retryJob');
    }
  });
}
