import { createInflateRaw } from 'node:zlib';
import { badRequest } from '../../errors';
import { NOT_A_WORKBOOK } from '../importLimits';

/** One file of a ZIP, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** What the archive says the file inflates to: a claim, checked again while inflating. */
  declaredSize: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX_32 = 0xffffffff;

const unreadable = () => badRequest(NOT_A_WORKBOOK);

/** The end-of-directory record: the last signature in the final 64 KB (the comment may follow it). */
function endOfDirectory(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw unreadable();
}

/** ZIP64 sizes and offset, present in the extra field for each value the header gives as 0xFFFFFFFF. */
function zip64Values(extra: Buffer, wanted: { declaredSize: boolean; compressedSize: boolean; offset: boolean }) {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size) throw unreadable();
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      return {
        declaredSize: wanted.declaredSize ? next() : undefined,
        compressedSize: wanted.compressedSize ? next() : undefined,
        offset: wanted.offset ? next() : undefined,
      };
    }
    at += 4 + size;
  }
  throw unreadable();
}

/** The archive's files by name, from its central directory alone: nothing is inflated. */
export function readZipDirectory(zip: Buffer): Map<string, ZipEntry> {
  const end = endOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (at >= end) throw unreadable();
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw unreadable();
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength > end) throw unreadable();
    let compressedSize = zip.readUInt32LE(at + 20);
    let declaredSize = zip.readUInt32LE(at + 24);
    let localHeaderOffset = zip.readUInt32LE(at + 42);
    if (compressedSize === MAX_32 || declaredSize === MAX_32 || localHeaderOffset === MAX_32) {
      const wide = zip64Values(zip.subarray(nameEnd, nameEnd + extraLength), {
        declaredSize: declaredSize === MAX_32,
        compressedSize: compressedSize === MAX_32,
        offset: localHeaderOffset === MAX_32,
      });
      declaredSize = wide.declaredSize ?? declaredSize;
      compressedSize = wide.compressedSize ?? compressedSize;
      localHeaderOffset = wide.offset ?? localHeaderOffset;
    }
    // Names are UTF-8 when flag 11 says so, else code page 437; an XLSX's part names are ASCII either way.
    const name = zip.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, nameEnd);
    entries.set(name, {
      name,
      method: zip.readUInt16LE(at + 10),
      encrypted: (flags & 1) === 1,
      compressedSize,
      declaredSize,
      localHeaderOffset,
    });
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/** The entry's compressed bytes, found through its local header (whose own sizes may be zero). */
function compressedBytes(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) throw unreadable();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw unreadable();
  return zip.subarray(start, start + entry.compressedSize);
}

/** Compressed input fed this much at a time: one slice inflates to 16 MB at most (deflate's 1032:1). */
const INPUT_SLICE = 16 * 1024;

/**
 * Inflates an entry piece by piece into `onChunk`, refusing with `tooLarge` when it declares, or
 * turns out to inflate to, more than `maxBytes`: the inflated file is never whole in memory,
 * and a lying archive is stopped at the first byte past the limit. `onChunk` may throw to stop.
 */
export async function inflateEntry(
  zip: Buffer,
  entry: ZipEntry,
  { maxBytes, tooLarge }: { maxBytes: number; tooLarge: string },
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) throw unreadable();
  if (entry.declaredSize > maxBytes) throw badRequest(tooLarge);
  const input = compressedBytes(zip, entry);
  if (entry.method === 0) {
    if (input.length > maxBytes) throw badRequest(tooLarge);
    for (let at = 0; at < input.length; at += 64 * 1024) onChunk(input.subarray(at, at + 64 * 1024));
    return;
  }
  const inflater = createInflateRaw();
  let inflated = 0;
  let failure: unknown;
  const stop = (error: unknown) => {
    failure ??= error;
    inflater.destroy();
  };
  const ended = new Promise<void>((resolve, reject) => {
    inflater.on('data', (chunk: Buffer) => {
      if (failure) return;
      inflated += chunk.length;
      if (inflated > maxBytes) return stop(badRequest(tooLarge));
      try {
        onChunk(chunk);
      } catch (error) {
        stop(error);
      }
    });
    inflater.on('end', resolve);
    inflater.on('close', () => (failure ? reject(failure) : resolve()));
    inflater.on('error', (error) => reject(failure ?? unreadableFrom(error)));
  });
  ended.catch(() => undefined);
  for (let at = 0; at < input.length && !failure; at += INPUT_SLICE) {
    const slice = input.subarray(at, at + INPUT_SLICE);
    // A stop destroys the inflater, after which a write may never call back: the end settles it.
    await Promise.race([new Promise<void>((resolve) => inflater.write(slice, () => resolve())), ended.catch(() => undefined)]);
  }
  if (!failure) inflater.end();
  await ended;
}

const unreadableFrom = (error: unknown) => (error instanceof Error && 'statusCode' in error ? error : unreadable());
