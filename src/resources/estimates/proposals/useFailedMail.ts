import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FailedMail } from '../../../domain/mailDelivery';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { useApiGet } from '../../../providers/useApiGet';
import { useAction } from '../../../admin/alerts/useAction';
import { PROPOSALS_QUERY } from '../../../schema/actions/queryNames';

export const FAILED_MAIL_QUERY = 'failedMail';

/** The mail that finally failed (issue 35): every message, or those of one estimate. */
export const useFailedMail = (estimateId?: number | string) =>
  useApiGet(
    [FAILED_MAIL_QUERY, estimateId === undefined ? 'all' : String(estimateId)],
    estimateId === undefined ? '/mail/failed' : `/mail/failed?estimateID=${encodeURIComponent(String(estimateId))}`,
    { pick: (body: { mails: FailedMail[] }) => body.mails },
  );

/** Send again: queues the failed message as it was; the lists and the proposals refresh. */
export function useResendMail() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  return useAction(async (id: number) => {
    try {
      return await dataProvider.request<{ id: number }>('POST', `/mail/${id}/resend`);
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [FAILED_MAIL_QUERY] }),
        queryClient.invalidateQueries({ queryKey: [PROPOSALS_QUERY] }),
      ]);
    }
  });
}
