import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { lostReasonMessages, type LostReason } from '../../src/domain/lostReasons';
import * as actions from '../../src/schema/actions/lostReasons';
import { COMPANY_PROFILE_ID } from '../../src/schema/companyProfile';
import { registerAction } from '../actions/registerAction';
import type { Db } from '../db/connection';
import { lostReasons } from '../db/officeSettings';
import { companyLostReasons } from '../db/tables/company';
import { conflict } from '../errors';
import type { RouteDoc } from '../openapi/routeDoc';

const docs = {
  get: {
    tag: actions.saveLostReasons.tag,
    summary: 'The lost reasons',
    responses: { 200: actions.saveLostReasons.answer },
  },
} satisfies Record<string, RouteDoc>;

/**
 * PUT /api/company/lostReasons: the whole list with the version it was read at. The first save
 * (version 0) makes the row; a version that is no longer current is refused (409).
 */
async function saveLostReasons(db: Db, { reasons, version }: { reasons: LostReason[]; version: number }) {
  const saved = await db.transaction(async (tx) => {
    if (version === 0) {
      return tx
        .insert(companyLostReasons)
        .values({ id: COMPANY_PROFILE_ID, reasons })
        .onConflictDoNothing()
        .returning({ id: companyLostReasons.id });
    }
    return tx
      .update(companyLostReasons)
      .set({ reasons, version: sql`${companyLostReasons.version} + 1`, updatedAt: sql`now()` })
      .where(sql`${eq(companyLostReasons.id, COMPANY_PROFILE_ID)} AND ${companyLostReasons.version} = ${version}`)
      .returning({ id: companyLostReasons.id });
  });
  if (!saved.length) throw conflict(lostReasonMessages.stale);
  return lostReasons(db);
}

/** Lost reasons (issue 39): Settings › Company › Lost reasons, read by every signed-in user, saved by admins. */
export async function lostReasonRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.get('/company/lostReasons', { config: { openapi: docs.get } }, () => lostReasons(db));
  registerAction(api, actions.saveLostReasons, async ({ body }) => saveLostReasons(db, body));
}
