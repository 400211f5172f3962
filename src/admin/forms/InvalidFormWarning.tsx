import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { FORM_INVALID } from '../../schema';
import { UnplacedFieldErrors } from './UnplacedFieldErrors';
import { useAfterInvalidSubmit } from './useAfterInvalidSubmit';

/**
 * Placed inside a <Form disableInvalidFormNotification>: after a save attempt that failed
 * validation, raises the warning 'Form is invalid.' (SPEC §5); the fields show their own messages.
 */
export function InvalidFormWarning() {
  const notify = useNotify();
  useAfterInvalidSubmit(useCallback(() => notify(FORM_INVALID, { type: 'warning' }), [notify]));
  return <UnplacedFieldErrors />;
}
