import { useCallback } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { estimates, workAreaItems, workAreas } from '../../../schema';
import { PROPOSALS_QUERY, REVISIONS_QUERY } from '../../../schema/actions/queryNames';
import { PROFITABILITY_QUERY } from '../pricing/useProfitability';

/**
 * What an area or item write changes besides itself, by query key prefix: the areas (their
 * subtotals), the items, the estimate (its stored subtotal, the pricing, the profitability), its history and
 * proposals (the first change after sending starts a revision and withdraws the open proposals).
 */
export const REFRESHED_AFTER_WRITES: readonly string[] = [
  workAreas.name,
  workAreaItems.name,
  estimates.name,
  REVISIONS_QUERY,
  PROPOSALS_QUERY,
  PROFITABILITY_QUERY,
];

/** The items list of one work area (react-admin's getManyReference key: [resource, 'getManyReference', {target, id, …}]). */
function isItemsQueryOf(areaId: Identifier) {
  return ({ queryKey: [resource, method, params] }: Query) =>
    resource === workAreaItems.name &&
    method === 'getManyReference' &&
    (params as { target?: unknown })?.target === workAreaItems.parent!.field &&
    String((params as { id?: unknown })?.id) === String(areaId);
}

export interface WorkAreaRefreshOptions {
  /** A work area that was just deleted: its items are dropped rather than asked for again (the server would answer 404). */
  deletedAreaId?: Identifier;
}

/**
 * Refetches every cached query of those resources (the ones on screen at once, the rest when
 * next shown).
 */
export function useWorkAreaRefresh(): (options?: WorkAreaRefreshOptions) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ deletedAreaId }: WorkAreaRefreshOptions = {}) => {
      const isGone = deletedAreaId === undefined ? () => false : isItemsQueryOf(deletedAreaId);
      queryClient.removeQueries({ predicate: isGone });
      await Promise.all(
        REFRESHED_AFTER_WRITES.map((name) => queryClient.invalidateQueries({ queryKey: [name], predicate: (query) => !isGone(query) })),
      );
    },
    [queryClient],
  );
}
