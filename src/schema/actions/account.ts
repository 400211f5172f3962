/** Signing in, and what a user changes of their own account (SPEC §7, User Settings). */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, validatePasswordChange, type PasswordChange } from '../passwordChange';
import { USER_NAME_MAX, USER_PHONE_MAX, validateUserDetails, type UserDetails } from '../userAccount';
import { EMAIL_MAX } from '../../domain/emailAddress';
import { requiredMessage } from '../validate';
import { defineAction } from './defineAction';
import { formBody } from './fields';

const TAG = 'Sign-in and users';
export const INVALID_LOGIN = 'Invalid username or password.';

/** Given and not blank, with the field's "is required." otherwise. */
const given = (label: string, blank: (value: string) => boolean) =>
  z.string({ error: requiredMessage({ label }) }).refine((value) => !blank(value), { error: requiredMessage({ label }) });

export const signIn = defineAction({
  name: 'signIn',
  method: 'POST',
  path: '/login',
  access: 'public',
  tag: TAG,
  summary: 'Sign in',
  description:
    `A wrong username or password answers 401 "${INVALID_LOGIN}"; repeated failures are throttled per account and client (429). ` +
    'A success sets an HttpOnly device cookie (Path=/api/login): while the account is throttled, a sign-in carrying it is still checked, ' +
    'and its failures count against that device only. One client address has at most one password check running and two waiting ' +
    '(beyond that 429 with Retry-After); a full queue of all clients answers 503.',
  body: z.object({
    username: given('Username', (value) => value.trim() === ''),
    password: given('Password', (value) => value === ''),
  }),
  status: 200,
  answer: z
    .object({
      token: z.string().describe('HS256 JWT: send it as Authorization: Bearer <token>.'),
      mustChangePassword: z
        .boolean()
        .describe(
          'True after signing in with a one-time password (a new account, a reset): every route but PUT /api/users/password answers 403 until it is changed.',
        ),
    })
    .describe('Signed in.'),
  errors: [401, 429, 503],
  invalidates: [],
});

export const changePassword = defineAction({
  name: 'changePassword',
  method: 'PUT',
  path: '/users/password',
  access: 'user',
  beforePasswordChange: true,
  tag: TAG,
  summary: 'Change my password',
  description:
    'Answers with a fresh token in x-auth-token; the older tokens of the user stop working. The one route open to a user who signed in with a one-time password, which this replaces.',
  body: formBody<PasswordChange>(
    validatePasswordChange,
    z.object({
      currentPassword: z.string(),
      newPassword: z.string().max(PASSWORD_MAX_LENGTH),
      confirmNewPassword: z.string(),
    }),
  ),
  status: 200,
  answer: z.object({ message: z.string() }).describe('Password updated.'),
  errors: [429, 503],
  invalidates: [],
});

export const userDetailsSchema = z
  .object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
  .describe("The user's name, and the email and phone clients reach them by (null: the company's are shown).");

export const saveMyDetails = defineAction({
  name: 'saveMyDetails',
  method: 'PUT',
  path: '/users/me',
  access: 'user',
  tag: TAG,
  summary: 'Change your details',
  description:
    "Name, email and phone: shown to clients as their contact on the proposals of the estimates they sell (else the company's). " +
    'A phone in any common shape is stored as (000) 000-0000.',
  body: formBody<UserDetails>(
    validateUserDetails,
    z.object({
      firstName: z.string().max(USER_NAME_MAX),
      lastName: z.string().max(USER_NAME_MAX),
      email: z.string().max(EMAIL_MAX).nullable().optional(),
      phone: z.string().max(USER_PHONE_MAX).nullable().optional(),
    }),
  ),
  status: 200,
  answer: userDetailsSchema,
  invalidates: [],
});
