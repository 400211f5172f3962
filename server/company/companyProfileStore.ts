import { eq, sql } from 'drizzle-orm';
import { COMPANY_PROFILE_ID, companyProfile } from '../../src/schema/companyProfile';
import type { Db } from '../db/connection';
import { companyLogo, companyProfile as profileTable } from '../db/tables/company';
import { checkedInsert } from '../db/tableFromEntity';
import { staleMessage } from '../../src/schema/validate';
import { findRecord, updateRecord, valuesToStore } from '../crud/records';
import { badRequest, conflict } from '../errors';

type Row = Record<string, unknown>;

export interface LogoInfo {
  contentType: string;
  size: number;
  updatedAt: Date;
}

/** GET /api/company: the profile's fields, its version, and what is known of its logo. */
export type CompanyProfileResponse = Row & { id: number; version: number; logo: LogoInfo | null };

/** Before the first save there is no row: the profile reads as blank (or its defaults: the target margin), at version 0. */
function blankProfile(): Row {
  const blank: Row = { id: COMPANY_PROFILE_ID, version: 0, createdAt: null, updatedAt: null };
  for (const field of companyProfile.resolved) blank[field.name] = field.defaultValue ?? null;
  return blank;
}

export async function readLogoInfo(db: Db): Promise<LogoInfo | null> {
  const [row] = await db
    .select({
      contentType: companyLogo.contentType,
      size: sql<number>`octet_length(${companyLogo.data})`,
      updatedAt: companyLogo.updatedAt,
    })
    .from(companyLogo)
    .where(eq(companyLogo.companyID, COMPANY_PROFILE_ID));
  return row ? { ...row, size: Number(row.size) } : null;
}

export async function readCompanyProfile(db: Db): Promise<CompanyProfileResponse> {
  const row = (await findRecord(db, companyProfile, COMPANY_PROFILE_ID)) ?? blankProfile();
  return { ...row, logo: await readLogoInfo(db) } as CompanyProfileResponse;
}

/** The company's name, shown with the From address of its mail. */
export async function companyName(db: Db): Promise<string | null> {
  const profile = await readCompanyProfile(db);
  return typeof profile.name === 'string' && profile.name.trim() ? profile.name.trim() : null;
}

function expectedVersion(body: Row): number {
  const given = body.version;
  if (given === undefined || given === null || given === '') {
    throw badRequest('The company profile must be sent with its version: reload it and try again.');
  }
  const version = typeof given === 'string' ? Number(given) : given;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) throw badRequest('Version is invalid.');
  return version;
}

/**
 * PUT /api/company: the whole profile with the version it was read at. The first save (version
 * 0) creates the row; a version that is no longer current is refused like any other record's.
 */
export async function saveCompanyProfile(db: Db, body: Row): Promise<CompanyProfileResponse> {
  const version = expectedVersion(body);
  const existing = await findRecord(db, companyProfile, COMPANY_PROFILE_ID);
  if (existing) {
    // Version 0 is the unsaved profile: someone saved it since this one was read.
    if (version === 0) throw conflict(staleMessage(companyProfile));
    await updateRecord(db, companyProfile, COMPANY_PROFILE_ID, { ...body, version });
  } else {
    const values = await valuesToStore(db, companyProfile, body);
    if (version !== 0) throw conflict(staleMessage(companyProfile));
    const inserted = await db
      .insert(profileTable)
      .values(checkedInsert(companyProfile, { ...values, id: COMPANY_PROFILE_ID }))
      .onConflictDoNothing()
      .returning({ id: profileTable.id });
    // Someone else saved the first version meanwhile.
    if (!inserted.length) throw conflict(staleMessage(companyProfile));
  }
  return readCompanyProfile(db);
}

/** Whether the profile has been saved (the logo belongs to a saved profile). */
export async function companyProfileExists(db: Db): Promise<boolean> {
  return Boolean(await findRecord(db, companyProfile, COMPANY_PROFILE_ID));
}
