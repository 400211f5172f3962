import type { EntityResourceOverrides } from '../../admin/generic/resourceFromEntity';
import { lazyScreen } from '../../admin/lazyScreen';

/** Generic but for the list's Order column, which moves terms up and down. */
export const termsConditionsScreens: EntityResourceOverrides = {
  list: lazyScreen(() => import('./TermConditionList'), 'TermConditionList'),
};
