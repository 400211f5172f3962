import { eq, sql } from 'drizzle-orm';
import { COMPANY_PROFILE_ID } from '../../src/schema/companyProfile';
import type { Db } from '../db/connection';
import { companyLogo } from '../db/tables/company';
import { conflict } from '../errors';
import { companyProfileExists, readLogoInfo, type LogoInfo } from './companyProfileStore';
import type { StoredLogo } from './logoCheck';

export async function readCompanyLogo(db: Db): Promise<StoredLogo | undefined> {
  const [row] = await db
    .select({ contentType: companyLogo.contentType, data: companyLogo.data })
    .from(companyLogo)
    .where(eq(companyLogo.companyID, COMPANY_PROFILE_ID));
  return row;
}

/** Replaces the logo (PUT /api/company/logo) with one checkLogo passed; the profile must have been saved first. */
export async function storeCompanyLogo(db: Db, logo: StoredLogo): Promise<LogoInfo> {
  if (!(await companyProfileExists(db))) throw conflict('Save the company profile before adding its logo.');
  await db
    .insert(companyLogo)
    .values({ companyID: COMPANY_PROFILE_ID, contentType: logo.contentType, data: logo.data })
    .onConflictDoUpdate({
      target: companyLogo.companyID,
      set: { contentType: logo.contentType, data: logo.data, updatedAt: sql`now()` },
    });
  return (await readLogoInfo(db))!;
}

export async function removeCompanyLogo(db: Db): Promise<void> {
  await db.delete(companyLogo).where(eq(companyLogo.companyID, COMPANY_PROFILE_ID));
}
