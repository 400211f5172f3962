/**
 * Photos (issue 42) of a site, an estimate, a work area or a snow visit: JPEG, PNG or WebP,
 * recognised by their bytes, never by their name. The SPA checks before uploading; the server
 * checks again on the heavy-work threads and is the authority.
 */

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** What the file picker offers (a phone opens its camera too). */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** Pixels a photo may have, read from its header before anything is decoded (a 48 MP phone camera fits). */
export const PHOTO_MAX_PIXELS = 64_000_000;
/** Decoded bytes a photo may come to: its pixels at 8-bit RGBA (a 16-bit or deeper image with as many pixels is a decompression bomb). */
export const PHOTO_MAX_DECODED_BYTES = PHOTO_MAX_PIXELS * 4;
/** Photos in one upload. */
export const PHOTO_MAX_FILES = 20;
export const PHOTO_LARGE_SIDE = 2048;
export const PHOTO_THUMB_SIDE = 400;
/** A stored version's parts (server/db/tables/photos.ts photo_parts): about 30 ms each for the embedded database to write. */
export const PHOTO_PART_BYTES = 256 * 1024;
export const PHOTO_CAPTION_MAX = 200;
/** The office's room for photos, all versions counted, unless the server is told otherwise. */
export const DEFAULT_PHOTO_QUOTA_BYTES = 5 * 1024 ** 3;

export const PHOTO_VERSIONS = ['original', 'large', 'thumb'] as const;
export type PhotoVersion = (typeof PHOTO_VERSIONS)[number];

/** The records photos are attached to, by their API route. */
export const PHOTO_OWNERS = ['sites', 'estimates', 'workAreas', 'snowVisits'] as const;
export type PhotoOwner = (typeof PHOTO_OWNERS)[number];

export const photoMessages = {
  noFile: 'Choose one or more photos (JPEG, PNG or WebP).',
  tooManyFiles: `Upload at most ${PHOTO_MAX_FILES} photos at a time.`,
  heic: "This photo is in HEIC format; choose 'Most Compatible' in the camera settings or export it as JPEG.",
  svg: 'This file is an SVG drawing, not a photo: export it as PNG or JPEG.',
  wrongType: 'A photo must be a JPEG, PNG or WebP image.',
  polyglot:
    'This file is an image and something else at once (a web page, a script, a PDF or an archive inside it): export the photo again and upload that.',
  tooLarge: `A photo cannot exceed ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `A photo cannot exceed ${PHOTO_MAX_PIXELS / 1_000_000} million pixels.`,
  tooMuchImageData: `This photo holds too much image data once decoded (more than ${PHOTO_MAX_PIXELS / 1_000_000} million pixels at 8 bits per channel): save it with 8 bits per channel or fewer pixels.`,
  unreadable: 'This photo is damaged or incomplete: take or export it again.',
  uploadBroken: 'The upload was cut short or is not a form with files: try again.',
  quotaFull: (quotaBytes: number) =>
    `The office's room for photos (${formatBytes(quotaBytes)}) is full: delete photos that are no longer needed, or ask the administrator for more room.`,
  caption: `Caption must be one line of at most ${PHOTO_CAPTION_MAX} characters.`,
  order: 'Order must be a whole number from 0 to 10,000.',
  printOnProposal: 'Print on Proposal must be true or false.',
  sitePhotos: 'Photo IDs must be photos of the estimate’s site, each once.',
  planType: 'A plan must be a JPEG, PNG or WebP image or a PDF.',
  planPdf: 'The first page of this PDF could not be read: save it again as PDF, or upload an image of the plan.',
} as const;

/** "5 GB", "340 MB", "12 KB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 || Number.isInteger(value) ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** HEIF brands phones write (HEIC from iPhones, HEIF and AVIF-like containers). */
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif'];

export type SniffedPhoto = PhotoType | 'heic' | 'svg' | 'pdf' | undefined;

/** What the bytes are: one of the photo types, HEIC or SVG (refused with their own words), a PDF, or unknown. */
export function sniffPhoto(bytes: Uint8Array): SniffedPhoto {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.includes(ascii(bytes, 8, 12))) return 'heic';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  const head = ascii(bytes, 0, 512)
    .replace(/^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  return undefined;
}

/** Why a file cannot be a photo, by its first bytes (at least 512) and its size alone, or undefined. */
export function photoProblem(bytes: Uint8Array, size = bytes.length): string | undefined {
  if (size === 0) return photoMessages.noFile;
  if (size > PHOTO_MAX_BYTES) return photoMessages.tooLarge;
  const kind = sniffPhoto(bytes);
  if (kind === 'heic') return photoMessages.heic;
  if (kind === 'svg') return photoMessages.svg;
  if (!kind || kind === 'pdf') return photoMessages.wrongType;
  return undefined;
}

/** A photo as the API answers it (its bytes are at /api/photos/:id/{original|large|thumb}). */
export interface PhotoRecord {
  id: number;
  siteID: number | null;
  estimateID: number | null;
  workAreaID: number | null;
  snowVisitID: number | null;
  caption: string;
  order: number;
  printOnProposal: boolean;
  contentType: PhotoType;
  fileName: string;
  width: number;
  height: number;
  takenAt: string | null;
  bytes: number;
  createdAt: string;
  version: number;
}
