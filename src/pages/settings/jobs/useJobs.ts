import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { FINISHED_JOB_STATUSES, type JobListRow, type JobStatus } from '../../../domain/jobs';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { useApiGet } from '../../../providers/useApiGet';
import { useAction } from '../../../admin/alerts/useAction';

export const JOBS_QUERY = 'jobs';
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
  const queryClient = useQueryClient();
  return useAction(async (id: number) => {
    try {
      return await dataProvider.request<JobListRow>('POST', `/jobs/${id}/retry`);
    } finally {
      await queryClient.invalidateQueries({ queryKey: [JOBS_QUERY] });
    }
  });
}
