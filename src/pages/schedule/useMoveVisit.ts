import { useCallback } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { useApiAction } from '../../admin/actions/useApiAction';
import type { Visit } from './visitQuery';

export interface VisitMove {
  visit: Visit;
  /** The day it was dropped on (YYYY-MM-DD). */
  date: string;
  /** Puts the event back where it was (FullCalendar's `revert`). */
  revert: () => void;
}

/**
 * A visit dragged to another day: PUT /api/visits/:id with the day and the version it was read
 * at. A refusal (409: someone changed it, it is done or billed) is reported by the app's alert
 * as every failed call is, and the visit goes back; either way the visits are fetched again
 * (the action's invalidation). Resolves whether it moved.
 */
export function useMoveVisit() {
  const updateVisit = useApiAction('updateVisit');
  const notify = useNotify();
  const { mutateAsync } = updateVisit;
  return useCallback(
    async ({ visit, date, revert }: VisitMove): Promise<boolean> => {
      if (date === visit.date) return true;
      try {
        await mutateAsync([visit.id, { date, version: visit.version }]);
        return true;
      } catch (error) {
        revert();
        // An HttpError has had its alert (src/providers/failedCalls.ts); anything else has not.
        if (!(error instanceof HttpError)) notify(error instanceof Error ? error.message : String(error), { type: 'error' });
        return false;
      }
    },
    [mutateAsync, notify],
  );
}
