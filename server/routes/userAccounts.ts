import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseId } from '../crud/registerEntityRoutes';
import { badRequest } from '../errors';
import { addUser, getAccount, listAccounts, resetPassword, setUserActive, setUserRole } from '../auth/userAdministration';
import { z } from 'zod';
import { DEFAULT_ROLE, USER_ROLES, newUserForm, roleLabels } from '../../src/schema/userAccount';
import type { RouteDoc } from '../openapi/routeDoc';
import { idParams, idSchema } from '../openapi/commonSchemas';
import { dateTime, formBodySchema } from '../openapi/entitySchemas';

/** Where Settings › Users manages accounts (GET /api/users stays the salesperson list of SPEC §7). */
export const USER_ACCOUNTS_ROUTE = '/userAccounts';

type IdParams = { Params: { id: string } };

function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

const TAG = 'Sign-in and users';

const roleSchema = z
  .enum(USER_ROLES)
  .describe(
    `${USER_ROLES.map((r) => `\`${r}\` (${roleLabels[r]})`).join(' or ')}: only an admin changes the office's settings and people.`,
  );

const account = z
  .object({
    id: idSchema,
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleSchema,
    active: z.boolean(),
    lastSignInAt: dateTime().nullable(),
  })
  .describe('A user account.');

const oneTimePassword = z
  .string()
  .describe('Shown once: hand it to the user, who must change it at sign-in before anything else (a one-time password).');

const docs = {
  list: { tag: TAG, summary: 'List user accounts', responses: { 200: z.array(account).describe('Every account, by username.') } },
  add: {
    tag: TAG,
    summary: 'Add a user',
    description: `The password is generated and answered once; \`role\` defaults to \`${DEFAULT_ROLE}\`.`,
    body: formBodySchema(newUserForm).extend({ role: roleSchema.optional() }),
    responses: { 201: z.object({ id: idSchema, password: oneTimePassword, account }).describe('The new account and its password.') },
    errors: [409],
  },
  resetPassword: {
    tag: TAG,
    summary: "Reset a user's password",
    description: "Not one's own; the user's tokens stop working, and the new password is a one-time password.",
    params: idParams,
    responses: { 200: z.object({ password: oneTimePassword }).describe('The new password.') },
  },
  setActive: {
    tag: TAG,
    summary: 'Disable or enable a user',
    description: 'Not oneself, and never the last active user or the last active admin (409).',
    params: idParams,
    body: z.object({ active: z.boolean() }),
    responses: { 200: account },
    errors: [409],
  },
  setRole: {
    tag: TAG,
    summary: "Change a user's role",
    description: "Counts from the user's next request. The last active admin is never demoted (409).",
    params: idParams,
    body: z.object({ role: roleSchema }),
    responses: { 200: account },
    errors: [409],
  },
} satisfies Record<string, RouteDoc>;

/**
 * Settings › Users (beyond SPEC, so an office needs no shell to add a colleague): list, add
 * (the one-time password comes back once), reset a password, disable and enable, set the role.
 * The rules are those of `npm run user`: both call server/auth/users.ts. Everyone reads the
 * list; every change is an admin's (`adminOnly`, checked by the auth plugin).
 */
export async function userAccountRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get(USER_ACCOUNTS_ROUTE, { config: { openapi: docs.list } }, async () => listAccounts(db));

  api.post(USER_ACCOUNTS_ROUTE, { config: { openapi: docs.add, adminOnly: true } }, async (request, reply) => {
    const { username, firstName, lastName, role } = bodyObject(request);
    // The password is always generated here: it is shown once, to be handed over.
    const { id, password } = await addUser(db, { username, firstName, lastName, role });
    return reply.status(201).send({ id, password, account: await getAccount(db, id) });
  });

  api.post<IdParams>(
    `${USER_ACCOUNTS_ROUTE}/:id/resetPassword`,
    { config: { openapi: docs.resetPassword, adminOnly: true } },
    async (request) => {
      const id = parseId(request.params.id, 'user id');
      const { password } = await resetPassword(db, id, { actingUserId: request.user.id });
      return { password };
    },
  );

  api.put<IdParams>(`${USER_ACCOUNTS_ROUTE}/:id/active`, { config: { openapi: docs.setActive, adminOnly: true } }, async (request) => {
    const id = parseId(request.params.id, 'user id');
    const { active } = bodyObject(request);
    if (typeof active !== 'boolean') throw badRequest('active must be true or false.');
    return setUserActive(db, id, active, { actingUserId: request.user.id });
  });

  api.put<IdParams>(`${USER_ACCOUNTS_ROUTE}/:id/role`, { config: { openapi: docs.setRole, adminOnly: true } }, async (request) => {
    const id = parseId(request.params.id, 'user id');
    return setUserRole(db, id, bodyObject(request).role);
  });
}
