import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { FINISHED_JOB_STATUSES, type JobView } from '../../domain/jobs';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useApiGet } from '../../providers/useApiGet';

/** How often a job's owner asks how far it has got. */
const FOLLOW_EVERY_MS = 500;

export const JOB_QUERY = 'job';

/** GET /api/jobs/:id, asked again until the job has finished (issue 36); nothing while `id` is null. */
export const useJob = (id: number | null) =>
  useApiGet<JobView>([JOB_QUERY, id], `/jobs/${id}`, {
    enabled: id !== null,
    refreshWhile: (job) => (FINISHED_JOB_STATUSES.includes(job.status) ? false : FOLLOW_EVERY_MS),
  });

/** POST /api/jobs/:id/cancel: the job stops (at its next safe point when running); it is asked again at once. */
export function useCancelJob() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  return async (id: number) => {
    try {
      return await dataProvider.request<JobView>('POST', `/jobs/${id}/cancel`);
    } finally {
      await queryClient.invalidateQueries({ queryKey: [JOB_QUERY, id] });
    }
  };
}
