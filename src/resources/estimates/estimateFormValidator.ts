import { missingLostReason } from '../../domain/lostReasons';
import { estimates, formValidator } from '../../schema';

const fieldChecks = formValidator(estimates);

/** The estimate's form: its fields' own checks, and a lost estimate's reason (issue 39), with the server's message. */
export function estimateFormValidator(values: Record<string, unknown>): Record<string, string> {
  const errors = fieldChecks(values);
  const lostReason = missingLostReason(values);
  return lostReason && !errors.lostReason ? { ...errors, lostReason } : errors;
}
