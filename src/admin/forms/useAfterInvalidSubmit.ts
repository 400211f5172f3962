import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';

/**
 * Used inside a <Form disableInvalidFormNotification>: calls `raise` once after each save
 * attempt that failed validation (the fields show their own messages).
 */
export function useAfterInvalidSubmit(raise: () => void): void {
  const { submitCount, errors } = useFormState();
  const seenSubmits = useRef(submitCount);

  useEffect(() => {
    // A successful save resets the form, and with it the count.
    if (submitCount < seenSubmits.current) seenSubmits.current = submitCount;
    if (submitCount <= seenSubmits.current) return;
    seenSubmits.current = submitCount;
    if (Object.keys(errors).length > 0) raise();
  }, [submitCount, errors, raise]);
}
