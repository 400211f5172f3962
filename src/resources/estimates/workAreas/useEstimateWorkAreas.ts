import { useGetManyReference, type Identifier } from 'react-admin';
import { workAreas } from '../../../schema';
import { ALL_ROWS } from '../../../admin/lists/pageLinks';
import type { WorkAreaRecord } from './workAreaRecords';

/**
 * Every work area of an estimate, in the order they were added. The detail page's pricing
 * card reads the same query (same parameters, so the same cache entry), which is what every
 * area and item write refreshes.
 */
export function useEstimateWorkAreas(estimateId: Identifier) {
  return useGetManyReference<WorkAreaRecord>(workAreas.name, {
    target: workAreas.parent!.field,
    id: estimateId,
    pagination: { ...ALL_ROWS },
    sort: { field: workAreas.defaultSort.key, order: workAreas.defaultSort.direction },
  });
}
