import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userDetailsForm, validateUserDetails, type UserDetails } from '../../src/schema/userAccount';
import { readUserDetails, saveUserDetails } from '../auth/users';
import { badRequest, formInvalid, HttpError } from '../errors';
import type { RouteDoc } from '../openapi/routeDoc';
import { formBodySchema } from '../openapi/entitySchemas';

/** Where a signed-in user reads and changes their own details. */
export const USER_DETAILS_ROUTE = '/users/me';

const details = z
  .object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable(), phone: z.string().nullable() })
  .describe("The user's name, and the email and phone clients reach them by (null: the company's are shown).");

const TAG = 'Sign-in and users';
const docs = {
  get: { tag: TAG, summary: 'Your details', responses: { 200: details } },
  put: {
    tag: TAG,
    summary: 'Change your details',
    description:
      "Name, email and phone: shown to clients as their contact on the proposals of the estimates they sell (else the company's). " +
      'A phone in any common shape is stored as (000) 000-0000.',
    body: formBodySchema(userDetailsForm),
    responses: { 200: details },
  },
} satisfies Record<string, RouteDoc>;

/** User Settings › Your details (issue 35: no proposal says "Your contact: Admin User"). */
export async function userDetailsRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const mine = async (userId: number) => {
    const found = await readUserDetails(db, userId);
    if (!found) throw new HttpError(404, 'User not found.');
    return found;
  };
  api.get(USER_DETAILS_ROUTE, { config: { openapi: docs.get } }, async (request) => mine(request.user.id));
  api.put(USER_DETAILS_ROUTE, { config: { openapi: docs.put } }, async (request) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
    const { values, errors } = validateUserDetails(body as Record<string, unknown>);
    if (Object.keys(errors).length) throw formInvalid(errors);
    await mine(request.user.id);
    return saveUserDetails(db, request.user.id, values as unknown as UserDetails);
  });
}
