/**
 * The company logo printed on every proposal (beyond SPEC): a PNG or JPEG of at most 1 MB,
 * recognised by its content, never by its name or declared type. The SPA checks before
 * uploading; the server checks again and is the authority.
 */

export const LOGO_MAX_BYTES = 1024 * 1024;

/** Pixels a PNG or JPEG logo may have (read from its header, before anything is decoded). */
export const LOGO_MAX_PIXELS = 4000 * 4000;

export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const logoMessages = {
  missing: 'Choose a PNG or JPEG image for the logo.',
  wrongType: 'The logo must be a PNG or JPEG image.',
  tooLarge: 'The logo cannot exceed 1 MB.',
  unreadable: 'The logo image is damaged or in a form that cannot be printed.',
  tooManyPixels: 'The logo cannot exceed 16 million pixels (4000 × 4000).',
  tooMuchImageData:
    'The logo holds too much image data once decoded (more than 16 million pixels at 8 bits per channel). Save it with 8 bits per channel or fewer pixels.',
} as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type by its first bytes (PNG signature, JPEG start-of-image marker), or undefined. */
export function sniffLogoType(bytes: Uint8Array): LogoType | undefined {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** What is wrong with these bytes as a logo (by content and size), or undefined when they will do. */
export function logoProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return logoMessages.missing;
  if (bytes.length > LOGO_MAX_BYTES) return logoMessages.tooLarge;
  if (!sniffLogoType(bytes)) return logoMessages.wrongType;
  return undefined;
}
