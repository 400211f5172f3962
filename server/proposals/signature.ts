import { MAX_SIGNATURE_BYTES } from '../../src/domain/proposals';
import { decodePng, encodePng, flattenOnWhite } from '../company/pngCodec';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
/** A signature pad's canvas is small; this bounds the decoding work. */
const MAX_PIXELS = 4_000_000;
const PRINT_MAX_SIDE = 800;

export type SignatureProblem = string;

/**
 * A drawn signature as it will be kept and printed: a PNG data URL of at most
 * MAX_SIGNATURE_BYTES whose bytes really are a PNG that decodes, flattened onto white and
 * encoded again (nothing of the upload but its pixels survives). A problem → its message.
 */
export function cleanSignature(dataUrl: string): { image: string } | { problem: SignatureProblem } {
  if (dataUrl.length > MAX_SIGNATURE_BYTES)
    return { problem: `The signature image is too large (at most ${MAX_SIGNATURE_BYTES / 1024} KB).` };
  const match = DATA_URL.exec(dataUrl);
  if (!match) return { problem: 'The signature must be a PNG image (a data:image/png;base64 URL).' };
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return { problem: 'The signature is not a PNG image.' };
  }
  try {
    const png = encodePng(flattenOnWhite(decodePng(bytes, MAX_PIXELS), PRINT_MAX_SIDE));
    return { image: `data:image/png;base64,${png.toString('base64')}` };
  } catch {
    return { problem: 'The signature image cannot be read.' };
  }
}
