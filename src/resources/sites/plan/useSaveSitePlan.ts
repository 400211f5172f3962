import type { Identifier } from 'react-admin';
import { useApiAction } from '../../../admin/actions/useApiAction';
import type { SitePlan } from '../../../domain/sitePlan';
import type { PlanDraft } from './useSitePlanDraft';

/** PUT /api/sites/:id/plan with the draft and the version it started from (409 when someone saved since). */
export function useSaveSitePlan(siteId: Identifier) {
  const action = useApiAction('saveSitePlan');
  return {
    isPending: action.isPending,
    mutate(draft: PlanDraft, callbacks: { onSuccess: (saved: SitePlan) => void; onError: (error: unknown) => void }) {
      action.mutate(
        [
          siteId,
          {
            imageID: draft.imageID,
            feetPerUnit: draft.feetPerUnit,
            shapes: { type: 'FeatureCollection', features: draft.shapes },
            printOnProposal: draft.printOnProposal,
            version: draft.version,
          },
        ],
        { onSuccess: (saved) => callbacks.onSuccess(saved), onError: callbacks.onError },
      );
    },
  };
}
