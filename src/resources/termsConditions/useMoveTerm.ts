import { useDataProvider, useRefresh, type RaRecord } from 'react-admin';
import { termsConditions } from '../../schema';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useAction } from '../../admin/alerts/useAction';

/**
 * Moves a term one place earlier (-1) or later (+1) in the proposal order (beyond SPEC):
 * reads the whole order, whatever page or sort the list shows, and stores the new one with
 * `POST /termsConditions/reorder`. A term already first or last stays where it is.
 */
export function useMoveTerm() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const refresh = useRefresh();
  const reorder = useAction(async (term: RaRecord, offset: -1 | 1) => {
    const { data } = await dataProvider.getList(termsConditions.name, {
      // perPage 0: no limit, every term.
      pagination: { page: 1, perPage: 0 },
      sort: { field: termsConditions.defaultSort.key, order: 'ASC' },
      filter: {},
    });
    const ids = data.map((t) => Number(t.id));
    const from = ids.indexOf(Number(term.id));
    const to = from + offset;
    if (from === -1 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to], ids[from]];
    await dataProvider.reorderTermsConditions({ ids });
  });
  // The list shows the stored order, moved or not.
  const move = (term: RaRecord, offset: -1 | 1) => reorder.run(term, offset).then(refresh);

  return { move, isPending: reorder.isPending };
}
