import type { FastifyInstance } from 'fastify';
import * as actions from '../../src/schema/actions/sitePlans';
import { registerAction } from '../actions/registerAction';
import { readSitePlan, writeSitePlan } from './planStore';

/** A site's plan (issue 42): read and saved whole. */
export async function sitePlanRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  registerAction(api, actions.getSitePlan, async ({ ids }) => readSitePlan(db, ids.id));
  registerAction(api, actions.saveSitePlan, async ({ ids, body, request }) => writeSitePlan(db, ids.id, body, request.user?.id ?? null));
}
