import { useCallback, useState } from 'react';
import { useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { bulkResultMessage, type BulkAction, type BulkDeleteImpact, type BulkResult } from '../../domain/bulkActions';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useReportFailure } from '../alerts/useReportFailure';

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
  const reportFailure = useReportFailure();
  const [isPending, setPending] = useState(false);
  const path = `/${route}/bulk`;

  const run = useCallback(
    async (action: Exclude<BulkAction, 'deleteImpact'>, extra: Record<string, unknown> = {}): Promise<BulkResult | undefined> => {
      setPending(true);
      try {
        const result = await dataProvider.request<BulkResult>('POST', path, { body: { action, ids: selectedIds, ...extra } });
        notify(bulkResultMessage(action, result), { type: result.kept.length ? 'warning' : 'success' });
        onUnselectItems();
        refresh();
        return result;
      } catch (error) {
        reportFailure(error);
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [dataProvider, path, selectedIds, notify, onUnselectItems, refresh, reportFailure],
  );

  const preview = useCallback(async (): Promise<BulkDeleteImpact | undefined> => {
    try {
      return await dataProvider.request<BulkDeleteImpact>('POST', path, { body: { action: 'deleteImpact', ids: selectedIds } });
    } catch (error) {
      reportFailure(error);
      return undefined;
    }
  }, [dataProvider, path, selectedIds, reportFailure]);

  return { run, preview, isPending, selectedIds };
}
