import { eq, sql } from 'drizzle-orm';
import { logoMessages, logoProblem, sniffLogoType } from '../../src/domain/companyLogo';
import { COMPANY_PROFILE_ID } from '../../src/schema/companyProfile';
import type { Db } from '../db/connection';
import { companyLogo } from '../db/tables/company';
import { renderPdf } from '../documents/pdfRenderer';
import { conflict, HttpError } from '../errors';
import { companyProfileExists, readLogoInfo, type LogoInfo } from './companyProfileStore';

export interface StoredLogo {
  contentType: string;
  data: Buffer;
}

const logoRefused = (message: string) => new HttpError(400, message, { logo: message });

/** The logo as a data URL, the form in which documents embed it. */
export function logoDataUrl(logo: StoredLogo): string {
  return `data:${logo.contentType};base64,${logo.data.toString('base64')}`;
}

/**
 * A logo is accepted by its content: PNG or JPEG by its first bytes, at most 1 MB, and an image
 * the PDF renderer can actually draw (a damaged file with the right first bytes would otherwise
 * break every proposal later).
 */
export async function checkLogo(bytes: Buffer): Promise<StoredLogo> {
  const problem = logoProblem(bytes);
  if (problem) throw logoRefused(problem);
  const logo = { contentType: sniffLogoType(bytes)!, data: bytes };
  try {
    await renderPdf({ content: [{ image: logoDataUrl(logo), fit: [120, 64] }] });
  } catch {
    throw logoRefused(logoMessages.unreadable);
  }
  return logo;
}

export async function readCompanyLogo(db: Db): Promise<StoredLogo | undefined> {
  const [row] = await db
    .select({ contentType: companyLogo.contentType, data: companyLogo.data })
    .from(companyLogo)
    .where(eq(companyLogo.companyID, COMPANY_PROFILE_ID));
  return row;
}

/** Replaces the logo (PUT /api/company/logo); the profile must have been saved first. */
export async function storeCompanyLogo(db: Db, bytes: Buffer): Promise<LogoInfo> {
  const logo = await checkLogo(bytes);
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
