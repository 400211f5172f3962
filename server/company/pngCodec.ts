import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { CHANNELS, inflatedSize, PngError, passSizes, readChunks, rowBytes, SIGNATURE } from './pngHeader';

/**
 * A small, synchronous PNG reader and writer for the company logo. Every error is thrown here,
 * where the caller catches it (the PNG library inside the PDF renderer reports some errors from
 * an asynchronous callback, where nothing could catch them), and the size of the decoded image
 * is bounded before anything is inflated.
 */

export { ADAM7, PngDataTooLargeError, PngError, PngTooLargeError } from './pngHeader';

export interface RgbaImage {
  width: number;
  height: number;
  /** 8-bit RGBA, row by row. */
  data: Uint8Array;
}

export interface RgbImage {
  width: number;
  height: number;
  /** 8-bit RGB, row by row. */
  data: Uint8Array;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes the scanline filters of one pass in place; returns the unfiltered rows (without filter bytes). */
function unfilter(raw: Buffer, offset: number, width: number, height: number, bitsPerPixel: number): Uint8Array {
  const stride = rowBytes(width, bitsPerPixel);
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[offset + y * (stride + 1)];
    const source = offset + y * (stride + 1) + 1;
    const row = y * stride;
    const above = row - stride;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[source + x];
      const a = x >= bpp ? out[row + x - bpp] : 0;
      const b = y > 0 ? out[above + x] : 0;
      const c = y > 0 && x >= bpp ? out[above + x - bpp] : 0;
      switch (filter) {
        case 0:
          out[row + x] = value;
          break;
        case 1:
          out[row + x] = (value + a) & 0xff;
          break;
        case 2:
          out[row + x] = (value + b) & 0xff;
          break;
        case 3:
          out[row + x] = (value + ((a + b) >> 1)) & 0xff;
          break;
        case 4:
          out[row + x] = (value + paeth(a, b, c)) & 0xff;
          break;
        default:
          throw new PngError('bad filter');
      }
    }
  }
  return out;
}

/** Decodes any standard PNG (every colour type and depth, transparency, interlacing) to RGBA. */
export function decodePng(bytes: Buffer, maxPixels: number): RgbaImage {
  const { header, palette, transparency, data } = readChunks(bytes, maxPixels);
  const { width, height, depth, colorType } = header;
  const channels = CHANNELS[colorType];
  const bitsPerPixel = channels * depth;
  const passes = passSizes(header);
  const expected = inflatedSize(header);
  let raw: Buffer;
  try {
    // Bounded: an IHDR that lies about the size cannot make zlib produce more than it declared.
    raw = inflateSync(data, { maxOutputLength: expected + 1024 });
  } catch {
    throw new PngError('bad image data');
  }
  if (raw.length < expected) throw new PngError('image data too short');

  const max = (1 << depth) - 1;
  const sample = (rows: Uint8Array, rowStart: number, index: number): number => {
    if (depth === 8) return rows[rowStart + index];
    if (depth === 16) return (rows[rowStart + index * 2] << 8) | rows[rowStart + index * 2 + 1];
    const bit = index * depth;
    return (rows[rowStart + (bit >> 3)] >> (8 - depth - (bit & 7))) & max;
  };
  const to8 = (value: number) => (depth === 16 ? value >> 8 : depth === 8 ? value : Math.round((value * 255) / max));
  const grayKey = colorType === 0 && transparency && transparency.length >= 2 ? transparency.readUInt16BE(0) : undefined;
  const rgbKey =
    colorType === 2 && transparency && transparency.length >= 6 ? [0, 2, 4].map((i) => transparency.readUInt16BE(i)) : undefined;

  const rgba = new Uint8Array(width * height * 4);
  let offset = 0;
  for (const pass of passes) {
    const stride = rowBytes(pass.width, bitsPerPixel);
    const rows = unfilter(raw, offset, pass.width, pass.height, bitsPerPixel);
    offset += pass.height * (stride + 1);
    for (let py = 0; py < pass.height; py += 1) {
      const rowStart = py * stride;
      const y = pass.y0 + py * pass.dy;
      for (let px = 0; px < pass.width; px += 1) {
        const x = pass.x0 + px * pass.dx;
        const target = (y * width + x) * 4;
        const s = px * channels;
        let r: number,
          g: number,
          b: number,
          a = 255;
        if (colorType === 3) {
          const index = sample(rows, rowStart, px);
          if (index * 3 + 2 >= palette!.length) throw new PngError('palette index out of range');
          r = palette![index * 3];
          g = palette![index * 3 + 1];
          b = palette![index * 3 + 2];
          if (transparency && index < transparency.length) a = transparency[index];
        } else if (colorType === 0 || colorType === 4) {
          const gray = sample(rows, rowStart, s);
          r = g = b = to8(gray);
          if (colorType === 4) a = to8(sample(rows, rowStart, s + 1));
          else if (gray === grayKey) a = 0;
        } else {
          const red = sample(rows, rowStart, s);
          const green = sample(rows, rowStart, s + 1);
          const blue = sample(rows, rowStart, s + 2);
          r = to8(red);
          g = to8(green);
          b = to8(blue);
          if (colorType === 6) a = to8(sample(rows, rowStart, s + 3));
          else if (rgbKey && red === rgbKey[0] && green === rgbKey[1] && blue === rgbKey[2]) a = 0;
        }
        rgba[target] = r;
        rgba[target + 1] = g;
        rgba[target + 2] = b;
        rgba[target + 3] = a;
      }
    }
  }
  return { width, height, data: rgba };
}

