import { useCallback } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { useApiAction } from '../../admin/actions/useApiAction';
import type { Visit } from './visitQuery';

export const VISIT_DONE = 'Visit marked done';
export const VISIT_SKIPPED = 'Visit skipped';

/** The hours typed ('' or a number) as the action takes them: null for none. */
export function hoursValue(typed: string): number | null {
  const trimmed = typed.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/**
 * Marking a visit done (with the crew's hours) or skipped, with the version it was read at.
 * A refusal (409, 400) has the app's alert; resolves whether it went through.
 */
export function useVisitStatus() {
  const updateVisit = useApiAction('updateVisit');
  const notify = useNotify();
  const { mutateAsync, isPending } = updateVisit;

  const send = useCallback(
    async (visit: Visit, body: { status: 'done' | 'skipped'; actualHours?: number | null }, message: string) => {
      try {
        await mutateAsync([visit.id, { ...body, version: visit.version }]);
        notify(message, { type: 'success' });
        return true;
      } catch (error) {
        if (!(error instanceof HttpError)) notify(error instanceof Error ? error.message : String(error), { type: 'error' });
        return false;
      }
    },
    [mutateAsync, notify],
  );

  const markDone = useCallback(
    (visit: Visit, hours: string) => send(visit, { status: 'done', actualHours: hoursValue(hours) }, VISIT_DONE),
    [send],
  );
  const skip = useCallback((visit: Visit) => send(visit, { status: 'skipped' }, VISIT_SKIPPED), [send]);
  return { markDone, skip, isPending };
}
