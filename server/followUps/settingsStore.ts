import { eq, sql } from 'drizzle-orm';
import type { FollowUpSettings } from '../../src/domain/followUps';
import { COMPANY_PROFILE_ID } from '../../src/schema/companyProfile';
import type { Db } from '../db/connection';
import { followUpSettings } from '../db/officeSettings';
import { companyFollowUps } from '../db/tables/company';
import { conflict } from '../errors';

export const FOLLOW_UPS_STALE = 'The follow-up settings were changed by someone else since you opened them: reload them and try again.';

/**
 * PUT /api/company/followUps: the whole settings with the version they were read at. The first
 * save (version 0) makes the row; a version that is no longer current is refused (409).
 */
export async function saveFollowUpSettings(db: Db, change: FollowUpSettings & { version: number }) {
  const { version, ...settings } = change;
  const saved = await db.transaction(async (tx) => {
    if (version === 0) {
      return tx
        .insert(companyFollowUps)
        .values({ id: COMPANY_PROFILE_ID, settings })
        .onConflictDoNothing()
        .returning({ id: companyFollowUps.id });
    }
    return tx
      .update(companyFollowUps)
      .set({ settings, version: sql`${companyFollowUps.version} + 1`, updatedAt: sql`now()` })
      .where(sql`${eq(companyFollowUps.id, COMPANY_PROFILE_ID)} AND ${companyFollowUps.version} = ${version}`)
      .returning({ id: companyFollowUps.id });
  });
  if (!saved.length) throw conflict(FOLLOW_UPS_STALE);
  return followUpSettings(db);
}