/** The image as printed on white paper, scaled down (box filter) to fit `maxSide` pixels. */
export function flattenOnWhite(image: RgbaImage, maxSide: number): RgbImage {
  const scale = Math.max(1, image.width / maxSide, image.height / maxSide);
  const width = Math.max(1, Math.round(image.width / scale));
  const height = Math.max(1, Math.round(image.height / scale));
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const top = Math.floor((y * image.height) / height);
    const bottom = Math.max(top + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x += 1) {
      const left = Math.floor((x * image.width) / width);
      const right = Math.max(left + 1, Math.floor(((x + 1) * image.width) / width));
      let r = 0,
        g = 0,
        b = 0;
      for (let sy = top; sy < bottom; sy += 1) {
        for (let sx = left; sx < right; sx += 1) {
          const i = (sy * image.width + sx) * 4;
          const alpha = image.data[i + 3] / 255;
          r += image.data[i] * alpha + 255 * (1 - alpha);
          g += image.data[i + 1] * alpha + 255 * (1 - alpha);
          b += image.data[i + 2] * alpha + 255 * (1 - alpha);
        }
      }
      const count = (bottom - top) * (right - left);
      const o = (y * width + x) * 3;
      out[o] = Math.round(r / count);
      out[o + 1] = Math.round(g / count);
      out[o + 2] = Math.round(b / count);
    }
  }
  return { width, height, data: out };
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An 8-bit RGB PNG, not interlaced, each row with the filter that suits it best. */
export function encodePng(image: RgbImage): Buffer {
  const { width, height, data } = image;
  const stride = width * 3;
  const filtered = Buffer.alloc(height * (stride + 1));
  const candidate = Buffer.alloc(stride);
  for (let y = 0; y < height; y += 1) {
    const row = y * stride;
    let bestFilter = 0;
    let bestScore = Infinity;
    let best = Buffer.alloc(stride);
    for (let filter = 0; filter <= 4; filter += 1) {
      let score = 0;
      for (let x = 0; x < stride; x += 1) {
        const value = data[row + x];
        const a = x >= 3 ? data[row + x - 3] : 0;
        const b = y > 0 ? data[row - stride + x] : 0;
        const c = y > 0 && x >= 3 ? data[row - stride + x - 3] : 0;
        const predicted = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c);
        const byte = (value - predicted) & 0xff;
        candidate[x] = byte;
        score += byte < 128 ? byte : 256 - byte;
      }
      if (score < bestScore) {
        bestScore = score;
        bestFilter = filter;
        best = Buffer.from(candidate);
      }
    }
    filtered[y * (stride + 1)] = bestFilter;
    best.copy(filtered, y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
