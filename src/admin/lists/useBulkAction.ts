import { useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { bulkResultMessage, type BulkAction, type BulkDeleteImpact, type BulkResult } from '../../domain/bulkActions';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useAction } from '../alerts/useAction';

/**
 * The list's bulk actions on its ticked rows: one `POST /api/<route>/bulk` each. `run` says
 * what was done and what was kept ('18 deleted, 2 kept: …'), clears the selection and
 * reloads the list; `preview` asks what a delete would do, writing nothing.
 */
export function useBulkAction(route: string) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const path = `/${route}/bulk`;

  const { run, isPending } = useAction(async (action: Exclude<BulkAction, 'deleteImpact'>, extra: Record<string, unknown> = {}) => {
    const result = await dataProvider.request<BulkResult>('POST', path, { body: { action, ids: selectedIds, ...extra } });
    notify(bulkResultMessage(action, result), { type: result.kept.length ? 'warning' : 'success' });
    onUnselectItems();
    refresh();
    return result;
  });
  const { run: preview } = useAction(() =>
    dataProvider.request<BulkDeleteImpact>('POST', path, { body: { action: 'deleteImpact', ids: selectedIds } }),
  );

  return { run, preview, isPending, selectedIds };
}
