import { useGetManyReference, type Identifier } from 'react-admin';
import { workAreas } from '../../schema';
import { ALL_ROWS } from '../../custom/lists/pageLinks';

/**
 * Every work area of an estimate (GET /estimates/{id}/workAreas), in their order. The work
 * areas panel refreshes the 'workAreas' queries after each area or item write, so whatever
 * reads this follows those changes.
 */
export function useEstimateWorkAreas(estimateId: Identifier) {
  return useGetManyReference(workAreas.name, {
    target: workAreas.parent!.field,
    id: estimateId,
    pagination: { ...ALL_ROWS },
    sort: { field: workAreas.defaultSort.key, order: workAreas.defaultSort.direction },
  });
}
