import type { EntityResourceOverrides } from '../../admin/generic/resourceFromEntity';
import { lazyScreen } from '../../admin/lazyScreen';
import { RenewAgreementsButton } from './RenewAgreementsButton';
import { OverBudgetToggle } from './OverBudgetToggle';

/**
 * What differs from the generic screens (issue 40): the detail with its lines, costing and
 * visits, the over-budget filter, and Renew on the ticked agreements. Agreements are made by signatures, never by New.
 */
export const agreementsScreens: EntityResourceOverrides = {
  edit: lazyScreen(() => import('./AgreementEdit'), 'AgreementEdit'),
  listActions: OverBudgetToggle,
  bulkActions: RenewAgreementsButton,
};
