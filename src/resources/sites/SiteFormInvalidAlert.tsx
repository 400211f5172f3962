import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { UnplacedFieldErrors } from '../../admin/forms/UnplacedFieldErrors';
import { useAfterInvalidSubmit } from '../../admin/forms/useAfterInvalidSubmit';

/** What the site detail shows when saved with an invalid form. */
export const SITE_FORM_INVALID = 'ERR_FORM_INVALID';

/**
 * The site detail's variant of InvalidFormWarning: SPEC §5 says this screen shows the code
 * ERR_FORM_INVALID as a success-style alert instead of the warning 'Form is invalid.'.
 */
export function SiteFormInvalidAlert() {
  const notify = useNotify();
  useAfterInvalidSubmit(useCallback(() => notify(SITE_FORM_INVALID, { type: 'success' }), [notify]));
  return <UnplacedFieldErrors />;
}
