import type { FastifyInstance } from 'fastify';
import * as actions from '../../src/schema/actions/account';
import { registerAction } from '../actions/registerAction';
import { readUserDetails, saveUserDetails } from './users';
import { HttpError } from '../errors';
import type { RouteDoc } from '../openapi/routeDoc';

/** Where a signed-in user reads and changes their own details. */
export const USER_DETAILS_ROUTE = actions.saveMyDetails.path;

const getDoc: RouteDoc = { tag: actions.saveMyDetails.tag, summary: 'Your details', responses: { 200: actions.userDetailsSchema } };

/** User Settings › Your details (issue 35: no proposal says "Your contact: Admin User"). */
export async function userDetailsRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const mine = async (userId: number) => {
    const found = await readUserDetails(db, userId);
    if (!found) throw new HttpError(404, 'User not found.');
    return found;
  };
  api.get(USER_DETAILS_ROUTE, { config: { openapi: getDoc } }, async (request) => mine(request.user.id));
  registerAction(api, actions.saveMyDetails, async ({ body, request }) => {
    await mine(request.user.id);
    return saveUserDetails(db, request.user.id, body);
  });
}
