import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';
import { showSuccess } from '../../custom/alerts/alertStore';

/** What the site detail shows when saved with an invalid form. */
export const SITE_FORM_INVALID = 'ERR_FORM_INVALID';

/**
 * The site detail's variant of InvalidFormWarning: SPEC §5 says this screen shows the code
 * ERR_FORM_INVALID as a success-style alert instead of the warning 'Form is invalid.'.
 */
export function SiteFormInvalidAlert() {
  const { submitCount, errors } = useFormState();
  const seenSubmits = useRef(submitCount);

  useEffect(() => {
    if (submitCount <= seenSubmits.current) return;
    seenSubmits.current = submitCount;
    if (Object.keys(errors).length > 0) showSuccess(SITE_FORM_INVALID);
  }, [submitCount, errors]);

  return null;
}
