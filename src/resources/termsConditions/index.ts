import type { EntityResourceOverrides } from '../../custom/generic/resourceFromEntity';
import { lazyScreen } from '../../custom/lazyScreen';

/** Generic but for the list's Order column, which moves terms up and down. */
export const termsConditionsScreens: EntityResourceOverrides = {
  list: lazyScreen(() => import('./TermConditionList'), 'TermConditionList'),
};
