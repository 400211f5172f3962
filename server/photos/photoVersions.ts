/**
 * A photo made ready to keep (issue 42), on a heavy-work thread: its kind checked from its bytes,
 * its pixels from its header before anything is decoded, its EXIF orientation applied, every
 * piece of metadata dropped but the time it was taken, and the three versions made: the
 * original re-encoded in its own format, `large` (JPEG, at most 2,048 px) and `thumb` (JPEG, at
 * most 400 px). sharp does the work in libvips, outside the JavaScript heap.
 */
import type { Metadata, Sharp } from 'sharp';
import {
  PHOTO_LARGE_SIDE,
  PHOTO_MAX_DECODED_BYTES,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_THUMB_SIDE,
  photoMessages,
  photoProblem,
  sniffPhoto,
  type PhotoType,
} from '../../src/domain/photos';
import { HttpError } from '../errors';
import { exifTakenAt, exifTime } from './exifTime';
import { imageEngine, type ImageEngine } from '../work/imageEngine';

export interface PhotoVersions {
  contentType: PhotoType;
  width: number;
  height: number;
  largeWidth: number;
  largeHeight: number;
  takenAt: Date | null;
  original: Buffer;
  large: Buffer;
  thumb: Buffer;
}

export const photoRefused = (message: string) => new HttpError(400, message, { file: message });

/**
 * Markers of another kind of file hidden in an image: a page or script a browser would run, a
 * PDF, or an archive whose directory sits at the end (what a "GIFAR"-style polyglot is).
 */
const FOREIGN_MARKERS = ['<script', '<html', '<?php', '<svg', '<iframe', 'javascript:'];

function isPolyglot(bytes: Buffer): boolean {
  const text = bytes.toString('latin1').toLowerCase();
  if (FOREIGN_MARKERS.some((marker) => text.includes(marker))) return true;
  if (bytes.subarray(0, 1024).includes('%PDF-')) return true;
  const tail = bytes.subarray(Math.max(0, bytes.length - 65_557));
  return tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
}

const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

const decoder = (sharp: ImageEngine, bytes: Buffer) => sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'truncated' });

const print = (image: Sharp, side: number, quality: number) =>
  image
    .clone()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });

function reencoded(image: Sharp, type: PhotoType, takenAt: Date | null): Promise<Buffer> {
  const kept = image.clone();
  if (takenAt) {
    const time = exifTime(takenAt);
    kept.withExif({ IFD0: { DateTime: time }, IFD2: { DateTimeOriginal: time } });
  }
  if (type === 'image/png') return kept.png({ compressionLevel: 9 }).toBuffer();
  if (type === 'image/webp') return kept.webp({ quality: 92 }).toBuffer();
  return kept.jpeg({ quality: 92 }).toBuffer();
}

export async function photoVersions(bytes: Buffer): Promise<PhotoVersions> {
  const problem = photoProblem(bytes);
  if (problem) throw photoRefused(problem);
  if (isPolyglot(bytes)) throw photoRefused(photoMessages.polyglot);
  const contentType = sniffPhoto(bytes) as PhotoType;
  const sharp = await imageEngine();
  let metadata: Metadata;
  try {
    // The header alone (no pixel is decoded here): the checks below say what is too large, in words.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw photoRefused(photoMessages.unreadable);
  }
  if (!metadata.width || !metadata.height) throw photoRefused(photoMessages.unreadable);
  const pixels = metadata.width * metadata.height;
  if (pixels > PHOTO_MAX_PIXELS || (metadata.pages ?? 1) > 1) throw photoRefused(photoMessages.tooManyPixels);
  if (pixels * (metadata.channels ?? 4) * (BYTES_PER_SAMPLE[metadata.depth ?? 'uchar'] ?? 2) > PHOTO_MAX_DECODED_BYTES) {
    throw photoRefused(photoMessages.tooMuchImageData);
  }
  const takenAt = exifTakenAt(metadata.exif);
  try {
    // rotate() with no angle applies the EXIF orientation; nothing of the input's metadata is kept.
    const oriented = decoder(sharp, bytes).rotate();
    const [original, large, thumb] = await Promise.all([
      reencoded(oriented, contentType, takenAt),
      print(oriented, PHOTO_LARGE_SIDE, 82),
      print(oriented, PHOTO_THUMB_SIDE, 75),
    ]);
    if (original.length > PHOTO_MAX_BYTES * 1.5) throw photoRefused(photoMessages.tooLarge);
    const { width, height } = await sharp(original).metadata();
    return {
      contentType,
      width: width!,
      height: height!,
      largeWidth: large.info.width,
      largeHeight: large.info.height,
      takenAt,
      original,
      large: large.data,
      thumb: thumb.data,
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw photoRefused(photoMessages.unreadable);
  }
}

/** The first page of a PDF plan as a PNG a plan is drawn over (pdf.js with its Node canvas). */
export async function pdfFirstPage(bytes: Buffer): Promise<Buffer> {
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const shot = await parser.getScreenshot({ first: 1, desiredWidth: PHOTO_LARGE_SIDE, imageDataUrl: false, imageBuffer: true });
    const page = shot.pages[0];
    if (!page?.data?.length) throw photoRefused(photoMessages.planPdf);
    return Buffer.from(page.data);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, photoMessages.planPdf, { file: photoMessages.planPdf });
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}
