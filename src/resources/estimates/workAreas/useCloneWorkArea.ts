import { useDataProvider, type Identifier, useNotify } from 'react-admin';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { useWorkAreaRefresh } from './useWorkAreaRefresh';
import { useAction } from '../../../admin/alerts/useAction';

/**
 * Clone (SPEC §2, §7): GET /workAreas/:id/clone copies the area with its items and notes into
 * the same estimate; says 'Work Area Cloned', refreshes, and hands over the copy's id.
 */
export function useCloneWorkArea(onCloned: (copyId: Identifier) => void) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const notify = useNotify();
  const refresh = useWorkAreaRefresh();
  const { run: clone, isPending } = useAction(async (areaId: Identifier) => {
    const { id } = await dataProvider.cloneWorkArea(areaId);
    notify('Work Area Cloned', { type: 'success' });
    await refresh();
    onCloned(id);
  });
  return { clone, isPending };
}
