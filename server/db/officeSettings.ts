import { eq } from 'drizzle-orm';
import { OFFICE_TIME_ZONE } from '../../src/domain/constants';
import { DEFAULT_FOLLOW_UPS, type FollowUpSettings } from '../../src/domain/followUps';
import { DEFAULT_LOST_REASONS, type LostReason } from '../../src/domain/lostReasons';
import { calendarDateIn, isTimeZone } from '../../src/domain/officeDate';
import { COMPANY_PROFILE_ID } from '../../src/schema/companyProfile';
import type { Db } from './connection';
import { keptRead } from './keptReads';
import { companyFollowUps, companyLostReasons, companyProfile } from './tables/company';

/**
 * The office's time zone (Settings › Company, issue 39), read when a request needs it (kept on
 * PGlite until anything writes): a change on one server counts on the others at once. The
 * default before the profile is saved, or should the machine no longer know the stored name.
 */
export function officeTimeZone(db: Db): Promise<string> {
  return keptRead(db, 'officeTimeZone', async () => {
    const [row] = await db
      .select({ timeZone: companyProfile.timeZone })
      .from(companyProfile)
      .where(eq(companyProfile.id, COMPANY_PROFILE_ID));
    return row && isTimeZone(row.timeZone) ? row.timeZone : OFFICE_TIME_ZONE;
  });
}

/** The office's calendar day at `now` (ms), in its time zone. */
export async function officeToday(db: Db, now: number): Promise<string> {
  return calendarDateIn(await officeTimeZone(db), new Date(now));
}

/** Settings › Company › Follow-ups as saved (with the version they were saved at), else the defaults at version 0. */
export async function followUpSettings(db: Db): Promise<FollowUpSettings & { version: number }> {
  return keptRead(db, 'followUpSettings', async () => {
    const [row] = await db.select().from(companyFollowUps).where(eq(companyFollowUps.id, COMPANY_PROFILE_ID));
    return row ? { ...DEFAULT_FOLLOW_UPS, ...row.settings, version: row.version } : { ...DEFAULT_FOLLOW_UPS, version: 0 };
  });
}

/** Settings › Company › Lost reasons as saved (with their version), else the defaults at version 0. */
export async function lostReasons(db: Db): Promise<{ reasons: LostReason[]; version: number }> {
  return keptRead(db, 'lostReasons', async () => {
    const [row] = await db.select().from(companyLostReasons).where(eq(companyLostReasons.id, COMPANY_PROFILE_ID));
    return row ? { reasons: row.reasons, version: row.version } : { reasons: [...DEFAULT_LOST_REASONS], version: 0 };
  });
}
