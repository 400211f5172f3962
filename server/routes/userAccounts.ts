import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseId } from '../crud/registerEntityRoutes';
import { badRequest } from '../errors';
import { addUser, getAccount, listAccounts, resetPassword, setUserActive } from '../auth/users';

/** Where Settings › Users manages accounts (GET /api/users stays the salesperson list of SPEC §7). */
export const USER_ACCOUNTS_ROUTE = '/userAccounts';

type IdParams = { Params: { id: string } };

function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/**
 * Settings › Users (beyond SPEC, so an office needs no shell to add a colleague): list, add
 * (the one-time password comes back once), reset a password, disable and enable. The rules
 * are those of `npm run user`: both call server/auth/users.ts.
 */
export async function userAccountRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get(USER_ACCOUNTS_ROUTE, async () => listAccounts(db));

  api.post(USER_ACCOUNTS_ROUTE, async (request, reply) => {
    const { username, firstName, lastName } = bodyObject(request);
    // The password is always generated here: it is shown once, to be handed over.
    const { id, password } = await addUser(db, { username, firstName, lastName });
    return reply.status(201).send({ id, password, account: await getAccount(db, id) });
  });

  api.post<IdParams>(`${USER_ACCOUNTS_ROUTE}/:id/resetPassword`, async (request) => {
    const id = parseId(request.params.id, 'user id');
    const { password } = await resetPassword(db, id, { actingUserId: request.user.id });
    return { password };
  });

  api.put<IdParams>(`${USER_ACCOUNTS_ROUTE}/:id/active`, async (request) => {
    const id = parseId(request.params.id, 'user id');
    const { active } = bodyObject(request);
    if (typeof active !== 'boolean') throw badRequest('active must be true or false.');
    return setUserActive(db, id, active, { actingUserId: request.user.id });
  });
}
