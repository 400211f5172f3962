import { useDataProvider } from 'react-admin';
import { FINISHED_JOB_STATUSES, type JobView } from '../../domain/jobs';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useApiGet } from '../../providers/useApiGet';
import { JOB_QUERY } from '../../schema/actions/queryNames';
import { useActionInvalidation } from '../actions/useApiAction';

/** How often a job's owner asks how far it has got. */
const FOLLOW_EVERY_MS = 500;

/** GET /api/jobs/:id, asked again until the job has finished (issue 36); nothing while `id` is null. */
export const useJob = (id: number | null) =>
  useApiGet<JobView>([JOB_QUERY, id], `/jobs/${id}`, {
    enabled: id !== null,
    refreshWhile: (job) => (FINISHED_JOB_STATUSES.includes(job.status) ? false : FOLLOW_EVERY_MS),
  });

/** POST /api/jobs/:id/cancel: the job stops (at its next safe point when running); it is asked again at once. */
export function useCancelJob() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const invalidate = useActionInvalidation();
  return async (id: number) => {
    try {
      return await dataProvider.cancelJob(id);
    } finally {
      await invalidate('cancelJob');
    }
  };
}
