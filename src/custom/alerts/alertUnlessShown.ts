import { UNEXPECTED_ERROR, wasShownToUser } from '../../providers/httpClient';
import { showError } from './alertStore';

/**
 * For a catch block: an error the HTTP client has already shown (its alert says why) stays
 * quiet; anything else — a failure in the screen's own code — is not swallowed but shown as
 * the catalogue's 'Unexpected Error' (SPEC §8), with the detail in the browser console.
 */
export function alertUnlessShown(error: unknown): void {
  if (wasShownToUser(error)) return;
  console.error(error);
  showError(UNEXPECTED_ERROR);
}
