import type { EntityResourceOverrides } from '../../admin/generic/resourceFromEntity';
import { lazyScreen } from '../../admin/lazyScreen';

/** What differs from the generic screens (issue 41): the detail leads to the storm's board and its close-out. */
export const stormsScreens: EntityResourceOverrides = {
  edit: lazyScreen(() => import('./StormEdit'), 'StormEdit'),
};
