import { eq, sql } from 'drizzle-orm';
import { LOGO_MAX_PIXELS, logoMessages, logoProblem, sniffLogoType } from '../../src/domain/companyLogo';
import { COMPANY_PROFILE_ID } from '../../src/schema/companyProfile';
import type { Db } from '../db/connection';
import { companyLogo } from '../db/tables/company';
import { renderPdf } from '../documents/pdfRenderer';
import { conflict, HttpError } from '../errors';
import { companyProfileExists, readLogoInfo, type LogoInfo } from './companyProfileStore';
import { JpegError, JpegTooLargeError, readJpegFrame } from './jpegHeader';
import { PngDataTooLargeError, PngTooLargeError, decodePng, encodePng, flattenOnWhite } from './pngCodec';

export interface StoredLogo {
  contentType: string;
  data: Buffer;
}

const logoRefused = (message: string) => new HttpError(400, message, { logo: message });

/** Printed at most 120 pt wide: 600 px is 300 dpi and more. */
export const LOGO_PRINT_MAX_SIDE = 600;

/**
 * A PNG as it will be printed: flattened onto white and scaled down to LOGO_PRINT_MAX_SIDE, once,
 * here. The PDF renderer then copies it into each document as it is; a transparent or
 * interlaced PNG would otherwise be decoded again for every proposal (a second or more for a
 * large one).
 */
function printablePng(bytes: Buffer): Buffer {
  try {
    return encodePng(flattenOnWhite(decodePng(bytes, LOGO_MAX_PIXELS), LOGO_PRINT_MAX_SIDE));
  } catch (error) {
    throw logoRefused(
      error instanceof PngTooLargeError
        ? logoMessages.tooManyPixels
        : error instanceof PngDataTooLargeError
          ? logoMessages.tooMuchImageData
          : logoMessages.unreadable,
    );
  }
}

/**
 * A JPEG is stored and printed as it came, so its frame size is read from its header and held
 * to the same cap as a PNG's, and a truncated file is refused (no decoding happens here).
 */
function checkedJpeg(bytes: Buffer): Buffer {
  try {
    readJpegFrame(bytes, LOGO_MAX_PIXELS);
    return bytes;
  } catch (error) {
    if (!(error instanceof JpegError)) throw error;
    throw logoRefused(error instanceof JpegTooLargeError ? logoMessages.tooManyPixels : logoMessages.unreadable);
  }
}

/** The logo as a data URL, the form in which documents embed it. */
export function logoDataUrl(logo: StoredLogo): string {
  return `data:${logo.contentType};base64,${logo.data.toString('base64')}`;
}

/**
 * A logo is accepted by its content: PNG or JPEG by its first bytes, at most 1 MB, and an image
 * the PDF renderer can actually draw (a damaged file with the right first bytes would otherwise
 * break every proposal later). A PNG is stored in its printable form (printablePng); a JPEG as
 * it came, once its header is checked (checkedJpeg).
 */
export async function checkLogo(bytes: Buffer): Promise<StoredLogo> {
  const problem = logoProblem(bytes);
  if (problem) throw logoRefused(problem);
  const contentType = sniffLogoType(bytes)!;
  const logo = { contentType, data: contentType === 'image/png' ? printablePng(bytes) : checkedJpeg(bytes) };
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
