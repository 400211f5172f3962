import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';
import { showWarning } from '../alerts/alertStore';
import { FORM_INVALID } from '../../schema';

/**
 * Placed inside a <Form disableInvalidFormNotification>: after a save attempt that failed
 * validation, raises the warning 'Form is invalid.' (SPEC §5); the fields show their own messages.
 */
export function InvalidFormWarning() {
  const { submitCount, errors } = useFormState();
  const seenSubmits = useRef(submitCount);

  useEffect(() => {
    if (submitCount <= seenSubmits.current) return;
    seenSubmits.current = submitCount;
    if (Object.keys(errors).length > 0) showWarning(FORM_INVALID);
  }, [submitCount, errors]);

  return null;
}
