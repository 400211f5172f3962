import { useMemo, useRef } from 'react';
import type { Visit } from './visitQuery';

/**
 * The values (line names, crews) of the visits fetched so far on this screen, sorted, with the
 * one chosen: a filter keeps offering what it narrowed away. Empty values are left out.
 */
export function useSeenValues(visits: Visit[], pick: (visit: Visit) => string, chosen: string): string[] {
  const seen = useRef(new Set<string>());
  return useMemo(() => {
    for (const visit of visits) if (pick(visit).trim()) seen.current.add(pick(visit));
    if (chosen) seen.current.add(chosen);
    return [...seen.current].sort((a, b) => a.localeCompare(b));
    // `pick` is the caller's inline reader: what it reads does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visits, chosen]);
}
