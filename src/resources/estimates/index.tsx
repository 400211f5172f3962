import type { EntityResourceOverrides } from '../../admin/generic/resourceFromEntity';
import { lazyScreen } from '../../admin/lazyScreen';

/**
 * Bespoke throughout: the list (archive toggle) at /estimates and the detail at
 * /estimates/:id/{detail,workAreas,notes} (the edit route `:id/*`).
 */
export const estimatesScreens: EntityResourceOverrides = {
  list: lazyScreen(() => import('./EstimateList'), 'EstimateList'),
  edit: lazyScreen(() => import('./EstimateDetail'), 'EstimateDetail'),
};
