/**
 * The User Settings password form, declared once for the SPA and the server:
 * the same fields, the same messages (SPEC §5: each required, 'Current Password is required.').
 */
import { string, type FieldDef, type ResolvedField } from './defineEntity';
import { validateRecord, type ValidationResult } from './validate';

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for passphrases, short enough that nobody hashes a megabyte. */
export const PASSWORD_MAX_LENGTH = 128;

const fields: Record<string, FieldDef> = {
  currentPassword: string('Current Password', { required: true }),
  newPassword: string('New Password', { required: true, max: PASSWORD_MAX_LENGTH }),
  confirmNewPassword: string('Confirm New Password', { required: true }),
};

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** The form's fields in the shape validate.ts works on (name = key = column). */
export const passwordChangeForm: { resolved: ResolvedField[] } = {
  resolved: Object.entries(fields).map(([name, f]) => ({ ...f, name, column: name, key: name })),
};

export const passwordMessages = {
  tooShort: `New Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  mismatch: 'New Password and Confirm New Password do not match.',
  wrongCurrent: 'Current Password is incorrect.',
} as const;

/** Required, type and length checks; `values` holds the fields as strings when `errors` is empty. */
export function validatePasswordChange(input: Record<string, unknown>): ValidationResult {
  return validateRecord(passwordChangeForm, input);
}

/** The same checks, field → message (what the SPA checks before saving). */
export function passwordChangeErrors(values: Record<string, unknown>): Record<string, string> {
  return validatePasswordChange(values).errors;
}

/**
 * The rules a new password must meet beyond the form checks (the server applies them;
 * the SPA may show them). Returns field → message.
 */
export function newPasswordRuleErrors(values: Pick<PasswordChange, 'newPassword' | 'confirmNewPassword'>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = passwordMessages.tooShort;
  else if (values.newPassword !== values.confirmNewPassword) errors.confirmNewPassword = passwordMessages.mismatch;
  return errors;
}

/** The password policy alone, for passwords set outside the form (shell, ADMIN_PASSWORD). */
export function passwordPolicyProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password cannot exceed ${PASSWORD_MAX_LENGTH} characters.`;
  return undefined;
}
