import { and, eq, sql } from 'drizzle-orm';
import { OFFICE_TIME_ZONE } from '../../src/domain/constants';
import { DEFAULT_FOLLOW_UPS, type FollowUpSettings } from '../../src/domain/followUps';
import { DEFAULT_LOST_REASONS, type LostReason } from '../../src/domain/lostReasons';
import { calendarDateIn, isTimeZone } from '../../src/domain/officeDate';
import { COMPANY_PROFILE_ID } from '../../src/schema/companyProfile';
import type { Db } from './connection';
import { keptRead } from './keptReads';
import { companyProfile, officeSettings } from './tables/company';
import { conflict } from '../errors';

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

type Versioned<T> = T & { version: number };

/**
 * One of the office's settings (Settings › Company), read when a request needs it (kept on
 * PGlite until anything writes): what was saved over the defaults, with its version; the
 * defaults at version 0 before the first save.
 */
function readOfficeSetting<T extends object>(db: Db, key: string, defaults: T): Promise<Versioned<T>> {
  return keptRead(db, `officeSetting ${key}`, async () => {
    const [row] = await db.select().from(officeSettings).where(eq(officeSettings.key, key));
    return row ? { ...defaults, ...(row.value as Partial<T>), version: row.version } : { ...defaults, version: 0 };
  });
}

/**
 * Saves one of the office's settings whole, with the version it was read at: the first save
 * (version 0) makes its row; a version that is no longer current is refused (409 `staleMessage`).
 */
async function saveOfficeSetting<T extends object>(db: Db, key: string, value: T, version: number, staleMessage: string): Promise<void> {
  const stored = value as Record<string, unknown>;
  const saved =
    version === 0
      ? await db.insert(officeSettings).values({ key, value: stored }).onConflictDoNothing().returning({ key: officeSettings.key })
      : await db
          .update(officeSettings)
          .set({ value: stored, version: sql`${officeSettings.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(officeSettings.key, key), eq(officeSettings.version, version)))
          .returning({ key: officeSettings.key });
  if (!saved.length) throw conflict(staleMessage);
}

const FOLLOW_UPS = 'followUps';
const LOST_REASONS = 'lostReasons';

/** Settings › Company › Follow-ups as saved (with the version they were saved at), else the defaults at version 0. */
export const followUpSettings = (db: Db) => readOfficeSetting<FollowUpSettings>(db, FOLLOW_UPS, DEFAULT_FOLLOW_UPS);

export const saveFollowUpSettings = (db: Db, { version, ...settings }: Versioned<FollowUpSettings>, staleMessage: string) =>
  saveOfficeSetting(db, FOLLOW_UPS, settings, version, staleMessage);

/** Settings › Company › Lost reasons as saved (with their version), else the defaults at version 0. */
export const lostReasons = (db: Db) =>
  readOfficeSetting<{ reasons: LostReason[] }>(db, LOST_REASONS, { reasons: [...DEFAULT_LOST_REASONS] });

export const saveLostReasons = (db: Db, { version, reasons }: Versioned<{ reasons: LostReason[] }>, staleMessage: string) =>
  saveOfficeSetting(db, LOST_REASONS, { reasons }, version, staleMessage);
