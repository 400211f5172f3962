/**
 * The error catalogue of SPEC §8: what the user is told when an API call fails. The HTTP client
 * gives each failure the catalogue's text as its message; the notification path
 * (src/admin/alerts) decides from the status whether it is a warning, an error or nothing.
 */

export const BAD_GATEWAY = 'Bad Gateway';
export const UNEXPECTED_ERROR = 'Unexpected Error';

/** The status of a call that got no response at all (network down, server gone). */
export const NO_RESPONSE = 0;

export type FailureAlertType = 'warning' | 'error';

/** A status whose alert is a warning with the server's own message. */
function isWarning(status: number): boolean {
  return (status >= 400 && status <= 499) || status === 503;
}

/**
 * The text a failed response is shown with: the server's message (the body's `message` field,
 * or the body itself when it is text, else the status text) for a 4xx or a 503, 'Bad Gateway'
 * for a 502, 'Unexpected Error' for anything else.
 */
export function failureMessage(status: number, body: unknown, statusText = ''): string {
  if (isWarning(status)) {
    if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
      return (body as { message: string }).message;
    }
    if (typeof body === 'string' && body.trim()) return body.trim();
    return statusText || `Request failed with status ${status}.`;
  }
  return status === 502 ? BAD_GATEWAY : UNEXPECTED_ERROR;
}

/**
 * The alert type of a failed call with this status, or null when there is no alert: a 401 on
 * any call but the sign-in signs the user out instead.
 */
export function failureAlertType(status: number, { signingIn = false } = {}): FailureAlertType | null {
  if (status === 401 && !signingIn) return null;
  return isWarning(status) ? 'warning' : 'error';
}

/** A 401 on any call but the sign-in: the user is signed out. */
export function signsOut(status: number | undefined): boolean {
  return status === 401;
}
