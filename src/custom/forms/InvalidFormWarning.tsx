import { showWarning } from '../alerts/alertStore';
import { FORM_INVALID } from '../../schema';
import { UnplacedFieldErrors } from './UnplacedFieldErrors';
import { useAfterInvalidSubmit } from './useAfterInvalidSubmit';

const warnFormInvalid = () => showWarning(FORM_INVALID);

/**
 * Placed inside a <Form disableInvalidFormNotification>: after a save attempt that failed
 * validation, raises the warning 'Form is invalid.' (SPEC §5); the fields show their own messages.
 */
export function InvalidFormWarning() {
  useAfterInvalidSubmit(warnFormInvalid);
  return <UnplacedFieldErrors />;
}
