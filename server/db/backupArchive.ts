import { gunzipSync, gzipSync } from 'node:zlib';

const BLOCK = 512;

/** A NUL-terminated text field of a tar header. */
const field = (header: Buffer, start: number, length: number) => header.toString('latin1', start, start + length).replace(/\0[\s\S]*$/, '');

/**
 * A gzipped tar (PGlite's dumpDataDir) without the entries whose base name is in `names`:
 * what belongs to the running server, not to the data (its claim on the directory, a
 * pending backup request), is left out of backups. Ustar headers only, as PGlite writes them.
 */
export function withoutEntries(gzippedTar: Buffer, names: ReadonlySet<string>): Buffer {
  const tar = gunzipSync(gzippedTar);
  const kept: Buffer[] = [];
  let offset = 0;
  let dropped = false;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new Error('The backup archive is damaged.');
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const path = `${field(header, 345, 155)}/${field(header, 0, 100)}`;
    if (names.has(path.slice(path.lastIndexOf('/') + 1))) dropped = true;
    else kept.push(tar.subarray(offset, end));
    offset = end;
  }
  if (!dropped) return gzippedTar;
  kept.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(kept));
}
