import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useReportFailure } from './useReportFailure';

/**
 * A call that a click starts (clone, move, download, test mail…): `run` resolves with what the
 * work returns, or undefined when it failed — the failure reported through the notification
 * path (useReportFailure), never thrown — and `isPending` is true meanwhile. `run` stays the
 * same function from render to render, and calls the latest `work`.
 */
export function useAction<A extends unknown[], R>(work: (...args: A) => Promise<R>) {
  const reportFailure = useReportFailure();
  const [isPending, setPending] = useState(false);
  const latestWork = useRef(work);
  useLayoutEffect(() => {
    latestWork.current = work;
  });
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      setPending(true);
      try {
        return await latestWork.current(...args);
      } catch (error) {
        reportFailure(error);
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [reportFailure],
  );
  return { run, isPending };
}
