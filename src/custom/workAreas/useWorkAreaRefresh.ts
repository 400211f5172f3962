import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { estimates, workAreaItems, workAreas } from '../../schema';

/**
 * What an area or item write changes besides itself, by react-admin query key prefix: the
 * areas (their subtotals), the items, and the estimate (its stored subtotal, the pricing).
 */
export const REFRESHED_AFTER_WRITES: readonly string[] = [workAreas.name, workAreaItems.name, estimates.name];

/** Refetches every cached query of those resources (the ones on screen at once, the rest when next shown). */
export function useWorkAreaRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(REFRESHED_AFTER_WRITES.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));
  }, [queryClient]);
}
