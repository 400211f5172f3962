import { useDataProvider } from 'react-admin';
import type { FailedMail } from '../../../domain/mailDelivery';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { useApiGet } from '../../../providers/useApiGet';
import { useAction } from '../../../admin/alerts/useAction';
import { useActionInvalidation } from '../../../admin/actions/useApiAction';
import { FAILED_MAIL_QUERY } from '../../../schema/actions/queryNames';

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
  const invalidate = useActionInvalidation();
  return useAction(async (id: number) => {
    try {
      return await dataProvider.resendMail(id);
    } finally {
      await invalidate('resendMail');
    }
  });
}
