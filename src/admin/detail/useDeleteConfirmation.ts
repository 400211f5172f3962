import { useDataProvider, type RaRecord } from 'react-admin';
import { deleteBlockedMessage, deleteConfirmation, type DeleteImpact } from '../../domain/deleteImpact';
import type { Entity } from '../../schema';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useDialogState } from '../forms/useDialogState';
import { useAction } from '../alerts/useAction';

/**
 * The delete confirmation of a record: `ask` learns from the server what the delete would
 * take along (a customer's sites, contacts and service assignments) or what stops it, and
 * opens the dialog with the question followed by that. When something stops it, `blockedReason`
 * says what (the dialog's Delete is then disabled). When the server cannot say, the data
 * provider's failure report says why and nothing opens.
 *
 * Kept beside react-admin's DeleteWithConfirmButton, which opens its dialog at once with fixed
 * content: here the dialog opens with the server's delete-impact summary already in it.
 */
export function useDeleteConfirmation(entity: Pick<Entity, 'route' | 'singular'>, record: RaRecord, question: string) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const dialog = useDialogState<{ message: string; blockedReason?: string }>();
  const asking = useAction(async () => {
    const impact = await dataProvider.request<DeleteImpact>('GET', `/${entity.route}/${record.id}/deleteImpact`);
    const blocked = impact.blockedBy.some((part) => part.count > 0);
    dialog.open({
      message: deleteConfirmation(question, entity.singular, impact),
      blockedReason: blocked ? deleteBlockedMessage(entity.singular, impact.blockedBy) : undefined,
    });
  });

  return {
    message: dialog.value?.message ?? question,
    blockedReason: dialog.value?.blockedReason,
    isOpen: dialog.isOpen,
    asking: asking.isPending,
    ask: asking.run,
    close: dialog.close,
  };
}
