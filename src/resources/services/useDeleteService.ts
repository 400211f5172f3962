import { useState } from 'react';
import { useDataProvider, type RaRecord, useNotify } from 'react-admin';
import { services } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useDeleteRecord } from '../../admin/detail/useDeleteRecord';
import { useAction } from '../../admin/alerts/useAction';

/** The question before deleting a service, telling how many sites would lose it. */
export function deleteServiceQuestion(siteCount: number): string {
  const question = resolveScreens(services).deleteQuestion;
  if (siteCount === 0) return question;
  const sites = siteCount === 1 ? '1 site' : `${siteCount} sites`;
  return `This service is assigned to ${sites}; deleting it removes it from ${siteCount === 1 ? 'that site' : 'those sites'}. ${question}`;
}

/**
 * Delete in two steps: `ask` counts the sites that have the service and yields the question,
 * `confirm` deletes (the assignments go with it).
 */
export function useDeleteService(service: RaRecord | null, onDeleted: () => void) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const [question, setQuestion] = useState<string | null>(null);
  const notify = useNotify();
  const asking = useAction(async () => {
    if (!service) return;
    const { count } = await dataProvider.request<{ count: number }>('GET', `/${services.route}/${service.id}/siteCount`);
    setQuestion(deleteServiceQuestion(count));
  });

  const { deleteRecord: confirm, isPending } = useDeleteRecord(services.name, service, {
    onSettled: () => setQuestion(null),
    onDeleted: () => {
      notify('Service Deleted', { type: 'success' });
      onDeleted();
    },
  });

  return { question, ask: asking.run, confirm, cancel: () => setQuestion(null), isPending: isPending || asking.isPending };
}
