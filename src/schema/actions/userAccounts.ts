/** Settings › Users (issue 35): accounts added, their passwords reset, disabled or enabled, their roles changed. */
import { z } from 'zod';
import { idSchema } from './answers';
import { defineAction } from './defineAction';
import { formBody } from './fields';
import {
  DEFAULT_ROLE,
  INVALID_ROLE,
  USER_NAME_MAX,
  USER_ROLES,
  USERNAME_MAX,
  roleLabels,
  validateNewUser,
  type NewUserAccount,
} from '../userAccount';

const TAG = 'Sign-in and users';
/** The accounts query of Settings › Users, refreshed by every change. */
export const USER_ACCOUNTS_QUERY = 'userAccounts';

const roleSchema = z
  .enum(USER_ROLES, { error: INVALID_ROLE })
  .describe(
    `${USER_ROLES.map((r) => `\`${r}\` (${roleLabels[r]})`).join(' or ')}: only an admin changes the office's settings and people.`,
  );

export const userAccountSchema = z
  .object({
    id: idSchema,
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleSchema,
    active: z.boolean(),
    lastSignInAt: z.string().meta({ format: 'date-time' }).nullable(),
  })
  .describe('A user account.');

const oneTimePassword = z
  .string()
  .describe('Shown once: hand it to the user, who must change it at sign-in before anything else (a one-time password).');

export const addUserAccount = defineAction({
  name: 'addUserAccount',
  method: 'POST',
  path: '/userAccounts',
  access: 'admin',
  tag: TAG,
  summary: 'Add a user',
  description: `The password is generated and answered once; \`role\` defaults to \`${DEFAULT_ROLE}\`.`,
  body: formBody<NewUserAccount>(
    validateNewUser,
    z.object({
      username: z.string().max(USERNAME_MAX),
      firstName: z.string().max(USER_NAME_MAX),
      lastName: z.string().max(USER_NAME_MAX),
      role: roleSchema.optional(),
    }),
  ),
  status: 201,
  answer: z.object({ id: idSchema, password: oneTimePassword, account: userAccountSchema }).describe('The new account and its password.'),
  errors: [409],
  invalidates: [USER_ACCOUNTS_QUERY],
});

export const resetUserPassword = defineAction({
  name: 'resetUserPassword',
  method: 'POST',
  path: '/userAccounts/:id/resetPassword',
  access: 'admin',
  tag: TAG,
  summary: "Reset a user's password",
  description: "Not one's own; the user's tokens stop working, and the new password is a one-time password.",
  status: 200,
  answer: z.object({ password: oneTimePassword }).describe('The new password.'),
  invalidates: [],
});

export const setUserActive = defineAction({
  name: 'setUserActive',
  method: 'PUT',
  path: '/userAccounts/:id/active',
  access: 'admin',
  tag: TAG,
  summary: 'Disable or enable a user',
  description: 'Not oneself, and never the last active user or the last active admin (409).',
  body: z.object({ active: z.boolean({ error: 'Active must be true or false.' }) }),
  status: 200,
  answer: userAccountSchema,
  errors: [409],
  invalidates: [USER_ACCOUNTS_QUERY],
});

export const setUserRole = defineAction({
  name: 'setUserRole',
  method: 'PUT',
  path: '/userAccounts/:id/role',
  access: 'admin',
  tag: TAG,
  summary: "Change a user's role",
  description: "Counts from the user's next request. The last active admin is never demoted (409).",
  body: z.object({ role: roleSchema }),
  status: 200,
  answer: userAccountSchema,
  errors: [409],
  invalidates: [USER_ACCOUNTS_QUERY],
});
