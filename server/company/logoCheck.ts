/**
 * Checking an uploaded logo (its type, size and pixels) and putting it in the form it is stored
 * and printed in. No database here: it runs on the heavy-work threads (server/work/).
 */
import { LOGO_MAX_PIXELS, logoMessages, logoProblem, sniffLogoType } from '../../src/domain/companyLogo';
import { renderPdf } from '../documents/pdfRenderer';
import { HttpError } from '../errors';
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
