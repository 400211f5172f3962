import { useCallback } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { failureAlertType, UNEXPECTED_ERROR } from '../../domain/failureAlerts';

/**
 * The notification option that marks a failure's report: its message is the error catalogue's
 * text (or the server's own words), shown as it is, not a react-admin message to translate.
 */
export const FAILURE_REPORT = 'failureReport';

/** Failures already reported, so that each is shown once whoever reports it first. */
const reported = new WeakSet<object>();

/**
 * Reports a failure through react-admin's notify (SPEC §8). An HttpError gets the catalogue's
 * alert for its status — a warning with the server's message, an error 'Bad Gateway' or
 * 'Unexpected Error', nothing for a 401 (the auth provider signs out), unless `signingIn` —
 * once, however many times it is reported: the data provider's failures are reported as they
 * happen (AlertNotification), and a catch block may report the same error again. Anything else
 * is a failure of the screen's own code: 'Unexpected Error', with the detail in the console.
 */
export function useReportFailure() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, { signingIn = false }: { signingIn?: boolean } = {}) => {
      if (!(error instanceof HttpError)) {
        console.error(error);
        notify(UNEXPECTED_ERROR, { type: 'error', [FAILURE_REPORT]: true });
        return;
      }
      if (reported.has(error)) return;
      reported.add(error);
      const type = failureAlertType(error.status, { signingIn });
      if (type) notify(error.message, { type, [FAILURE_REPORT]: true });
    },
    [notify],
  );
}
