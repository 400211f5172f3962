/** Issue 42: what a photo is by its bytes, the words for sizes, the time it was taken, and an item's plan measure. */
import { describe, expect, it } from 'vitest';
import { formatBytes, PHOTO_MAX_BYTES, photoMessages, photoProblem, sniffPhoto } from '../../src/domain/photos';
import { parsePlanMeasure, planMeasureMessage, planMeasureWords } from '../../src/domain/planMeasure';
import { exifTakenAt, exifTime } from '../../server/photos/exifTime';
import { transferablesOf } from '../../server/work/transferables';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? Array.from(value, (c) => c.charCodeAt(0)) : [value])));

/** A little-endian TIFF block with DateTimeOriginal in its Exif directory, as sharp reports EXIF. */
function exifWith(time: string): Buffer {
  const tiff = Buffer.alloc(80);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4); // IFD0 at 8
  tiff.writeUInt16LE(1, 8); // one entry: the Exif IFD pointer
  tiff.writeUInt16LE(0x8769, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(26, 18); // Exif IFD at 26
  tiff.writeUInt16LE(1, 26);
  tiff.writeUInt16LE(0x9003, 28);
  tiff.writeUInt16LE(2, 30); // ASCII
  tiff.writeUInt32LE(20, 32);
  tiff.writeUInt32LE(44, 36); // the text at 44
  tiff.write(`${time}\0`, 44, 'latin1');
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

describe('photos by their bytes', () => {
  it('knows JPEG, PNG and WebP, and names HEIC, SVG and PDF, whatever the file is called', () => {
    expect(sniffPhoto(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
    expect(sniffPhoto(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffPhoto(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffPhoto(bytes(0, 0, 0, 24, 'ftypheic'))).toBe('heic');
    expect(sniffPhoto(bytes(0, 0, 0, 24, 'ftypmif1'))).toBe('heic');
    expect(sniffPhoto(bytes('%PDF-1.7'))).toBe('pdf');
    expect(sniffPhoto(bytes(0xef, 0xbb, 0xbf, '  <svg xmlns="http://www.w3.org/2000/svg">'))).toBe('svg');
    expect(sniffPhoto(bytes('<?xml version="1.0"?><svg>'))).toBe('svg');
    expect(sniffPhoto(bytes('GIF89a'))).toBeUndefined();
    expect(sniffPhoto(bytes())).toBeUndefined();
  });

  it('says what is wrong before anything is sent: empty, too large, HEIC, SVG, another kind', () => {
    const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0);
    expect(photoProblem(jpeg)).toBeUndefined();
    expect(photoProblem(new Uint8Array())).toBe(photoMessages.noFile);
    expect(photoProblem(jpeg, PHOTO_MAX_BYTES + 1)).toBe(photoMessages.tooLarge);
    expect(photoProblem(jpeg, PHOTO_MAX_BYTES)).toBeUndefined();
    expect(photoProblem(bytes(0, 0, 0, 24, 'ftypheic'))).toBe(photoMessages.heic);
    expect(photoProblem(bytes('<svg>'))).toBe(photoMessages.svg);
    expect(photoProblem(bytes('%PDF-1.4'))).toBe(photoMessages.wrongType);
    expect(photoMessages.heic).toBe("This photo is in HEIC format; choose 'Most Compatible' in the camera settings or export it as JPEG.");
  });

  it('says sizes as an office reads them', () => {
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(12_345)).toBe('12 KB');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(photoMessages.quotaFull(5 * 1024 ** 3)).toContain('(5 GB) is full');
  });
});

describe('the time a photo was taken', () => {
  it('reads DateTimeOriginal as the camera’s wall clock, and writes it back the same', () => {
    const taken = exifTakenAt(exifWith('2026:05:14 09:30:00'));
    expect(taken?.toISOString()).toBe('2026-05-14T09:30:00.000Z');
    expect(exifTime(taken!)).toBe('2026:05:14 09:30:00');
  });

  it('answers null for no EXIF, damaged EXIF and impossible dates', () => {
    expect(exifTakenAt(undefined)).toBeNull();
    expect(exifTakenAt(Buffer.from('Exif\0\0garbage-garbage'))).toBeNull();
    expect(exifTakenAt(exifWith('2026:02:30 09:30:00'))).toBeNull();
    expect(exifTakenAt(exifWith('0000:00:00 00:00:00'))).toBeNull();
    const cut = exifWith('2026:05:14 09:30:00').subarray(0, 30);
    expect(exifTakenAt(cut)).toBeNull();
  });
});

describe('an item’s plan measure', () => {
  it('keeps the shapes, their values to the hundredth and their total; a depth for a fill item', () => {
    const parsed = parsePlanMeasure({
      shapes: [
        { id: 'bed-1', name: 'Front bed', value: 1240.004 },
        { id: 'bed-2', name: 'Side bed', value: 310.5 },
      ],
      unit: 'sqft',
      total: 999,
      depthInches: 3,
    });
    expect(parsed).toEqual({
      value: {
        shapes: [
          { id: 'bed-1', name: 'Front bed', value: 1240 },
          { id: 'bed-2', name: 'Side bed', value: 310.5 },
        ],
        unit: 'sqft',
        total: 1550.5,
        depthInches: 3,
      },
    });
    expect(parsePlanMeasure(null)).toEqual({ value: null });
    expect(
      planMeasureWords({
        shapes: [
          { id: 'a', name: 'Front bed', value: 1240 },
          { id: 'b', name: 'Side bed', value: 310.5 },
        ],
        unit: 'sqft',
        total: 1550.5,
        depthInches: 3,
      }),
    ).toBe('Front bed, Side bed: 1,550.5 ft² at 3 in');
  });

  it('refuses anything else in one sentence', () => {
    const shape = { id: 'a', name: 'A', value: 1 };
    for (const raw of [
      'bed',
      { shapes: [], unit: 'sqft' },
      { shapes: [shape], unit: 'acres' },
      { shapes: [shape, shape], unit: 'ft' },
      { shapes: [{ ...shape, value: Number.NaN }], unit: 'ft' },
      { shapes: [{ ...shape, value: -1 }], unit: 'ft' },
      { shapes: [{ ...shape, id: 'x'.repeat(65) }], unit: 'ft' },
      { shapes: [shape], unit: 'sqft', depthInches: 0 },
      { shapes: [shape], unit: 'sqft', depthInches: '3' },
      { shapes: Array.from({ length: 101 }, (_, i) => ({ ...shape, id: `s${i}` })), unit: 'ft' },
    ]) {
      expect(parsePlanMeasure(raw), JSON.stringify(raw).slice(0, 60)).toEqual({ error: planMeasureMessage });
    }
  });
});

describe('moving a task’s bytes between threads', () => {
  it('moves large arrays that own their buffer, each once, and never a slice of a shared one', () => {
    const large = new Uint8Array(100_000);
    const shared = Buffer.alloc(200_000).subarray(0, 150_000);
    const small = new Uint8Array(10);
    expect(transferablesOf({ original: large, again: large, nested: { shared, small }, list: [large] })).toEqual([large.buffer]);
  });
});
