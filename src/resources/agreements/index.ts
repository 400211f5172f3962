import type { EntityResourceOverrides } from '../../admin/generic/resourceFromEntity';
import { lazyScreen } from '../../admin/lazyScreen';
import { RenewAgreementsButton } from './RenewAgreementsButton';

/**
 * What differs from the generic screens (issue 40): the detail with its lines, costing and
 * visits, and Renew on the ticked agreements. Agreements are made by signatures, never by New.
 */
export const agreementsScreens: EntityResourceOverrides = {
  edit: lazyScreen(() => import('./AgreementEdit'), 'AgreementEdit'),
  bulkActions: RenewAgreementsButton,
};
