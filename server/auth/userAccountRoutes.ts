import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as actions from '../../src/schema/actions/userAccounts';
import { registerAction } from '../actions/registerAction';
import { addUser, getAccount, listAccounts, resetPassword, setUserActive, setUserRole } from './userAdministration';
import type { RouteDoc } from '../openapi/routeDoc';

/** Where Settings › Users manages accounts (GET /api/users stays the salesperson list of SPEC §7). */
export const USER_ACCOUNTS_ROUTE = actions.addUserAccount.path;

const listDoc: RouteDoc = {
  tag: actions.addUserAccount.tag,
  summary: 'List user accounts',
  responses: { 200: z.array(actions.userAccountSchema).describe('Every account, by username.') },
};

/**
 * Settings › Users (beyond SPEC, so an office needs no shell to add a colleague): list, add
 * (the one-time password comes back once), reset a password, disable and enable, set the role.
 * The rules are those of `npm run user`: both call server/auth/users.ts. Everyone reads the
 * list; every change is an admin's (declared in src/schema/actions/userAccounts.ts).
 */
export async function userAccountRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get(USER_ACCOUNTS_ROUTE, { config: { openapi: listDoc } }, async () => listAccounts(db));

  registerAction(api, actions.addUserAccount, async ({ body }) => {
    // The password is always generated here: it is shown once, to be handed over.
    const { id, password } = await addUser(db, { ...body });
    return { id, password, account: await getAccount(db, id) };
  });

  registerAction(api, actions.resetUserPassword, async ({ ids, request }) => {
    const { password } = await resetPassword(db, ids.id, { actingUserId: request.user.id });
    return { password };
  });

  registerAction(api, actions.setUserActive, async ({ ids, body, request }) =>
    setUserActive(db, ids.id, body.active, { actingUserId: request.user.id }),
  );

  registerAction(api, actions.setUserRole, async ({ ids, body }) => setUserRole(db, ids.id, body.role));
}
