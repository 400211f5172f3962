/**
 * The time a photo was taken, read from its EXIF block as sharp hands it over ("Exif\0\0" and a
 * TIFF structure): DateTimeOriginal (0x9003) in the Exif sub-directory, else DateTime (0x0132).
 * EXIF times carry no zone; they are the camera's wall clock, kept as such (read as UTC) so that
 * a photo shows the time its taker saw. Anything malformed answers null: a photo without a
 * readable time is still a photo.
 */
const EXIF_IFD_POINTER = 0x8769;
const DATE_TIME_ORIGINAL = 0x9003;
const DATE_TIME = 0x0132;
const ASCII = 2;

interface Tiff {
  bytes: Buffer;
  little: boolean;
}

const u16 = (tiff: Tiff, at: number) => (tiff.little ? tiff.bytes.readUInt16LE(at) : tiff.bytes.readUInt16BE(at));
const u32 = (tiff: Tiff, at: number) => (tiff.little ? tiff.bytes.readUInt32LE(at) : tiff.bytes.readUInt32BE(at));

/** The entries of the directory at `offset`: tag → [type, count, value or offset]. */
function directory(tiff: Tiff, offset: number): Map<number, [number, number, number]> {
  const entries = new Map<number, [number, number, number]>();
  if (offset + 2 > tiff.bytes.length) return entries;
  const count = Math.min(u16(tiff, offset), 500);
  for (let index = 0; index < count; index += 1) {
    const at = offset + 2 + index * 12;
    if (at + 12 > tiff.bytes.length) break;
    entries.set(u16(tiff, at), [u16(tiff, at + 2), u32(tiff, at + 4), at + 8]);
  }
  return entries;
}

function text(tiff: Tiff, entry: [number, number, number] | undefined): string | null {
  if (!entry || entry[0] !== ASCII || entry[1] < 19 || entry[1] > 64) return null;
  const start = entry[1] > 4 ? u32(tiff, entry[2]) : entry[2];
  if (start + 19 > tiff.bytes.length) return null;
  return tiff.bytes.toString('latin1', start, start + 19);
}

function instant(value: string | null): Date | null {
  const match = value && /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const valid = year >= 1900 && year <= 9999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid && hour < 24 && minute < 60 && second < 60 ? date : null;
}

export function exifTakenAt(exif: Buffer | undefined): Date | null {
  if (!exif || exif.length < 14) return null;
  try {
    const start = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0;
    const bytes = exif.subarray(start);
    const order = bytes.toString('latin1', 0, 2);
    if (order !== 'II' && order !== 'MM') return null;
    const tiff = { bytes, little: order === 'II' };
    const main = directory(tiff, u32(tiff, 4));
    const pointer = main.get(EXIF_IFD_POINTER);
    const sub = pointer ? directory(tiff, u32(tiff, pointer[2])) : new Map();
    return instant(text(tiff, sub.get(DATE_TIME_ORIGINAL))) ?? instant(text(tiff, main.get(DATE_TIME)));
  } catch {
    return null;
  }
}

/** An EXIF time again ("2026:05:14 09:30:00"), as sharp writes it into the stored original. */
export const exifTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');
