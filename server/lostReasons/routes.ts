import type { FastifyInstance } from 'fastify';
import { lostReasonMessages } from '../../src/domain/lostReasons';
import * as actions from '../../src/schema/actions/lostReasons';
import { registerAction } from '../actions/registerAction';
import { lostReasons, saveLostReasons } from '../db/officeSettings';
import type { RouteDoc } from '../openapi/routeDoc';

const docs = {
  get: {
    tag: actions.saveLostReasons.tag,
    summary: 'The lost reasons',
    responses: { 200: actions.saveLostReasons.answer },
  },
} satisfies Record<string, RouteDoc>;

/** Lost reasons (issue 39): Settings › Company › Lost reasons, read by every signed-in user, saved by admins. */
export async function lostReasonRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.get('/company/lostReasons', { config: { openapi: docs.get } }, () => lostReasons(db));
  registerAction(api, actions.saveLostReasons, async ({ body }) => {
    await saveLostReasons(db, body, lostReasonMessages.stale);
    return lostReasons(db);
  });
}
