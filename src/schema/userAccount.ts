/**
 * A user account as Settings › Users and `npm run user` create it, declared once for the SPA
 * and the server: the same fields, the same messages. Users are not a generated entity (their
 * passwords and tokens are the server's business), so this is a form declaration only.
 */
import { string, type FieldDef, type ResolvedField } from './defineEntity';
import { validateRecord, type ValidationResult } from './validate';
import { EMAIL_MAX, isEmailAddress } from '../domain/emailAddress';
import { canonicalPhone, isMaskedPhone, PHONE_MESSAGE } from '../domain/phone';

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

/** Who may change the office's settings and people (admin) and who may not (staff). */
export const USER_ROLES = ['admin', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** A user added without a role (Settings › Users, `npm run user -- add` after the first) is staff. */
export const DEFAULT_ROLE: UserRole = 'staff';
export const roleLabels: Record<UserRole, string> = { admin: 'Administrator', staff: 'Staff' };
export const ROLE_LABEL = 'Role';
/** The roles as a select offers them. */
export const roleChoices = USER_ROLES.map((id) => ({ id, name: roleLabels[id] }));
export const INVALID_ROLE = `Role must be one of: ${USER_ROLES.join(', ')}.`;

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);
}

export interface NewUserAccount {
  username: string;
  firstName: string;
  lastName: string;
  /** Staff when not given. */
  role?: UserRole;
}

/** A user as Settings › Users lists them. */
export interface UserAccount extends NewUserAccount {
  id: number;
  role: UserRole;
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
  const role = input.role;
  if (role === undefined || role === null || role === '') values.role = DEFAULT_ROLE;
  else if (isUserRole(role)) values.role = role;
  else errors.role = INVALID_ROLE;
  return { values, errors };
}

/** Messages of the account rules (the server enforces them, the screen explains them). */
export const userAccountMessages = {
  disableSelf: 'You cannot disable your own account.',
  lastActive: 'At least one user must stay active.',
  lastAdmin: 'At least one active administrator must remain.',
  resetSelf: 'Change your own password under User Settings.',
  disabled: 'This account is disabled. Ask a colleague to enable it.',
  notFound: 'User not found.',
} as const;

/** Messages of what the roles and one-time passwords allow (the server refuses with them). */
export const accessMessages = {
  adminOnly: 'Only an administrator can change this.',
  /** Shown beside the office's settings to someone who may only read them. */
  readOnly: 'An administrator changes these settings.',
  mustChangePassword: 'Change your one-time password before going on.',
} as const;

/**
 * A user's own details (User Settings › Your details, issue 35): their name, and the email and
 * phone a client reaches them by when they are an estimate's salesperson — on the proposal, the
 * client's page and the mail's Reply-To. Without them a client sees the company's.
 */
export interface UserDetails {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export const USER_EMAIL_MESSAGE = 'Email must be an address such as name@example.com.';
export const USER_PHONE_MAX = 14;

const detailFields: Record<string, FieldDef> = {
  firstName: fields.firstName,
  lastName: fields.lastName,
  email: string('Email', { max: EMAIL_MAX }),
  phone: string('Phone', { max: USER_PHONE_MAX, canonical: canonicalPhone }),
};

export const userDetailsForm: { resolved: ResolvedField[]; check: (values: Record<string, unknown>) => Record<string, string> } = {
  resolved: Object.entries(detailFields).map(([name, f]) => ({ ...f, name, column: name, key: name })),
  check: ({ email, phone }) => ({
    ...(typeof email === 'string' && !isEmailAddress(email.trim()) ? { email: USER_EMAIL_MESSAGE } : {}),
    ...(typeof phone === 'string' && !isMaskedPhone(phone) ? { phone: PHONE_MESSAGE } : {}),
  }),
};

/** The details checked and trimmed, as the form checks them before saving and the server again. */
export function validateUserDetails(input: Record<string, unknown>): ValidationResult {
  const { values, errors } = validateRecord(userDetailsForm, input);
  for (const name of ['firstName', 'lastName', 'email'])
    if (typeof values[name] === 'string') values[name] = (values[name] as string).trim();
  return { values, errors };
}

export function userDetailsErrors(values: Record<string, unknown>): Record<string, string> {
  return validateUserDetails(values).errors;
}

/** Whether a user has told clients how to reach them (Getting started's first step). */
export function hasContactDetails(details: Pick<UserDetails, 'email'>): boolean {
  return Boolean(details.email);
}
