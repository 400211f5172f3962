/**
 * PNGs of every colour type, depth and interlacing, written plainly (filter 0 on every row) to
 * test the logo's PNG reader against pixels known in advance.
 */
import { crc32, deflateSync } from 'node:zlib';
import { ADAM7 } from '../../server/company/pngCodec';

export interface PngSpec {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  depth: 1 | 2 | 4 | 8 | 16;
  interlaced?: boolean;
  palette?: [number, number, number][];
  transparency?: Buffer;
  /** The samples of a pixel, at the PNG's depth (an index for palette images). */
  pixel: (x: number, y: number) => number[];
}

export function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

function packRow(samples: number[], depth: number): Buffer {
  if (depth === 16) {
    const row = Buffer.alloc(samples.length * 2);
    samples.forEach((s, i) => row.writeUInt16BE(s, i * 2));
    return row;
  }
  if (depth === 8) return Buffer.from(samples);
  const row = Buffer.alloc(Math.ceil((samples.length * depth) / 8));
  samples.forEach((s, i) => {
    const bit = i * depth;
    row[bit >> 3] |= s << (8 - depth - (bit & 7));
  });
  return row;
}

export function referencePng(spec: PngSpec): Buffer {
  const passes = spec.interlaced ? ADAM7 : [[0, 0, 1, 1]];
  const rows: Buffer[] = [];
  for (const [x0, y0, dx, dy] of passes) {
    for (let y = y0; y < spec.height; y += dy) {
      const samples: number[] = [];
      for (let x = x0; x < spec.width; x += dx) samples.push(...spec.pixel(x, y));
      if (samples.length) rows.push(Buffer.from([0]), packRow(samples, spec.depth));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(spec.width, 0);
  header.writeUInt32BE(spec.height, 4);
  header[8] = spec.depth;
  header[9] = spec.colorType;
  header[12] = spec.interlaced ? 1 : 0;
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header)];
  if (spec.palette) parts.push(chunk('PLTE', Buffer.from(spec.palette.flat())));
  if (spec.transparency) parts.push(chunk('tRNS', spec.transparency));
  parts.push(chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
