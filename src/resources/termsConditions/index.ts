import { lazyScreen } from '../../custom/lazyScreen';

/**
 * Terms & conditions are a generic resource (their declaration's `screens`) except for the
 * list, which moves terms up and down: `resourceFromEntity(termsConditions, termsConditionsScreens)`.
 */
export const termsConditionsScreens = {
  list: lazyScreen(() => import('./TermConditionList'), 'TermConditionList'),
};
