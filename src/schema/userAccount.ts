/**
 * A user account as Settings › Users and `npm run user` create it, declared once for the SPA
 * and the server: the same fields, the same messages. Users are not a generated entity (their
 * passwords and tokens are the server's business), so this is a form declaration only.
 */
import { string, type FieldDef, type ResolvedField } from './defineEntity';
import { validateRecord, type ValidationResult } from './validate';

export const USERNAME_MAX = 100;
export const USER_NAME_MAX = 150;
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]*$/;
export const USERNAME_RULE = 'Usernames use letters, digits and . _ @ - (up to 100 characters).';
export const INVALID_USERNAME = `Invalid username: ${USERNAME_RULE.charAt(0).toLowerCase()}${USERNAME_RULE.slice(1)}`;

const fields: Record<string, FieldDef> = {
  username: string('Username', { required: true, max: USERNAME_MAX, messages: { invalid: INVALID_USERNAME } }),
  firstName: string('First Name', { required: true, max: USER_NAME_MAX }),
  lastName: string('Last Name', { required: true, max: USER_NAME_MAX }),
};

export interface NewUserAccount {
  username: string;
  firstName: string;
  lastName: string;
}

/** A user as Settings › Users lists them. */
export interface UserAccount extends NewUserAccount {
  id: number;
  active: boolean;
  /** ISO time of the last successful sign-in, or null. */
  lastSignInAt: string | null;
}

export const newUserForm: { resolved: ResolvedField[] } = {
  resolved: Object.entries(fields).map(([name, f]) => ({ ...f, name, column: name, key: name })),
};

/** Usernames are case-insensitive: stored, looked up and throttled in lower case. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function isValidUsername(normalized: string): boolean {
  return normalized.length <= USERNAME_MAX && USERNAME_PATTERN.test(normalized);
}

/**
 * The new user's fields checked and trimmed, the username in lower case; `errors` holds
 * field → message. What the form checks before saving and the server checks again.
 */
export function validateNewUser(input: Record<string, unknown>): ValidationResult {
  const { values, errors } = validateRecord(newUserForm, input);
  if (!errors.username) {
    const username = normalizeUsername(values.username as string);
    if (isValidUsername(username)) values.username = username;
    else errors.username = INVALID_USERNAME;
  }
  for (const name of ['firstName', 'lastName']) if (typeof values[name] === 'string') values[name] = (values[name] as string).trim();
  return { values, errors };
}

/** The same checks as a react-admin form validator. */
export function newUserErrors(values: Record<string, unknown>): Record<string, string> {
  return validateNewUser(values).errors;
}

/** Messages of the account rules (the server enforces them, the screen explains them). */
export const userAccountMessages = {
  disableSelf: 'You cannot disable your own account.',
  lastActive: 'At least one user must stay active.',
  resetSelf: 'Change your own password under User Settings.',
  disabled: 'This account is disabled. Ask a colleague to enable it.',
  notFound: 'User not found.',
} as const;
