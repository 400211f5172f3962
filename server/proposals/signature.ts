import { MAX_SIGNATURE_BYTES, MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from '../../src/domain/proposals';
import { decodePng, encodePng, flattenOnWhite } from '../company/pngCodec';
import { readHeader, SIGNATURE as PNG_SIGNATURE } from '../company/pngHeader';

const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
const PRINT_MAX_SIDE = 800;

export type SignatureProblem = string;

export const SIGNATURE_NOT_PNG = 'The signature is not a PNG image.';
export const SIGNATURE_UNREADABLE = 'The signature image cannot be read.';

export const signatureTooManyPixels = (width: number, height: number): SignatureProblem =>
  `The signature image is ${width} × ${height} pixels: a drawn signature is at most ${MAX_SIGNATURE_WIDTH} × ${MAX_SIGNATURE_HEIGHT} pixels.`;

/**
 * The checks of a drawn signature that cost next to nothing, made on the request's thread: a
 * PNG data URL of at most MAX_SIGNATURE_BYTES whose header (read alone, nothing inflated)
 * declares a canvas within the signature bounds. Its bytes → cleanSignaturePng (a worker's job).
 */
export function checkSignature(dataUrl: string): { png: Buffer } | { problem: SignatureProblem } {
  if (dataUrl.length > MAX_SIGNATURE_BYTES)
    return { problem: `The signature image is too large (at most ${MAX_SIGNATURE_BYTES / 1024} KB).` };
  const match = DATA_URL.exec(dataUrl);
  if (!match) return { problem: 'The signature must be a PNG image (a data:image/png;base64 URL).' };
  const png = Buffer.from(match[1], 'base64');
  if (!png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return { problem: SIGNATURE_NOT_PNG };
  let declared: { width: number; height: number };
  try {
    declared = readHeader(png);
  } catch {
    return { problem: SIGNATURE_UNREADABLE };
  }
  if (declared.width > MAX_SIGNATURE_WIDTH || declared.height > MAX_SIGNATURE_HEIGHT)
    return { problem: signatureTooManyPixels(declared.width, declared.height) };
  return { png };
}

/**
 * A checked signature as it will be kept and printed: decoded, flattened onto white and encoded
 * again (nothing of the upload but its pixels survives). A few tenths of a second at the bounds: it
 * runs on a heavy-work thread (server/work/heavyTasks.ts), never on the request's.
 */
export function cleanSignaturePng(png: Buffer): { image: string } | { problem: SignatureProblem } {
  try {
    const clean = encodePng(flattenOnWhite(decodePng(png, MAX_SIGNATURE_WIDTH * MAX_SIGNATURE_HEIGHT), PRINT_MAX_SIDE));
    return { image: `data:image/png;base64,${clean.toString('base64')}` };
  } catch {
    return { problem: SIGNATURE_UNREADABLE };
  }
}
